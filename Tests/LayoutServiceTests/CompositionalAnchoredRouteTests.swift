import Foundation
import HTTPCore
import LayoutService
import Testing

/// `compositional`'s anchored supplementary items through the responder: decoding, refusals with pointers, the
/// answer's client-named kinds, and the session's supplementary route, updates and right to left.
@Suite struct CompositionalAnchoredRouteTests: ServiceTesting {
    let service = LayoutService()

    /// Apple's badge example: a grid of 100 × 80 cells (four to a 400-point row), a 20 × 20 badge centred on each
    /// cell's top-trailing corner.
    static let badges = #"""
        "viewport":{"width":400,"height":600},"sections":[{"count":6}],
        "config":{"section":{"group":{"layout":"horizontal","size":{"width":{"fractionalWidth":1},"height":{"absolute":80}},
        "subitems":[{"size":{"width":{"fractionalWidth":0.25},"height":{"fractionalHeight":1}},
        "supplementaryItems":[{"kind":"badge","size":{"width":{"absolute":20},"height":{"absolute":20}},
         "anchor":{"edges":["top","trailing"],"fractionalOffset":{"x":0.5,"y":-0.5}}}]}]}}}
        """#

    func attributes(_ json: [String: Any]) -> [[String: Any]] {
        json["attributes"] as? [[String: Any]] ?? []
    }

    @Test func badgesComeBackWithTheirKindAfterTheCells() throws {
        let (response, json) = self.call(.POST, "/layout/compositional", "{\(Self.badges)}")
        #expect(response.status == 200, "\(json)")
        let elements = self.attributes(json)
        #expect(elements.count == 12)
        let badges = elements.filter { $0["kind"] as? String == "badge" }
        #expect(badges.count == 6)
        #expect(badges.allSatisfy { $0["category"] as? String == "supplementaryView" && $0["zIndex"] as? Int == 1 })
        // Item 5's cell is (100, 80, 100, 80): its badge is centred on (200, 80).
        let fifth = badges.first { $0["indexPath"] as? [Int] == [0, 5] }
        #expect(fifth?["frame"] as? [String: Double] == ["x": 190, "y": 70, "width": 20, "height": 20])
        #expect(json["contentSize"] as? [String: Double] == ["width": 400, "height": 160])
    }

    @Test func theSupplementaryRouteFindsABadgeAndUpdatesMoveIt() throws {
        let id = try self.create(#"{"kind":"compositional",\#(Self.badges)}"#)
        let (found, badge) = self.call(.GET, "/sessions/\(id)/supplementary/badge/0/5")
        #expect(found.status == 200, "\(badge)")
        #expect((badge["attributes"] as? [String: Any])?["frame"] as? [String: Double]
            ?? badge["frame"] as? [String: Double] == ["x": 190, "y": 70, "width": 20, "height": 20])
        let (missing, _) = self.call(.GET, "/sessions/\(id)/supplementary/badge/0/6")
        #expect(missing.status == 404)
        let (unknown, _) = self.call(.GET, "/sessions/\(id)/supplementary/sticker/0/0")
        #expect(unknown.status == 404)
        // Deleting item 0 moves item 5's cell to item 4's place, (0, 80): its badge follows, centred on (100, 80).
        let (updated, json) = self.call(.POST, "/sessions/\(id)/updates", #"{"deleteItems":[[0,0]]}"#)
        #expect(updated.status == 200, "\(json)")
        let (_, moved) = self.call(.GET, "/sessions/\(id)/supplementary/badge/0/4")
        #expect((moved["attributes"] as? [String: Any])?["frame"] as? [String: Double]
            ?? moved["frame"] as? [String: Double] == ["x": 90, "y": 70, "width": 20, "height": 20])
    }

    @Test func rightToLeftMirrorsTheBadges() throws {
        let body = #"{\#(Self.badges),"layoutDirection":"rightToLeft"}"#
        let (response, json) = self.call(.POST, "/layout/compositional", body)
        #expect(response.status == 200, "\(json)")
        let first = self.attributes(json).first { $0["kind"] as? String == "badge" }
        // Item 0's cell mirrors to (300, 0, 100, 80); its trailing corner is now on the left, at x 300.
        #expect(first?["frame"] as? [String: Double] == ["x": 290, "y": -10, "width": 20, "height": 20])
    }

    @Test(arguments: [
        (#"{"kind":"header","size":{"width":{"absolute":1},"height":{"absolute":1}}}"#,
         "/config/section/group/subitems/0/supplementaryItems/0/kind"),
        (#"{"kind":"a b","size":{"width":{"absolute":1},"height":{"absolute":1}}}"#,
         "/config/section/group/subitems/0/supplementaryItems/0/kind"),
        (#"{"kind":"badge","size":{"width":{"absolute":1},"height":{"absolute":1}},"anchor":{"edges":["top","bottom"]}}"#,
         "/config/section/group/subitems/0/supplementaryItems/0/anchor/edges/1"),
        (#"{"kind":"badge","size":{"width":{"absolute":1},"height":{"absolute":1}},"itemAnchor":{"edges":["leading","trailing"]}}"#,
         "/config/section/group/subitems/0/supplementaryItems/0/itemAnchor/edges/1"),
        (#"{"kind":"badge","size":{"width":{"absolute":1},"height":{"absolute":1}},"anchor":{"edges":["middle"]}}"#,
         "/config/section/group/subitems/0/supplementaryItems/0/anchor/edges/0"),
        (#"{"kind":"badge","size":{"width":{"absolute":1},"height":{"absolute":1}},"anchor":{"edges":[],"fractionalOffset":{"x":0,"y":0},"absoluteOffset":{"x":0,"y":0}}}"#,
         "/config/section/group/subitems/0/supplementaryItems/0/anchor/absoluteOffset"),
        (#"{"kind":"badge"}"#, "/config/section/group/subitems/0/supplementaryItems/0/size"),
        (#"{"kind":"badge","size":{"width":{"absolute":1},"height":{"absolute":1}}},{"kind":"badge","size":{"width":{"absolute":1},"height":{"absolute":1}}}"#,
         "/config/section/group/subitems/0/supplementaryItems/1"),
    ])
    func badSupplementaryItemsPointAtTheField(item: String, pointer: String) throws {
        let body = #"""
            {"viewport":{"width":375,"height":667},"sections":[{"count":1}],"config":{"section":{"group":{"layout":"horizontal",
            "size":{"width":{"fractionalWidth":1},"height":{"absolute":40}},
            "subitems":[{"size":{"width":{"absolute":10},"height":{"absolute":10}},"supplementaryItems":[\#(item)]}]}}}}
            """#
        let (response, json) = self.call(.POST, "/layout/compositional", body)
        #expect(response.status == 422, "\(json)")
        #expect(json["pointer"] as? String == pointer, "\(json)")
    }

    @Test func anItemAnchorHangsASeparatorBelowEachCellInASession() throws {
        // Rows of 320 × 44: a 1-point separator whose top edge lies on its row's bottom edge; row 1 ends at 88.
        let body = #"""
            {"kind":"compositional","viewport":{"width":320,"height":200},"sections":[{"count":2}],
            "config":{"section":{"group":{"layout":"vertical","size":{"width":{"fractionalWidth":1},"height":{"absolute":44}},
            "subitems":[{"size":{"width":{"fractionalWidth":1},"height":{"absolute":44}},
            "supplementaryItems":[{"kind":"separator","size":{"width":{"fractionalWidth":1},"height":{"absolute":1}},
             "anchor":{"edges":["bottom"]},"itemAnchor":{"edges":["top"],"absoluteOffset":{"x":0,"y":-2}}}]}]}}}}
            """#
        let id = try self.create(body)
        let (found, json) = self.call(.GET, "/sessions/\(id)/supplementary/separator/0/1")
        #expect(found.status == 200, "\(json)")
        // The item anchor's offset (0, −2) moves the point on the separator up, so the separator down by 2.
        #expect((json["attributes"] as? [String: Any])?["frame"] as? [String: Double]
            ?? json["frame"] as? [String: Double] == ["x": 0, "y": 90, "width": 320, "height": 1])
    }

    @Test func aBoundaryItemsAbsoluteOffsetMovesIt() throws {
        let body = #"""
            {"viewport":{"width":400,"height":600},"sections":[{"count":1}],"config":{"section":{
            "boundarySupplementaryItems":[{"kind":"header","size":{"width":{"fractionalWidth":1},"height":{"absolute":30}},
            "absoluteOffset":{"x":10,"y":-5}}]}}}
            """#
        let (response, json) = self.call(.POST, "/layout/compositional", body)
        #expect(response.status == 200, "\(json)")
        let header = self.attributes(json).first { $0["kind"] as? String == "header" }
        #expect(header?["frame"] as? [String: Double] == ["x": 10, "y": -5, "width": 400, "height": 30])
        let refused = body.replacingOccurrences(of: #""x":10"#, with: #""x":"ten""#)
        let (bad, problem) = self.call(.POST, "/layout/compositional", refused)
        #expect(bad.status == 422)
        #expect(problem["pointer"] as? String == "/config/section/boundarySupplementaryItems/0/absoluteOffset/x")
    }

    @Test func decorationsOfTheirOwnKindsComeBackAndAreFoundByKind() throws {
        let body = #"""
            {"kind":"compositional","viewport":{"width":400,"height":600},"sections":[{"count":2}],"config":{"section":{
            "decorationItems":[{"kind":"background"},{"kind":"cardBackground","contentInsets":{"top":5,"leading":10,"bottom":5,"trailing":10}},
            {"kind":"shadow","zIndex":-2}]}}}
            """#
        let id = try self.create(body)
        let (_, json) = self.call(.POST, "/sessions/\(id)/query", #"{"rect":{"x":0,"y":0,"width":400,"height":600}}"#)
        let kinds = self.attributes(json).compactMap { $0["kind"] as? String }
        #expect(kinds == ["cardBackground", "shadow", "background"])
        // Two 44-point rows: the section is 88 long; the card is inset to (10, 5, 380, 78).
        let (found, card) = self.call(.GET, "/sessions/\(id)/supplementary/cardBackground/0/0")
        #expect(found.status == 200, "\(card)")
        let element = card["attributes"] as? [String: Any] ?? card
        #expect(element["frame"] as? [String: Double] == ["x": 10, "y": 5, "width": 380, "height": 78])
        #expect(element["category"] as? String == "decorationView")
    }

    @Test(arguments: [
        (#"[{"kind":"background"},{"kind":"background"}]"#, "/config/section/decorationItems/1"),
        (#"[{"kind":"card"},{"kind":"card"}]"#, "/config/section/decorationItems/1"),
        (#"[{"kind":"header"}]"#, "/config/section/decorationItems/0/kind"),
        (#"[{"contentInsets":{"top":1}}]"#, "/config/section/decorationItems/0/kind"),
    ])
    func badDecorationItemsPointAtTheField(items: String, pointer: String) throws {
        let body = #"""
            {"viewport":{"width":375,"height":667},"sections":[{"count":1}],"config":{"section":{"decorationItems":\#(items)}}}
            """#
        let (response, json) = self.call(.POST, "/layout/compositional", body)
        #expect(response.status == 422, "\(json)")
        #expect(json["pointer"] as? String == pointer, "\(json)")
    }

    @Test func theCarouselsCentredCardIsLarger() throws {
        let body = #"""
            {"viewport":{"width":400,"height":600},"sections":[{"count":3}],"orthogonalOffsets":[100],"config":{"section":{
            "orthogonalScrollingBehavior":"groupPagingCentered","visibleItemsEffect":{"scale":{"center":1.2,"edge":0.8},
            "alpha":{"center":1,"edge":0.5}},
            "group":{"layout":"horizontal","size":{"width":{"absolute":200},"height":{"absolute":100}},
            "subitems":[{"size":{"width":{"fractionalWidth":1},"height":{"fractionalHeight":1}}}]}}}}
            """#
        let (response, json) = self.call(.POST, "/layout/compositional", body)
        #expect(response.status == 200, "\(json)")
        // Scrolled by 100, card 1 is centred (scale 1.2, alpha 1); card 0 is 200 away (t = 0.5: scale 1, alpha 0.75).
        let cells = self.attributes(json)
        #expect(cells[1]["transform"] as? [String: Double] == ["a": 1.2, "b": 0, "c": 0, "d": 1.2, "tx": 0, "ty": 0])
        #expect(cells[0]["transform"] == nil && cells[0]["alpha"] as? Double == 0.75)
        let refused = body.replacingOccurrences(of: #""alpha":{"center":1,"edge":0.5}"#, with: #""alpha":{"center":2,"edge":0.5}"#)
        let (bad, problem) = self.call(.POST, "/layout/compositional", refused)
        #expect(bad.status == 422)
        #expect(problem["pointer"] as? String == "/config/section/visibleItemsEffect/alpha/center")
    }

    @Test func aSectionsInsetsFollowItsReference() throws {
        let body = #"""
            {"viewport":{"width":390,"height":844},"sections":[{"count":1}],"safeAreaInsets":{"top":47,"left":4,"bottom":34,"right":6},
            "layoutMargins":{"top":8,"left":16,"bottom":8,"right":16},"config":{"section":{"contentInsetsReference":"layoutMargins"}}}
            """#
        let (response, json) = self.call(.POST, "/layout/compositional", body)
        #expect(response.status == 200, "\(json)")
        // 4 + 16 on the left, 6 + 16 on the right: 390 − 20 − 22 = 348 wide.
        #expect(self.attributes(json).first?["frame"] as? [String: Double] == ["x": 20, "y": 0, "width": 348, "height": 44])
        let refused = body.replacingOccurrences(of: #""layoutMargins"}"#, with: #""margins"}"#)
        let (bad, problem) = self.call(.POST, "/layout/compositional", refused)
        #expect(bad.status == 422)
        #expect(problem["pointer"] as? String == "/config/section/contentInsetsReference")
    }

    @Test func aNestedGroupsSupplementaryFramesEachCopyOfIt() throws {
        // Nested groups of 10 × 10, one cell each, side by side in a 375-point row; a 1 × 1 `frame` centred on each.
        let body = #"""
            {"viewport":{"width":375,"height":667},"sections":[{"count":2}],"config":{"section":{"group":{"layout":"horizontal",
            "size":{"width":{"fractionalWidth":1},"height":{"absolute":40}},
            "subitems":[{"layout":"vertical","size":{"width":{"absolute":10},"height":{"absolute":10}},
            "subitems":[{"size":{"width":{"absolute":10},"height":{"absolute":10}}}],
            "supplementaryItems":[{"kind":"frame","size":{"width":{"absolute":1},"height":{"absolute":1}}}]}]}}}}
            """#
        let (response, json) = self.call(.POST, "/layout/compositional", body)
        #expect(response.status == 200, "\(json)")
        let frames = self.attributes(json).filter { $0["kind"] as? String == "frame" }
        // The two copies that hold a cell, (0, 0) and (10, 0): their frames' centres are 5 points in.
        #expect(frames.map { $0["indexPath"] as? [Int] ?? [] } == [[0, 0], [0, 1]])
        #expect(frames.first?["frame"] as? [String: Double] == ["x": 4.5, "y": 4.5, "width": 1, "height": 1])
        #expect(frames.last?["frame"] as? [String: Double] == ["x": 14.5, "y": 4.5, "width": 1, "height": 1])
    }
}
