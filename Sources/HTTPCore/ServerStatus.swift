import Synchronization

/// State the server publishes for the service to read: readiness, the number of open connections, and the memory
/// request bodies hold.
///
/// The server owns the writes; a responder (for `/readyz` and `/metrics`) only reads. Both values are atomics, so
/// reading them from any thread is safe and never blocks the event loops.
public final class ServerStatus: Sendable {
    private let ready = Atomic<Bool>(true)
    private let connections = Atomic<Int>(0)
    private let queued = Atomic<Int>(0)

    /// The memory request bodies in flight may take over all connections; the server sets its limit from
    /// ``ServerConfiguration``'s `maxBodyMemory` when it starts, and the service reads it for `/metrics`.
    public let bodyMemory = BodyMemoryBudget()

    /// Creates a status that is ready with no connections.
    public init() {}

    /// Whether the server takes new work; `false` from the moment a drain starts.
    public var isReady: Bool {
        get { self.ready.load(ordering: .acquiring) }
        set { self.ready.store(newValue, ordering: .releasing) }
    }

    /// The number of connections open now.
    public var openConnections: Int { self.connections.load(ordering: .relaxed) }

    /// Records one more open connection.
    public func connectionOpened() { self.connections.add(1, ordering: .relaxed) }

    /// Records one connection fewer.
    public func connectionClosed() { self.connections.subtract(1, ordering: .relaxed) }

    /// Requests waiting for a thread of the worker pool now.
    public var queuedWork: Int { self.queued.load(ordering: .relaxed) }

    /// Records a change in the worker pool's queue, by `delta` requests; returns the new length.
    @discardableResult
    public func workQueueChanged(by delta: Int) -> Int { self.queued.add(delta, ordering: .relaxed).newValue }
}
