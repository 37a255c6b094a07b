import Foundation
import HTTPCore
import LayoutService
import Testing

/// `transition`, `move` and `move/end` through the responder.
@Suite struct TransitionRouteTests: ServiceTesting {
    let service = LayoutService(clock: ManualClock())



    static let viewport = #""viewport":{"width":375,"height":667}"#

    func stateless(_ kind: String, _ sections: String) -> NSArray {
        let body = #"{\#(Self.viewport),"sections":\#(sections)}"#
        return NSArray(array: self.call(.POST, "/layout/\(kind)", body).1["attributes"] as? [Any] ?? [])
    }

    @Test func theEndsOfATransitionAreTheTwoLayouts() throws {
        let id = try self.create(#"{"kind":"stack",\#(Self.viewport),"sections":[{"count":7}]}"#)
        let start = self.call(.POST, "/sessions/\(id)/transition", #"{"to":{"kind":"circle"},"progress":0}"#)
        #expect(start.0.status == 200)
        #expect(NSArray(array: start.1["attributes"] as? [Any] ?? []).isEqual(to: self.stateless("stack", #"[{"count":7}]"#) as! [Any]))
        let end = self.call(.POST, "/sessions/\(id)/transition", #"{"progress":1,"to":{"config":{"radius":120},"kind":"circle"}}"#)
        let circle = self.call(
            .POST, "/layout/circle", #"{\#(Self.viewport),"sections":[{"count":7}],"config":{"radius":120}}"#
        ).1["attributes"] as? [Any] ?? []
        #expect(NSArray(array: end.1["attributes"] as? [Any] ?? []).isEqual(to: circle))
        #expect(end.1["version"] as? Int == 1, "a transition that does not commit changes nothing")
    }

    @Test func halfwayARotatedCardTurnsHalfwayUpright() throws {
        let id = try self.create(#"{"kind":"stack",\#(Self.viewport),"sections":[{"count":3}]}"#)
        let (_, json) = self.call(.POST, "/sessions/\(id)/transition", #"{"to":{"kind":"circle"},"progress":0.5}"#)
        let attributes = try #require(json["attributes"] as? [[String: Any]])
        let card = try #require(attributes.first { ($0["indexPath"] as? [Int]) == [0, 2] })
        let transform = try #require(card["transform"] as? [String: Double])
        // The stack rotates item 2 by -0.5 rad; the circle leaves it upright: halfway is -0.25 rad.
        #expect(abs(atan2(try #require(transform["b"]), try #require(transform["a"])) - -0.25) < 1e-9)
    }

    @Test func committingSwitchesTheLayoutAndHonoursIfMatch() throws {
        let id = try self.create(#"{"kind":"stack",\#(Self.viewport),"sections":[{"count":4}]}"#)
        let stale = self.call(
            .POST, "/sessions/\(id)/transition", #"{"to":{"kind":"circle"},"progress":1,"commit":true}"#,
            headers: ["If-Match": "\"7\""]
        )
        #expect(stale.0.status == 412)
        #expect(stale.1["version"] as? Int == 1)
        #expect(self.call(.GET, "/sessions/\(id)").1["kind"] as? String == "stack", "a refused commit changes nothing")
        let committed = self.call(
            .POST, "/sessions/\(id)/transition", #"{"to":{"kind":"circle"},"progress":1,"commit":true}"#,
            headers: ["If-Match": "\"1\""]
        )
        #expect(committed.0.status == 200)
        #expect(committed.0.headers["ETag"] == "\"2\"")
        let summary = self.call(.GET, "/sessions/\(id)").1
        #expect(summary["kind"] as? String == "circle")
        #expect(summary["version"] as? Int == 2)
    }

    @Test func badTransitionsNameTheField() throws {
        let id = try self.create(#"{"kind":"flow",\#(Self.viewport),"sections":[{"count":4}]}"#)
        let cases: [(String, String)] = [
            (#"{"progress":0.5}"#, "/to"),
            (#"{"to":{"kind":"flow"},"progress":1.5}"#, "/progress"),
            (#"{"to":{"kind":"hexagon"},"progress":0.5}"#, "/to/kind"),
            (#"{"to":{"kind":"waterfall","config":{"columnCount":0}},"progress":0.5}"#, "/to/config/columnCount"),
            (#"{"to":{"kind":"waterfall","config":{"columnCount":900}},"progress":0.5}"#, "/to/config/columnCount"),
        ]
        for (body, pointer) in cases {
            let (response, problem) = self.call(.POST, "/sessions/\(id)/transition", body)
            #expect(response.status == 422, "\(body)")
            #expect(problem["pointer"] as? String == pointer, "\(body)")
        }
    }

    @Test func draggingAnItemFollowsTheFingerAndDroppingCommitsTheMove() throws {
        let sizes = #"[{"items":[{"width":100,"height":40},{"width":100,"height":50},{"width":100,"height":60}]}]"#
        let id = try self.create(#"{"kind":"flow",\#(Self.viewport),"sections":\#(sizes)}"#)
        // The three items share one line; the last one's centre is near x = 325.
        let (response, json) = self.call(
            .POST, "/sessions/\(id)/move",
            #"{"indexPath":[0,0],"position":{"x":320,"y":30},"rect":{"x":0,"y":0,"width":375,"height":667}}"#
        )
        #expect(response.status == 200)
        let item = try #require(json["item"] as? [String: Any])
        let frame = try #require(item["frame"] as? [String: Double])
        #expect(frame["x"] == 270 && frame["y"] == 10)
        #expect(item["zIndex"] as? Int == 2_147_483_647)
        #expect(json["targetIndexPath"] as? [Int] == [0, 2])
        #expect((json["attributes"] as? [Any])?.count == 3)
        let end = self.call(.POST, "/sessions/\(id)/move/end", #"{"indexPath":[0,0],"targetIndexPath":[0,2]}"#)
        #expect(end.0.status == 200)
        #expect(end.1["version"] as? Int == 2)
        let moved = self.call(.GET, "/sessions/\(id)/items/0/2").1
        #expect((moved["frame"] as? [String: Double])?["height"] == 40, "the first item is now the last")
        let bad = self.call(.POST, "/sessions/\(id)/move/end", #"{"indexPath":[0,0],"targetIndexPath":[0,9]}"#)
        #expect(bad.0.status == 422)
        #expect(bad.1["pointer"] as? String == "/targetIndexPath")
        #expect(self.call(.POST, "/sessions/\(id)/move", #"{"indexPath":[3,0],"position":{"x":0,"y":0}}"#).1["pointer"] as? String == "/indexPath")
    }
}
