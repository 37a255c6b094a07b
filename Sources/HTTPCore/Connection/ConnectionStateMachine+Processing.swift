extension ConnectionStateMachine {
    /// Reports what the parser returned after ``Action/parse``.
    ///
    /// - Parameters:
    ///   - result: The parser's event, or that it needs more bytes or failed.
    ///   - parserPhase: The parser's phase afterwards.
    /// - Returns: The next action.
    public mutating func parsed(_ result: ParseResult, parserPhase: RequestParser.Phase) -> Action {
        guard !self.isClosed else { return .none }
        self.parserPhase = parserPhase
        switch result {
        case .request(let head):
            precondition(self.requestInFlight == nil, "a request parsed while another is in flight")
            self.requestCount += 1
            self.requestInFlight = head
            return .dispatch
        case .continueExpected:
            return .writeContinue
        case .needsMoreBytes:
            return self.endProcessing()
        case .failed:
            self.isClosingAfterWrite = true
            return .writeError(.parseError)
        }
    }

    /// Reports that the request dispatched will be answered later (by the worker pool); nothing more is parsed
    /// until ``responseReady(now:closesConnection:serverIsDraining:)``.
    ///
    /// - Returns: ``Action/flush``.
    public mutating func responseDeferred() -> Action {
        guard !self.isClosed else { return .none }
        self.stoppedForBackPressure = false
        return .flush
    }

    /// Reports that an answer was queued.
    ///
    /// - Parameter pendingOutputBytes: The output not yet sent.
    /// - Returns: The next action: parse the next request, or send.
    public mutating func outputQueued(pendingOutputBytes: Int) -> Action {
        guard !self.isClosed else { return .none }
        self.pendingOutputBytes = pendingOutputBytes
        return self.processNext()
    }

    /// Reports that sending stopped: all output sent, or the socket would block.
    ///
    /// - Parameter pendingOutputBytes: The output not yet sent.
    /// - Returns: The next action: parse again if back-pressure stopped parsing and the output is gone; else
    ///   half-close, close or wait.
    public mutating func flushed(pendingOutputBytes: Int) -> Action {
        guard !self.isClosed else { return .none }
        self.pendingOutputBytes = pendingOutputBytes
        if self.stoppedForBackPressure, pendingOutputBytes == 0 { return self.processNext() }
        return self.finishPass()
    }

    /// Reports that the write side was shut down after the last answer.
    ///
    /// - Returns: ``Action/wait(_:)`` for the client's input, under the linger timeout.
    public mutating func writeSideShutDown() -> Action {
        guard !self.isClosed else { return .none }
        return self.settle()
    }

    /// The top of a processing pass: parse the next buffered request if the connection may take one.
    mutating func processNext() -> Action {
        guard self.requestInFlight == nil, !self.isClosingAfterWrite, !self.isLingering else {
            return self.endProcessing()
        }
        if self.pendingOutputBytes >= self.configuration.maxPendingOutputBytes {
            self.stoppedForBackPressure = true
            return .flush
        }
        return .parse
    }

    /// Nothing more to parse now: a client that sent all it will send gets its answers, then the connection closes.
    mutating func endProcessing() -> Action {
        if self.hasPeerClosed, self.requestInFlight == nil { self.isClosingAfterWrite = true }
        self.stoppedForBackPressure = false
        return .flush
    }

    /// After sending: half-close a connection whose last answer is out, close an idle one during a drain.
    mutating func finishPass() -> Action {
        if self.isClosingAfterWrite, !self.isLingering, self.pendingOutputBytes == 0, self.requestInFlight == nil {
            if self.hasPeerClosed { return self.closing() }
            // Half-close and keep reading until the client closes, so its unread bytes cannot reset the answer.
            self.isLingering = true
            return .shutdownWrite
        }
        return self.settle()
    }

    /// Closes an idle connection during a drain, or picks the timer and interest to wait with.
    mutating func settle() -> Action {
        if self.isDraining, !self.isLingering, self.isIdle { return self.closing() }
        self.refreshTimer()
        let isReading: Bool
        let isWriting: Bool
        if self.isLingering {
            isReading = true
            isWriting = false
        } else {
            isReading = !self.hasPeerClosed && self.requestInFlight == nil && !self.isClosingAfterWrite
                && self.pendingOutputBytes < self.configuration.maxPendingOutputBytes
            isWriting = self.pendingOutputBytes > 0
        }
        let wait = Wait(isReading: isReading, isWriting: isWriting, timeout: self.timeout, deadline: self.deadline)
        return self.ending(.wait(wait))
    }

    /// Picks the timeout that applies now and computes the deadline.
    mutating func refreshTimer() {
        let timeout: Timeout
        if self.isLingering {
            timeout = .lingering
        } else if self.requestInFlight != nil {
            timeout = .response
        } else if self.pendingOutputBytes > 0 {
            timeout = .writing
        } else {
            switch self.parserPhase {
            case .idle: timeout = self.requestCount == 0 ? .head : .idle
            case .head: timeout = .head
            case .body: timeout = .body
            }
        }
        // A request read since the timeout began starts it anew: a busy keep-alive connection whose requests each
        // arrive whole and are answered at once never leaves `.idle`, and must not be closed as idle meanwhile.
        if timeout != self.timeout || self.requestCount != self.requestsAtTimeoutStart {
            self.timeout = timeout
            self.timeoutStart = self.now
            self.requestsAtTimeoutStart = self.requestCount
        }
        let configuration = self.configuration
        switch timeout {
        case .head: self.deadline = Self.adding(configuration.headerTimeout, to: self.timeoutStart)
        case .body: self.deadline = Self.adding(configuration.bodyTimeout, to: self.timeoutStart)
        case .idle: self.deadline = Self.adding(configuration.idleTimeout, to: self.timeoutStart)
        case .writing: self.deadline = Self.adding(configuration.idleTimeout, to: self.now)
        case .response: self.deadline = .max
        case .lingering: self.deadline = Self.adding(configuration.lingerTimeout, to: self.timeoutStart)
        }
    }

    /// Ends an exchange; after a drain's probe read, an idle connection closes instead.
    mutating func ending(_ action: Action) -> Action {
        guard self.isProbingForDrain else { return action }
        self.isProbingForDrain = false
        return self.isIdle ? self.closing() : action
    }

    /// Marks the machine closed.
    mutating func closing() -> Action {
        self.isClosed = true
        self.isProbingForDrain = false
        self.deadline = .max
        return .close
    }
}
