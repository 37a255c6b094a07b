import HTTPCore
import Testing

/// The parser reuses the storage of the last request's header list and body once that request is gone (issue 21:
/// no allocation per keep-alive request), and never changes a request a caller still holds.
@Suite struct RequestParserReuseTests {
    static let query = "POST /sessions/s/query HTTP/1.1\r\nHost: a\r\nContent-Length: 5\r\n\r\n"

    /// Parses one whole request from `text`.
    static func parse(_ text: String, with parser: inout RequestParser) throws -> Request {
        parser.append(Array(text.utf8))
        guard case .request(let request) = try parser.next() else {
            Issue.record("no request parsed from \(text)")
            return Request(method: .GET, target: "/")
        }
        return request
    }

    static func address(of headers: HTTPHeaders) -> UnsafeRawPointer? {
        headers.fields.withUnsafeBufferPointer { UnsafeRawPointer($0.baseAddress) }
    }

    static func address(of body: [UInt8]) -> UnsafeRawPointer? {
        body.withUnsafeBufferPointer { UnsafeRawPointer($0.baseAddress) }
    }

    @Test func aDroppedRequestsStorageIsReusedByTheNext() throws {
        var parser = RequestParser()
        var first: Request? = try Self.parse(Self.query + "hello", with: &parser)
        let headers = Self.address(of: first!.headers)
        let body = Self.address(of: first!.body)
        #expect(headers != nil && body != nil)
        first = nil
        let second = try Self.parse(Self.query + "world", with: &parser)
        #expect(Self.address(of: second.headers) == headers)
        #expect(Self.address(of: second.body) == body)
        #expect(second.body == Array("world".utf8))
        #expect(second.headers.fields.map(\.value) == ["a", "5"])
    }

    @Test func aRequestStillHeldIsNeverChangedByTheNext() throws {
        var parser = RequestParser()
        let first = try Self.parse(Self.query + "hello", with: &parser)
        let second = try Self.parse("GET /b HTTP/1.1\r\nHost: b\r\nX-Other: 1\r\n\r\n", with: &parser)
        #expect(first.headers.fields.map(\.value) == ["a", "5"])
        #expect(first.body == Array("hello".utf8))
        #expect(Self.address(of: second.headers) != Self.address(of: first.headers))
        #expect(second.headers.fields.map(\.name) == ["Host", "X-Other"])
        #expect(second.body.isEmpty)
    }

    @Test func aLargeBodysStorageIsNotKept() throws {
        var parser = RequestParser()
        let large = String(repeating: "x", count: 4096)
        var first: Request? = try Self.parse(
            "POST / HTTP/1.1\r\nHost: a\r\nContent-Length: 4096\r\n\r\n" + large, with: &parser
        )
        #expect(first?.body.count == 4096)
        first = nil
        let second = try Self.parse(Self.query + "small", with: &parser)
        #expect(second.body.capacity < 4096)
        #expect(second.body == Array("small".utf8))
    }

    @Test func literalHeadersHaveRoomForTheFieldsAnAnswerAdds() {
        var headers: HTTPHeaders = ["Content-Type": "application/json"]
        let capacity = headers.capacity
        #expect(capacity >= 4)
        headers.add(name: "ETag", value: "\"1\"")
        headers.replaceOrAdd(name: "X-Request-Id", value: "abc")
        #expect(headers.capacity == capacity)
        #expect(headers.fields.map(\.name) == ["Content-Type", "ETag", "X-Request-Id"])
    }
}

extension RequestParserReuseTests {
    static func address(of target: String) -> UnsafeRawPointer? {
        var target = target
        return target.withUTF8 { UnsafeRawPointer($0.baseAddress) }
    }

    @Test func aLongTargetsStorageIsReusedAndItsTextIsExact() throws {
        var parser = RequestParser()
        let long = "/sessions/0123456789abcdef0123456789/query"
        var first: Request? = try Self.parse("GET \(long) HTTP/1.1\r\nHost: a\r\n\r\n", with: &parser)
        #expect(first?.target == long)
        let storage = Self.address(of: first!.target)
        first = nil
        let other = "/sessions/fedcba9876543210fedcba9876/snap?x=1"
        let second = try Self.parse("GET \(other) HTTP/1.1\r\nHost: a\r\n\r\n", with: &parser)
        #expect(second.target == other)
        #expect(second.path == "/sessions/fedcba9876543210fedcba9876/snap")
        #expect(Self.address(of: second.target) == storage)
        let third = try Self.parse("GET \(long) HTTP/1.1\r\nHost: a\r\n\r\n", with: &parser)
        #expect(second.target == other)
        #expect(third.target == long)
    }
}
