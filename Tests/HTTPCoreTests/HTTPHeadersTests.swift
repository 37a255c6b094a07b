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

    @Test func replaceFieldsOverwritesAListOfTheSameShapeOnly() {
        var headers = HTTPHeaders()
        headers.add(name: "Content-Type", value: "application/json")
        headers.add(name: "ETag", value: "\"1\"")
        let kept = headers
        let replaced = headers.replaceFields((name: "Content-Type", value: "text/plain"), (name: "ETag", value: "\"2\""))
        #expect(replaced)
        #expect(headers.fields.map(\.name) == ["Content-Type", "ETag"])
        #expect(headers.fields.map(\.value) == ["text/plain", "\"2\""])
        // A list sharing the storage keeps its fields (copy on write).
        #expect(kept.fields.map(\.value) == ["application/json", "\"1\""])
        // Another number of fields: nothing changes.
        let replacedOne = headers.replaceFields((name: "Content-Type", value: "text/html"))
        #expect(!replacedOne)
        #expect(headers.count == 2)
        #expect(headers["content-type"] == "text/plain")
    }

    @Test func pathAndQuerySplitAtTheFirstQuestionMark() {
        let request = Request(method: .GET, target: "/kinds?x=1?y")
        #expect(request.path == "/kinds")
        #expect(request.query == "x=1?y")
        #expect(Request(method: .GET, target: "/").query == nil)
    }
}
