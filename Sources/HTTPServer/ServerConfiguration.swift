import Glibc
import HTTPCore

/// Everything ``HTTPServer`` can be told: where to listen, how many threads, limits and timeouts.
///
/// Not `Hashable`, because ``logError`` is a closure.
public struct ServerConfiguration: Sendable {
    /// The address to listen on, IPv4 or IPv6 numeric. Defaults to `127.0.0.1`.
    public var host: String = "127.0.0.1"
    /// The TCP port; `0` picks a free one, which ``HTTPServer/start()`` returns. Defaults to `8080`.
    public var port: Int = 8080
    /// The number of event-loop threads. Defaults to the number of online cores.
    public var eventLoopCount: Int = max(1, Int(sysconf(Int32(_SC_NPROCESSORS_ONLN))))
    /// The listen backlog. Defaults to `1024`.
    public var backlog: Int = 1024
    /// The most connections open at once; past it a new connection gets 503 and is closed. Defaults to `10_000`.
    public var maxConnections: Int = 10_000
    /// How long a client has to send a whole request head, from its first byte (or from connecting, for the first
    /// request); past it the client gets 408 and the connection closes. Defaults to 10 seconds.
    public var headerTimeout: Duration = .seconds(10)
    /// How long a client has to send a whole body once the head is read; past it, 408 and close.
    /// Defaults to 30 seconds.
    public var bodyTimeout: Duration = .seconds(30)
    /// How long a keep-alive connection may sit between requests, or a response may wait for the client to read it,
    /// before it is closed. Defaults to 60 seconds.
    public var idleTimeout: Duration = .seconds(60)
    /// How long a graceful shutdown waits for requests in flight before closing every connection.
    /// Defaults to 10 seconds.
    public var drainTimeout: Duration = .seconds(10)
    /// Requests whose body is at least this many bytes are answered on the worker pool, so that a long computation
    /// does not stall the other connections of its loop. Defaults to 256 KiB.
    public var workerPoolBodyThreshold: Int = 256 * 1024
    /// The number of worker threads for large requests. Defaults to `2`.
    public var workerCount: Int = 2
    /// The output a connection may have pending before the server stops reading from it (back-pressure), in bytes.
    /// A single response may exceed it; no further request is then read until the client has taken the output.
    /// Defaults to 1 MiB.
    public var maxPendingOutputBytes: Int = 1024 * 1024
    /// How long a closing connection keeps draining the client's input after the last response, so that unread
    /// bytes do not turn the close into a reset that destroys the response. Defaults to 2 seconds.
    public var lingerTimeout: Duration = .seconds(2)
    /// The bytes of request bodies held in memory at once over all connections (``BodyMemoryBudget``): a body that
    /// would pass it is refused with 503 and `Retry-After` before it is read. Defaults to 512 MiB.
    public var maxBodyMemory: Int = 512 * 1024 * 1024
    /// The bytes of large bodies' storage kept for later requests (``BodyStoragePool``), counted within
    /// ``maxBodyMemory``; `0` keeps none. Defaults to 64 MiB.
    public var maxBodyPool: Int = 64 * 1024 * 1024
    /// The parser's limits: request line, header section, field count, body. Defaults to ``ParserLimits/init()``.
    public var parserLimits: ParserLimits = ParserLimits()
    /// Called once when a drain starts (a signal, or ``HTTPServer/shutdown()``), before the loops hear of it.
    /// Defaults to doing nothing.
    public var onDrain: @Sendable () -> Void = {}
    /// Where the server reports errors that concern no single response (a failing `accept`, a socket error).
    /// Defaults to writing the line to standard error.
    public var logError: @Sendable (String) -> Void = { message in
        var line = Array("layoutd: \(message)\n".utf8)
        line.withUnsafeMutableBytes { _ = Glibc.write(2, $0.baseAddress, $0.count) }
    }

    /// Creates the default configuration.
    public init() {}
}

extension ServerConfiguration {
    /// The limits and timeouts each connection's state machine obeys: this configuration's, with times in
    /// nanoseconds.
    var connectionConfiguration: ConnectionStateMachine.Configuration {
        ConnectionStateMachine.Configuration(
            maxPendingOutputBytes: self.maxPendingOutputBytes,
            headerTimeout: self.headerTimeout.nanoseconds,
            bodyTimeout: self.bodyTimeout.nanoseconds,
            idleTimeout: self.idleTimeout.nanoseconds,
            lingerTimeout: self.lingerTimeout.nanoseconds
        )
    }
}

extension ConnectionStateMachine.Configuration {
    /// How often an event loop sweeps its connections for expired deadlines, in nanoseconds: a quarter of the
    /// shortest timeout, so that none fires more than a quarter late, but at least every second and at most every
    /// 5 ms.
    var sweepInterval: UInt64 {
        let shortest = min(self.headerTimeout, self.bodyTimeout, self.idleTimeout, self.lingerTimeout)
        return min(max(shortest / 4, 5_000_000), 1_000_000_000)
    }
}
