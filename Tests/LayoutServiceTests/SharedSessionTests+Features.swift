import Foundation
import HTTPCore
@testable import LayoutService
import Testing

/// Sessions that use what the engine gained after the codec's first format (issue 23's follow-up), rebuilt on other
/// replicas byte for byte: each step runs on a replica in turn (so the others catch up from the journal), each
/// answer equals that of a replica without Redis, and a fresh replica rebuilds the final layout from Redis alone.
extension SharedSessionTests {
    /// A waterfall of as many columns as fit (at least 110 points, at most 4), spanning items, header and footer
    /// insets, a minimum content height, and a section overriding the column sizing.
    static let waterfall = #"""
        {"kind":"waterfall","viewport":{"width":390,"height":700},
         "config":{"minColumnWidth":110,"maxColumnCount":4,"headerHeight":30,"footerHeight":12,
          "headerInset":{"top":5,"left":7,"bottom":9,"right":11},"footerInset":{"top":3,"left":0,"bottom":6,"right":0},
          "minimumContentHeight":2400},
         "sections":[{"items":[{"height":90},{"height":30,"columnSpan":2},{"width":4,"height":3},
           {"height":20,"columnSpan":"full"},{"height":50},{"width":3,"height":2,"columnSpan":2}]},
          {"count":7,"config":{"minColumnWidth":60,"maxColumnWidth":80,
           "headerInset":{"top":1,"left":2,"bottom":3,"right":4}}}]}
        """#

    /// A self-sizing flow (estimated 375 × 44) with insets from the safe area and measured headers.
    static let flow = #"""
        {"kind":"flow","viewport":{"width":375,"height":667},
         "safeAreaInsets":{"top":47,"left":20,"bottom":34,"right":20},
         "config":{"estimatedItemSize":{"width":300,"height":44},"minimumLineSpacing":0,
          "sectionInsetReference":"safeArea",
          "sectionInset":{"top":4,"left":6,"bottom":4,"right":6},"headerReferenceSize":{"width":375,"height":30}},
         "sections":[{"count":4},{"count":3},{"count":2}]}
        """#

    /// A compositional grid, four to a row, each cell with a badge on its top-trailing corner, each row with a tag,
    /// two named decorations, a visible-items effect, an offset estimated header and safe-area insets.
    static let compositional = #"""
        {"kind":"compositional","viewport":{"width":400,"height":600},"contentOffset":{"x":0,"y":40},
         "safeAreaInsets":{"top":0,"left":20,"bottom":0,"right":20},"sections":[{"count":10},{"count":6}],
         "config":{"section":{"contentInsets":{"top":10,"leading":8,"bottom":10,"trailing":8},
          "contentInsetsReference":"safeArea","supplementaryContentInsetsReference":"none",
          "visibleItemsEffect":{"scale":{"center":1.2,"edge":0.8},"alpha":{"center":1,"edge":0.5},"distance":300},
          "decorationItems":[{"kind":"cardBackground","contentInsets":{"top":5,"leading":10,"bottom":5,"trailing":10}},
           {"kind":"shadow","zIndex":-2}],
          "boundarySupplementaryItems":[{"kind":"header","absoluteOffset":{"x":10,"y":-5},
           "size":{"width":{"fractionalWidth":1},"height":{"estimated":30}}}],
          "group":{"layout":"horizontal","size":{"width":{"fractionalWidth":1},"height":{"absolute":80}},
           "supplementaryItems":[{"kind":"rowTag","size":{"width":{"absolute":12},"height":{"absolute":12}},
            "anchor":{"edges":["leading"],"absoluteOffset":{"x":-6,"y":0}}}],
           "subitems":[{"size":{"width":{"fractionalWidth":0.25},"height":{"fractionalHeight":1}},
            "supplementaryItems":[{"kind":"badge","size":{"width":{"absolute":20},"height":{"absolute":20}},
             "anchor":{"edges":["top","trailing"],"fractionalOffset":{"x":0.5,"y":-0.5}}}]}]}}}}
        """#

    static let featureSessions: [(name: String, create: String, steps: [(String, String)], mustContain: [String])] = [
        (
            "waterfall", Self.waterfall,
            [
                ("invalidate", #"{"viewport":{"width":480,"height":700}}"#),
                ("updates", #"{"moveSections":[[1,0]],"deleteItems":[[0,0]]}"#),
                ("invalidate", #"{"items":[{"indexPath":[1,1],"size":{"width":1,"height":3}}]}"#),
            ],
            [#""height":2400"#]
        ),
        (
            "flow", Self.flow,
            [
                ("invalidate", #"{"items":[{"indexPath":[0,1],"size":{"width":300,"height":80}}]}"#),
                (
                    "invalidate",
                    #"{"supplementaries":[{"kind":"header","indexPath":[1,0],"size":{"width":375,"height":52}}]}"#
                ),
                ("updates", #"{"moveSections":[[0,2]],"contentOffset":{"x":0,"y":100}}"#),
                ("updates", #"{"insertItems":[{"indexPath":[1,0]}],"moveSections":[[2,0]]}"#),
            ],
            [#""width":300,"height":80"#, #""height":52"#]
        ),
        (
            "compositional", Self.compositional,
            [
                (
                    "invalidate",
                    #"{"supplementaries":[{"kind":"header","indexPath":[1,0],"size":{"width":400,"height":48}}]}"#
                ),
                ("updates", #"{"moveSections":[[0,1]],"deleteItems":[[0,2]]}"#),
                ("invalidate", #"{"viewport":{"width":420,"height":640}}"#),
            ],
            [#""kind":"badge""#, #""kind":"rowTag""#, #""kind":"cardBackground""#, #""kind":"shadow""#, "transform"]
        ),
    ]

    @Test(arguments: 0..<3)
    func newFeaturesAreRebuiltByteForByte(index: Int) throws {
        let (name, create, steps, mustContain) = Self.featureSessions[index]
        let replicas = [self.replica(), self.replica()]
        let alone = self.replica(store: false)
        let id = try replicas[0].create(create)
        let soloID = try alone.create(create)
        for (step, (route, body)) in steps.enumerated() {
            let shared = replicas[(step + 1) % 2].post("/sessions/\(id)/\(route)", body)
            let solo = alone.post("/sessions/\(soloID)/\(route)", body)
            #expect(shared.status == 200, "\(name) \(route): \(shared.text)")
            #expect(shared.headers["ETag"] == "\"\(step + 2)\"", "\(name) \(route)")
            #expect(shared.text == solo.text.replacingOccurrences(of: soloID, with: id), "\(name) \(route)")
        }
        let expected = alone.post("/sessions/\(soloID)/query", Self.query)
        let fresh = self.replica().post("/sessions/\(id)/query", Self.query)
        #expect(fresh.status == 200)
        #expect(fresh.headers["ETag"] == "\"\(steps.count + 1)\"")
        #expect(fresh.text == expected.text, "\(name)")
        for replica in replicas {
            #expect(replica.post("/sessions/\(id)/query", Self.query).text == expected.text, "\(name)")
        }
        // The answer shows the features, so a field the store dropped would change it.
        for text in mustContain { #expect(fresh.text.contains(text), "\(name): \(text) in \(fresh.text)") }
    }

    /// A transition's target configuration with the new fields is journaled and replayed too.
    @Test func aCommittedTransitionToNewFeaturesIsRebuiltByteForByte() throws {
        let a = self.replica()
        let alone = self.replica(store: false)
        let id = try a.create(Self.create)
        let soloID = try alone.create(Self.create)
        let body = #"""
            {"to":{"kind":"waterfall","config":{"minColumnWidth":90,"maxColumnWidth":120,"scrollDirection":"vertical",
             "headerInset":{"top":8,"left":4,"bottom":2,"right":4},"minimumContentHeight":3000}},
             "progress":1,"commit":true}
            """#
        #expect(a.post("/sessions/\(id)/transition", body).status == 200)
        #expect(alone.post("/sessions/\(soloID)/transition", body).status == 200)
        let fresh = self.replica().post("/sessions/\(id)/query", Self.query)
        #expect(fresh.headers["ETag"] == "\"2\"")
        #expect(fresh.text == alone.post("/sessions/\(soloID)/query", Self.query).text)
        #expect(fresh.text.contains(#""height":3000"#), "\(fresh.text)")
    }
}
