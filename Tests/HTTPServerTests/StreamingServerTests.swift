import Glibc
import HTTPCore
import HTTPServer
import Synchronization
import Testing

/// A body of `length` bytes (`index % 251`), produced in pieces, counting what it produced.
struct PatternProducer: ResponseBodyProducer {
    let length: Int
    let produced: Counter
    var position = 0

    mutating func produce(into output: inout [UInt8], atLeast count: Int) -> Bool {
        let end = min(self.length, self.position + max(count, 1))
        for index in self.position..<end { output.append(UInt8(index % 251)) }
        self.produced.add(end - self.position)
        self.position = end
        return end == self.length
    }

    static func bytes(_ length: Int) -> [UInt8] { (0..<length).map { UInt8($0 % 251) } }
}

final class Counter: Sendable {
    private let value = Atomic<Int>(0)
    func add(_ amount: Int) { self.value.add(amount, ordering: .relaxed) }
    var count: Int { self.value.load(ordering: .relaxed) }
}

/// Answers `/stream?N` with a streamed body of N bytes; everything else as ``EchoResponder``.
struct StreamingResponder: Responder {
    let produced = Counter()

    func respond(to request: Request, plan: Void) -> Response {
        guard request.path == "/stream", let length = request.query.flatMap({ Int($0) }) else {
            return EchoResponder().respond(to: request)
        }
        let produced = self.produced
        return Response(
            status: 200, headers: ["Content-Type": "application/octet-stream"],
            bodyStream: ResponseBodyStream { PatternProducer(length: length, produced: produced) }
        )
    }
}

/// Reads raw bytes from a socket and decodes responses, chunked ones included.
struct WireReader {
    let fd: Int32
    var raw: [UInt8] = []

    /// Reads until `condition` holds for the bytes so far; throws on EOF.
    mutating func fill(until condition: ([UInt8]) -> Bool) throws {
        var chunk = [UInt8](repeating: 0, count: 65536)
        while !condition(self.raw) {
            let count = chunk.withUnsafeMutableBytes { recv(self.fd, $0.baseAddress, $0.count, 0) }
            guard count > 0 else { throw ClientError(description: "EOF after \(self.raw.count) bytes") }
            self.raw.append(contentsOf: chunk[0..<count])
        }
    }

    static func crlf(in bytes: [UInt8], from start: Int) -> Int? {
        guard bytes.count >= start + 2 else { return nil }
        for index in start..<(bytes.count - 1) where bytes[index] == 13 && bytes[index + 1] == 10 { return index }
        return nil
    }

    /// Reads a head; returns its lines (status line first).
    mutating func readHead() throws -> [String] {
        var end = 0
        try self.fill { raw in
            guard raw.count >= 4 else { return false }
            for index in 0...(raw.count - 4) where raw[index..<index + 4].elementsEqual([13, 10, 13, 10]) {
                end = index
                return true
            }
            return false
        }
        let head = String(decoding: self.raw[0..<end], as: UTF8.self)
        self.raw.removeFirst(end + 4)
        return head.split(separator: "\r\n", omittingEmptySubsequences: false).map(String.init)
    }

    /// Reads a chunked body, up to and including its last chunk and empty trailers.
    mutating func readChunkedBody() throws -> [UInt8] {
        var body: [UInt8] = []
        while true {
            var lineEnd = 0
            try self.fill { raw in
                guard let end = Self.crlf(in: raw, from: 0) else { return false }
                lineEnd = end
                return true
            }
            let size = Int(String(decoding: self.raw[0..<lineEnd], as: UTF8.self), radix: 16) ?? -1
            guard size >= 0 else { throw ClientError(description: "bad chunk size") }
            let needed = lineEnd + 2 + size + 2
            try self.fill { $0.count >= needed }
            body.append(contentsOf: self.raw[(lineEnd + 2)..<(lineEnd + 2 + size)])
            self.raw.removeFirst(needed)
            if size == 0 { return body }
        }
    }

    /// Reads a body of `length` bytes.
    mutating func readBody(length: Int) throws -> [UInt8] {
        try self.fill { $0.count >= length }
        defer { self.raw.removeFirst(length) }
        return Array(self.raw[0..<length])
    }
}

/// Issue 19.4: an answer given as a stream is produced as the client reads it.
@Suite struct StreamingServerTests {
    @Test func aStreamThatFitsTheWindowIsSentWithContentLengthAsBytesWouldBe() throws {
        let responder = StreamingResponder()
        try withServer(configure: { $0.maxPendingOutputBytes = 64 * 1024 }, responder: responder) { port, _ in
            let client = try RawClient(port: port)
            try client.send("GET /stream?5000 HTTP/1.1\r\nHost: a\r\n\r\nGET / HTTP/1.1\r\nHost: a\r\n\r\n")
            let response = try client.readResponse()
            #expect(response.header("Content-Length") == "5000")
            #expect(response.header("Transfer-Encoding") == nil)
            #expect(response.body == PatternProducer.bytes(5000))
            #expect(try client.readResponse().body == Array("hello, world\n".utf8))
        }
    }

    @Test func aLongerStreamIsChunkedWithTheSameBytesAndThePipelineGoesOn() throws {
        let responder = StreamingResponder()
        try withServer(configure: { $0.maxPendingOutputBytes = 64 * 1024 }, responder: responder) { port, _ in
            let client = try RawClient(port: port)
            try client.send("GET /stream?3000000 HTTP/1.1\r\nHost: a\r\n\r\nPOST /echo HTTP/1.1\r\nHost: a\r\nContent-Length: 2\r\n\r\nok")
            var reader = WireReader(fd: client.fd)
            let head = try reader.readHead()
            #expect(head[0] == "HTTP/1.1 200 OK")
            #expect(head.contains("Transfer-Encoding: chunked"))
            #expect(!head.contains { $0.hasPrefix("Content-Length") })
            let body = try reader.readChunkedBody()
            #expect(body == PatternProducer.bytes(3_000_000))
            let next = try reader.readHead()
            #expect(next.contains("Content-Length: 2"), "the next answer follows the last chunk")
            #expect(try reader.readBody(length: 2) == Array("ok".utf8))
        }
    }

    @Test func headAndHTTP10GetTheWholeBodyWithItsLength() throws {
        let responder = StreamingResponder()
        try withServer(configure: { $0.maxPendingOutputBytes = 16 * 1024 }, responder: responder) { port, _ in
            let client = try RawClient(port: port)
            try client.send("HEAD /stream?100000 HTTP/1.1\r\nHost: a\r\n\r\n")
            let head = try client.readResponse(forHead: true)
            #expect(head.header("Content-Length") == "100000")
            let old = try RawClient(port: port)
            try old.send("GET /stream?100000 HTTP/1.0\r\n\r\n")
            let response = try old.readResponse()
            #expect(response.header("Content-Length") == "100000")
            #expect(response.body == PatternProducer.bytes(100_000))
        }
    }

    @Test func aClientThatDoesNotReadPinsABoundedPartOfAHugeAnswer() throws {
        let responder = StreamingResponder()
        let total = 400_000_000
        try withServer(configure: { $0.maxPendingOutputBytes = 64 * 1024 }, responder: responder) { port, _ in
            let client = try RawClient(port: port, receiveBufferBytes: 16 * 1024)
            try client.send("GET /stream?\(total) HTTP/1.1\r\nHost: a\r\n\r\n")
            // Production stops once the socket buffers are full and the window is used: wait until it settles.
            #expect(waitUntil { responder.produced.count > 0 })
            var last = -1
            var stableSince = nowMilliseconds()
            #expect(waitUntil(seconds: 20) {
                let now = responder.produced.count
                if now != last { (last, stableSince) = (now, nowMilliseconds()) }
                return nowMilliseconds() - stableSince > 300
            })
            // The window, one step, and what the kernel's socket buffers took (a few MiB at most on loopback).
            #expect(responder.produced.count < 32 * 1024 * 1024, "produced \(responder.produced.count) of \(total)")
        }
    }
}
