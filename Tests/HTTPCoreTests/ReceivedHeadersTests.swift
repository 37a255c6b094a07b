import HTTPCore
import Testing

/// A parsed request's fields are kept as the bytes they came in and made into strings only when read (issue 21):
/// every reading of the list answers as it did when each field was a pair of strings.
@Suite struct ReceivedHeadersTests {
    /// Parses one whole request from `text`.
    static func parse(_ text: String) throws -> Request {
        var parser = RequestParser()
        parser.append(Array(text.utf8))
        guard case .request(let request) = try parser.next() else {
            Issue.record("no request parsed from \(text)")
            return Request(method: .GET, target: "/")
        }
        return request
    }

    static let head = "GET / HTTP/1.1\r\nHost: a\r\nX-Thing:  v1 \r\nx-thing: v2\r\n\r\n"

    @Test func replaceFieldsLeavesAReceivedListAlone() throws {
        var headers = try Self.parse("GET / HTTP/1.1\r\nHost: a\r\n\r\n").headers
        let replaced = headers.replaceFields((name: "Host", value: "b"))
        #expect(!replaced)
        #expect(headers.fields.map(\.value) == ["a"])
    }

    @Test func aParsedRequestsFieldsReadAsStringsInOrder() throws {
        let headers = try Self.parse(Self.head).headers
        #expect(headers.fields.map(\.name) == ["Host", "X-Thing", "x-thing"])
        #expect(headers.fields.map(\.value) == ["a", "v1", "v2"])
        #expect(headers["X-THING"] == "v1")
        #expect(headers.values(for: "x-Thing") == ["v1", "v2"])
        #expect(headers.contains("HOST") && !headers.contains("Hos"))
        #expect(headers.count == 3)
        #expect(headers == ["Host": "a", "X-Thing": "v1", "x-thing": "v2"])
        #expect(Array(headers.map(\.value)) == ["a", "v1", "v2"])
    }

    @Test func removingAReceivedFieldFromACopyLeavesTheRequestUnchanged() throws {
        let request = try Self.parse(Self.head)
        var copy = request.headers
        copy.remove(name: "X-THING")
        #expect(copy.fields.map(\.name) == ["Host"])
        #expect(request.headers.count == 3)
        #expect(request.headers["x-thing"] == "v1")
    }

    @Test func fieldsAddedToAParsedListComeAfterTheReceivedOnes() throws {
        var headers = try Self.parse(Self.head).headers
        headers.add(name: "A", value: "1")
        headers.replaceOrAdd(name: "host", value: "b")
        #expect(headers.fields.map(\.name) == ["X-Thing", "x-thing", "A", "host"])
        #expect(headers["HOST"] == "b")
        headers.removeAll()
        #expect(headers.count == 0 && headers["x-thing"] == nil)
    }

    @Test func aRequestsConnectionOptionsAreReadFromItsFields() throws {
        let closing = try Self.parse("GET / HTTP/1.1\r\nHost: a\r\nConnection: Keep-Alive, CLOSE\r\n\r\n")
        #expect(!closing.keepsAlive)
        let http10 = try Self.parse("GET / HTTP/1.0\r\nconnection: ,keep-alive\r\n\r\n")
        #expect(http10.keepsAlive)
        let plain = try Self.parse("GET / HTTP/1.0\r\nX-Connection: keep-alive\r\n\r\n")
        #expect(!plain.keepsAlive)
    }

    @Test func aPathWithoutAQueryIsTheWholeTarget() throws {
        #expect(try Self.parse("GET /healthz HTTP/1.1\r\nHost: a\r\n\r\n").path == "/healthz")
        let absolute = try Self.parse("GET http://a.example HTTP/1.1\r\nHost: a\r\n\r\n")
        #expect(absolute.path == "/")
        #expect(try Self.parse("GET /k?x=1 HTTP/1.1\r\nHost: a\r\n\r\n").path == "/k")
    }
}
