import Foundation
import HTTPCore
import LayoutService
import Testing

/// The page's files carry an `ETag` and `Cache-Control: no-cache`, and a matching `If-None-Match` gets 304.
@Suite struct WebCachingTests {
    let service = LayoutService()

    func get(_ target: String, ifNoneMatch: String? = nil) -> Response {
        var headers: HTTPHeaders = [:]
        if let ifNoneMatch { headers.replaceOrAdd(name: "If-None-Match", value: ifNoneMatch) }
        return self.service.respond(to: Request(method: .GET, target: target, headers: headers))
    }

    @Test(arguments: ["/", "/app.js", "/layout-client.js", "/layout-client.d.ts", "/style.css", "/demo-content.js"])
    func everyFileHasAStrongTagAndIsRevalidated(path: String) throws {
        let first = self.get(path)
        #expect(first.status == 200 && !first.body.isEmpty)
        #expect(first.headers["Cache-Control"] == "no-cache")
        let tag = try #require(first.headers["ETag"])
        #expect(tag.range(of: #"^"[0-9a-f]{16}"$"#, options: .regularExpression) != nil, "\(tag)")
        #expect(self.get(path).headers["ETag"] == tag, "the same bytes, the same tag")

        for condition in [tag, "W/\(tag)", "\"0000000000000000\", \(tag)", "*", " \(tag) "] {
            let revalidated = self.get(path, ifNoneMatch: condition)
            #expect(revalidated.status == 304, "If-None-Match: \(condition)")
            #expect(revalidated.body.isEmpty)
            #expect(revalidated.headers["ETag"] == tag && revalidated.headers["Cache-Control"] == "no-cache")
        }
        for condition in ["\"0000000000000000\"", "", "nonsense", String(tag.dropLast())] {
            #expect(self.get(path, ifNoneMatch: condition).status == 200, "If-None-Match: \(condition)")
        }
    }

    @Test func differentFilesHaveDifferentTags() {
        let tags = Set(["/", "/app.js", "/layout-client.js", "/style.css"].compactMap { self.get($0).headers["ETag"] })
        #expect(tags.count == 4)
    }

    @Test func theRevalidationIsPublicWithAToken() {
        var configuration = ServiceConfiguration()
        configuration.apiToken = "t"
        let service = LayoutService(configuration: configuration)
        let tag = service.respond(to: Request(method: .GET, target: "/app.js")).headers["ETag"] ?? ""
        let answer = service.respond(to: Request(method: .GET, target: "/app.js", headers: ["If-None-Match": tag]))
        #expect(answer.status == 304)
    }
}
