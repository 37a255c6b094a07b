extension ConnectionStateMachine {
    /// What the event loop does next for a connection.
    public enum Action: Hashable, Sendable {
        /// Nothing until the next event.
        case none
        /// Read from the socket now, and report the result (``bytesRead(now:parserPhase:)``,
        /// ``peerClosed(now:)``, ``wouldBlock()`` or ``socketFailed()``). Asked by a drain, to answer a request
        /// that arrived since the last wait instead of closing on it.
        case read
        /// Ask the parser for its next event and report it with ``parsed(_:parserPhase:)``.
        case parse
        /// Hand the request just parsed to the responder; report
        /// ``responseReady(now:closesConnection:serverIsDraining:)`` when it answered, or ``responseDeferred()`` if
        /// it answers later (the worker pool).
        case dispatch
        /// Serialize the responder's answer into the output, then report ``outputQueued(pendingOutputBytes:)``.
        case writeResponse(ResponseHead)
        /// Queue `HTTP/1.1 100 Continue`, then report ``outputQueued(pendingOutputBytes:)``.
        case writeContinue
        /// Queue the server's own answer (a closing one), then report ``outputQueued(pendingOutputBytes:)``.
        case writeError(ErrorAnswer)
        /// Send pending output until the socket would block, then report ``flushed(pendingOutputBytes:)`` (or
        /// ``socketFailed()``).
        case flush
        /// Shut down the write side (`shutdown(SHUT_WR)`), then report ``writeSideShutDown()``.
        case shutdownWrite
        /// Watch the socket as told and wait for the next event; ``deadline`` is when the timer fires.
        case wait(Wait)
        /// Close the socket. The machine is done.
        case close
    }

    /// How to serialize an answer.
    public struct ResponseHead: Hashable, Sendable {
        /// The request's method, or `nil` when the server answers a request it could not read.
        public var method: HTTPMethod?
        /// The version of the status line.
        public var version: HTTPVersion
        /// Whether the answer carries `Connection: close`: no request is read after it.
        public var isClosing: Bool

        /// Creates a response head.
        public init(method: HTTPMethod?, version: HTTPVersion, isClosing: Bool) {
            self.method = method
            self.version = version
            self.isClosing = isClosing
        }
    }

    /// An answer the server gives on its own, always with `Connection: close`.
    public enum ErrorAnswer: Hashable, Sendable {
        /// The parse error just reported (400, 413, 431, …).
        case parseError
        /// 408: the request head or body did not arrive within its timeout.
        case requestTimeout
    }

    /// What the connection waits for, and so which timeout applies.
    public enum Timeout: Hashable, Sendable {
        /// A request head (or the first one): the header timeout, from its first byte or from connecting.
        case head
        /// A request body: the body timeout, from the end of the head.
        case body
        /// The next request of a keep-alive connection: the idle timeout, restarted by every request.
        case idle
        /// The client to take pending output: the idle timeout, renewed on every event.
        case writing
        /// The responder's answer (the worker pool): no timer; a drain's deadline still applies.
        case response
        /// The client to close after the last answer: the linger timeout.
        case lingering
    }

    /// The socket interest and timer while waiting.
    public struct Wait: Hashable, Sendable {
        /// Watch for input: the connection takes another request (or, lingering, discards input).
        public var isReading: Bool
        /// Watch for room to send: output is pending.
        public var isWriting: Bool
        /// What the timer measures.
        public var timeout: Timeout
        /// When the timer fires; `UInt64.max` for none.
        public var deadline: UInt64
        // Only the machine makes waits (the loop reads them): the synthesized (internal) memberwise initializer
        // serves.
    }

    /// What the parser's ``RequestParser/next()`` returned, as ``parsed(_:parserPhase:)`` reports it.
    public enum ParseResult: Hashable, Sendable {
        /// A complete request; the loop keeps it for ``Action/dispatch``.
        case request(RequestHead)
        /// A request asked for `100 Continue` before its body.
        case continueExpected
        /// More bytes are needed.
        case needsMoreBytes
        /// The input is not an acceptable request; the loop keeps the error for ``ErrorAnswer/parseError``.
        case failed
    }
}
