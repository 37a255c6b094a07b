import Foundation
import HTTPCore
import LayoutService
import Testing

/// Every member of a layout request given twice is refused at the second one, whichever it is (the decoder marks
/// the members it has read in a bit mask rather than a set of names).
@Suite struct DuplicateMemberTests {
    let service = LayoutService(clock: ManualClock())

    func post(_ target: String, _ body: String) -> (status: Int, json: [String: Any]) {
        let request = Request(method: .POST, target: target, body: Array(body.utf8))
        let response = self.service.respond(to: request)
        let json = (try? JSONSerialization.jsonObject(with: Data(response.body))) as? [String: Any]
        return (response.status, json ?? [:])
    }

    /// Posts a flow request that must be refused with 422 at `pointer`; returns the problem.
    @discardableResult
    func expectRefused(_ body: String, at pointer: String, sourceLocation: SourceLocation = #_sourceLocation)
        -> [String: Any]
    {
        let (status, problem) = self.post("/layout/flow", body)
        #expect(status == 422, sourceLocation: sourceLocation)
        #expect(problem["pointer"] as? String == pointer, sourceLocation: sourceLocation)
        return problem
    }

    static let members: [(name: String, value: String)] = [
        ("viewport", #"{"width":375,"height":667}"#),
        ("contentOffset", #"{"x":0,"y":10}"#),
        ("layoutDirection", #""rightToLeft""#),
        ("rect", #"{"x":0,"y":0,"width":100,"height":100}"#),
        ("safeAreaInsets", #"{"top":1,"left":2,"bottom":3,"right":4}"#),
        ("layoutMargins", #"{"top":1,"left":2,"bottom":3,"right":4}"#),
        ("readableContentWidth", "300"),
        ("config", #"{"minimumLineSpacing":4}"#),
        ("sections", #"[{"count":3}]"#),
    ]

    @Test(arguments: Self.members.map(\.name))
    func aMemberGivenTwiceIsRefusedAtItsName(name: String) throws {
        let value = try #require(Self.members.first { $0.name == name }).value
        let base = #""viewport":{"width":375,"height":667},"sections":[{"count":3}]"#
        let once = name == "viewport" || name == "sections" ? "{\(base)}" : "{\(base),\"\(name)\":\(value)}"
        #expect(self.post("/layout/flow", once).status == 200, "the member once is accepted")
        self.expectRefused("{\(base),\"\(name)\":\(value),\"\(name)\":\(value)}", at: "/\(name)")
    }

    @Test func viewportsTwiceIsRefusedToo() {
        let viewports = #""viewports":[{"width":375,"height":667},{"width":768,"height":1024}]"#
        let once = #"{"# + viewports + #","sections":[{"count":3}]}"#
        #expect(self.post("/layout/flow", once).status == 200)
        self.expectRefused(#"{"# + viewports + #","sections":[{"count":3}],"# + viewports + "}", at: "/viewports")
    }

    @Test func anUnknownMemberIsRefusedAsUnknownTheFirstTime() {
        let body = #"{"viewport":{"width":375,"height":667},"sections":[{"count":3}],"colour":1,"colour":1}"#
        let problem = self.expectRefused(body, at: "/colour")
        #expect((problem["detail"] as? String)?.contains("twice") == false)
    }
}
