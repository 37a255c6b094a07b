import CSystem
import Glibc
import HTTPCore
import Synchronization

/// One event-loop thread: an epoll instance, the connections it owns, and an inbox other threads post to.
///
/// `@unchecked Sendable`: other threads only call ``post(_:)``, which touches the `inbox` mutex and the eventfd;
/// every other stored property is read and written on the loop's own thread only (checked by
/// ``assertOnLoopThread()`` in debug builds).
final class EventLoop: @unchecked Sendable {
    /// A message from another thread.
    enum Message: Sendable {
        /// The worker pool answered a request of a connection.
        case workerAnswered(connectionID: UInt64, response: Response)
        /// Start a graceful drain that ends at the given monotonic time.
        case drain(deadline: UInt64)
        /// Take over a connection another loop accepted (already counted as open).
        case adopt(fd: Int32)
    }

    static let wakeToken: UInt64 = 0
    static let listenerToken: UInt64 = 1

    let context: ServerContext
    /// The context's dispatcher, kept here too: called through the loop's own `let`, its closure's context is not
    /// retained and released around every call as it was through the context's (about 40 instructions a request).
    let dispatcher: Dispatcher
    /// The limits and timeouts each connection obeys: the server's configuration, converted once.
    let machineConfiguration: ConnectionStateMachine.Configuration
    /// How often the loop sweeps its connections for expired deadlines.
    let tick: UInt64
    let epollFD: Int32
    private let wakeFD: Int32
    private let inbox = Mutex<[Message]>([])

    // Loop-thread state.
    /// Touched only on the loop's thread, one access at a time: not checked at run time (see ``Connection``).
    @exclusivity(unchecked) var connections = ConnectionTable()
    /// Touched only on the loop's thread, one access at a time: not checked at run time (see ``Connection``).
    @exclusivity(unchecked) var writer = ResponseWriter()
    let readBufferForReads: UnsafeMutableRawBufferPointer
    var now: UInt64 = 0
    var epochSeconds = 0
    var isDraining = false
    private var drainDeadline: UInt64 = .max
    private var nextSweep: UInt64 = 0
    /// A descriptor held in reserve, given up to accept-and-close one client when the process is out of them.
    private var reserveFD: Int32
    /// When the listener is out of this loop's epoll because shedding a client made no progress (another loop took
    /// the freed descriptor, or the reserve could not be had again): the time to watch it again. Level-triggered, a
    /// listener with a waiting client and no descriptor to accept it with would otherwise wake the loop without end.
    private var listenerResumesAt: UInt64?
    /// How long the listener rests in that case: long enough to cost nothing, short enough not to be noticed.
    private static let listenerPause: UInt64 = 50_000_000
    private var thread: pthread_t?
    /// Every loop of the server, this one included, for spreading accepted connections round-robin. Set once by
    /// ``HTTPServer/start()`` before any loop thread starts, read-only afterwards.
    var peers: [EventLoop] = []
    private var nextPeer = 0

    init(context: ServerContext) throws(SystemCallError) {
        self.context = context
        self.dispatcher = context.dispatcher
        self.machineConfiguration = context.configuration.connectionConfiguration
        self.tick = self.machineConfiguration.sweepInterval
        self.epollFD = try retryingSyscall("epoll_create1") { epoll_create1(Int32(EPOLL_CLOEXEC)) }
        self.wakeFD = try retryingSyscall("eventfd") { eventfd(0, Int32(EFD_NONBLOCK | EFD_CLOEXEC)) }
        self.readBufferForReads = .allocate(byteCount: 64 * 1024, alignment: 16)
        self.reserveFD = open("/dev/null", O_RDONLY | O_CLOEXEC)
        try self.register(fd: self.wakeFD, token: Self.wakeToken, events: EPOLLIN.rawValue)
        try self.registerListener()
    }

    deinit {
        // A connection handed over after this loop exited was never adopted: close it.
        for case .adopt(let fd) in self.inbox.withLock({ $0 }) {
            Glibc.close(fd)
            self.context.status.connectionClosed()
        }
        self.readBufferForReads.deallocate()
        Glibc.close(self.epollFD)
        Glibc.close(self.wakeFD)
        if self.reserveFD >= 0 { Glibc.close(self.reserveFD) }
    }

    /// Posts a message from any thread and wakes the loop.
    func post(_ message: Message) {
        self.inbox.withLock { $0.append(message) }
        var one: UInt64 = 1
        _ = try? retryingSyscall("write(eventfd)") { write(self.wakeFD, &one, 8) }
    }

    /// Traps in debug builds when called off the loop's thread (after ``run()`` started).
    func assertOnLoopThread() {
        assert(self.thread.map { pthread_equal($0, pthread_self()) != 0 } ?? true, "not on the loop thread")
    }

    /// Watches the listening socket, shared by every loop: `EPOLLEXCLUSIVE` wakes one loop per new client rather
    /// than all of them.
    private func registerListener() throws(SystemCallError) {
        try self.register(
            fd: self.context.listenerFD,
            token: Self.listenerToken,
            events: EPOLLIN.rawValue | EPOLLEXCLUSIVE.rawValue
        )
    }

    func register(fd: Int32, token: UInt64, events: UInt32) throws(SystemCallError) {
        var event = epoll_event()
        event.events = events
        event.data.u64 = token
        _ = try retryingSyscall("epoll_ctl(ADD)") { epoll_ctl(self.epollFD, EPOLL_CTL_ADD, fd, &event) }
    }

    /// Runs the loop until a drain completes. Call on the loop's own thread.
    func run() {
        self.thread = pthread_self()
        let capacity: Int32 = 256
        let events = UnsafeMutablePointer<epoll_event>.allocate(capacity: Int(capacity))
        defer { events.deallocate() }
        self.now = monotonicNanoseconds()
        self.nextSweep = self.now + self.tick
        while true {
            let wakeAt = min(self.nextSweep, self.listenerResumesAt ?? .max)
            let waitNanoseconds = wakeAt > self.now ? wakeAt - self.now : 0
            let timeout = Int32(min((waitNanoseconds + 999_999) / 1_000_000, 1000))
            let count = epoll_wait(self.epollFD, events, capacity, timeout)
            // Read only after a failure, and before any other call: a wait that succeeded leaves nothing to read.
            let code = count < 0 ? errno : 0
            self.now = monotonicNanoseconds()
            self.epochSeconds = time(nil)
            if count < 0 && code != EINTR {
                self.context.configuration.logError("\(SystemCallError(call: "epoll_wait", errno: code))")
            }
            for index in 0..<max(0, Int(count)) {
                let event = events[index]
                switch event.data.u64 {
                case Self.wakeToken: self.handleWake()
                case Self.listenerToken: self.acceptConnections()
                case let id: self.handle(events: event.events, connectionID: id)
                }
            }
            if let resumeAt = self.listenerResumesAt, self.now >= resumeAt {
                self.resumeListener()
            }
            if self.now >= self.nextSweep {
                self.sweepTimers()
                self.nextSweep = self.now + self.tick
            }
            if self.isDraining, self.connections.isEmpty || self.now >= self.drainDeadline {
                break
            }
        }
        for connection in self.connections.all { self.close(connection) }
        // Break the reference cycle between peers so that the loops can be freed once the server is.
        self.peers = []
        self.context.loopExited()
    }

    private func handleWake() {
        var value: UInt64 = 0
        _ = try? nonBlockingSyscall("read(eventfd)") { read(self.wakeFD, &value, 8) }
        let messages = self.inbox.withLock { inbox -> [Message] in
            defer { inbox.removeAll(keepingCapacity: true) }
            return inbox
        }
        for message in messages {
            switch message {
            case .workerAnswered(let id, let response):
                guard let connection = self.connections[id] else { continue }
                let action = connection.machine.responseReady(
                    now: self.now, closesConnection: response.closesConnection,
                    serverIsDraining: self.context.drainRequested.load(ordering: .relaxed)
                )
                // Anything but a write means the connection is gone: the answer is dropped.
                guard case .writeResponse(let head) = action else {
                    self.perform(action, on: connection)
                    continue
                }
                let next = self.queue(response, head: head, on: connection, machine: &connection.machine)
                self.perform(next, on: connection)
            case .drain(let deadline):
                self.startDrain(deadline: deadline)
            case .adopt(let fd):
                self.adopt(fd: fd)
            }
        }
    }

    private func startDrain(deadline: UInt64) {
        self.drainDeadline = min(self.drainDeadline, deadline)
        guard !self.isDraining else { return }
        self.isDraining = true
        var event = epoll_event()
        _ = epoll_ctl(self.epollFD, EPOLL_CTL_DEL, self.context.listenerFD, &event)
        for connection in self.connections.all {
            // An idle connection is read first: a request that arrived since the last wait is answered (with
            // `Connection: close`) rather than reset unread. Whatever is still idle afterwards is closed.
            self.perform(connection.machine.drainRequested(now: self.now), on: connection)
        }
    }

    private func acceptConnections() {
        let context = self.context
        for _ in 0..<64 {
            let accepted: Int32?
            do {
                accepted = try nonBlockingSyscall("accept4") {
                    csystem_accept4(context.listenerFD, Int32(SOCK_NONBLOCK.rawValue | SOCK_CLOEXEC.rawValue))
                }
            } catch {
                switch error.errno {
                case ECONNABORTED, EPROTO, ENETDOWN, ENOPROTOOPT, EHOSTDOWN, ENONET, EHOSTUNREACH, EOPNOTSUPP,
                    ENETUNREACH:
                    continue
                case EMFILE, ENFILE:
                    context.configuration.logError("\(error); refusing one connection")
                    self.shedOneConnection()
                    return
                default:
                    context.configuration.logError("\(error)")
                    return
                }
            }
            guard let fd = accepted else { return }
            if self.isDraining || context.status.openConnections >= context.configuration.maxConnections {
                let refusal = Self.refusal
                _ = refusal.withUnsafeBytes { send(fd, $0.baseAddress, $0.count, Int32(MSG_NOSIGNAL)) }
                Glibc.close(fd)
                continue
            }
            context.status.connectionOpened()
            // Whichever loop wakes accepts; the connections are spread over all loops so that one loop does not
            // end up owning every connection of a burst.
            let target = self.peers.isEmpty ? self : self.peers[self.nextPeer % self.peers.count]
            self.nextPeer &+= 1
            if target === self {
                self.adopt(fd: fd)
            } else {
                target.post(.adopt(fd: fd))
            }
        }
    }

    /// Registers an accepted socket as a connection of this loop.
    private func adopt(fd: Int32) {
        let context = self.context
        if self.isDraining {
            Glibc.close(fd)
            context.status.connectionClosed()
            return
        }
        var one: Int32 = 1
        _ = setsockopt(fd, Int32(IPPROTO_TCP), TCP_NODELAY, &one, socklen_t(MemoryLayout<Int32>.size))
        let id = self.connections.nextIdentifier()
        do {
            try self.register(fd: fd, token: id, events: EPOLLIN.rawValue)
        } catch {
            context.configuration.logError("\(error)")
            Glibc.close(fd)
            context.status.connectionClosed()
            return
        }
        let connection = Connection(
            id: id,
            fd: fd,
            limits: context.configuration.parserLimits,
            bodyBudget: context.status.bodyMemory,
            machine: self.machineConfiguration,
            now: self.now,
            registeredEvents: EPOLLIN.rawValue
        )
        self.connections.insert(connection)
    }

    /// Out of descriptors: frees the reserve, accepts one client, tells it 503 and closes it, so the listener stops
    /// firing and the client learns why (a fresh socket's send buffer always takes the short refusal).
    ///
    /// When that makes no progress (no client accepted, or no reserve afterwards), the listener rests for
    /// ``listenerPause`` instead of waking this loop again at once.
    private func shedOneConnection() {
        if self.reserveFD >= 0 { Glibc.close(self.reserveFD) }
        let fd = csystem_accept4(self.context.listenerFD, Int32(SOCK_CLOEXEC.rawValue))
        if fd >= 0 {
            let refusal = Self.refusal
            _ = refusal.withUnsafeBytes { send(fd, $0.baseAddress, $0.count, Int32(MSG_NOSIGNAL | MSG_DONTWAIT)) }
            Glibc.close(fd)
        }
        self.reserveFD = open("/dev/null", O_RDONLY | O_CLOEXEC)
        if fd < 0 || self.reserveFD < 0, self.listenerResumesAt == nil {
            var event = epoll_event()
            _ = epoll_ctl(self.epollFD, EPOLL_CTL_DEL, self.context.listenerFD, &event)
            self.listenerResumesAt = self.now + Self.listenerPause
        }
    }

    /// Watches the listener again after a pause, with a reserve descriptor if one can be had by now.
    private func resumeListener() {
        self.listenerResumesAt = nil
        if self.reserveFD < 0 { self.reserveFD = open("/dev/null", O_RDONLY | O_CLOEXEC) }
        guard !self.isDraining else { return }
        do {
            try self.registerListener()
        } catch {
            self.context.configuration.logError("\(error); trying again shortly")
            self.listenerResumesAt = self.now + Self.listenerPause
        }
    }

    private func sweepTimers() {
        let now = self.now
        for connection in self.connections.all(where: { $0.machine.deadline <= now }) {
            self.perform(connection.machine.timerFired(now: now), on: connection)
        }
    }
}

extension EventLoop {
    /// What a connection refused at the connection cap or during a drain receives before it is closed: a 503 with
    /// a problem body, written in full without the response writer (the connection is never registered).
    static let refusal: [UInt8] = {
        let problem = Response.problem(
            status: 503,
            type: "/problems/unavailable",
            detail: "The server is at its connection limit or shutting down; retry later or on another replica."
        )
        let head = "HTTP/1.1 503 Service Unavailable\r\nContent-Type: application/problem+json\r\n"
            + "Content-Length: \(problem.body.count)\r\nConnection: close\r\n\r\n"
        return Array(head.utf8) + problem.body
    }()
}
