import Foundation
import HTTPCore
import LayoutService
import Testing

/// `compositional` sessions measuring headers and footers through `invalidate`, and snapping an orthogonal section
/// from where the gesture began: answers, and problems that point at the field.
@Suite struct CompositionalMeasuringRouteTests: ServiceTesting {
    let service = LayoutService()

    /// Two sections of three 44-point rows, each with an estimated 44-point header.
    static let list = #"""
        {"kind":"compositional","viewport":{"width":375,"height":667},"sections":[{"count":3},{"count":3}],
         "config":{"section":{"group":{"layout":"horizontal","size":{"width":{"fractionalWidth":1},"height":{"absolute":44}},
         "subitems":[{"size":{"width":{"fractionalWidth":1},"height":{"fractionalHeight":1}}}]},
         "boundarySupplementaryItems":[{"kind":"header","size":{"width":{"fractionalWidth":1},"height":{"estimated":44}}}]}}}
        """#

    func supplementary(_ json: [String: Any], section: Int) -> [String: Double]? {
        let attributes = json["attributes"] as? [[String: Any]] ?? []
        let header = attributes.first {
            $0["kind"] as? String == "header" && ($0["indexPath"] as? [Int])?.first == section
        }
        return header?["frame"] as? [String: Double]
    }

    @Test func aMeasuredHeaderRelaysItsSectionAndMovesTheNext() throws {
        let id = try self.create(Self.list)
        let (response, json) = self.call(
            .POST,
            "/sessions/\(id)/invalidate",
            #"{"supplementaries":[{"kind":"header","indexPath":[0,0],"size":{"width":375,"height":60}}]}"#
        )
        #expect(response.status == 200, "\(json)")
        #expect(json["contentSizeAdjustment"] as? [String: Double] == ["width": 0, "height": 16])
        let (_, answer) = self.call(.POST, "/sessions/\(id)/query", #"{"rect":{"x":0,"y":0,"width":375,"height":667}}"#)
        #expect(self.supplementary(answer, section: 0) == ["x": 0, "y": 0, "width": 375, "height": 60])
        #expect(self.supplementary(answer, section: 1) == ["x": 0, "y": 192, "width": 375, "height": 44])
        // The stateless route takes the same measured size as the section's `header`.
        let stateless = Self.list.replacingOccurrences(of: #""kind":"compositional","#, with: "")
            .replacingOccurrences(of: #"[{"count":3},"#, with: #"[{"count":3,"header":{"width":375,"height":60}},"#)
        let (_, fresh) = self.call(.POST, "/layout/compositional", stateless)
        #expect(self.supplementary(fresh, section: 1) == ["x": 0, "y": 192, "width": 375, "height": 44], "\(fresh)")
    }

    @Test(arguments: [
        (
            #"{"supplementaries":[{"kind":"footer","indexPath":[0,0],"size":{"width":1,"height":1}}]}"#,
            "/supplementaries/0/kind"
        ),
        (
            #"{"supplementaries":[{"kind":"header","indexPath":[0,0],"size":{"width":1,"height":1}},{"kind":"header","indexPath":[9,0],"size":{"width":1,"height":1}}]}"#,
            "/supplementaries/1/indexPath"
        ),
        (
            #"{"supplementaries":[{"kind":"header","indexPath":[0,1],"size":{"width":1,"height":1}}]}"#,
            "/supplementaries/0/indexPath"
        ),
        (
            #"{"supplementaries":[{"kind":"background","indexPath":[0,0],"size":{"width":1,"height":1}}]}"#,
            "/supplementaries/0/kind"
        ),
        (
            #"{"supplementaries":[{"kind":"sidebar","indexPath":[0,0],"size":{"width":1,"height":1}}]}"#,
            "/supplementaries/0/kind"
        ),
        (
            #"{"supplementaries":[{"kind":"header","indexPath":[0,0],"size":{"width":-1,"height":1}}]}"#,
            "/supplementaries/0/size/width"
        ),
        (#"{"supplementaries":[{"kind":"header","indexPath":[0,0]}]}"#, "/supplementaries/0/size"),
        (
            #"{"supplementaries":[{"kind":"header","indexPath":[1,0],"size":{"width":1,"height":1}},{"kind":"header","indexPath":[1,0],"size":{"width":2,"height":1}}]}"#,
            "/supplementaries/1"
        ),
        (
            #"{"supplementaries":[{"kind":"header","indexPath":[0,0],"size":{"width":1,"height":1},"z":1}]}"#,
            "/supplementaries/0/z"
        ),
    ])
    func badSupplementariesPointAtTheEntry(body: String, pointer: String) throws {
        let id = try self.create(Self.list)
        let (response, json) = self.call(.POST, "/sessions/\(id)/invalidate", body)
        #expect(response.status == 422, "\(json)")
        #expect(json["pointer"] as? String == pointer, "\(json)")
        // Nothing changed: the session is still at its first version.
        let (_, summary) = self.call(.GET, "/sessions/\(id)")
        #expect(summary["version"] as? Int == 1)
    }

    @Test func otherKindsRefuseMeasuredSupplementaries() throws {
        let id = try self.create(
            #"{"kind":"flow","viewport":{"width":375,"height":667},"sections":[{"count":2}]}"#
        )
        let (response, json) = self.call(
            .POST,
            "/sessions/\(id)/invalidate",
            #"{"supplementaries":[{"kind":"header","indexPath":[0,0],"size":{"width":10,"height":30}}]}"#
        )
        #expect(response.status == 422)
        #expect(json["pointer"] as? String == "/supplementaries/0", "\(json)")
    }

    @Test func aStartOffsetLimitsGroupPagingToOneGroup() throws {
        let id = try self.create(#"{"kind":"compositional",\#(CompositionalRouteTests.orthogonal)}"#)
        let flick = #""section":0,"proposedContentOffset":{"x":700,"y":0},"velocity":{"x":2000,"y":0}"#
        let (_, free) = self.call(.POST, "/sessions/\(id)/snap", "{\(flick)}")
        #expect(free["contentOffset"] as? [String: Double] == ["x": 620, "y": 0])
        let (response, limited) = self.call(.POST, "/sessions/\(id)/snap", #"{\#(flick),"startOffset":0}"#)
        #expect(response.status == 200, "\(limited)")
        #expect(limited["contentOffset"] as? [String: Double] == ["x": 340, "y": 0])
        let (refused, problem) = self.call(
            .POST,
            "/sessions/\(id)/snap",
            #"{"proposedContentOffset":{"x":0,"y":0},"startOffset":0}"#
        )
        #expect(refused.status == 422)
        #expect(problem["pointer"] as? String == "/startOffset", "\(problem)")
        let (huge, bad) = self.call(.POST, "/sessions/\(id)/snap", #"{\#(flick),"startOffset":1e300}"#)
        #expect(huge.status == 422)
        #expect(bad["pointer"] as? String == "/startOffset", "\(bad)")
    }
}
