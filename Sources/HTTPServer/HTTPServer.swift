import Glibc
import HTTPCore
import Synchronization

/// An HTTP/1.1 server: non-blocking sockets, one epoll loop per thread, a worker pool for large requests, graceful
/// shutdown.
///
/// ```swift
/// let server = HTTPServer(configuration: configuration, responder: service, status: status)
/// try server.installSignalHandlers()   // before start(): SIGTERM and SIGINT then drain the server
/// let port = try server.start()
/// server.wait()                         // returns once a drain has finished
/// ```
///
/// All loops share one listening socket (registered with `EPOLLEXCLUSIVE`, so one loop wakes per connection);
/// a connection stays on the loop that accepted it. Small requests are answered on that loop; a request whose
/// body reaches ``ServerConfiguration/workerPoolBodyThreshold`` is answered on the worker pool, and the
/// connection's later pipelined requests wait for it, so responses stay in order.
public final class HTTPServer: Sendable {
    private enum State {
        case idle
        case running(ServerContext, [EventLoop])
        case stopped
    }

    /// The configuration the server was created with.
    public let configuration: ServerConfiguration
    /// The readiness flag and connection count this server publishes.
    public let status: ServerStatus
    private let responder: any Responder
    private let state = Mutex<State>(.idle)
    /// Whether ``installSignalHandlers()`` already ran.
    let signalThreadStarted = Atomic<Bool>(false)

    /// Creates a server; nothing is bound until ``start()``.
    ///
    /// - Parameters:
    ///   - configuration: Where to listen, threads, limits and timeouts.
    ///   - responder: What answers each request; called on loop and worker threads, possibly at once.
    ///   - status: Where the server publishes readiness and its connection count. Defaults to a new one.
    public init(configuration: ServerConfiguration = ServerConfiguration(), responder: any Responder,
                status: ServerStatus = ServerStatus()) {
        self.configuration = configuration
        self.responder = responder
        self.status = status
        status.bodyMemory.limit = configuration.maxBodyMemory
        status.bodyMemory.storage.limit = min(configuration.maxBodyPool, configuration.maxBodyMemory)
    }

    /// Binds the listening socket and starts the loop and worker threads.
    ///
    /// - Returns: The port actually bound, which differs from the configured one when that is `0`.
    /// - Throws: ``SystemCallError`` when the socket cannot be bound or a thread cannot start.
    @discardableResult
    public func start() throws(SystemCallError) -> Int {
        let configuration = self.configuration
        let listener = try Listener.make(host: configuration.host, port: configuration.port,
                                         backlog: configuration.backlog)
        let context: ServerContext
        var loops: [EventLoop] = []
        do {
            context = try ServerContext(configuration: configuration, responder: self.responder,
                                        status: self.status, listenerFD: listener.fd)
            for _ in 0..<max(1, configuration.eventLoopCount) { loops.append(try EventLoop(context: context)) }
            for loop in loops { loop.peers = loops }
        } catch {
            close(listener.fd)
            throw error
        }
        let isFirstStart = self.state.withLock { state in
            guard case .idle = state else { return false }
            state = .running(context, loops)
            return true
        }
        guard isFirstStart else {
            close(listener.fd)
            throw SystemCallError(call: "HTTPServer.start (already started)", errno: EALREADY)
        }
        // Every loop counts as live from here; one that never runs is counted out again below, so that the last
        // loop to exit (or this function, if none runs) stops the workers and closes the listener.
        for _ in loops { context.loopStarted() }
        var started = 0
        do throws(SystemCallError) {
            try context.pool.start(count: configuration.workerCount)
            for (index, loop) in loops.enumerated() {
                try startThread(name: "http-loop-\(index)") { loop.run() }
                started += 1
            }
        } catch {
            self.state.withLock { $0 = .stopped }
            self.status.isReady = false
            for loop in loops.prefix(started) { loop.post(.drain(deadline: 0)) }
            for _ in loops.dropFirst(started) { context.loopExited() }
            throw error
        }
        self.status.isReady = true
        return listener.port
    }

    /// Blocks until the server has drained after ``shutdown()`` (or a signal) and every loop has exited.
    ///
    /// Returns at once if the server never started.
    public func wait() {
        let context: ServerContext? = self.state.withLock { state in
            if case .running(let context, _) = state { return context }
            return nil
        }
        context?.finished.wait()
    }

    /// Starts the server and blocks until it has drained.
    ///
    /// - Throws: ``SystemCallError`` when the server cannot start.
    public func run() throws(SystemCallError) {
        try self.start()
        self.wait()
    }

    /// Begins a graceful drain and returns at once; ``wait()`` returns when it is done.
    ///
    /// Readiness goes false at once. Each loop stops accepting, closes its idle connections, answers requests in
    /// flight with `Connection: close`, and exits when it has no connection left or the drain deadline
    /// (``ServerConfiguration/drainTimeout``) passes, closing whatever is left. Calling it again shortens nothing.
    public func beginShutdown() {
        let deadline = monotonicNanoseconds() + self.configuration.drainTimeout.nanoseconds
        for loop in self.markDraining() { loop.post(.drain(deadline: deadline)) }
    }

    /// Drains gracefully and returns once every loop has exited, within the drain deadline.
    public func shutdown() {
        self.beginShutdown()
        self.wait()
    }

    /// Ends the drain now: every loop closes its remaining connections and exits.
    public func shutdownNow() {
        for loop in self.markDraining() { loop.post(.drain(deadline: 0)) }
    }

    /// Turns readiness off and flags the drain for every loop; returns the loops to tell (none if not running).
    private func markDraining() -> [EventLoop] {
        self.status.isReady = false
        let (loops, isFirst) = self.state.withLock { state -> ([EventLoop], Bool) in
            if case .running(let context, let loops) = state {
                return (loops, !context.drainRequested.exchange(true, ordering: .relaxed))
            }
            return ([], false)
        }
        if isFirst { self.configuration.onDrain() }
        return loops
    }
}
