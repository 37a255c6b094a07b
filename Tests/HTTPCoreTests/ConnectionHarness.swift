import HTTPCore

/// A pretend event loop for one ``ConnectionStateMachine``: a real parser, output counted in bytes, a socket with a
/// send buffer of a given room, and a responder that answers at once or later (the worker pool).
///
/// It performs every action as `EventLoop` does and checks the machine's invariants on each one, collecting what
/// went wrong in ``violations`` so that a property test can report the seed and the first broken rule.
struct ConnectionHarness {
    typealias Machine = ConnectionStateMachine
    typealias Action = ConnectionStateMachine.Action

    /// One answer queued, in order.
    enum Written: Hashable, CustomStringConvertible {
        case response(path: String, status: Int, isClosing: Bool)
        case continueResponse
        case parseError
        case requestTimeout

        var description: String {
            switch self {
            case .response(let path, let status, let isClosing): "\(status) \(path)\(isClosing ? " close" : "")"
            case .continueResponse: "100"
            case .parseError: "parse error"
            case .requestTimeout: "408"
            }
        }
    }

    var machine: Machine
    var parser = RequestParser()
    var now: UInt64 = 0
    /// Every action the machine returned, in order.
    var actions: [Action] = []
    /// Every answer queued, in order.
    var written: [Written] = []
    /// The paths of the requests dispatched, in order.
    var dispatched: [String] = []
    /// Output queued and not yet in the socket.
    var pendingOutput = 0
    /// Bytes the socket's send buffer still takes.
    var socketRoom = Int.max
    /// Bytes sent into the socket so far.
    var sentBytes = 0
    /// The size of each answer's bytes, by request path; 100 unless set.
    var answerBytes: (String) -> Int = { _ in 100 }
    /// Whether the responder answers later (the worker pool) instead of at once.
    var defersAnswers: (String) -> Bool = { _ in false }
    /// Whether the responder asks to close (`Connection: close` on its answer).
    var responderCloses: (String) -> Bool = { _ in false }
    /// The request the responder is working on, when it answers later.
    var deferredRequest: Request?
    /// Bytes in the socket that no read event announced yet: what a drain's probe read finds.
    var unreadInput: [UInt8] = []
    /// Whether the write side was shut down.
    var isWriteSideShutDown = false
    /// The last wait the machine asked for.
    var lastWait: Machine.Wait?
    /// Broken invariants, described.
    var violations: [String] = []

    private var parsedRequest: Request?
    private var answeredRequest: Request?
    private var hasQueuedClosingAnswer = false
    private var event = ""

    init(configuration: Machine.Configuration = Machine.Configuration(), now: UInt64 = 0) {
        self.machine = Machine(configuration: configuration, now: now)
        self.now = now
    }

    var isClosed: Bool { self.machine.isClosed }

    /// The actions other than ``ConnectionStateMachine/Action/none`` after the first close: none, if close is last.
    var actionsAfterClose: [Action] {
        guard let close = self.actions.firstIndex(of: .close) else { return [] }
        return self.actions[(close + 1)...].filter { $0 != .none }
    }

    /// The actions other than ``ConnectionStateMachine/Action/none`` and waits, for comparing with a script.
    var work: [Action] {
        self.actions.filter {
            if case .wait = $0 { return false }
            return $0 != .none
        }
    }

    // MARK: Events

    /// The client sends bytes.
    mutating func receive(_ text: String) { self.receive(Array(text.utf8)) }

    /// The client sends bytes.
    mutating func receive(_ bytes: [UInt8]) {
        self.event = "receive"
        if self.machine.acceptsInput { self.parser.append(bytes) }
        self.perform(self.machine.bytesRead(now: self.now, parserPhase: self.parser.phase))
    }

    /// The client shuts down its sending side.
    mutating func peerCloses() {
        self.event = "peerCloses"
        self.perform(self.machine.peerClosed(now: self.now))
    }

    /// The client reads `bytes` from its socket, making room to send; the machine learns if it was waiting for it.
    mutating func clientReads(_ bytes: Int = .max) {
        self.event = "clientReads"
        self.socketRoom = bytes == .max ? .max : min(Int.max - bytes, self.socketRoom) + bytes
        if self.lastWait?.isWriting == true, !self.isClosed { self.perform(self.machine.writable(now: self.now)) }
    }

    /// Time passes; the loop's sweep fires the timer if its deadline has come.
    mutating func advance(by nanoseconds: UInt64) {
        self.event = "advance"
        self.now += nanoseconds
        if self.machine.deadline <= self.now {
            let timeout = self.machine.timeout
            let action = self.machine.timerFired(now: self.now)
            switch action {
            case .close, .writeError(.requestTimeout): break
            default: self.violations.append("the \(timeout) timer was due and did \(action)")
            }
            self.perform(action)
        } else if self.machine.timerFired(now: self.now) != .none {
            self.violations.append("a timer acted before its deadline")
        }
    }

    /// The server begins to drain.
    mutating func drain() {
        self.event = "drain"
        self.perform(self.machine.drainRequested(now: self.now))
    }

    /// The worker pool answers the deferred request.
    mutating func workerAnswers() {
        self.event = "workerAnswers"
        guard let request = self.deferredRequest else { return }
        self.deferredRequest = nil
        self.answeredRequest = request
        let closes = self.responderCloses(String(request.path))
        self.perform(self.machine.responseReady(now: self.now, closesConnection: closes, serverIsDraining: false))
    }

    /// The socket fails (a reset).
    mutating func socketFails() {
        self.event = "socketFails"
        self.perform(self.machine.socketFailed())
    }

    // MARK: Performing

    mutating func perform(_ first: Action) {
        var action = first
        var steps = 0
        while true {
            steps += 1
            if steps > 10_000 {
                self.violations.append("no end to the actions of \(self.event)")
                return
            }
            self.actions.append(action)
            self.check(action)
            switch action {
            case .none:
                return
            case .read:
                if self.unreadInput.isEmpty {
                    action = self.machine.wouldBlock()
                } else {
                    if self.machine.acceptsInput { self.parser.append(self.unreadInput) }
                    self.unreadInput = []
                    action = self.machine.bytesRead(now: self.now, parserPhase: self.parser.phase)
                }
            case .parse:
                let phase: RequestParser.Phase
                do {
                    let next = try self.parser.next()
                    phase = self.parser.phase
                    switch next {
                    case nil: action = self.machine.parsed(.needsMoreBytes, parserPhase: phase)
                    case .continueExpected: action = self.machine.parsed(.continueExpected, parserPhase: phase)
                    case .request(let request):
                        self.parsedRequest = request
                        let head = Machine.RequestHead(
                            method: request.method, version: request.version, keepsAlive: request.keepsAlive
                        )
                        action = self.machine.parsed(.request(head), parserPhase: phase)
                    }
                } catch {
                    action = self.machine.parsed(.failed, parserPhase: self.parser.phase)
                }
            case .dispatch:
                guard let request = self.parsedRequest else {
                    self.violations.append("dispatch without a request")
                    return
                }
                self.parsedRequest = nil
                self.dispatched.append(String(request.path))
                if self.defersAnswers(String(request.path)) {
                    self.deferredRequest = request
                    action = self.machine.responseDeferred()
                } else {
                    self.answeredRequest = request
                    let closes = self.responderCloses(String(request.path))
                    action = self.machine.responseReady(
                        now: self.now, closesConnection: closes, serverIsDraining: false
                    )
                }
            case .writeResponse(let head):
                let request = self.answeredRequest!
                self.answeredRequest = nil
                if !request.keepsAlive, !head.isClosing { self.violations.append("kept alive against the client") }
                if self.machine.isDraining, !head.isClosing { self.violations.append("kept alive while draining") }
                if head.method != request.method || head.version != request.version {
                    self.violations.append("answered with another request's head")
                }
                self.written.append(.response(path: String(request.path), status: 200, isClosing: head.isClosing))
                self.queue(self.answerBytes(String(request.path)), isClosing: head.isClosing)
                action = self.machine.outputQueued(pendingOutputBytes: self.pendingOutput)
            case .writeContinue:
                self.written.append(.continueResponse)
                self.queue(25, isClosing: false)
                action = self.machine.outputQueued(pendingOutputBytes: self.pendingOutput)
            case .writeError(let answer):
                self.written.append(answer == .parseError ? .parseError : .requestTimeout)
                self.queue(150, isClosing: true)
                action = self.machine.outputQueued(pendingOutputBytes: self.pendingOutput)
            case .flush:
                let sent = min(self.pendingOutput, self.socketRoom)
                self.pendingOutput -= sent
                self.sentBytes += sent
                if self.socketRoom != .max { self.socketRoom -= sent }
                action = self.machine.flushed(pendingOutputBytes: self.pendingOutput)
            case .shutdownWrite:
                self.isWriteSideShutDown = true
                action = self.machine.writeSideShutDown()
            case .wait(let wait):
                self.lastWait = wait
                if self.machine.parserPhase != self.parser.phase {
                    self.violations.append("the parser's phase is stale")
                }
                return
            case .close:
                return
            }
        }
    }

    private mutating func queue(_ bytes: Int, isClosing: Bool) {
        self.pendingOutput += bytes
        if isClosing { self.hasQueuedClosingAnswer = true }
    }

    /// The machine's rules, checked on every action.
    private mutating func check(_ action: Action) {
        let machine = self.machine
        func fail(_ rule: String) { self.violations.append("\(rule): \(action) on \(self.event)") }
        switch action {
        case .parse:
            if machine.requestInFlight != nil { fail("parsing with a request in flight") }
            if self.pendingOutput >= machine.configuration.maxPendingOutputBytes { fail("parsing past the bound") }
            if self.hasQueuedClosingAnswer { fail("parsing after a closing answer") }
        case .dispatch:
            if self.deferredRequest != nil { fail("two requests dispatched at once") }
        case .writeResponse, .writeContinue, .writeError:
            if self.hasQueuedClosingAnswer { fail("writing after a closing answer") }
            if self.isWriteSideShutDown { fail("writing after the write side was shut down") }
        case .flush:
            if self.isWriteSideShutDown, self.pendingOutput > 0 { fail("output after shutdown") }
        case .shutdownWrite:
            if self.pendingOutput > 0 { fail("half-closing with output pending") }
            if machine.requestInFlight != nil { fail("half-closing with a request in flight") }
            if !self.hasQueuedClosingAnswer { fail("half-closing without a closing answer") }
        case .wait(let wait):
            if wait.isWriting != (self.pendingOutput > 0) { fail("writing interest does not follow pending output") }
            if wait.deadline != machine.deadline { fail("the wait's deadline is not the machine's") }
            if wait.isReading, !machine.isLingering {
                if self.pendingOutput >= machine.configuration.maxPendingOutputBytes { fail("reading past the bound") }
                if machine.requestInFlight != nil || self.hasQueuedClosingAnswer { fail("reading while busy") }
            }
            if machine.isDraining, machine.isIdle, !machine.isLingering { fail("an idle connection kept in a drain") }
            if machine.requestInFlight == nil, wait.deadline == .max { fail("waiting with no timer") }
            if machine.requestInFlight != nil, wait.deadline != .max { fail("a timer while the responder works") }
        case .close:
            if self.event != "socketFails", self.event != "advance" {
                if machine.requestInFlight != nil { fail("closing with a request in flight") }
                if self.pendingOutput > 0 { fail("closing with output pending") }
            }
            if self.event == "advance", machine.requestInFlight != nil { fail("a timeout with a request in flight") }
        case .none, .read:
            break
        }
        // Answers leave in the order the requests arrived, each request answered once.
        let answered = self.written.compactMap { if case .response(let path, _, _) = $0 { path } else { nil } }
        if answered.count > self.dispatched.count || Array(self.dispatched.prefix(answered.count)) != answered {
            fail("answers out of order: \(answered) for \(self.dispatched)")
        }
    }
}
