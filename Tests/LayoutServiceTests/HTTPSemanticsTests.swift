import Foundation
import HTTPCore
import LayoutService
import Testing

/// Issue 20's HTTP semantics through the responder: absolute-form targets, `OPTIONS *` and `OPTIONS /route`, and
/// every JSON syntax error answered as one, even where a decoder meets a wrong value first.
@Suite struct HTTPSemanticsTests: ServiceTesting {
    let service = LayoutService()

    static let flow = #"{"viewport":{"width":320,"height":480},"sections":[{"count":10}]}"#
    static let waterfall =
        #"{"kind":"waterfall","viewport":{"width":320,"height":480},"sections":[{"count":100},{"count":50}]}"#

    @Test func anAbsoluteFormTargetIsRoutedByItsPath() {
        #expect(self.call(.GET, "http://example.com/healthz").0.status == 200)
        #expect(self.call(.GET, "HTTPS://other:8443/kinds?x=1").0.status == 200)
        #expect(self.call(.GET, "http://example.com/nothing").0.status == 404)
        let (response, json) = self.call(.POST, "http://example.com/layout/flow", Self.flow)
        #expect(response.status == 200)
        #expect((json["attributes"] as? [Any])?.count == 10)
    }

    @Test func optionsAsteriskListsEveryImplementedMethod() {
        let (response, _) = self.call(.OPTIONS, "*")
        #expect(response.status == 204)
        #expect(response.headers["Allow"] == "GET, HEAD, POST, DELETE, OPTIONS")
        #expect(response.body.isEmpty)
    }

    @Test(arguments: [
        ("/layout/flow", "POST, OPTIONS"),
        ("/sessions", "POST, OPTIONS"),
        ("/sessions/abc", "GET, HEAD, DELETE, OPTIONS"),
        ("/healthz", "GET, HEAD, OPTIONS"),
        ("http://x/sessions/abc/query", "POST, OPTIONS"),
    ])
    func optionsOnARouteListsItsMethods(target: String, allow: String) {
        let (response, _) = self.call(.OPTIONS, target)
        #expect(response.status == 204)
        #expect(response.headers["Allow"] == allow)
    }

    /// `OPTIONS *` tells only what the docs tell, so it needs no token; `OPTIONS` on a protected route still does.
    @Test func optionsAsteriskIsPublicButProtectedRoutesAreNot() {
        var configuration = ServiceConfiguration()
        configuration.apiToken = "s3cret"
        let service = LayoutService(configuration: configuration)
        #expect(service.respond(to: Request(method: .OPTIONS, target: "*")).status == 204)
        #expect(service.respond(to: Request(method: .OPTIONS, target: "/layout/flow")).status == 401)
        #expect(service.respond(to: Request(method: .GET, target: "http://x/kinds")).status == 401)
        let authorized = Request(method: .GET, target: "http://x/kinds", headers: ["Authorization": "Bearer s3cret"])
        #expect(service.respond(to: authorized).status == 200)
    }

    /// Bodies whose first trouble, read in order, is a wrong value, but which are not JSON: each is a 400 naming
    /// the offset of the syntax error, on every route that reads a body.
    @Test(arguments: [
        ("[1,2", 4),
        (#"{"viewport":"wide","#, 19),
        (#"{"sections":7} trailing"#, 15),
        (#"{"viewport":{"width":-1,"height":2}]"#, 35),
        ("\"unterminated", 13),
    ])
    func syntaxErrorsWinOverShapeErrors(body: String, offset: Int) throws {
        let id = try self.create(Self.waterfall)
        for target in ["/layout/flow", "/sessions", "/sessions/\(id)/query", "/sessions/\(id)/updates"] {
            let (response, json) = self.call(.POST, target, body)
            #expect(response.status == 400, "\(target): \(String(decoding: response.body, as: UTF8.self))")
            #expect(json["type"] as? String == "/problems/malformed-json", "\(target)")
            #expect(json["offset"] as? Int == offset, "\(target)")
            #expect(json["pointer"] == nil, "\(target)")
        }
    }

    /// Well-formed JSON with a wrong value stays a 422 with a pointer on the same routes.
    @Test(arguments: [
        ("[1,2]", ""),
        (#"{"viewport":"wide"}"#, "/viewport"),
    ])
    func wellFormedWrongValuesStay422WithAPointer(body: String, pointer: String) throws {
        let id = try self.create(Self.waterfall)
        for target in ["/layout/flow", "/sessions", "/sessions/\(id)/query", "/sessions/\(id)/updates"] {
            let (response, json) = self.call(.POST, target, body)
            #expect(response.status == 422, "\(target): \(String(decoding: response.body, as: UTF8.self))")
            #expect(json["type"] as? String == "/problems/invalid-field", "\(target)")
            #expect(json["pointer"] is String, "\(target)")
            if target == "/layout/flow" { #expect(json["pointer"] as? String == pointer) }
        }
    }
}
