import Foundation
import HTTPCore
import LayoutService
import Testing

/// `compositional`'s layout-wide `config.boundarySupplementaryItems` through the responder: decoding, errors with
/// their pointers, rect answers and the session's supplementary route.
@Suite struct CompositionalLayoutBoundaryRouteTests: ServiceTesting {
    let service = LayoutService()

    static let rows = #"""
        "group":{"layout":"horizontal","size":{"width":{"fractionalWidth":1},"height":{"absolute":50}},
        "subitems":[{"size":{"width":{"fractionalWidth":1},"height":{"fractionalHeight":1}}}]}
        """#

    static func body(items: String, extra: String = "") -> String {
        #"""
        "viewport":{"width":300,"height":200},"sections":[{"count":2},{"count":3}]\#(extra),
        "config":{"interSectionSpacing":10,"section":{\#(Self.rows)},"boundarySupplementaryItems":[\#(items)]}
        """#
    }

    static let banner = #"""
        {"kind":"banner","alignment":"top","size":{"width":{"fractionalWidth":1},"height":{"absolute":60}},
        "pinToVisibleBounds":true}
        """#
    static let credits = #"""
        {"kind":"credits","alignment":"bottom","size":{"width":{"fractionalWidth":1},"height":{"absolute":40}}}
        """#

    func attributes(_ json: [String: Any]) -> [[String: Any]] { json["attributes"] as? [[String: Any]] ?? [] }

    func frame(_ json: [String: Any]) -> [String: Double]? {
        (json["attributes"] as? [String: Any])?["frame"] as? [String: Double] ?? json["frame"] as? [String: Double]
    }

    @Test func theLayoutsHeaderAndFooterComeFirstAndLast() throws {
        let (response, json) = self.call(
            .POST, "/layout/compositional", "{\(Self.body(items: "\(Self.banner),\(Self.credits)"))}"
        )
        #expect(response.status == 200, "\(json)")
        let elements = self.attributes(json)
        #expect(elements.count == 7)
        #expect(elements.first?["kind"] as? String == "banner")
        #expect(elements.first?["indexPath"] as? [Int] == [0, 0])
        #expect(elements.first?["category"] as? String == "supplementaryView")
        #expect(elements.first?["frame"] as? [String: Double] == ["x": 0, "y": 0, "width": 300, "height": 60])
        #expect(elements.last?["frame"] as? [String: Double] == ["x": 0, "y": 320, "width": 300, "height": 40])
        // Section 1's first row: after the banner (60), section 0 (100) and the spacing (10).
        #expect(elements[3]["frame"] as? [String: Double] == ["x": 0, "y": 170, "width": 300, "height": 50])
        #expect(json["contentSize"] as? [String: Double] == ["width": 300, "height": 360])
    }

    @Test func theSupplementaryRouteFindsThemPinnedWhereTheViewportIs() throws {
        let id = try self.create(#"{"kind":"compositional",\#(Self.body(items: "\(Self.banner),\(Self.credits)"))}"#)
        let (found, banner) = self.call(.GET, "/sessions/\(id)/supplementary/banner/0/0")
        #expect(found.status == 200, "\(banner)")
        #expect(self.frame(banner) == ["x": 0, "y": 0, "width": 300, "height": 60])
        let (footer, credits) = self.call(.GET, "/sessions/\(id)/supplementary/credits/0/0")
        #expect(footer.status == 200, "\(credits)")
        #expect(self.frame(credits) == ["x": 0, "y": 320, "width": 300, "height": 40])
        let (elsewhere, _) = self.call(.GET, "/sessions/\(id)/supplementary/banner/1/0")
        #expect(elsewhere.status == 404)
        // Scrolled to 100, the pinned banner is drawn at the viewport's top.
        let (_, query) = self.call(
            .POST, "/sessions/\(id)/query",
            #"{"rect":{"x":0,"y":100,"width":300,"height":10},"contentOffset":{"x":0,"y":100}}"#
        )
        let pinned = self.attributes(query).first { $0["kind"] as? String == "banner" }
        #expect(pinned?["frame"] as? [String: Double] == ["x": 0, "y": 100, "width": 300, "height": 60])
        // Deleting section 0 moves the footer up by 110 and keeps both.
        let (updated, json) = self.call(.POST, "/sessions/\(id)/updates", #"{"deleteSections":[0]}"#)
        #expect(updated.status == 200, "\(json)")
        let (_, moved) = self.call(.GET, "/sessions/\(id)/supplementary/credits/0/0")
        #expect(self.frame(moved) == ["x": 0, "y": 210, "width": 300, "height": 40])
    }

    @Test(arguments: [
        (#"{"kind":"header","alignment":"top","size":{"width":{"absolute":1},"height":{"absolute":1}}}"#,
         "/config/boundarySupplementaryItems/0/kind"),
        (#"{"kind":"banner","size":{"width":{"absolute":1},"height":{"absolute":1}}}"#,
         "/config/boundarySupplementaryItems/0/alignment"),
        (#"{"kind":"banner","alignment":"leading","size":{"width":{"absolute":1},"height":{"absolute":1}}}"#,
         "/config/boundarySupplementaryItems"),
        ("\(banner),\(banner)", "/config/boundarySupplementaryItems/1"),
    ])
    func badItemsPointAtTheField(items: String, pointer: String) throws {
        let (response, json) = self.call(.POST, "/layout/compositional", "{\(Self.body(items: items))}")
        #expect(response.status == 422, "\(json)")
        #expect(json["pointer"] as? String == pointer, "\(json)")
    }

    @Test func invalidateMeasuresASideItem() throws {
        let side = #"{"alignment":"leading","size":{"width":{"absolute":40},"height":{"estimated":100}}}"#
        let body = #"""
            {"kind":"compositional","viewport":{"width":300,"height":200},"sections":[{"count":2},{"count":3}],
             "config":{"section":{\#(Self.rows),"boundarySupplementaryItems":[\#(side)]}}}
            """#
        let id = try self.create(body)
        let (response, json) = self.call(
            .POST, "/sessions/\(id)/invalidate",
            #"{"supplementaries":[{"kind":"leadingSupplementary","indexPath":[0,0],"size":{"width":40,"height":180}}]}"#
        )
        #expect(response.status == 200, "\(json)")
        // Section 0 was max(100, 100) = 100 long; the measured item makes it 180.
        #expect(json["contentSizeAdjustment"] as? [String: Double] == ["width": 0, "height": 80])
        let (_, found) = self.call(.GET, "/sessions/\(id)/supplementary/leadingSupplementary/0/0")
        #expect(self.frame(found) == ["x": 0, "y": 0, "width": 40, "height": 180])
    }
}
