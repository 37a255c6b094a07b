import HTTPCore

/// One client connection: its socket, parser, pending output and timer. Owned by exactly one ``EventLoop`` thread.
final class Connection {
    /// Which timeout currently applies.
    enum TimerPhase: Hashable {
        /// Reading a request head (or waiting for the first one): the header timeout.
        case head
        /// Reading a body: the body timeout.
        case body
        /// Between requests: the idle timeout.
        case idle
        /// Waiting for the client to take output: the idle timeout, renewed on every event.
        case writing
        /// Waiting for the worker pool: no timeout (the drain deadline still applies).
        case worker
        /// Draining the client's input after the last response: the linger timeout.
        case lingering
    }

    /// The request facts a response needs once the responder answered.
    struct RequestHead {
        var method: HTTPMethod
        var version: HTTPVersion
        var keepsAlive: Bool
    }

    let id: UInt64
    let fd: Int32
    var parser: RequestParser
    /// Serialized output not yet sent.
    var output = OutputQueue()
    /// The request handed to the worker pool, whose answer is awaited.
    var headAwaitingWorker: RequestHead?
    /// No further request is read; the connection closes once the output is sent.
    var isClosingAfterWrite = false
    /// The client shut down its sending side (read returned 0).
    var hasPeerClosed = false
    /// The last response was sent and our side shut down; the client's input is being discarded until it closes.
    var isLingering = false
    var timerPhase: TimerPhase = .head
    var phaseStart: UInt64
    var deadline: UInt64 = .max
    /// The epoll events currently registered.
    var registeredEvents: UInt32
    /// Requests read so far.
    var requestCount = 0
    /// ``requestCount`` when the current timer phase began.
    var requestsAtPhaseStart = 0

    init(id: UInt64, fd: Int32, limits: ParserLimits, now: UInt64, registeredEvents: UInt32) {
        self.id = id
        self.fd = fd
        self.parser = RequestParser(limits: limits)
        self.phaseStart = now
        self.registeredEvents = registeredEvents
    }

    var pendingOutputCount: Int { self.output.count }
    var isAwaitingWorker: Bool { self.headAwaitingWorker != nil }
}

@available(*, unavailable) extension Connection: Sendable {}
