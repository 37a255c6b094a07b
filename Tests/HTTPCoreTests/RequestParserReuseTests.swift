import HTTPCore
import Testing

/// The parser reuses the storage of the last request's header list, body and target once that request is given back
/// (``RequestParser/recycle(_:)``; issue 21: no allocation per keep-alive request); a request a caller still holds
/// never changes, and one handed out is its holder's alone.
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

    static func address(of body: [UInt8]) -> UnsafeRawPointer? {
        body.withUnsafeBufferPointer { UnsafeRawPointer($0.baseAddress) }
    }

    @Test func aDroppedRequestsStorageIsReusedByTheNext() throws {
        var parser = RequestParser()
        var first: Request? = try Self.parse(Self.query + "hello", with: &parser)
        let body = Self.address(of: first!.body)
        #expect(body != nil)
        parser.recycle(first.take()!)
        let second = try Self.parse(Self.query + "world", with: &parser)
        #expect(Self.address(of: second.body) == body)
        #expect(second.body == Array("world".utf8))
        #expect(second.headers.fields.map(\.value) == ["a", "5"])
    }

    @Test func aRequestStillHeldIsNeverChangedByTheNext() throws {
        var parser = RequestParser()
        let first = try Self.parse(Self.query + "hello", with: &parser)
        parser.recycle(first)
        let second = try Self.parse("GET /b HTTP/1.1\r\nHost: b\r\nX-Other: 1\r\n\r\n", with: &parser)
        #expect(first.headers.fields.map(\.value) == ["a", "5"])
        #expect(first.body == Array("hello".utf8))
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
        parser.recycle(first.take()!)
        let second = try Self.parse(Self.query + "small", with: &parser)
        #expect(second.body.capacity < 4096)
        #expect(second.body == Array("small".utf8))
    }

    @Test func aRequestHandedOutIsItsHoldersAlone() throws {
        var parser = RequestParser()
        var request = try Self.parse(Self.query + "hello", with: &parser)
        var body = request.body
        request.body = []
        let before = Self.address(of: body)
        // Written in place: the parser keeps no reference to a request it handed out (it retained three, and
        // released them per request, when it did), so nothing shares the body's storage.
        body[0] = UInt8(ascii: "j")
        #expect(Self.address(of: body) == before)
        #expect(body == Array("jello".utf8))
    }

    @Test func literalHeaderListsHaveRoomForTheFieldsAnAnswerAdds() {
        var headers: HTTPHeaders = ["Content-Type": "application/json"]
        let capacity = headers.capacity
        #expect(capacity >= 4)
        headers.add(name: "ETag", value: "\"1\"")
        headers.replaceOrAdd(name: "X-Request-Id", value: "abc")
        #expect(headers.capacity == capacity)
        #expect(headers.fields.map(\.name) == ["Content-Type", "ETag", "X-Request-Id"])
        for index in 0..<4 { headers.add(name: "X-\(index)", value: "\(index)") }
        headers.add(name: "etag", value: "\"2\"")
        #expect(headers.count == 8)
        #expect(headers.values(for: "ETAG") == ["\"1\"", "\"2\""])
        headers.remove(name: "ETag")
        #expect(headers.fields.map(\.name) == ["Content-Type", "X-Request-Id", "X-0", "X-1", "X-2", "X-3"])
        #expect(headers["x-3"] == "3" && headers["etag"] == nil)
        headers.replaceOrAdd(name: "content-type", value: "text/plain")
        #expect(headers.fields.map(\.name) == ["X-Request-Id", "X-0", "X-1", "X-2", "X-3", "content-type"])
        var copy = headers
        copy.removeAll()
        #expect(copy.count == 0 && copy.fields.isEmpty && headers.count == 6)
        #expect(headers == ["X-Request-Id": "abc", "X-0": "0", "X-1": "1", "X-2": "2", "X-3": "3",
                            "content-type": "text/plain"])
    }
}

extension RequestParserReuseTests {
    static func address(of target: String) -> UnsafeRawPointer? {
        var target = target
        return target.withUTF8 { UnsafeRawPointer($0.baseAddress) }
    }

    @Test func aRepeatedLongTargetSharesTheLastOnesStorageAndAnyOtherIsExact() throws {
        var parser = RequestParser()
        let long = "/sessions/0123456789abcdef0123456789/query"
        let first = try Self.parse("GET \(long) HTTP/1.1\r\nHost: a\r\n\r\n", with: &parser)
        parser.recycle(first)
        let second = try Self.parse("GET \(long) HTTP/1.1\r\nHost: a\r\n\r\n", with: &parser)
        #expect(second.target == long)
        #expect(Self.address(of: second.target) == Self.address(of: first.target))
        let other = "/sessions/0123456789abcdef0123456789/snap?"
        #expect(other.utf8.count == long.utf8.count)
        parser.recycle(second)
        let third = try Self.parse("GET \(other) HTTP/1.1\r\nHost: a\r\n\r\n", with: &parser)
        #expect(third.target == other)
        #expect(third.path == "/sessions/0123456789abcdef0123456789/snap")
        #expect(Self.address(of: third.target) != Self.address(of: first.target))
        #expect(first.target == long && second.target == long)
    }
}

extension RequestParserReuseTests {
    @Test(arguments: ["/healthz", "/a", "/kinds?x=1", "/sessions/0123456789abcdef0123456789/query"])
    func aRepeatedTargetIsTheSameAndAnyOtherIsExact(target: String) throws {
        var parser = RequestParser()
        for text in [target, target, target + "x", String(target.dropLast()) + "_", target] {
            let request = try Self.parse("GET \(text) HTTP/1.1\r\nHost: a\r\n\r\n", with: &parser)
            #expect(request.target == text)
            parser.recycle(request)
        }
    }
}
