import Glibc
import HTTPCore
import HTTPServer
import Testing

/// The responder the in-process tests serve: like `http-echo`.
struct EchoResponder: Responder {
    func respond(to request: Request, plan: Void) -> Response {
        switch (request.method, request.path) {
        case (.GET, "/"), (.HEAD, "/"):
            return Response(status: 200, headers: ["Content-Type": "text/plain"], body: Array("hello, world\n".utf8))
        case (.POST, _), (.PUT, _):
            return Response(status: 200, body: request.body)
        case (.GET, "/close"):
            return Response(status: 200, headers: ["Connection": "close"])
        default:
            return Response(status: 404)
        }
    }
}

/// A one-way signal between threads: once opened it stays open, and ``wait(seconds:)`` returns at once.
///
/// A pipe: ``open()`` writes a byte, ``wait(seconds:)`` polls for it (without reading it) until a deadline, so a test
/// waits for an event rather than sleeping for a time it hopes is long enough.
final class Signal: Sendable {
    private let readFD: Int32
    private let writeFD: Int32

    init() {
        var fds: [Int32] = [-1, -1]
        precondition(pipe(&fds) == 0, "pipe: \(errno)")
        self.readFD = fds[0]
        self.writeFD = fds[1]
    }

    deinit {
        close(self.readFD)
        close(self.writeFD)
    }

    /// Opens the signal; every waiter, now or later, goes on.
    func open() {
        var byte: UInt8 = 1
        _ = write(self.writeFD, &byte, 1)
    }

    /// Waits until the signal is open, for at most `seconds`. Returns whether it opened.
    @discardableResult
    func wait(seconds: Int = 5) -> Bool {
        var descriptor = pollfd(fd: self.readFD, events: Int16(POLLIN), revents: 0)
        let deadline = nowMilliseconds() + seconds * 1000
        while true {
            let left = deadline - nowMilliseconds()
            guard left > 0 else { return false }
            let ready = poll(&descriptor, 1, Int32(left))
            if ready > 0 { return true }
            if ready < 0, errno != EINTR { return false }
        }
    }
}

/// A responder that holds chosen requests until the test releases them: ``entered`` opens when one arrives,
/// ``release`` lets it (and every later one) go. Other requests get ``EchoResponder``'s answers.
struct GatedResponder: Responder {
    let entered = Signal()
    let release = Signal()
    /// Which requests are held.
    var holds: @Sendable (Request) -> Bool = { $0.path == "/gated" }

    func respond(to request: Request, plan: Void) -> Response {
        guard self.holds(request) else { return EchoResponder().respond(to: request) }
        self.entered.open()
        self.release.wait(seconds: 10)
        return Response(status: 200, body: Array("\(request.body.count)\n".utf8))
    }
}

/// Waits until `condition` holds, for at most `seconds`, yielding the processor between checks. Returns whether it
/// held.
func waitUntil(seconds: Int = 5, _ condition: () -> Bool) -> Bool {
    let deadline = nowMilliseconds() + seconds * 1000
    while !condition() {
        guard nowMilliseconds() < deadline else { return false }
        sched_yield()
    }
    return true
}

/// Starts an in-process server on 127.0.0.1:0, runs `body` with its port, then drains it.
func withServer<T>(
    configure: (inout ServerConfiguration) -> Void = { _ in },
    responder: any Responder = EchoResponder(),
    _ body: (Int, HTTPServer) throws -> T
) throws -> T {
    var configuration = ServerConfiguration()
    configuration.port = 0
    configuration.eventLoopCount = 1
    configuration.workerCount = 1
    configuration.drainTimeout = .seconds(2)
    configure(&configuration)
    let server = HTTPServer(configuration: configuration, responder: responder)
    let port = try server.start()
    defer { server.shutdown() }
    return try body(port, server)
}

/// One response as a test client reads it.
struct ClientResponse {
    var status: Int
    var headers: [(name: String, value: String)]
    var body: [UInt8]

    func header(_ name: String) -> String? {
        self.headers.first { $0.name.lowercased() == name.lowercased() }?.value
    }
}

struct ClientError: Error, CustomStringConvertible {
    var description: String
}

/// A blocking loopback TCP client speaking raw bytes, with a receive timeout so a test fails instead of hanging.
final class RawClient {
    let fd: Int32
    private var buffer: [UInt8] = []
    private(set) var sawEOF = false

    /// Connects; a `receiveBufferBytes` makes the kernel's receive buffer (and so the server's send window) small.
    init(port: Int, receiveTimeoutSeconds: Int = 5, receiveBufferBytes: Int32? = nil) throws {
        self.fd = socket(AF_INET, Int32(SOCK_STREAM.rawValue), 0)
        guard self.fd >= 0 else { throw ClientError(description: "socket: \(errno)") }
        var timeout = timeval(tv_sec: receiveTimeoutSeconds, tv_usec: 0)
        setsockopt(self.fd, SOL_SOCKET, SO_RCVTIMEO, &timeout, socklen_t(MemoryLayout<timeval>.size))
        if var bytes = receiveBufferBytes {
            setsockopt(self.fd, SOL_SOCKET, SO_RCVBUF, &bytes, socklen_t(MemoryLayout<Int32>.size))
        }
        var address = sockaddr_in()
        address.sin_family = sa_family_t(AF_INET)
        address.sin_port = UInt16(port).bigEndian
        address.sin_addr.s_addr = inet_addr("127.0.0.1")
        let result = withUnsafePointer(to: &address) {
            $0.withMemoryRebound(to: sockaddr.self, capacity: 1) {
                connect(self.fd, $0, socklen_t(MemoryLayout<sockaddr_in>.size))
            }
        }
        // A class whose initializer throws after initializing every property is deinitialized: `deinit` closes the
        // socket. Closing it here too would close whatever descriptor another test opened under the same number
        // meanwhile (the tests share one process), which is how a parallel test once saw `send: 9` (EBADF).
        guard result == 0 else { throw ClientError(description: "connect: \(errno)") }
    }

    deinit { close(self.fd) }

    func send(_ bytes: [UInt8]) throws {
        var offset = 0
        while offset < bytes.count {
            let sent = bytes[offset...].withUnsafeBytes {
                Glibc.send(self.fd, $0.baseAddress, $0.count, Int32(MSG_NOSIGNAL))
            }
            guard sent > 0 else { throw ClientError(description: "send: \(errno)") }
            offset += sent
        }
    }

    func send(_ string: String) throws { try self.send(Array(string.utf8)) }

    /// Reads more bytes; returns `false` on EOF (or a reset), throws on timeout.
    private func fill() throws -> Bool {
        var chunk = [UInt8](repeating: 0, count: 65536)
        let count = chunk.withUnsafeMutableBytes { recv(self.fd, $0.baseAddress, $0.count, 0) }
        if count > 0 {
            self.buffer.append(contentsOf: chunk[0..<count])
            return true
        }
        let code = errno
        if count < 0, code == EAGAIN || code == EWOULDBLOCK { throw ClientError(description: "read timed out") }
        self.sawEOF = true
        return false
    }

    /// Reads one response; `forHead` means no body follows whatever Content-Length says.
    func readResponse(forHead: Bool = false) throws -> ClientResponse {
        while true {
            if let end = self.headEnd() {
                let head = String(decoding: self.buffer[0..<end], as: UTF8.self)
                var lines = head.split(separator: "\r\n", omittingEmptySubsequences: false).map(String.init)
                let statusLine = lines.removeFirst()
                let parts = statusLine.split(separator: " ")
                guard parts.count >= 2, let status = Int(parts[1]) else {
                    throw ClientError(description: "bad status line \(statusLine)")
                }
                let headers = lines.filter { !$0.isEmpty }.map { line -> (name: String, value: String) in
                    let colon = line.firstIndex(of: ":")!
                    return (String(line[..<colon]), line[line.index(after: colon)...].trimmingPrefix(" ").description)
                }
                let length = headers.first { $0.name.lowercased() == "content-length" }.flatMap { Int($0.value) } ?? 0
                let bodyLength = forHead || status < 200 || status == 204 || status == 304 ? 0 : length
                while self.buffer.count < end + 4 + bodyLength {
                    guard try self.fill() else { throw ClientError(description: "EOF inside a body") }
                }
                let body = Array(self.buffer[(end + 4)..<(end + 4 + bodyLength)])
                self.buffer.removeFirst(end + 4 + bodyLength)
                return ClientResponse(status: status, headers: headers, body: body)
            }
            guard try self.fill() else {
                throw ClientError(description: "EOF before a response (\(self.buffer.count) bytes buffered)")
            }
        }
    }

    /// Whether the server closes the connection with nothing more to read.
    func readsEOF() throws -> Bool {
        while try self.fill() {}
        return self.buffer.isEmpty
    }

    private func headEnd() -> Int? {
        guard self.buffer.count >= 4 else { return nil }
        for index in 0...(self.buffer.count - 4)
        where self.buffer[index] == 13 && self.buffer[index + 1] == 10 && self.buffer[index + 2] == 13
            && self.buffer[index + 3] == 10 {
            return index
        }
        return nil
    }
}

/// Monotonic milliseconds, for measuring how long something took.
func nowMilliseconds() -> Int {
    var time = timespec()
    clock_gettime(CLOCK_MONOTONIC, &time)
    return time.tv_sec * 1000 + time.tv_nsec / 1_000_000
}
