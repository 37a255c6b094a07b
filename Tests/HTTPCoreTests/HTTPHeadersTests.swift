import HTTPCore
import Testing

@Suite struct HTTPHeadersTests {
    @Test func lookupIgnoresTheCaseOfNames() {
        let headers: HTTPHeaders = ["Content-Type": "text/plain", "X-Thing": "1"]
        #expect(headers["content-type"] == "text/plain")
        #expect(headers["X-THING"] == "1")
        #expect(headers["Content-Length"] == nil)
    }

    @Test func duplicatesAreKeptInOrder() {
        var headers = HTTPHeaders()
        headers.add(name: "Host", value: "a")
        headers.add(name: "host", value: "b")
        #expect(headers.values(for: "HOST") == ["a", "b"])
        headers.replaceOrAdd(name: "Host", value: "c")
        #expect(headers.values(for: "host") == ["c"])
    }

    @Test func pathAndQuerySplitAtTheFirstQuestionMark() {
        let request = Request(method: .GET, target: "/kinds?x=1?y")
        #expect(request.path == "/kinds")
        #expect(request.query == "x=1?y")
        #expect(Request(method: .GET, target: "/").query == nil)
    }
}
