import Foundation
import HTTPCore
import LayoutService
import Testing

/// The waterfall's items by exact `height`, responsive columns and spanning items, through every route that reads
/// them: `POST /layout/waterfall`, sessions, `invalidate`, `updates`.
@Suite struct WaterfallRouteTests: ServiceTesting {
    let service = LayoutService(clock: ManualClock())

    func cells(_ json: [String: Any]) -> [[String: Double]] {
        (json["attributes"] as? [[String: Any]] ?? []).filter { $0["category"] as? String == "cell" }
            .compactMap { $0["frame"] as? [String: Double] }
    }

    func everything(_ id: String) -> NSArray {
        let rect = #"{"rect":{"x":0,"y":0,"width":10000000,"height":10000000}}"#
        return NSArray(array: self.call(.POST, "/sessions/\(id)/query", rect).1["attributes"] as? [Any] ?? [])
    }

    func stateless(_ body: String) -> NSArray {
        NSArray(array: self.call(.POST, "/layout/waterfall", body).1["attributes"] as? [Any] ?? [])
    }

    @Test func anItemGivenByHeightIsThatTallAndASizeKeepsItsAspect() throws {
        let body = #"{"viewport":{"width":300,"height":600},"sections":[{"items":[{"width":100,"height":300},"#
            + #"{"height":300}]}]}"#
        let (response, json) = self.call(.POST, "/layout/waterfall", body)
        #expect(response.status == 200, "\(json)")
        let frames = self.cells(json)
        let column = (300.0 - 40) / 3
        #expect(frames[0]["height"] == column * 3)
        #expect(frames[1]["height"] == 300)
        #expect(frames[1]["width"] == column)
    }

    @Test func responsiveColumnsAndSpansAreRead() throws {
        // 400 − 20 = 380 wide, spacing 10: ⌊390 / 130⌋ = 3 columns of 120.
        let body = #"{"viewport":{"width":400,"height":600},"config":{"minColumnWidth":120,"maxColumnCount":4},"#
            + #""sections":[{"items":[{"height":50},{"height":80,"columnSpan":2},{"height":10,"columnSpan":"full"},"#
            + #"{"width":2,"height":1,"columnSpan":2}]}]}"#
        let (response, json) = self.call(.POST, "/layout/waterfall", body)
        #expect(response.status == 200, "\(json)")
        let frames = self.cells(json)
        #expect(frames[0] == ["x": 10, "y": 10, "width": 120, "height": 50])
        #expect(frames[1] == ["x": 140, "y": 10, "width": 250, "height": 80])
        #expect(frames[2] == ["x": 10, "y": 100, "width": 380, "height": 10])
        #expect(frames[3] == ["x": 10, "y": 120, "width": 250, "height": 125])
    }

    @Test func sectionsOverrideTheColumnParameters() throws {
        let body = #"{"viewport":{"width":400,"height":600},"config":{"minColumnWidth":120},"#
            + #""sections":[{"count":1,"config":{"maxColumnWidth":50}},{"count":1,"config":{"minColumnWidth":300}}]}"#
        let (response, json) = self.call(.POST, "/layout/waterfall", body)
        #expect(response.status == 200, "\(json)")
        #expect(self.cells(json).map { $0["width"] } == [50, 380])
    }

    @Test(arguments: [
        (#"{"items":[{"width":0,"height":3}]}"#, "/sections/0/items/0/width"),
        (#"{"items":[{"columnSpan":2}]}"#, "/sections/0/items/0/height"),
        (#"{"items":[{"height":2,"columnSpan":0}]}"#, "/sections/0/items/0/columnSpan"),
        (#"{"items":[{"height":2,"columnSpan":"half"}]}"#, "/sections/0/items/0/columnSpan"),
        (#"{"items":[{"height":2,"span":2}]}"#, "/sections/0/items/0/span"),
        (#"{"count":1,"config":{"minColumnWidth":0}}"#, "/sections/0/config/minColumnWidth"),
        (#"{"count":1,"config":{"maxColumnCount":0}}"#, "/sections/0/config/maxColumnCount"),
        (#"{"count":1,"config":{"maxColumnWidth":-1}}"#, "/sections/0/config/maxColumnWidth"),
    ])
    func aWrongItemOrParameterIs422WithItsPointer(section: String, pointer: String) {
        let body = #"{"viewport":{"width":400,"height":600},"sections":[\#(section)]}"#
        let (response, problem) = self.call(.POST, "/layout/waterfall", body)
        #expect(response.status == 422)
        #expect(problem["pointer"] as? String == pointer, "\(problem)")
    }

    @Test func aFlowItemGivenByHeightAloneIsRefused() {
        let body = #"{"viewport":{"width":400,"height":600},"sections":[{"items":[{"height":2}]}]}"#
        let (response, problem) = self.call(.POST, "/layout/flow", body)
        #expect(response.status == 422)
        #expect(problem["pointer"] as? String == "/sections/0/items/0/width", "\(problem)")
    }

    @Test func invalidateAndUpdatesTakeHeightsAndSpans() throws {
        let items = (0..<12).map { #"{"height":\#(20 + $0 * 13 % 70)}"# }
        let viewport = #""viewport":{"width":340,"height":500}"#
        let list = items.joined(separator: ",")
        let id = try self.create(#"{"kind":"waterfall",\#(viewport),"sections":[{"items":[\#(list)]}]}"#)
        let (response, json) = self.call(
            .POST, "/sessions/\(id)/invalidate",
            #"{"items":[{"indexPath":[0,4],"size":{"height":90,"columnSpan":2}},"#
                + #"{"indexPath":[0,6],"size":{"height":7}}]}"#
        )
        #expect(response.status == 200, "\(json)")
        var edited = items
        edited[4] = #"{"height":90,"columnSpan":2}"#
        edited[6] = #"{"height":7}"#
        let expected = self.stateless(#"{\#(viewport),"sections":[{"items":[\#(edited.joined(separator: ","))]}]}"#)
        #expect(self.everything(id).isEqual(to: expected as! [Any]))
        let (updated, answer) = self.call(
            .POST, "/sessions/\(id)/updates",
            #"{"insertItems":[{"indexPath":[0,0],"size":{"width":1,"height":1,"columnSpan":"full"}}]}"#
        )
        #expect(updated.status == 200, "\(answer)")
        edited.insert(#"{"width":1,"height":1,"columnSpan":"full"}"#, at: 0)
        let inserted = self.stateless(#"{\#(viewport),"sections":[{"items":[\#(edited.joined(separator: ","))]}]}"#)
        #expect(self.everything(id).isEqual(to: inserted as! [Any]))
    }

    @Test func aHorizontalWaterfallLaysRows() throws {
        // 300 − 20 = 280 tall, spacing 10: two rows of 135; the items go right along the shortest row.
        let body = #"{"viewport":{"width":400,"height":300},"config":{"scrollDirection":"horizontal","columnCount":2,"#
            + #""headerHeight":25},"sections":[{"items":[{"width":60},{"width":2,"height":1},"#
            + #"{"width":40,"columnSpan":2}]}]}"#
        let (response, json) = self.call(.POST, "/layout/waterfall", body)
        #expect(response.status == 200, "\(json)")
        let frames = self.cells(json)
        #expect(frames[0] == ["x": 35, "y": 10, "width": 60, "height": 135])
        #expect(frames[1] == ["x": 35, "y": 155, "width": 270, "height": 135])
        #expect(frames[2] == ["x": 315, "y": 10, "width": 40, "height": 280])
        let header = (json["attributes"] as? [[String: Any]] ?? []).first { $0["kind"] as? String == "header" }
        #expect(header?["frame"] as? [String: Double] == ["x": 0, "y": 0, "width": 25, "height": 300])
        #expect(json["contentSize"] as? [String: Double] == ["width": 365, "height": 300])
    }

    /// A long wall with a feature tile every seventh item, for the session routes.
    static let wall = (0..<80).map { $0 % 7 == 3 ? #"{"height":120,"columnSpan":"full"}"# : #"{"height":\#(40 + $0 % 5 * 17)}"# }

    @Test func rightToLeftMirrorsSpansAndRows() throws {
        for direction in ["vertical", "horizontal"] {
            let body = { (layoutDirection: String) in
                #"{"viewport":{"width":420,"height":500},"layoutDirection":"\#(layoutDirection)","#
                    + #""config":{"scrollDirection":"\#(direction)","minColumnWidth":100},"#
                    + #""sections":[{"items":[\#(Self.wall.joined(separator: ","))]}]}"#
            }
            let (_, forward) = self.call(.POST, "/layout/waterfall", body("leftToRight"))
            let (response, mirrored) = self.call(.POST, "/layout/waterfall", body("rightToLeft"))
            #expect(response.status == 200, "\(mirrored)")
            let width = try #require((forward["contentSize"] as? [String: Double])?["width"])
            let expected = self.cells(forward).map { frame in
                ["x": width - frame["x"]! - frame["width"]!, "y": frame["y"]!, "width": frame["width"]!,
                 "height": frame["height"]!]
            }
            let actual = self.cells(mirrored)
            #expect(actual.count == expected.count)
            for (frame, want) in zip(actual, expected) {
                #expect(want.allSatisfy { key, value in abs((frame[key] ?? .nan) - value) < 1e-9 }, "\(direction)")
            }
        }
    }

    @Test func scrollToBringsASpanningTileToTheTop() throws {
        let viewport = #""viewport":{"width":420,"height":500}"#
        let id = try self.create(
            #"{"kind":"waterfall",\#(viewport),"sections":[{"items":[\#(Self.wall.joined(separator: ","))]}]}"#)
        let all = self.everything(id) as? [[String: Any]] ?? []
        let content = try #require(self.call(.GET, "/sessions/\(id)").1["contentSize"] as? [String: Double])
        for item in [3, 24, 45, 73] {
            let (response, answer) = self.call(
                .POST, "/sessions/\(id)/scroll-to", #"{"indexPath":[0,\#(item)],"position":"top"}"#)
            #expect(response.status == 200, "\(answer)")
            let frame = try #require(
                all.first { ($0["indexPath"] as? [Int]) == [0, item] && $0["category"] as? String == "cell" }?["frame"]
                    as? [String: Double])
            let expected = min(frame["y"]!, max(0, content["height"]! - 500))
            #expect((answer["contentOffset"] as? [String: Double])?["y"] == expected, "item \(item)")
        }
    }

    @Test func aFlowSessionRefusesAHeightOnlySize() throws {
        let id = try self.create(#"{"kind":"flow","viewport":{"width":320,"height":480},"sections":[{"count":3}]}"#)
        let (response, json) = self.call(
            .POST, "/sessions/\(id)/invalidate", #"{"items":[{"indexPath":[0,1],"size":{"height":10}}]}"#
        )
        #expect(response.status == 422, "\(json)")
    }
}
