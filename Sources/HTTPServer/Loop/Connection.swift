import HTTPCore

/// One client connection: its socket, parser, pending output and state machine. Owned by exactly one ``EventLoop``
/// thread.
///
/// What the connection does next (read, answer, send, half-close, time out, close) is its
/// ``ConnectionStateMachine``'s decision; the loop performs the machine's actions on these resources.
///
/// The parser, output, machine, registered events and stream are touched only on the owning loop's thread, and every pass holds at most one
/// `inout` access to each (the whole test suite ran with the runtime's checks and found no overlap): so their
/// accesses are not checked at run time, which cost about 1,400 instructions per request in `swift_beginAccess` and
/// its thread-local access set (issue 21, callgrind).
final class Connection {
    let id: UInt64
    let fd: Int32
    @exclusivity(unchecked) var parser: RequestParser
    /// Serialized output not yet sent.
    @exclusivity(unchecked) var output: OutputQueue
    /// Keep-alive, pipelining, back-pressure, lingering close, timeouts and drain.
    @exclusivity(unchecked) var machine: ConnectionStateMachine
    /// A parsed request the machine did not dispatch at once (``EventLoop/perform(_:on:)``), until it does.
    @exclusivity(unchecked) var parkedRequest: Request?
    /// The epoll events currently registered.
    @exclusivity(unchecked) var registeredEvents: UInt32
    /// The answer being produced as the client takes it (chunked), if any: nothing more is parsed until it ends.
    @exclusivity(unchecked) var stream: (any ResponseBodyProducer)? {
        didSet { self.isStreaming = self.stream != nil }
    }
    /// Whether ``stream`` is set: kept apart so that asking, after every send, copies no producer.
    @exclusivity(unchecked) private(set) var isStreaming = false
    /// The bytes of pending output the state machine is told of: what is queued, plus a full window while an answer
    /// is still being produced, so that the machine neither parses the next request nor reads more, and waits to
    /// write, until the answer is out.
    func pendingOutputBytes(window: Int) -> Int {
        self.output.count + (self.isStreaming ? window : 0)
    }
    /// The peer's address, read once when the connection is adopted; given to each request for its log line.
    let clientAddress: String?

    init(
        id: UInt64, fd: Int32, limits: ParserLimits, bodyBudget: BodyMemoryBudget?,
        machine: ConnectionStateMachine.Configuration, now: UInt64, registeredEvents: UInt32
    ) {
        self.id = id
        self.fd = fd
        self.parser = RequestParser(limits: limits, bodyBudget: bodyBudget)
        self.output = OutputQueue(window: machine.maxPendingOutputBytes)
        self.machine = ConnectionStateMachine(configuration: machine, now: now)
        self.registeredEvents = registeredEvents
        self.clientAddress = peerAddress(of: fd)
    }

    // A connection closed with a body reserved (mid-body, or with its request on the worker pool) gives it back
    // when the last reference (the loop's, or a late worker answer's lookup) goes.
    deinit { self.parser.releaseBodyMemory() }
}

@available(*, unavailable) extension Connection: Sendable {}
