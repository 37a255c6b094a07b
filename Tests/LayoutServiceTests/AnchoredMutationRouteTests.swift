import Foundation
import HTTPCore
import LayoutService
import Testing

/// `updates` and a committed `transition` answer the anchored `contentOffset`; `config.anchor` is read and checked.
@Suite struct AnchoredMutationRouteTests: ServiceTesting {
    let service = LayoutService(clock: ManualClock())

    /// One column of 300 × 50 items, 10 apart, in a 320 × 400 viewport.
    private func column(_ count: Int, anchor: String? = nil) throws -> String {
        let config = anchor.map { #","anchor":"\#($0)""# } ?? ""
        return try self.create(
            #"{"kind":"flow","viewport":{"width":320,"height":400},"sections":[{"count":\#(count)}],"#
                + #""config":{"itemSize":{"width":300,"height":50}\#(config)}}"#
        )
    }

    private func point(_ json: [String: Any], _ key: String) -> [String: Double]? {
        json[key] as? [String: Double]
    }

    @Test func prependingTenItemsAnswersTheOffsetMovedByTheirHeightAndSpacing() throws {
        let id = try self.column(100)
        let inserts = (0..<10).map { #"{"indexPath":[0,\#($0)]}"# }.joined(separator: ",")
        let (response, json) = self.call(
            .POST, "/sessions/\(id)/updates",
            #"{"insertItems":[\#(inserts)],"contentOffset":{"x":0,"y":1234}}"#
        )
        #expect(response.status == 200)
        #expect(self.point(json, "contentOffset") == ["x": 0, "y": 1834])
        #expect(self.point(json, "contentOffsetAdjustment") == ["x": 0, "y": 600])
    }

    @Test func withoutAnOffsetTheSessionsOwnIsAnchored() throws {
        let id = try self.column(100)
        let (_, json) = self.call(.POST, "/sessions/\(id)/updates", #"{"insertItems":[{"indexPath":[0,0]}]}"#)
        #expect(self.point(json, "contentOffset") == ["x": 0, "y": 60])
        #expect(self.point(json, "contentOffsetAdjustment") == ["x": 0, "y": 60])
    }

    @Test func aBottomAnchoredSessionAtTheEndFollowsAppendedItems() throws {
        let id = try self.column(20, anchor: "bottom")
        let (_, json) = self.call(
            .POST, "/sessions/\(id)/updates",
            #"{"insertItems":[{"indexPath":[0,20]},{"indexPath":[0,21]}],"contentOffset":{"x":0,"y":790}}"#
        )
        #expect(self.point(json, "contentOffset") == ["x": 0, "y": 910])
        let (_, summary) = self.call(.GET, "/sessions/\(id)")
        #expect((summary["contentSize"] as? [String: Double])?["height"] == 1310)
    }

    @Test func aCommittedTransitionAnswersTheAnchoredOffset() throws {
        let id = try self.column(100)
        // At y = 610 the first visible item is 10 (600–650), 10 points above the edge; the offset keeps it there.
        let (response, json) = self.call(
            .POST, "/sessions/\(id)/transition",
            #"{"to":{"kind":"flow","config":{"itemSize":{"width":140,"height":50}}},"progress":1,"#
                + #""commit":true,"contentOffset":{"x":0,"y":610}}"#
        )
        #expect(response.status == 200)
        // Two 140-point items a line: item 10 starts line 5, at 300.
        #expect(self.point(json, "contentOffset") == ["x": 0, "y": 310])
        #expect(self.point(json, "contentOffsetAdjustment") == ["x": 0, "y": -300])
    }

    @Test func anUncommittedTransitionAnswersNoOffset() throws {
        let id = try self.column(10)
        let (_, json) = self.call(
            .POST, "/sessions/\(id)/transition",
            #"{"to":{"kind":"waterfall"},"progress":0.5,"contentOffset":{"x":0,"y":10}}"#
        )
        #expect(json["contentOffset"] == nil && json["contentOffsetAdjustment"] == nil)
    }

    @Test(arguments: ["flow", "waterfall", "compositional"])
    func anUnknownAnchorIsRefusedWithAPointer(kind: String) throws {
        let (response, json) = self.call(
            .POST, "/sessions",
            #"{"kind":"\#(kind)","viewport":{"width":320,"height":400},"sections":[{"count":3}],"#
                + #""config":{"anchor":"middle"}}"#
        )
        #expect(response.status == 422)
        #expect(json["pointer"] as? String == "/config/anchor", "\(json)")
    }

    @Test func anchorIsNotAParameterOfTheOtherKinds() throws {
        let (response, json) = self.call(
            .POST, "/sessions",
            #"{"kind":"line","viewport":{"width":320,"height":400},"sections":[{"count":3}],"config":{"anchor":"top"}}"#
        )
        #expect(response.status == 422)
        #expect(json["pointer"] as? String == "/config/anchor", "\(json)")
    }

    @Test func aMalformedOffsetInUpdatesIsRefusedWithAPointer() throws {
        let id = try self.column(10)
        let (response, json) = self.call(
            .POST, "/sessions/\(id)/updates",
            #"{"insertItems":[{"indexPath":[0,0]}],"contentOffset":{"x":0,"y":"top"}}"#
        )
        #expect(response.status == 422)
        #expect(json["pointer"] as? String == "/contentOffset/y", "\(json)")
    }

    @Test(arguments: ["flow", "waterfall", "compositional"])
    func bottomAlignedContentFillsTheViewport(kind: String) throws {
        let (response, json) = self.call(
            .POST, "/layout/\(kind)",
            #"{"viewport":{"width":320,"height":900},"sections":[{"count":2}],"config":{"contentAlignment":"bottom"}}"#
        )
        #expect(response.status == 200)
        #expect((json["contentSize"] as? [String: Double])?["height"] == 900)
        let frames = (json["attributes"] as? [[String: Any]] ?? []).compactMap { $0["frame"] as? [String: Double] }
        let bottom = frames.map { ($0["y"] ?? 0) + ($0["height"] ?? 0) }.max() ?? 0
        #expect(!frames.isEmpty && bottom > 800 && bottom <= 900, "\(frames)")
    }

    @Test func aBottomAlignedChatListsItsMessagesAtTheBottom() throws {
        let (_, json) = self.call(
            .POST, "/layout/flow",
            #"{"viewport":{"width":320,"height":400},"sections":[{"count":3}],"#
                + #""config":{"itemSize":{"width":300,"height":50},"contentAlignment":"bottom"}}"#
        )
        let ys = (json["attributes"] as? [[String: Any]] ?? []).compactMap { ($0["frame"] as? [String: Double])?["y"] }
        #expect(ys == [230, 290, 350])
    }

    @Test(arguments: ["flow", "waterfall", "compositional"])
    func anUnknownContentAlignmentIsRefusedWithAPointer(kind: String) throws {
        let (response, json) = self.call(
            .POST, "/layout/\(kind)",
            #"{"viewport":{"width":320,"height":400},"sections":[{"count":3}],"config":{"contentAlignment":"middle"}}"#
        )
        #expect(response.status == 422)
        #expect(json["pointer"] as? String == "/config/contentAlignment", "\(json)")
    }
}
