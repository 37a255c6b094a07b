import Foundation
import HTTPCore
import LayoutService
import Testing

/// Issue 19.7: a layout whose content would pass ±1e9 points is a 422 naming the section that takes it there, in
/// stateless layouts, session creates and mutations alike.
@Suite struct CoordinateRangeRouteTests: ServiceTesting {
    let service = LayoutService(configuration: ServiceConfiguration())

    /// A flow of 1e7-point items and spacing: `count` items reach `count × 2e7 − 1e7` points down.
    static let hugeFlow = #""config":{"itemSize":{"width":10000000,"height":10000000},"minimumLineSpacing":10000000}"#

    @Test func aFlowPastTheRangeByCountNamesTheCount() {
        let (response, json) = self.call(
            .POST, "/layout/flow", #"{"viewport":{"width":375,"height":667},"sections":[{"count":100}],\#(Self.hugeFlow)}"#
        )
        #expect(response.status == 422)
        #expect(json["pointer"] as? String == "/sections/0/count")
        #expect((json["detail"] as? String)?.contains("1e9") == true)
    }

    @Test func theSectionThatCrossesTheRangeIsTheOneNamed() {
        // 50 items end at 9.9e8 points: inside; the second section's 10 take the content past 1e9.
        let inside = self.call(.POST, "/layout/flow", #"{"viewport":{"width":375,"height":667},"sections":[{"count":50}],\#(Self.hugeFlow)}"#).0
        #expect(inside.status == 200)
        let (response, json) = self.call(
            .POST, "/layout/flow", #"{"viewport":{"width":375,"height":667},"sections":[{"count":50},{"count":10}],\#(Self.hugeFlow)}"#
        )
        #expect(response.status == 422)
        #expect(json["pointer"] as? String == "/sections/1/count")
    }

    @Test func aWaterfallOfListedAspectRatiosNamesTheItems() {
        // Aspect ratio 1e7 on a column about 100 points wide: one item 1e9 points tall.
        let (response, json) = self.call(
            .POST, "/layout/waterfall", #"{"viewport":{"width":375,"height":667},"sections":[{"items":[{"width":1,"height":10000000}]}]}"#
        )
        #expect(response.status == 422)
        #expect(json["pointer"] as? String == "/sections/0/items")
    }

    @Test func aHorizontalLinePastTheRangeIsRefusedToo() {
        let config = #""config":{"itemSize":{"width":10000000,"height":100},"minimumLineSpacing":10000000}"#
        let (response, json) = self.call(.POST, "/layout/line", #"{"viewport":{"width":375,"height":667},"sections":[{"count":200}],\#(config)}"#)
        #expect(response.status == 422)
        #expect(json["pointer"] as? String == "/sections/0/count")
    }

    @Test func aSessionCreatePastTheRangeIsRefused() {
        let (response, json) = self.call(
            .POST, "/sessions", #"{"kind":"flow","viewport":{"width":375,"height":667},"sections":[{"count":100}],\#(Self.hugeFlow)}"#
        )
        #expect(response.status == 422)
        #expect(json["pointer"] as? String == "/sections/0/count")
    }

    @Test func anUpdateThatWouldPassTheRangeIsRefusedAndChangesNothing() throws {
        let id = try self.create(#"{"kind":"flow","viewport":{"width":375,"height":667},"sections":[{"count":50}],\#(Self.hugeFlow)}"#)
        let inserts = (50..<60).map { #"{"indexPath":[0,\#($0)]}"# }.joined(separator: ",")
        let (response, json) = self.call(.POST, "/sessions/\(id)/updates", #"{"insertItems":[\#(inserts)]}"#)
        #expect(response.status == 422, "\(json)")
        #expect(json["pointer"] as? String == "/sections/0")
        #expect(self.call(.GET, "/sessions/\(id)").1["version"] as? Int == 1)
    }
}
