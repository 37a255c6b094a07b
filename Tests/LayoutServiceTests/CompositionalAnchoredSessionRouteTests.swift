import Foundation
import HTTPCore
import LayoutService
import Testing

/// `compositional` sessions with badges through the responder: `invalidate` measures a badge by its kind and index
/// path (and refuses one it cannot measure, pointing at the entry), and a transition answers badges between
/// layouts.
@Suite struct CompositionalAnchoredSessionRouteTests: ServiceTesting {
    let service = LayoutService()

    /// Four 100 × 80 cells to a row, each with a badge of estimated width on its top-trailing corner.
    static func body(columns: Int = 4, width: String = #"{"estimated":20}"#) -> String {
        #"""
        {"kind":"compositional","viewport":{"width":400,"height":300},"sections":[{"count":6}],
         "config":{"section":{"group":{"layout":"horizontal",
           "size":{"width":{"fractionalWidth":1},"height":{"absolute":80}},
           "subitems":[{"size":{"width":{"fractionalWidth":\#(1 / Double(columns))},"height":{"fractionalHeight":1}},
             "supplementaryItems":[{"kind":"badge","size":{"width":\#(width),"height":{"absolute":20}},
               "anchor":{"edges":["top","trailing"],"fractionalOffset":{"x":0.5,"y":-0.5}}}]}]}}}}
        """#
    }

    func badge(_ id: String, item: Int) -> [String: Double]? {
        let (_, json) = self.call(.GET, "/sessions/\(id)/supplementary/badge/0/\(item)")
        return json["frame"] as? [String: Double]
    }

    @Test func invalidateMeasuresABadge() throws {
        let id = try self.create(Self.body())
        #expect(self.badge(id, item: 5) == ["x": 190, "y": 70, "width": 20, "height": 20])
        let (response, json) = self.call(
            .POST, "/sessions/\(id)/invalidate",
            #"{"supplementaries":[{"kind":"badge","indexPath":[0,5],"size":{"width":30,"height":99}}]}"#
        )
        #expect(response.status == 200, "\(json)")
        // 30 wide (the estimate), 20 tall (absolute), centred on the cell's top-trailing corner (200, 80).
        #expect(self.badge(id, item: 5) == ["x": 185, "y": 70, "width": 30, "height": 20])
        #expect(self.badge(id, item: 4) == ["x": 90, "y": 70, "width": 20, "height": 20])
    }

    @Test(arguments: [
        (#"{"kind":"badge","indexPath":[0,6],"size":{"width":30,"height":20}}"#, "/supplementaries/0/indexPath"),
        (#"{"kind":"sticker","indexPath":[0,1],"size":{"width":30,"height":20}}"#, "/supplementaries/0/kind"),
    ])
    func aBadgeTheLayoutCannotMeasureIsRefused(entry: String, pointer: String) throws {
        let id = try self.create(Self.body())
        let (response, problem) = self.call(
            .POST, "/sessions/\(id)/invalidate",
            #"{"supplementaries":[\#(entry)]}"#
        )
        #expect(response.status == 422, "\(problem)")
        #expect(problem["pointer"] as? String == pointer, "\(problem)")
    }

    @Test func aBadgeOfAbsoluteSizeIsNotMeasured() throws {
        let id = try self.create(Self.body(width: #"{"absolute":20}"#))
        let (response, problem) = self.call(
            .POST, "/sessions/\(id)/invalidate",
            #"{"supplementaries":[{"kind":"badge","indexPath":[0,1],"size":{"width":30,"height":20}}]}"#
        )
        #expect(response.status == 422, "\(problem)")
        #expect(problem["pointer"] as? String == "/supplementaries/0/kind", "\(problem)")
    }
}
