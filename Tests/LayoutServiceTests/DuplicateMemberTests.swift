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
        return (response.status, (try? JSONSerialization.jsonObject(with: Data(response.body))) as? [String: Any] ?? [:])
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
        let twice = "{\(base),\"\(name)\":\(value),\"\(name)\":\(value)}"
        let (status, problem) = self.post("/layout/flow", twice)
        #expect(status == 422)
        #expect(problem["pointer"] as? String == "/\(name)")
    }

    @Test func viewportsTwiceIsRefusedToo() {
        let viewports = #""viewports":[{"width":375,"height":667},{"width":768,"height":1024}]"#
        let once = #"{"# + viewports + #","sections":[{"count":3}]}"#
        #expect(self.post("/layout/flow", once).status == 200)
        let (status, problem) = self.post("/layout/flow", #"{"# + viewports + #","sections":[{"count":3}],"# + viewports + "}")
        #expect(status == 422)
        #expect(problem["pointer"] as? String == "/viewports")
    }

    @Test func anUnknownMemberIsRefusedAsUnknownTheFirstTime() {
        let body = #"{"viewport":{"width":375,"height":667},"sections":[{"count":3}],"colour":1,"colour":1}"#
        let (status, problem) = self.post("/layout/flow", body)
        #expect(status == 422)
        #expect(problem["pointer"] as? String == "/colour")
        #expect((problem["detail"] as? String)?.contains("twice") == false)
    }
}
