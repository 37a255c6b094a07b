/// One connection's life as a value: keep-alive, pipelining, back-pressure, lingering close, timeouts and drain.
///
/// The machine does no I/O and reads no clock. The event loop tells it what happened (bytes read, the parser's
/// result, a response ready, output sent, a timer fired, a drain asked for), each time with the monotonic time
/// `now` in nanoseconds where it matters, and the machine answers with one ``Action`` to perform. Performing an
/// action that has an outcome (``Action/parse``, ``Action/dispatch``, a write, ``Action/flush``,
/// ``Action/shutdownWrite``, ``Action/read``) is followed by the matching report, which returns the next action;
/// ``Action/wait(_:)``, ``Action/none`` and ``Action/close`` end the exchange until the next event.
///
/// The rules it enforces:
/// - At most one request is in flight: after ``Action/dispatch`` nothing more is parsed until
///   ``responseReady(now:closesConnection:serverIsDraining:)``, so answers leave in request order.
/// - Back-pressure: no request is parsed, and the socket is not read, while the pending output reaches
///   ``Configuration/maxPendingOutputBytes``.
/// - A connection closes after an answer that says so (`Connection: close`, HTTP/1.0 without keep-alive, a parse
///   error, a timeout, a drain); once its output is sent, the write side is shut down and the client's input is
///   discarded until it closes or the linger timeout passes, so that unread input cannot reset the answer.
/// - One timer at a time, chosen by what the connection waits for (``Timeout``); see ``deadline``.
///
/// Every event after ``Action/close`` returns ``Action/none``.
public struct ConnectionStateMachine: Sendable {
    /// The limits and timeouts a connection obeys, in bytes and nanoseconds.
    public struct Configuration: Hashable, Sendable {
        /// The pending output at which reading stops (back-pressure). Defaults to 1 MiB.
        public var maxPendingOutputBytes: Int
        /// How long a request head may take, from its first byte (from connecting, for the first request).
        /// Defaults to 10 seconds.
        public var headerTimeout: UInt64
        /// How long a body may take once the head is read. Defaults to 30 seconds.
        public var bodyTimeout: UInt64
        /// How long a keep-alive connection may sit between requests, or output may wait for the client to take
        /// it. Defaults to 60 seconds.
        public var idleTimeout: UInt64
        /// How long a closing connection discards the client's input after its last answer. Defaults to 2 seconds.
        public var lingerTimeout: UInt64

        /// Creates a configuration; times are in nanoseconds.
        public init(
            maxPendingOutputBytes: Int = 1024 * 1024,
            headerTimeout: UInt64 = 10_000_000_000,
            bodyTimeout: UInt64 = 30_000_000_000,
            idleTimeout: UInt64 = 60_000_000_000,
            lingerTimeout: UInt64 = 2_000_000_000
        ) {
            self.maxPendingOutputBytes = maxPendingOutputBytes
            self.headerTimeout = headerTimeout
            self.bodyTimeout = bodyTimeout
            self.idleTimeout = idleTimeout
            self.lingerTimeout = lingerTimeout
        }
    }

    /// The facts of a parsed request that its answer needs.
    public struct RequestHead: Hashable, Sendable {
        /// The request's method (a HEAD answer has no body).
        public var method: HTTPMethod
        /// The request's version, which the answer's status line repeats.
        public var version: HTTPVersion
        /// Whether the client asked to keep the connection open (``Request/keepsAlive``).
        public var keepsAlive: Bool

        /// Creates a request head.
        public init(method: HTTPMethod, version: HTTPVersion, keepsAlive: Bool) {
            self.method = method
            self.version = version
            self.keepsAlive = keepsAlive
        }
    }

    /// The limits and timeouts this connection obeys.
    public let configuration: Configuration

    /// The time of the last event that carried one.
    var now: UInt64
    /// Requests parsed so far.
    public internal(set) var requestCount = 0
    /// The request dispatched and not answered yet.
    public internal(set) var requestInFlight: RequestHead?
    /// No further request is parsed; the connection closes once its output is sent.
    public internal(set) var isClosingAfterWrite = false
    /// The client shut down its sending side.
    public internal(set) var hasPeerClosed = false
    /// The last answer was sent and the write side shut down; input is discarded until the client closes.
    public internal(set) var isLingering = false
    /// A drain was asked for: every later answer closes, and the connection closes once idle.
    public internal(set) var isDraining = false
    /// ``Action/close`` was returned; nothing more happens.
    public internal(set) var isClosed = false
    /// The output not yet sent, as last reported.
    public internal(set) var pendingOutputBytes = 0
    /// The parser's phase, as last reported.
    public internal(set) var parserPhase: RequestParser.Phase = .idle
    /// The current processing pass stopped because the output reached the bound.
    var stoppedForBackPressure = false
    /// The drain asked for a read to see whether a request arrived; an idle connection closes after it.
    var isProbingForDrain = false
    /// What the connection waits for, which picks its timeout.
    public internal(set) var timeout: Timeout = .head
    /// When ``timeout`` began.
    var timeoutStart: UInt64
    /// ``requestCount`` when ``timeout`` began.
    var requestsAtTimeoutStart = 0
    /// When ``timerFired(now:)`` acts: `UInt64.max` when no timer is armed.
    public internal(set) var deadline: UInt64

    /// Creates the machine of a connection accepted at `now`, waiting for its first request head.
    ///
    /// - Parameters:
    ///   - configuration: The limits and timeouts.
    ///   - now: The monotonic time of the accept, in nanoseconds.
    public init(configuration: Configuration = Configuration(), now: UInt64) {
        self.configuration = configuration
        self.now = now
        self.timeoutStart = now
        self.deadline = Self.adding(configuration.headerTimeout, to: now)
    }

    /// Whether nothing is in flight: no request bytes, no pending output, no request awaiting its answer.
    public var isIdle: Bool {
        self.parserPhase == .idle && self.pendingOutputBytes == 0 && self.requestInFlight == nil
    }

    /// Whether bytes read should go to the parser; while lingering they are discarded.
    public var acceptsInput: Bool { !self.isLingering && !self.isClosed }

    /// `time + interval`, saturating at `UInt64.max` (no deadline).
    static func adding(_ interval: UInt64, to time: UInt64) -> UInt64 {
        let (sum, overflow) = time.addingReportingOverflow(interval)
        return overflow ? .max : sum
    }
}
