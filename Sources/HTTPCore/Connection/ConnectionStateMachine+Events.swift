extension ConnectionStateMachine {
    /// Bytes arrived (and went to the parser, if ``acceptsInput``).
    ///
    /// - Parameters:
    ///   - now: The monotonic time in nanoseconds.
    ///   - parserPhase: The parser's phase after the bytes were appended.
    /// - Returns: The next action: parse what arrived, or nothing while lingering.
    public mutating func bytesRead(now: UInt64, parserPhase: RequestParser.Phase) -> Action {
        guard !self.isClosed else { return .none }
        self.now = now
        if self.isLingering { return self.ending(.none) }
        self.parserPhase = parserPhase
        return self.processNext()
    }

    /// The client shut down its sending side (a read returned 0).
    ///
    /// A request left unfinished can never complete: the connection answers what it has, then closes. A lingering
    /// connection closes at once.
    ///
    /// - Parameter now: The monotonic time in nanoseconds.
    /// - Returns: The next action.
    public mutating func peerClosed(now: UInt64) -> Action {
        guard !self.isClosed else { return .none }
        self.now = now
        if self.isLingering { return self.closing() }
        self.hasPeerClosed = true
        return self.processNext()
    }

    /// A read found nothing to read.
    ///
    /// - Returns: ``Action/close`` when a drain's probe found an idle connection, else ``Action/none``.
    public mutating func wouldBlock() -> Action {
        guard !self.isClosed else { return .none }
        return self.ending(.none)
    }

    /// The socket can take more output.
    ///
    /// - Parameter now: The monotonic time in nanoseconds.
    /// - Returns: The next action.
    public mutating func writable(now: UInt64) -> Action {
        guard !self.isClosed else { return .none }
        self.now = now
        return self.processNext()
    }

    /// The socket failed (an error or hang-up, a failed read or send): the connection closes without more output.
    ///
    /// - Returns: ``Action/close``, or ``Action/none`` if already closed.
    public mutating func socketFailed() -> Action {
        guard !self.isClosed else { return .none }
        return self.closing()
    }

    /// The loop's timer sweep reached ``deadline``.
    ///
    /// A request head or body that did not arrive in time gets 408 and the connection closes after it; an idle
    /// keep-alive connection, a client not taking its output and a lingering connection close quietly.
    ///
    /// - Parameter now: The monotonic time in nanoseconds; nothing happens before ``deadline``.
    /// - Returns: The next action.
    public mutating func timerFired(now: UInt64) -> Action {
        guard !self.isClosed, now >= self.deadline else { return .none }
        self.now = now
        switch self.timeout {
        case .head, .body:
            self.isClosingAfterWrite = true
            return .writeError(.requestTimeout)
        case .idle, .writing, .lingering:
            return self.closing()
        case .response:
            return .none
        }
    }

    /// The server began a graceful drain.
    ///
    /// Every later answer closes the connection, and the connection closes once idle. An idle connection is read
    /// first (``Action/read``), so that a request that arrived since the last wait is answered rather than reset
    /// unread; if it is still idle after that read, it closes.
    ///
    /// - Parameter now: The monotonic time in nanoseconds.
    /// - Returns: ``Action/read`` for an idle connection, else ``Action/none``.
    public mutating func drainRequested(now: UInt64) -> Action {
        guard !self.isClosed else { return .none }
        self.now = now
        self.isDraining = true
        guard self.isIdle else { return .none }
        self.isProbingForDrain = true
        return .read
    }

    /// The responder answered the request in flight (at once, or later from the worker pool).
    ///
    /// The answer closes the connection when the client did not ask to keep it, the responder asked to close it,
    /// or the server is draining.
    ///
    /// - Parameters:
    ///   - now: The monotonic time in nanoseconds.
    ///   - closesConnection: Whether the response carries `Connection: close` (``Response/closesConnection``).
    ///   - serverIsDraining: Whether a drain was asked for, though its event may not have reached this loop yet.
    /// - Returns: ``Action/writeResponse(_:)``, or ``Action/none`` when no request is in flight (a late answer).
    public mutating func responseReady(now: UInt64, closesConnection: Bool, serverIsDraining: Bool) -> Action {
        guard !self.isClosed, let head = self.requestInFlight else { return .none }
        self.now = now
        self.requestInFlight = nil
        let isClosing = !head.keepsAlive || self.isDraining || closesConnection || serverIsDraining
        if isClosing { self.isClosingAfterWrite = true }
        return .writeResponse(ResponseHead(method: head.method, version: head.version, isClosing: isClosing))
    }
}
