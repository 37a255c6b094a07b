import Foundation
import HTTPCore
import LayoutService
import Testing

/// `compositional` list sections through the responder: `list` in the layout's and a section's description, the
/// members given beside it, errors with pointers, and a session measuring and updating rows.
@Suite struct CompositionalListRouteTests: ServiceTesting {
    let service = LayoutService()

    static let iPhone =
        #""viewport":{"width":375,"height":667},"layoutMargins":{"top":8,"left":16,"bottom":8,"right":16}"#

    static let group = #""group":{"layout":"horizontal","size":{"width":{"absolute":1},"height":{"absolute":1}},"#
        + #""subitems":[{"size":{"width":{"absolute":1},"height":{"absolute":1}}}]}"#

    func elements(_ json: [String: Any]) -> [String] {
        (json["attributes"] as? [[String: Any]] ?? []).map { element in
            let frame = element["frame"] as? [String: Double] ?? [:]
            let path = element["indexPath"] as? [Int] ?? []
            let values = [frame["x"], frame["y"], frame["width"], frame["height"]]
                .map { $0.map { "\(Int($0))" } ?? "?" }
            return "\(element["kind"] as? String ?? "cell") \(path) \(values.joined(separator: " "))"
        }
    }

    @Test func anInsetGroupedListWithHeaderAndFooter() throws {
        let body = #"""
            {\#(Self.iPhone),"sections":[{"count":2}],
             "config":{"section":{"list":{"appearance":"insetGrouped","headerMode":"supplementary",
               "footerMode":"supplementary"}}}}
            """#
        let (response, json) = self.call(.POST, "/layout/compositional", body)
        #expect(response.status == 200, "\(json)")
        #expect(Set(self.elements(json)) == [
            "header [0, 0] 16 0 343 44", "cell [0, 0] 16 44 343 44", "cell [0, 1] 16 88 343 44",
            "footer [0, 0] 16 132 343 44",
        ])
        #expect(json["contentSize"] as? [String: Double] == ["width": 375, "height": 176])
        // With 10 points of headerTopPadding everything moves down by 10.
        let padded = body.replacingOccurrences(of: #""footerMode""#, with: #""headerTopPadding":10,"footerMode""#)
        let (_, moved) = self.call(.POST, "/layout/compositional", padded)
        #expect(Set(self.elements(moved)) == [
            "header [0, 0] 16 10 343 44", "cell [0, 0] 16 54 343 44", "cell [0, 1] 16 98 343 44",
            "footer [0, 0] 16 142 343 44",
        ])
    }

    @Test func aSectionsOwnListAndMembersGivenBesideIt() throws {
        // Section 1 is a grouped list whose contentInsets, given before "list", replace the list's 35-point top.
        let body = #"""
            {\#(Self.iPhone),"sections":[{"count":1},{"count":1,"config":{"section":{
              "contentInsets":{"top":10,"leading":0,"bottom":0,"trailing":0},"list":{"appearance":"grouped"}}}}],
             "config":{"section":{"list":{"appearance":"plain","estimatedRowHeight":50}}}}
            """#
        let (response, json) = self.call(.POST, "/layout/compositional", body)
        #expect(response.status == 200, "\(json)")
        #expect(self.elements(json) == ["cell [0, 0] 0 0 375 50", "cell [1, 0] 0 60 375 44"])
    }

    @Test(arguments: [
        (#""section":{"list":{"appearance":"fancy"}}"#, "/config/section/list/appearance"),
        (#""section":{"list":{}}"#, "/config/section/list/appearance"),
        (#""section":{"list":{"appearance":"plain","headerMode":"sticky"}}"#, "/config/section/list/headerMode"),
        (#""section":{"list":{"appearance":"plain","footerMode":"firstItemInSection"}}"#,
         "/config/section/list/footerMode"),
        (#""section":{"list":{"appearance":"plain","estimatedRowHeight":0}}"#,
         "/config/section/list/estimatedRowHeight"),
        (#""section":{"list":{"appearance":"plain","showsSeparators":1}}"#, "/config/section/list/showsSeparators"),
        (#""section":{"list":{"appearance":"plain","rowHeight":44}}"#, "/config/section/list/rowHeight"),
        (#""section":{"list":{"appearance":"plain","headerTopPadding":-1}}"#, "/config/section/list/headerTopPadding"),
        (#""section":{"list":{"appearance":"plain"},"# + Self.group + "}",
         "/config/section/group"),
        (#""section":{"# + Self.group + #","list":{"appearance":"plain"}}"#,
         "/config/section/list"),
        (#""scrollDirection":"horizontal","section":{"list":{"appearance":"plain"}}"#, "/config/section/list"),
    ])
    func badListsPointAtTheField(config: String, pointer: String) throws {
        let body = #"{"viewport":{"width":375,"height":667},"sections":[{"count":1}],"config":{\#(config)}}"#
        let (response, json) = self.call(.POST, "/layout/compositional", body)
        #expect(response.status == 422, "\(json)")
        #expect(json["pointer"] as? String == pointer, "\(json)")
    }

    @Test func aSectionsListInAHorizontalLayoutPointsAtTheSection() throws {
        let body = #"""
            {"viewport":{"width":375,"height":667},"config":{"scrollDirection":"horizontal"},
             "sections":[{"count":1,"config":{"section":{"list":{"appearance":"sidebar"}}}}]}
            """#
        let (response, json) = self.call(.POST, "/layout/compositional", body)
        #expect(response.status == 422)
        #expect(json["pointer"] as? String == "/sections/0/config/section/list", "\(json)")
    }

    @Test func aSessionMeasuresInsertsAndMovesRows() throws {
        let id = try self.create(#"""
            {"kind":"compositional",\#(Self.iPhone),"sections":[{"count":3}],
             "config":{"section":{"list":{"appearance":"plain","headerMode":"supplementary"}}}}
            """#)
        let (measured, answer) = self.call(
            .POST, "/sessions/\(id)/invalidate",
            #"{"items":[{"indexPath":[0,0],"size":{"width":375,"height":100}}]}"#
        )
        #expect(measured.status == 200, "\(answer)")
        #expect(answer["contentSizeAdjustment"] as? [String: Double] == ["width": 0, "height": 56])
        let (updated, result) = self.call(
            .POST, "/sessions/\(id)/updates",
            #"{"insertItems":[{"indexPath":[0,0],"size":{"width":0,"height":0}}],"#
                + #""moveItems":[{"from":[0,2],"to":[0,1]}]}"#
        )
        #expect(updated.status == 200, "\(result)")
        let (_, query) = self.call(.POST, "/sessions/\(id)/query", #"{"rect":{"x":0,"y":0,"width":375,"height":667}}"#)
        // Header, then the inserted row (44), old row 2 (44), old row 0 (measured 100), old row 1 (44).
        #expect(Set(self.elements(query)) == [
            "header [0, 0] 0 0 375 44", "cell [0, 0] 0 44 375 44", "cell [0, 1] 0 88 375 44",
            "cell [0, 2] 0 132 375 100", "cell [0, 3] 0 232 375 44",
        ])
    }

    @Test func aSessionTransitionsFromAPlainToAnInsetGroupedList() throws {
        let id = try self.create(#"""
            {"kind":"compositional",\#(Self.iPhone),"sections":[{"count":2}],
             "config":{"section":{"list":{"appearance":"plain"}}}}
            """#)
        let target = #""to":{"kind":"compositional","config":{"section":{"list":{"appearance":"insetGrouped"}}}}"#
        let (response, halfway) = self.call(.POST, "/sessions/\(id)/transition", "{\(target),\"progress\":0.5}")
        #expect(response.status == 200, "\(halfway)")
        // Row 1 from (0, 44, 375, 44) to (16, 79, 343, 44): halfway (8, 61.5, 359, 44).
        let row = (halfway["attributes"] as? [[String: Any]])?.first {
            $0["category"] as? String == "cell" && $0["indexPath"] as? [Int] == [0, 1]
        }
        #expect(row?["frame"] as? [String: Double] == ["x": 8, "y": 61.5, "width": 359, "height": 44], "\(halfway)")
        let (committed, _) = self.call(
            .POST, "/sessions/\(id)/transition", "{\(target),\"progress\":1,\"commit\":true}"
        )
        #expect(committed.status == 200)
        let (_, query) = self.call(.POST, "/sessions/\(id)/query", #"{"rect":{"x":0,"y":0,"width":375,"height":667}}"#)
        #expect(self.elements(query) == ["cell [0, 0] 16 35 343 44", "cell [0, 1] 16 79 343 44"])
    }
}
