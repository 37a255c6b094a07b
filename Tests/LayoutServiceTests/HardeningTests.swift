import Foundation
import HTTPCore
import LayoutService
import Testing

/// Inputs that once produced wrong answers or cost far more than they looked.
@Suite struct HardeningTests {
    let service = LayoutService(clock: ManualClock())

    func post(_ target: String, _ body: String, headers: HTTPHeaders = [:]) -> (status: Int, json: [String: Any]) {
        let response = self.service.respond(to: Request(method: .POST, target: target, headers: headers, body: Array(body.utf8)))
        return (response.status, (try? JSONSerialization.jsonObject(with: Data(response.body))) as? [String: Any] ?? [:])
    }

    @Test func aWaterfallAspectRatioCannotOverflow() {
        let body = #"{"viewport":{"width":375,"height":667},"sections":[{"items":[{"width":5e-324,"height":10000000}]}]}"#
        let (status, problem) = self.post("/layout/waterfall", body)
        #expect(status == 422)
        #expect(problem["pointer"] as? String == "/sections/0/items/0/width")
    }

    @Test func aMemberGivenTwiceIsRefused() {
        let body = #"{"kind":"flow","viewport":{"width":1,"height":1},"sections":[],"kind":[1]}"#
        let (status, problem) = self.post("/sessions", body)
        #expect(status == 422)
        #expect(problem["pointer"] as? String == "/kind")
    }

    @Test(arguments: [
        (#"{"viewport":{"width":100,"height":100},"sections":[{"count":1,"config":{"columnSpacing":1000}}]}"#,
         "/sections/0/config/columnSpacing"),
        (#"{"viewport":{"width":100,"height":100},"config":{"sectionInset":{"top":0,"left":90,"bottom":0,"right":90}},"sections":[{"count":1}]}"#,
         "/config/sectionInset"),
        (#"{"viewport":{"width":0,"height":100},"sections":[{"count":1}]}"#, "/viewport/width"),
    ])
    func columnsThatDoNotFitPointAtWhatTheRequestSet(body: String, pointer: String) {
        let (status, problem) = self.post("/layout/waterfall", body)
        #expect(status == 422)
        #expect(problem["pointer"] as? String == pointer)
    }

    @Test func ifMatchTakesAStarAndRefusesNonsense() throws {
        let created = self.post("/sessions", #"{"kind":"circle","viewport":{"width":200,"height":200},"sections":[{"count":3}]}"#)
        let id = try #require(created.json["id"] as? String)
        let body = #"{"to":{"kind":"stack"},"progress":1,"commit":true}"#
        #expect(self.post("/sessions/\(id)/transition", body, headers: ["If-Match": "*"]).status == 200)
        let bad = self.post("/sessions/\(id)/transition", body, headers: ["If-Match": ""])
        #expect(bad.status == 400)
        #expect(bad.json["type"] as? String == "/problems/invalid-header")
        // RFC 9110 §13.1.1: If-Match compares strongly, so a weak tag matches no version.
        #expect(self.post("/sessions/\(id)/transition", body, headers: ["If-Match": "W/\"2\""]).status == 412)
        #expect(self.post("/sessions/\(id)/transition", body, headers: ["If-Match": "\"2\""]).status == 200)
    }

    @Test func requestsForManyItemsAreExpensiveWhateverTheirSize() throws {
        func request(_ target: String, _ body: String) -> Request {
            Request(method: .POST, target: target, body: Array(body.utf8))
        }
        #expect(self.service.isExpensive(request("/layout/flow", #"{"sections":[{"count":2000000}]}"#)))
        #expect(self.service.isExpensive(request("/layout/flow", #"{"sections":[{"count" : 15000},{"count":15000}]}"#)))
        #expect(!self.service.isExpensive(request("/layout/flow", #"{"sections":[{"count":20}]}"#)))
        let created = self.post("/sessions", #"{"kind":"flow","viewport":{"width":375,"height":667},"sections":[{"count":30000}]}"#)
        let id = try #require(created.json["id"] as? String)
        #expect(self.service.isExpensive(request("/sessions/\(id)/transition", "{}")))
        #expect(!self.service.isExpensive(request("/sessions/\(id)/query", "{}")))
    }

    @Test func theBearerSchemeIsCaseInsensitive() {
        var configuration = ServiceConfiguration()
        configuration.apiToken = "t"
        let service = LayoutService(configuration: configuration)
        for header in ["Bearer t", "bearer t", "BEARER t"] {
            #expect(service.respond(to: Request(method: .GET, target: "/kinds", headers: ["Authorization": header])).status == 200)
        }
        for header in ["Bearer", "Bearer ", "Basic t", "Bearer tt", "Bearer  t"] {
            #expect(service.respond(to: Request(method: .GET, target: "/kinds", headers: ["Authorization": header])).status == 401)
        }
    }

    @Test func anEmptyFlagValueDoesNotSwallowTheNextArgument() throws {
        guard case .run(let options) = try LayoutdOptions.parse(arguments: ["--cors-origins=", "--port", "0"], environment: [:]) else {
            Issue.record("expected options")
            return
        }
        #expect(options.port == 0)
        #expect(options.service.corsOrigins.isEmpty)
        #expect(throws: OptionsError.self) { try LayoutdOptions.parse(arguments: ["--session-ttl", "1e300"], environment: [:]) }
    }
}
