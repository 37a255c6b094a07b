import Foundation
import HTTPCore
import LayoutService
import Testing

/// `POST /layout/{kind}` with `viewports`: one request, one layout per breakpoint, each the same bytes as the answer
/// for that viewport alone.
@Suite struct BreakpointRouteTests: ServiceTesting {
    let service = LayoutService(clock: ManualClock())

    static let kinds: [(kind: String, rest: String)] = [
        ("flow", #""sections":[{"count":40,"header":{"width":0,"height":30}}],"config":{"itemSize":{"width":90,"height":60}}"#),
        ("waterfall", #""sections":[{"items":[{"width":1,"height":2},{"width":3,"height":2},{"width":1,"height":1}]},{"count":30}]"#),
        ("justified", #""sections":[{"items":[{"width":4,"height":3},{"width":3,"height":4},{"width":16,"height":9},{"width":2,"height":3}]}]"#),
        ("compositional", #""sections":[{"count":9}],"config":{"section":{"group":{"layout":"horizontal","size":{"width":{"fractionalWidth":1},"height":{"absolute":100}},"subitems":[{"size":{"width":{"fractionalWidth":0.3333},"height":{"fractionalHeight":1}}}]}}}"#),
        ("line", #""sections":[{"count":12}]"#),
        ("circle", #""sections":[{"count":7}]"#),
    ]

    static let viewports = [(390.0, 844.0), (768, 1024), (1280, 800)]

    @Test(arguments: Self.kinds.indices)
    func eachLayoutIsTheAnswerForItsViewportAlone(kind index: Int) throws {
        let (kind, rest) = Self.kinds[index]
        let list = Self.viewports.map { #"{"width":\#(Int($0.0)),"height":\#(Int($0.1))}"# }
        let (response, _) = self.call(.POST, "/layout/\(kind)", #"{"viewports":[\#(list.joined(separator: ","))],\#(rest)}"#)
        #expect(response.status == 200, "\(String(decoding: response.body, as: UTF8.self))")
        var expected = #"{"kind":"\#(kind)","layouts":["#
        for (position, viewport) in list.enumerated() {
            let single = self.call(.POST, "/layout/\(kind)", #"{"viewport":\#(viewport),\#(rest)}"#).0
            #expect(single.status == 200)
            let text = String(decoding: single.body, as: UTF8.self)
            let prefix = #"{"kind":"\#(kind)","#
            #expect(text.hasPrefix(prefix))
            expected += (position > 0 ? "," : "") + #"{"viewport":\#(viewport),"# + text.dropFirst(prefix.count)
        }
        expected += "]}"
        #expect(String(decoding: response.body, as: UTF8.self) == expected)
    }

    @Test(arguments: [
        (#"{"viewport":{"width":100,"height":100},"viewports":[{"width":100,"height":100}],"sections":[]}"#, "/viewports"),
        (#"{"viewports":[],"sections":[]}"#, "/viewports"),
        (#"{"viewports":[{"width":-1,"height":100}],"sections":[]}"#, "/viewports/0/width"),
        (#"{"sections":[]}"#, "/viewport"),
        (#"{"viewports":[{"width":400,"height":100},{"width":100,"height":100}],"sections":[{"count":3}],"config":{"columnCount":9,"columnSpacing":10}}"#, "/config/columnCount"),
    ])
    func aWrongViewportListIs422WithItsPointer(body: String, pointer: String) {
        let (response, problem) = self.call(.POST, "/layout/waterfall", body)
        #expect(response.status == 422)
        #expect(problem["pointer"] as? String == pointer, "\(problem)")
    }

    @Test func seventeenViewportsAreTooMany() {
        let list = Array(repeating: #"{"width":100,"height":100}"#, count: 17).joined(separator: ",")
        let (response, problem) = self.call(.POST, "/layout/flow", #"{"viewports":[\#(list)],"sections":[{"count":1}]}"#)
        #expect(response.status == 422)
        #expect(problem["pointer"] as? String == "/viewports/16")
    }

    @Test func aViewportTheLayoutCannotUseIsNamedByItsIndex() {
        // Three default columns (spacing and insets 10) fit 400 points but not 30: the second viewport is at fault.
        let body = #"{"viewports":[{"width":400,"height":100},{"width":30,"height":100}],"sections":[{"count":3}]}"#
        let (response, problem) = self.call(.POST, "/layout/waterfall", body)
        #expect(response.status == 422)
        #expect(problem["pointer"] as? String == "/viewports/1/width", "\(problem)")
    }

    @Test func viewportsMakeASmallRequestExpensive() {
        func request(_ body: String) -> Request { Request(method: .POST, target: "/layout/flow", body: Array(body.utf8)) }
        #expect(!self.service.isExpensive(request(#"{"viewport":{"width":1,"height":1},"sections":[{"count":10000}]}"#)))
        #expect(self.service.isExpensive(request(#"{"viewports":[{"width":1,"height":1}],"sections":[{"count":10000}]}"#)))
    }

    /// One scan of the body decides, looking for `"viewports"` only between the two limits: the answer at each
    /// limit's edge, with and without viewports, and with the items split over several `count` members, is the one
    /// the two limits give (20,000 items, or 20,000 / 16 = 1,250 with viewports).
    @Test(arguments: [
        (1250, false, false), (1250, true, false), (1251, false, false), (1251, true, true),
        (20_000, false, false), (20_000, true, true), (20_001, false, true), (20_001, true, true),
        (0, true, false), (900_000_000_000, false, true),
    ])
    func theItemLimitsDecideWhetherALayoutIsExpensive(items: Int, hasViewports: Bool, isExpensive: Bool) {
        func request(_ body: String) -> Request {
            Request(method: .POST, target: "/layout/flow", body: Array(body.utf8))
        }
        let viewports = #""viewports":[{"width":1,"height":1}]"#
        let whole = #"{\#(hasViewports ? viewports + "," : "")"sections":[{"count":\#(items)}]}"#
        let halves = #"{"count":\#(items / 2)},{"count" : \#(items - items / 2)}"#
        let split = #"{"sections":[\#(halves)]\#(hasViewports ? "," + viewports : "")}"#
        #expect(self.service.isExpensive(request(whole)) == isExpensive, "\(whole)")
        #expect(self.service.isExpensive(request(split)) == isExpensive, "\(split)")
    }
}
