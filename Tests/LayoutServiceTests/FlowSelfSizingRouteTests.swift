import Foundation
import HTTPCore
import LayoutService
import Testing

/// Flow's `estimatedItemSize`, measured headers and footers, and `sectionInsetReference` through the responder,
/// checked against stateless layouts with the sizes and insets written out.
@Suite struct FlowSelfSizingRouteTests: ServiceTesting {
    let service = LayoutService(clock: ManualClock())

    func everything(_ id: String) -> NSArray {
        let rect = #"{"rect":{"x":0,"y":0,"width":10000000,"height":10000000}}"#
        return NSArray(array: self.call(.POST, "/sessions/\(id)/query", rect).1["attributes"] as? [Any] ?? [])
    }

    func stateless(_ body: String) -> NSArray {
        NSArray(array: self.call(.POST, "/layout/flow", body).1["attributes"] as? [Any] ?? [])
    }

    @Test func estimatedCellsTakeTheirMeasuredSizes() throws {
        let config = #""config":{"estimatedItemSize":{"width":375,"height":44},"minimumLineSpacing":0}"#
        let id = try self.create(
            #"{"kind":"flow","viewport":{"width":375,"height":300},"sections":[{"count":20}],\#(config)}"#
        )
        let estimate = #"{"width":375,"height":44}"#
        let written = Array(repeating: estimate, count: 20)
        #expect(
            self.everything(id).isEqual(
                to: self.stateless(
                    #"{"viewport":{"width":375,"height":300},"sections":[{"items":[\#(written.joined(separator: ","))]}],"config":{"minimumLineSpacing":0}}"#
                ) as! [Any]
            )
        )
        let (response, json) = self.call(
            .POST, "/sessions/\(id)/invalidate",
            #"{"items":[{"indexPath":[0,0],"size":{"width":375,"height":120}},{"indexPath":[0,9],"size":{"width":375,"height":60}}],"contentOffset":{"x":0,"y":200}}"#
        )
        #expect(response.status == 200, "\(json)")
        #expect(json["contentSizeAdjustment"] as? [String: Double] == ["width": 0, "height": 76 + 16])
        // The first visible cell at 200 is item 4 (176…220): items 0 grew by 76 above it.
        #expect(json["contentOffsetAdjustment"] as? [String: Double] == ["x": 0, "y": 76])
        var measured = written
        measured[0] = #"{"width":375,"height":120}"#
        measured[9] = #"{"width":375,"height":60}"#
        let expected = self.stateless(
            #"{"viewport":{"width":375,"height":300},"sections":[{"items":[\#(measured.joined(separator: ","))]}],"config":{"minimumLineSpacing":0}}"#
        )
        #expect(self.everything(id).isEqual(to: expected as! [Any]))
    }

    @Test func anEstimateOfZeroIsRefusedWithAPointer() {
        let (response, json) = self.call(
            .POST, "/layout/flow", #"{"viewport":{"width":320,"height":480},"sections":[{"count":2}],"config":{"estimatedItemSize":{"width":0,"height":44}}}"#
        )
        #expect(response.status == 422)
        #expect(json["pointer"] as? String == "/config/estimatedItemSize")
    }

    @Test func aMeasuredHeaderAndFooterReplaceTheirReferenceSizes() throws {
        let body = #""viewport":{"width":320,"height":480},"sections":[{"count":3},{"count":5,"footer":{"width":320,"height":10}}]"#
        let id = try self.create(
            #"{"kind":"flow",\#(body),"config":{"headerReferenceSize":{"width":0,"height":30}}}"#
        )
        let (response, json) = self.call(
            .POST, "/sessions/\(id)/invalidate",
            #"{"supplementaries":[{"kind":"header","indexPath":[1,0],"size":{"width":320,"height":72}},{"kind":"footer","indexPath":[1,0],"size":{"width":320,"height":25}}]}"#
        )
        #expect(response.status == 200, "\(json)")
        #expect(json["contentSizeAdjustment"] as? [String: Double] == ["width": 0, "height": 42 + 15])
        let expected = self.stateless(
            #"{"viewport":{"width":320,"height":480},"sections":[{"count":3},{"count":5,"header":{"width":320,"height":72},"footer":{"width":320,"height":25}}],"config":{"headerReferenceSize":{"width":0,"height":30}}}"#
        )
        #expect(self.everything(id).isEqual(to: expected as! [Any]))
        let (refused, problem) = self.call(
            .POST, "/sessions/\(id)/invalidate",
            #"{"supplementaries":[{"kind":"footer","indexPath":[0,0],"size":{"width":320,"height":25}}]}"#
        )
        #expect(refused.status == 422, "section 0 has no footer to measure")
        #expect(problem["pointer"] as? String == "/supplementaries/0")
    }

    @Test(arguments: [("safeArea", 44.0 + 10), ("layoutMargins", 44.0 + 8 + 10), ("contentInset", 10.0)])
    func sectionInsetsAreMeasuredFromTheReference(reference: String, left: Double) throws {
        let device = #""viewport":{"width":812,"height":375},"safeAreaInsets":{"top":0,"left":44,"bottom":21,"right":44}"#
        let (response, json) = self.call(
            .POST, "/layout/flow",
            #"{\#(device),"sections":[{"count":3}],"config":{"sectionInsetReference":"\#(reference)","sectionInset":{"top":0,"left":10,"bottom":0,"right":10},"horizontalAlignment":"left"}}"#
        )
        #expect(response.status == 200, "\(json)")
        let first = try #require((json["attributes"] as? [[String: Any]])?.first)
        #expect((first["frame"] as? [String: Double])?["x"] == left)
    }

    @Test func anUnknownReferenceIsRefusedWithAPointer() {
        let (response, json) = self.call(
            .POST, "/layout/flow", #"{"viewport":{"width":320,"height":480},"sections":[{"count":2}],"config":{"sectionInsetReference":"readableContent"}}"#
        )
        #expect(response.status == 422)
        #expect(json["pointer"] as? String == "/config/sectionInsetReference")
    }
}
