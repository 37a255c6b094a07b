import Foundation
import HTTPCore
import LayoutService
import Testing

/// `compositional` through the responder: decoding, errors with pointers, and sessions (query with orthogonal
/// offsets, snap, invalidate with measured sizes, batch updates).
@Suite struct CompositionalRouteTests: ServiceTesting {
    let service = LayoutService()

    static let grid = #"""
        "viewport":{"width":375,"height":667},"sections":[{"count":7}],
        "config":{"section":{"group":{"layout":"horizontal","size":{"width":{"fractionalWidth":1},"height":{"fractionalWidth":0.2}},
        "subitems":[{"size":{"width":{"fractionalWidth":0.2},"height":{"fractionalHeight":1}},
        "contentInsets":{"top":2,"leading":2,"bottom":2,"trailing":2}}]}}}
        """#

    static let orthogonal = #"""
        "viewport":{"width":400,"height":600},"sections":[{"count":9}],
        "config":{"section":{"orthogonalScrollingBehavior":"groupPaging",
        "group":{"layout":"horizontal","size":{"width":{"fractionalWidth":0.85},"height":{"fractionalHeight":0.4}},
        "subitems":[{"size":{"width":{"fractionalWidth":0.7},"height":{"fractionalHeight":1}}},
        {"layout":"vertical","count":2,"size":{"width":{"fractionalWidth":0.3},"height":{"fractionalHeight":1}},
         "subitems":[{"size":{"width":{"fractionalWidth":1},"height":{"fractionalHeight":0.3}}}]}]}}}
        """#

    func frames(_ json: [String: Any]) -> [[String: Double]] {
        (json["attributes"] as? [[String: Any]] ?? []).compactMap { $0["frame"] as? [String: Double] }
    }

    @Test func theGridRequestPlacesFiveSquaresARow() throws {
        let (response, json) = self.call(.POST, "/layout/compositional", "{\(Self.grid)}")
        #expect(response.status == 200, "\(json)")
        let frames = self.frames(json)
        #expect(frames.count == 7)
        #expect(frames[6] == ["x": 77, "y": 77, "width": 71, "height": 71])
        #expect(json["contentSize"] as? [String: Double] == ["width": 375, "height": 150])
    }

    @Test(arguments: [
        (#""section":{"group":{"layout":"horizontal","size":{"width":{"fractionalWidth":-1},"height":{"absolute":4}},"subitems":[{"size":{"width":{"absolute":1},"height":{"absolute":1}}}]}}"#,
         "/config/section/group/size/width/fractionalWidth"),
        (#""section":{"group":{"layout":"diagonal"}}"#, "/config/section/group/layout"),
        (#""section":{"group":{"size":{"width":{"absolute":1},"height":{"absolute":1}}}}"#, "/config/section/group"),
        (#""section":{"group":{"layout":"horizontal","size":{"width":{"absolute":1},"height":{"absolute":1}},"subitems":[{"size":{"width":{"absolute":1}}}]}}"#,
         "/config/section/group/subitems/0/size/height"),
        (#""section":{"boundarySupplementaryItems":[{"alignment":"diagonal","size":{"width":{"absolute":1},"height":{"absolute":1}}}]}"#,
         "/config/section/boundarySupplementaryItems/0/alignment"),
        (#""section":{"boundarySupplementaryItems":[{"kind":"footer","alignment":"top","size":{"width":{"absolute":1},"height":{"absolute":1}}}]}"#,
         "/config/section/boundarySupplementaryItems/0"),
        (#""section":{"orthogonalScrollingBehavior":"sideways"}"#, "/config/section/orthogonalScrollingBehavior"),
        (#""section":{"group":{"layout":"custom","frames":[],"size":{"width":{"absolute":1},"height":{"absolute":1}}}}"#,
         "/config/section/group/frames"),
    ])
    func badDescriptionsPointAtTheField(config: String, pointer: String) throws {
        let body = #"{"viewport":{"width":375,"height":667},"sections":[{"count":1}],"config":{\#(config)}}"#
        let (response, json) = self.call(.POST, "/layout/compositional", body)
        #expect(response.status == 422)
        #expect(json["pointer"] as? String == pointer, "\(json)")
    }

    @Test func aGroupOfTooManyCellsIsRefusedAtTheSectionsOwnDescription() throws {
        let body = #"""
            {"viewport":{"width":375,"height":667},"sections":[{"count":1,"config":{"section":{"group":{"layout":"horizontal",
             "size":{"width":{"absolute":10000000},"height":{"absolute":10}},"subitems":[{"size":{"width":{"absolute":0.001},"height":{"absolute":1}}}]}}}}]}
            """#
        let (response, json) = self.call(.POST, "/layout/compositional", body)
        #expect(response.status == 422)
        #expect(json["pointer"] as? String == "/sections/0/config/section/group", "\(json)")
    }

    @Test func sessionsQueryWithOrthogonalOffsetsAndSnapPerSection() throws {
        let id = try self.create(#"{"kind":"compositional",\#(Self.orthogonal)}"#)
        let rect = #""rect":{"x":0,"y":0,"width":400,"height":600}"#
        let (_, still) = self.call(.POST, "/sessions/\(id)/query", "{\(rect)}")
        let (_, scrolled) = self.call(.POST, "/sessions/\(id)/query", #"{\#(rect),"orthogonalOffsets":[340]}"#)
        // Unscrolled, the first group and the second's leading cell show; scrolled by one group, cell 3 is first.
        #expect(self.frames(still).first?["x"] == 0)
        #expect(self.frames(scrolled).first?["x"] == 0)
        #expect((scrolled["attributes"] as? [[String: Any]])?.first?["indexPath"] as? [Int] == [0, 3])
        let (response, snapped) = self.call(
            .POST, "/sessions/\(id)/snap",
            #"{"section":0,"proposedContentOffset":{"x":200,"y":0},"velocity":{"x":0,"y":0}}"#
        )
        #expect(response.status == 200)
        #expect(snapped["contentOffset"] as? [String: Double] == ["x": 340, "y": 0])
        let (refused, problem) = self.call(.POST, "/sessions/\(id)/snap", #"{"section":3,"proposedContentOffset":{"x":0,"y":0}}"#)
        #expect(refused.status == 422)
        #expect(problem["pointer"] as? String == "/section")
    }

    @Test func invalidatingAnEstimatedItemUsesItsMeasuredHeight() throws {
        let list = #"""
            {"kind":"compositional","viewport":{"width":375,"height":667},"sections":[{"count":3}],
             "config":{"section":{"group":{"layout":"horizontal","size":{"width":{"fractionalWidth":1},"height":{"estimated":44}},
             "subitems":[{"size":{"width":{"fractionalWidth":1},"height":{"estimated":44}}}]}}}}
            """#
        let id = try self.create(list)
        let (response, json) = self.call(
            .POST, "/sessions/\(id)/invalidate",
            #"{"items":[{"indexPath":[0,0],"size":{"width":375,"height":100}}]}"#
        )
        #expect(response.status == 200, "\(json)")
        #expect(json["contentSizeAdjustment"] as? [String: Double] == ["width": 0, "height": 56])
        let (_, answer) = self.call(.POST, "/sessions/\(id)/query", #"{"rect":{"x":0,"y":0,"width":375,"height":667}}"#)
        #expect(self.frames(answer).map { $0["y"] } == [0, 100, 144])
    }

    @Test func batchUpdatesRelayTheGrid() throws {
        let id = try self.create(#"{"kind":"compositional",\#(Self.grid)}"#)
        let (response, json) = self.call(
            .POST, "/sessions/\(id)/updates",
            #"{"deleteItems":[[0,0]],"insertItems":[{"indexPath":[0,6],"size":{"width":0,"height":0}},{"indexPath":[0,7],"size":{"width":0,"height":0}}]}"#
        )
        #expect(response.status == 200, "\(json)")
        let (_, answer) = self.call(.POST, "/sessions/\(id)/query", #"{"rect":{"x":0,"y":0,"width":375,"height":667}}"#)
        #expect(self.frames(answer).count == 8)
        #expect(json["contentSize"] as? [String: Double] == ["width": 375, "height": 150])
    }
}
