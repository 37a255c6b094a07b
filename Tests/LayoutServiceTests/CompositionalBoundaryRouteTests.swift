import Foundation
import HTTPCore
import LayoutService
import Testing

/// `compositional`'s side supplementaries and the orthogonal sections of horizontal layouts through the responder:
/// decoding, errors with their pointers, the supplementary route and the snap route.
@Suite struct CompositionalBoundaryRouteTests: ServiceTesting {
    let service = LayoutService()

    static let rows = #"""
        "group":{"layout":"horizontal","size":{"width":{"fractionalWidth":1},"height":{"absolute":44}},
        "subitems":[{"size":{"width":{"fractionalWidth":1},"height":{"fractionalHeight":1}}}]}
        """#

    static func body(items: String, direction: String = "vertical") -> String {
        #"""
        {"viewport":{"width":300,"height":100},"sections":[{"count":3}],
         "config":{"scrollDirection":"\#(direction)","section":{\#(Self.rows),"boundarySupplementaryItems":[\#(items)]}}}
        """#
    }

    static let size = #""size":{"width":{"absolute":40},"height":{"absolute":44}}"#

    func attributes(_ json: [String: Any]) -> [[String: Any]] { json["attributes"] as? [[String: Any]] ?? [] }

    @Test func aLeadingItemIsALeadingSupplementaryBesideTheRows() throws {
        let (response, json) = self.call(
            .POST, "/layout/compositional",
            Self.body(items: #"{"alignment":"leading",\#(Self.size)},{"kind":"header",\#(Self.size)}"#)
        )
        #expect(response.status == 200, "\(json)")
        let side = self.attributes(json).first { $0["kind"] as? String == "leadingSupplementary" }
        #expect(side?["frame"] as? [String: Double] == ["x": 0, "y": 44, "width": 40, "height": 44])
        let cell = self.attributes(json).first { $0["category"] as? String == "cell" }
        #expect(cell?["frame"] as? [String: Double] == ["x": 40, "y": 44, "width": 260, "height": 44])
    }

    @Test(arguments: [
        // A named header keeps its name along either of its edges, as before side items existed.
        (#"{"kind":"header","alignment":"leading",\#(size)}"#, "vertical", "header"),
        (#"{"kind":"header","alignment":"top",\#(size)}"#, "horizontal", "header"),
        // Without a kind, the alignment decides by the scroll direction.
        (#"{"alignment":"top",\#(size)}"#, "horizontal", "topSupplementary"),
        (#"{"alignment":"bottom",\#(size)}"#, "horizontal", "bottomSupplementary"),
        (#"{"alignment":"trailing",\#(size)}"#, "vertical", "trailingSupplementary"),
        (#"{"alignment":"trailing",\#(size)}"#, "horizontal", "footer"),
        (#"{\#(size)}"#, "horizontal", "header"),
    ])
    func kindAndAlignmentNameTheElement(items: String, direction: String, kind: String) throws {
        let (response, json) = self.call(.POST, "/layout/compositional", Self.body(items: items, direction: direction))
        #expect(response.status == 200, "\(json)")
        let kinds = self.attributes(json).compactMap { $0["kind"] as? String }
        #expect(kinds == [kind])
    }

    @Test func rightToLeftPutsTheLeadingSupplementaryOnTheRight() throws {
        var body = Self.body(items: #"{"kind":"leadingSupplementary",\#(Self.size)}"#)
        body = body.replacingOccurrences(of: #""sections""#, with: #""layoutDirection":"rightToLeft","sections""#)
        let (response, json) = self.call(.POST, "/layout/compositional", body)
        #expect(response.status == 200, "\(json)")
        let side = self.attributes(json).first { $0["kind"] as? String == "leadingSupplementary" }
        #expect(side?["frame"] as? [String: Double] == ["x": 260, "y": 0, "width": 40, "height": 44])
    }

    @Test(arguments: [
        (#"{"alignment":"topLeading",\#(size)}"#, "/config/section/boundarySupplementaryItems/0/alignment", "corner"),
        (#"{"kind":"leadingSupplementary","alignment":"top",\#(size)}"#, "/config/section/boundarySupplementaryItems/0",
         "side kind"),
        (#"{"kind":"background",\#(size)}"#, "/config/section/boundarySupplementaryItems/0/kind", "leadingSupplementary"),
        (#"{"alignment":"leading",\#(size)},{"alignment":"leading",\#(size)}"#,
         "/config/section/boundarySupplementaryItems/1", "at most one"),
        // The same element in a vertical layout only: refused when the layout is prepared.
        (#"{"alignment":"leading",\#(size)},{"kind":"leadingSupplementary",\#(size)}"#,
         "/config/section/boundarySupplementaryItems", "boundarySupplementaryItems"),
        // Valid in a horizontal layout, not in this vertical one: refused when the layout is prepared.
        (#"{"kind":"topSupplementary",\#(size)}"#, "/config/section/boundarySupplementaryItems", "boundarySupplementaryItems"),
    ])
    func badItemsPointAtTheField(items: String, pointer: String, detail: String) throws {
        let (response, json) = self.call(.POST, "/layout/compositional", Self.body(items: items))
        #expect(response.status == 422)
        #expect(json["pointer"] as? String == pointer, "\(json)")
        #expect((json["detail"] as? String)?.contains(detail) == true, "\(json)")
    }

    @Test func aHorizontalLayoutsOrthogonalSectionScrollsAndSnapsOnY() throws {
        let id = try self.create(
            #"""
            {"kind":"compositional","viewport":{"width":400,"height":300},"sections":[{"count":5}],
             "config":{"scrollDirection":"horizontal","section":{"orthogonalScrollingBehavior":"groupPaging",
             "interGroupSpacing":10,"group":{"layout":"horizontal","size":{"width":{"absolute":180},"height":{"absolute":120}},
             "subitems":[{"size":{"width":{"fractionalWidth":1},"height":{"fractionalHeight":1}}}]},
             "boundarySupplementaryItems":[{"alignment":"top","extendsBoundary":false,
             "size":{"width":{"absolute":180},"height":{"absolute":20}}}]}}}
            """#
        )
        // Groups at y = 0, 130, 260, 390, 520; scrolled by 130, cell 1 is at the top.
        let (_, answer) = self.call(
            .POST, "/sessions/\(id)/query",
            #"{"rect":{"x":0,"y":0,"width":400,"height":300},"orthogonalOffsets":[130]}"#
        )
        let cells = self.attributes(answer).filter { $0["category"] as? String == "cell" }
        #expect(cells.first?["indexPath"] as? [Int] == [0, 1])
        #expect(cells.first?["frame"] as? [String: Double] == ["x": 0, "y": 0, "width": 180, "height": 120])
        let (snapResponse, snapped) = self.call(
            .POST, "/sessions/\(id)/snap",
            #"{"section":0,"proposedContentOffset":{"x":7,"y":200},"velocity":{"x":0,"y":0}}"#
        )
        #expect(snapResponse.status == 200)
        #expect(snapped["contentOffset"] as? [String: Double] == ["x": 7, "y": 260])
        let (found, top) = self.call(.GET, "/sessions/\(id)/supplementary/topSupplementary/0/0")
        #expect(found.status == 200)
        #expect(top["frame"] as? [String: Double] == ["x": 0, "y": 0, "width": 180, "height": 20])
        let (missing, _) = self.call(.GET, "/sessions/\(id)/supplementary/leadingSupplementary/0/0")
        #expect(missing.status == 404)
    }
}
