import HTTPCore

/// One client connection: its socket, parser, pending output and state machine. Owned by exactly one ``EventLoop``
/// thread.
///
/// What the connection does next (read, answer, send, half-close, time out, close) is its
/// ``ConnectionStateMachine``'s decision; the loop performs the machine's actions on these resources.
final class Connection {
    let id: UInt64
    let fd: Int32
    var parser: RequestParser
    /// Serialized output not yet sent.
    var output = OutputQueue()
    /// Keep-alive, pipelining, back-pressure, lingering close, timeouts and drain.
    var machine: ConnectionStateMachine
    /// The epoll events currently registered.
    var registeredEvents: UInt32
    /// The peer's address, read once when the connection is adopted; given to each request for its log line.
    let clientAddress: String?

    init(
        id: UInt64, fd: Int32, limits: ParserLimits, machine: ConnectionStateMachine.Configuration, now: UInt64,
        registeredEvents: UInt32
    ) {
        self.id = id
        self.fd = fd
        self.parser = RequestParser(limits: limits)
        self.machine = ConnectionStateMachine(configuration: machine, now: now)
        self.registeredEvents = registeredEvents
        self.clientAddress = peerAddress(of: fd)
    }
}

@available(*, unavailable) extension Connection: Sendable {}
