import Glibc

/// Why a command to Redis did not get its answer.
enum RedisError: Error, Hashable, Sendable {
    /// The host name did not resolve, or no address accepted the connection.
    case unreachable(String)
    /// The deadline passed before the answers arrived; the connection is closed, since its state is unknown.
    case timedOut
    /// Redis closed the connection.
    case closed
    /// Redis sent bytes that are not RESP2.
    case protocolError(RESPParseError)
    /// A system call failed.
    case system(call: String, errno: Int32)
    /// Redis answered with an error or an answer of an unexpected shape.
    case unexpectedReply(String)
}

/// One connection to Redis, used by one thread at a time: pipelined commands over a non-blocking socket, every
/// wait bounded by `poll` and a deadline.
///
/// ``send(_:)`` writes all of its commands before reading any answer (a pipeline: one round trip for the lot) and
/// reads as many answers as it sent. A failure of any kind closes the socket, so that the next call starts from a
/// clean connection instead of reading a stale answer; ``send(_:)`` reconnects on demand.
final class RedisConnection {
    /// The timeouts.
    struct Configuration: Hashable, Sendable {
        /// How long connecting (and `SELECT`) may take. Defaults to 1 second.
        var connectTimeout: Duration = .seconds(1)
        /// How long one pipeline may take, from its first write to its last answer. Defaults to 2 seconds.
        var commandTimeout: Duration = .seconds(2)
        /// The parser's bounds.
        var limits = RESPParser.Limits()
    }

    /// Where to connect.
    let endpoint: RedisEndpoint
    /// The timeouts.
    let configuration: Configuration
    private var descriptor: Int32 = -1
    private var parser: RESPParser
    private var readBuffer = [UInt8](repeating: 0, count: 64 * 1024)

    /// Creates a connection; nothing happens until the first ``send(_:)`` or ``connect()``.
    init(endpoint: RedisEndpoint, configuration: Configuration = Configuration()) {
        self.endpoint = endpoint
        self.configuration = configuration
        self.parser = RESPParser(limits: configuration.limits)
    }

    deinit { self.close() }

    /// Whether a socket is open.
    var isConnected: Bool { self.descriptor >= 0 }

    /// Connects (if not connected) and selects the endpoint's database.
    ///
    /// - Throws: ``RedisError``.
    func connect() throws(RedisError) {
        guard self.descriptor < 0 else { return }
        let deadline = ContinuousClock.now + self.configuration.connectTimeout
        self.descriptor = try Self.openSocket(to: self.endpoint, deadline: deadline)
        self.parser = RESPParser(limits: self.configuration.limits)
        if self.endpoint.database != 0 {
            let select = [Array("SELECT".utf8), Array(String(self.endpoint.database).utf8)]
            let reply = try self.exchange([select], deadline: deadline)
            guard reply == [.simpleString("OK")] else {
                self.close()
                throw .unexpectedReply("SELECT \(self.endpoint.database): \(reply)")
            }
        }
    }

    /// Sends `commands` in one pipeline and returns their answers in order, connecting first if needed.
    ///
    /// Redis's error answers (`-ERR …`) are returned as ``RESPValue/error(_:)`` values, not thrown: one command's
    /// refusal does not fail the others.
    ///
    /// - Throws: ``RedisError`` when the connection fails, times out or carries something that is not RESP2.
    func send(_ commands: [[[UInt8]]]) throws(RedisError) -> [RESPValue] {
        try self.connect()
        return try self.exchange(commands, deadline: ContinuousClock.now + self.configuration.commandTimeout)
    }

    /// Closes the socket, if open.
    func close() {
        guard self.descriptor >= 0 else { return }
        Glibc.close(self.descriptor)
        self.descriptor = -1
    }

    private func exchange(_ commands: [[[UInt8]]], deadline: ContinuousClock.Instant) throws(RedisError)
        -> [RESPValue]
    {
        do throws(RedisError) {
            var output: [UInt8] = []
            for command in commands { RESPEncoder.append(command, to: &output) }
            var written = 0
            var replies: [RESPValue] = []
            replies.reserveCapacity(commands.count)
            while replies.count < commands.count {
                let wantsWrite = written < output.count
                try self.wait(forWrite: wantsWrite, deadline: deadline)
                if wantsWrite { written += try self.write(output, from: written) }
                try self.readAvailable()
                do throws(RESPParseError) {
                    while replies.count < commands.count, let reply = try self.parser.next() { replies.append(reply) }
                } catch {
                    throw RedisError.protocolError(error)
                }
            }
            return replies
        } catch {
            self.close()
            throw error
        }
    }

    /// Waits until the socket is readable (or writable, when `forWrite`), or the deadline passes.
    private func wait(forWrite: Bool, deadline: ContinuousClock.Instant) throws(RedisError) {
        try Self.poll(self.descriptor, for: Int16(POLLIN) | (forWrite ? Int16(POLLOUT) : 0), until: deadline)
    }

    private func write(_ bytes: [UInt8], from offset: Int) throws(RedisError) -> Int {
        let count = bytes.withUnsafeBytes { buffer in
            Glibc.send(self.descriptor, buffer.baseAddress! + offset, buffer.count - offset, Int32(MSG_NOSIGNAL))
        }
        let error = errno
        if count >= 0 { return count }
        if error == EAGAIN || error == EWOULDBLOCK || error == EINTR { return 0 }
        throw .system(call: "send", errno: error)
    }

    /// Reads what the socket holds, without blocking, into the parser.
    private func readAvailable() throws(RedisError) {
        while true {
            let count = self.readBuffer.withUnsafeMutableBytes { buffer in
                Glibc.read(self.descriptor, buffer.baseAddress, buffer.count)
            }
            let error = errno
            if count > 0 {
                self.parser.append(self.readBuffer[0..<count])
                if count < self.readBuffer.count { return }
                continue
            }
            if count == 0 { throw .closed }
            if error == EINTR { continue }
            if error == EAGAIN || error == EWOULDBLOCK { return }
            throw .system(call: "read", errno: error)
        }
    }
}
