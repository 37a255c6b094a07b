import CSystem
import Glibc
import HTTPCore
import Synchronization

extension EventLoop {
    /// Handles epoll events for one connection.
    func handle(events: UInt32, connectionID: UInt64) {
        self.assertOnLoopThread()
        guard let connection = self.connections[connectionID] else { return }
        if events & (EPOLLERR.rawValue | EPOLLHUP.rawValue) != 0 {
            self.close(connection)
            return
        }
        if events & EPOLLIN.rawValue != 0 {
            self.handleReadable(connection)
            guard self.connections[connectionID] != nil else { return }
        }
        if events & EPOLLOUT.rawValue != 0 {
            self.drive(connection)
        }
    }

    /// Reads what the client sent and answers what it completes.
    func handleReadable(_ connection: Connection) {
        let buffer = self.readBufferForReads
        let count: Int?
        do {
            count = try nonBlockingSyscall("read") { read(connection.fd, buffer.baseAddress, buffer.count) }
        } catch {
            self.close(connection)
            return
        }
        guard let count else { return }
        if connection.isLingering {
            if count == 0 { self.close(connection) }
            return
        }
        if count == 0 {
            connection.hasPeerClosed = true
        } else {
            connection.parser.append(UnsafeRawBufferPointer(rebasing: buffer[0..<count]))
        }
        self.drive(connection)
    }

    /// Answers what can be answered, sends what can be sent, then updates the connection's timer and epoll interest.
    func drive(_ connection: Connection) {
        self.assertOnLoopThread()
        while true {
            let stoppedForBackPressure = self.process(connection)
            guard self.flush(connection) else { return }
            guard stoppedForBackPressure, connection.pendingOutputCount == 0 else { break }
        }
        if connection.isClosingAfterWrite, !connection.isLingering, connection.pendingOutputCount == 0,
            !connection.isAwaitingWorker
        {
            if connection.hasPeerClosed {
                self.close(connection)
                return
            }
            // Half-close and keep reading until the client closes, so its unread bytes cannot reset the response.
            shutdown(connection.fd, Int32(SHUT_WR))
            connection.isLingering = true
        }
        if self.isDraining, !connection.isLingering, self.isIdle(connection) {
            self.close(connection)
            return
        }
        self.refreshTimer(connection)
        self.updateInterest(connection)
    }

    /// Parses and answers buffered requests in order. Returns `true` when it stopped because too much output is
    /// pending, so the caller retries once the output is sent.
    private func process(_ connection: Connection) -> Bool {
        let configuration = self.context.configuration
        while !connection.isAwaitingWorker, !connection.isClosingAfterWrite, !connection.isLingering {
            if connection.pendingOutputCount >= configuration.maxPendingOutputBytes { return true }
            let event: RequestParser.Event?
            do {
                event = try connection.parser.next()
            } catch {
                self.emit(Response(parseError: error), method: nil, version: .http1_1, closing: true, on: connection)
                return false
            }
            guard let event else { break }
            switch event {
            case .continueExpected:
                connection.output.append { $0.append(contentsOf: ResponseWriter.continueResponse) }
            case .request(let request):
                connection.requestCount += 1
                let head = Connection.RequestHead(
                    method: request.method,
                    version: request.version,
                    keepsAlive: request.keepsAlive
                )
                if request.body.count >= configuration.workerPoolBodyThreshold
                    || self.context.responder.isExpensive(request)
                {
                    connection.headAwaitingWorker = head
                    self.context.pool.submit(.init(loop: self, connectionID: connection.id, request: request))
                    return false
                }
                self.emit(self.context.responder.respond(to: request), for: head, on: connection)
            }
        }
        if connection.hasPeerClosed, !connection.isAwaitingWorker {
            // The client sent all it will send: whatever partial request is left can never complete.
            connection.isClosingAfterWrite = true
        }
        return false
    }

    /// Serializes a response into the connection's output, closing when the client, the responder or a drain asks.
    func emit(_ response: Response, for head: Connection.RequestHead, on connection: Connection) {
        let closing = !head.keepsAlive || self.isDraining || response.closesConnection
            || self.context.drainRequested.load(ordering: .relaxed)
        self.emit(response, method: head.method, version: head.version, closing: closing, on: connection)
    }

    /// Serializes a response; a large body is queued without a copy.
    func emit(
        _ response: Response, method: HTTPMethod?, version: HTTPVersion, closing: Bool, on connection: Connection
    ) {
        let epochSeconds = self.epochSeconds
        if response.body.count < OutputQueue.directBodyBytes {
            connection.output.append { output in
                self.writer.write(
                    response, method: method, version: version, closing: closing, epochSeconds: epochSeconds,
                    into: &output
                )
            }
        } else {
            var hasBody = false
            connection.output.append { output in
                hasBody = self.writer.writeHead(
                    response, method: method, version: version, closing: closing, epochSeconds: epochSeconds,
                    into: &output
                )
            }
            if hasBody { connection.output.append(bytes: response.body) }
        }
        if closing { connection.isClosingAfterWrite = true }
    }

    /// Sends pending output until the socket would block. Returns `false` if the connection was closed.
    private func flush(_ connection: Connection) -> Bool {
        do {
            try connection.output.send(to: connection.fd)
        } catch {
            self.close(connection)
            return false
        }
        return true
    }

    /// Picks the timeout that applies now and computes the deadline.
    private func refreshTimer(_ connection: Connection) {
        let context = self.context
        let phase: Connection.TimerPhase
        if connection.isLingering {
            phase = .lingering
        } else if connection.isAwaitingWorker {
            phase = .worker
        } else if connection.pendingOutputCount > 0 {
            phase = .writing
        } else {
            switch connection.parser.phase {
            case .idle: phase = connection.requestCount == 0 ? .head : .idle
            case .head: phase = .head
            case .body: phase = .body
            }
        }
        // A request read since the phase began starts it anew: a busy keep-alive connection whose requests each
        // arrive whole and are answered at once never leaves `.idle`, and must not be closed as idle meanwhile.
        if phase != connection.timerPhase || connection.requestCount != connection.requestsAtPhaseStart {
            connection.timerPhase = phase
            connection.phaseStart = self.now
            connection.requestsAtPhaseStart = connection.requestCount
        }
        switch phase {
        case .head: connection.deadline = connection.phaseStart + context.headerTimeout
        case .body: connection.deadline = connection.phaseStart + context.bodyTimeout
        case .idle: connection.deadline = connection.phaseStart + context.idleTimeout
        case .writing: connection.deadline = self.now + context.idleTimeout
        case .worker: connection.deadline = .max
        case .lingering: connection.deadline = connection.phaseStart + context.lingerTimeout
        }
    }

    /// Registers interest in reading only while the connection may take another request and its output is below
    /// the bound (back-pressure), and in writing only while output is pending.
    private func updateInterest(_ connection: Connection) {
        var events: UInt32 = 0
        if connection.isLingering {
            events = EPOLLIN.rawValue
        } else {
            if !connection.hasPeerClosed, !connection.isAwaitingWorker, !connection.isClosingAfterWrite,
                connection.pendingOutputCount < self.context.configuration.maxPendingOutputBytes
            {
                events |= EPOLLIN.rawValue
            }
            if connection.pendingOutputCount > 0 { events |= EPOLLOUT.rawValue }
        }
        guard events != connection.registeredEvents else { return }
        var event = epoll_event()
        event.events = events
        event.data.u64 = connection.id
        if epoll_ctl(self.epollFD, EPOLL_CTL_MOD, connection.fd, &event) == 0 {
            connection.registeredEvents = events
        } else {
            self.close(connection)
        }
    }

    /// A deadline passed: 408 for a request that did not arrive in time, a plain close otherwise.
    func timeOut(_ connection: Connection) {
        switch connection.timerPhase {
        case .head, .body:
            let timeout = Response.problem(
                status: 408, type: "/problems/request-timeout",
                detail: "The request did not arrive within the server's timeout."
            )
            self.emit(timeout, method: nil, version: .http1_1, closing: true, on: connection)
            self.drive(connection)
        case .idle, .writing, .lingering:
            self.close(connection)
        case .worker:
            break
        }
    }

    /// Closes the socket and forgets the connection; a worker's late answer for it is dropped.
    func close(_ connection: Connection) {
        guard self.connections.removeValue(forKey: connection.id) != nil else { return }
        // Closing the descriptor also removes it from the epoll set.
        Glibc.close(connection.fd)
        self.context.status.connectionClosed()
    }
}
