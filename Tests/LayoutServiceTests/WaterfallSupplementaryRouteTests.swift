import Foundation
import HTTPCore
import LayoutService
import Testing

/// The waterfall's `headerInset`, `footerInset`, `minimumContentHeight` and measured headers and footers, through the
/// routes.
@Suite struct WaterfallSupplementaryRouteTests: ServiceTesting {
    let service = LayoutService(clock: ManualClock())

    func element(_ json: [String: Any], _ kind: String) -> [String: Double]? {
        (json["attributes"] as? [[String: Any]] ?? []).first { $0["kind"] as? String == kind }?["frame"]
            as? [String: Double]
    }

    @Test func headerAndFooterInsetsAndTheMinimumContentHeight() throws {
        let body = #"{"viewport":{"width":230,"height":400},"config":{"columnCount":2,"headerHeight":30,"#
            + #""footerHeight":20,"headerInset":{"top":5,"left":7,"bottom":9,"right":11},"#
            + #""footerInset":{"top":3,"left":4,"bottom":6,"right":8},"minimumContentHeight":500},"#
            + #""sections":[{"items":[{"height":50},{"height":70}]}]}"#
        let (response, json) = self.call(.POST, "/layout/waterfall", body)
        #expect(response.status == 200, "\(json)")
        #expect(self.element(json, "header") == ["x": 7, "y": 5, "width": 212, "height": 30])
        #expect(self.element(json, "footer") == ["x": 4, "y": 137, "width": 218, "height": 20])
        #expect(json["contentSize"] as? [String: Double] == ["width": 230, "height": 500])
    }

    @Test(arguments: [
        (#""config":{"minimumContentHeight":-1}"#, "/config/minimumContentHeight"),
        (#""config":{"headerInset":{"top":1}}"#, "/config/headerInset/left"),
        (#""sections":[{"count":1,"config":{"footerInset":3}}]"#, "/sections/0/config/footerInset"),
    ])
    func aWrongValueIs422WithItsPointer(member: String, pointer: String) {
        let sections = member.hasPrefix(#""sections""#) ? "" : #","sections":[{"count":1}]"#
        let body = #"{"viewport":{"width":230,"height":400},\#(member)\#(sections)}"#
        let (response, problem) = self.call(.POST, "/layout/waterfall", body)
        #expect(response.status == 422, "\(problem)")
        #expect(problem["pointer"] as? String == pointer, "\(problem)")
    }

    @Test func invalidateMeasuresAHeaderAndAFooter() throws {
        let viewport = #""viewport":{"width":320,"height":480},"config":{"headerHeight":44}"#
        let id = try self.create(#"{"kind":"waterfall",\#(viewport),"sections":[{"count":4},{"count":3}]}"#)
        let (response, json) = self.call(
            .POST, "/sessions/\(id)/invalidate",
            #"{"supplementaries":[{"kind":"header","indexPath":[0,0],"size":{"width":320,"height":90}},"#
                + #"{"kind":"footer","indexPath":[1,0],"size":{"width":320,"height":25}}]}"#
        )
        #expect(response.status == 200, "\(json)")
        let rect = #"{"rect":{"x":0,"y":0,"width":10000000,"height":10000000}}"#
        let session = self.call(.POST, "/sessions/\(id)/query", rect).1["attributes"] as? [Any] ?? []
        let expected = self.call(
            .POST, "/layout/waterfall",
            #"{\#(viewport),"sections":[{"count":4,"header":{"width":320,"height":90}},"#
                + #"{"count":3,"footer":{"width":320,"height":25}}]}"#
        ).1["attributes"] as? [Any] ?? []
        #expect(NSArray(array: session).isEqual(to: expected))
        let (refused, problem) = self.call(
            .POST, "/sessions/\(id)/invalidate",
            #"{"supplementaries":[{"kind":"header","indexPath":[0,1],"size":{"width":320,"height":90}}]}"#
        )
        #expect(refused.status == 422, "\(problem)")
    }
}
