import Foundation
import HTTPCore
import LayoutService
import Testing

/// `cover`, `rotary` and `pagecover` through the responder: answers, config errors, and sessions.
@Suite struct CardRouteTests: ServiceTesting {
    let service = LayoutService(clock: ManualClock())

    private func cells(_ json: [String: Any]) -> [[String: Any]] {
        (json["attributes"] as? [[String: Any]] ?? []).filter { $0["category"] as? String == "cell" }
    }

    @Test func theRotaryAnswerCarriesTransform3DInMatrix3dOrder() throws {
        let (response, json) = self.call(
            .POST, "/layout/rotary",
            #"{"viewport":{"width":375,"height":667},"sections":[{"count":2}]}"#
        )
        #expect(response.status == 200)
        let cells = self.cells(json)
        #expect(cells.count == 2)
        #expect(cells[0]["transform3D"] as? [Double] == [1, 0, 0, 0, 0, 1, 0, 0, 0, 0, 1, -0.002, 0, 0, 0, 1])
        let turned = try #require(cells[1]["transform3D"] as? [Double])
        #expect(turned.count == 16 && abs(turned[0] - 0.8 * 0.5.squareRoot()) < 1e-12 && turned[8] < 0)
        #expect(cells[1]["alpha"] as? Double == 0.7 && cells[1]["zIndex"] as? Int == -1000)
    }

    @Test func aCoverCardPastTheTopLineIsPinnedInTheAnswer() throws {
        let (response, json) = self.call(
            .POST, "/layout/cover",
            #"{"viewport":{"width":300,"height":500},"contentOffset":{"x":0,"y":100},"sections":[{"count":4}],"config":{"itemSize":{"width":300,"height":190},"sectionInset":{"top":20,"left":0,"bottom":0,"right":0}}}"#
        )
        #expect(response.status == 200)
        let first = try #require(self.cells(json).first)
        #expect(first["frame"] as? [String: Double] == ["x": 0, "y": 120, "width": 300, "height": 190])
        #expect(first["alpha"] as? Double == 0.8)
    }

    @Test(arguments: [
        ("cover", #"{"shrink":2}"#, "/config/shrink"),
        ("cover", #"{"scrollDirection":"sideways"}"#, "/config/scrollDirection"),
        ("cover", #"{"itemSize":{"width":-1,"height":2}}"#, "/config/itemSize/width"),
        ("rotary", #"{"perspective":0}"#, "/config/perspective"),
        ("rotary", #"{"alphaFalloff":1.5}"#, "/config/alphaFalloff"),
        ("pagecover", #"{"itemSize":{"width":1,"height":1}}"#, "/config/itemSize"),
    ])
    func badConfigPointsAtTheField(kind: String, config: String, pointer: String) {
        let (response, json) = self.call(
            .POST, "/layout/\(kind)",
            #"{"viewport":{"width":300,"height":500},"sections":[{"count":4}],"config":\#(config)}"#
        )
        #expect(response.status == 422)
        #expect(json["pointer"] as? String == pointer)
    }

    /// As for `line`, `stack` and `circle`: these kinds read no per-section parameters.
    @Test(arguments: ["cover", "rotary", "pagecover"])
    func sectionConfigIsRefused(kind: String) {
        let (response, json) = self.call(
            .POST, "/layout/\(kind)",
            #"{"viewport":{"width":300,"height":500},"sections":[{"count":4,"config":{"minimumLineSpacing":3}}]}"#
        )
        #expect(response.status == 422)
        #expect(json["pointer"] as? String == "/sections/0/config")
    }

    @Test func sessionsSnapEachKindItsOwnWay() throws {
        let cover = try self.create(
            #"{"kind":"cover","viewport":{"width":300,"height":400},"sections":[{"count":10}],"config":{"itemSize":{"width":300,"height":190},"sectionInset":{"top":20,"left":0,"bottom":0,"right":0}}}"#
        )
        let coverSnap = self.call(.POST, "/sessions/\(cover)/snap", #"{"proposedContentOffset":{"x":0,"y":290}}"#).1
        #expect(coverSnap["contentOffset"] as? [String: Double] == ["x": 0, "y": 200])
        let rotary = try self.create(#"{"kind":"rotary","viewport":{"width":300,"height":400},"sections":[{"count":10}]}"#)
        // Card i's centre is at 150 + 220·i: a proposed centre of 150 + 300 is nearest card 1.
        let rotarySnap = self.call(.POST, "/sessions/\(rotary)/snap", #"{"proposedContentOffset":{"x":300,"y":0}}"#).1
        #expect(rotarySnap["contentOffset"] as? [String: Double] == ["x": 220, "y": 0])
        let pages = try self.create(#"{"kind":"pagecover","viewport":{"width":300,"height":400},"sections":[{"count":5}]}"#)
        let flick = self.call(
            .POST, "/sessions/\(pages)/snap",
            #"{"proposedContentOffset":{"x":310,"y":0},"velocity":{"x":900,"y":0}}"#
        ).1
        #expect(flick["contentOffset"] as? [String: Double] == ["x": 600, "y": 0])
    }

    @Test(arguments: ["cover", "rotary", "pagecover"])
    func sessionsQueryInvalidateAndUpdateLikeStatelessLayouts(kind: String) throws {
        let id = try self.create(#"{"kind":"\#(kind)","viewport":{"width":300,"height":400},"sections":[{"count":6}]}"#)
        let query = #"{"rect":{"x":0,"y":0,"width":10000000,"height":10000000},"contentOffset":{"x":130,"y":130}}"#
        func stateless(_ sections: String, viewport: String) -> NSArray {
            let body = #"{"viewport":\#(viewport),"contentOffset":{"x":130,"y":130},"sections":\#(sections)}"#
            return NSArray(array: self.call(.POST, "/layout/\(kind)", body).1["attributes"] as? [Any] ?? [])
        }
        func queried() -> NSArray {
            NSArray(array: self.call(.POST, "/sessions/\(id)/query", query).1["attributes"] as? [Any] ?? [])
        }
        #expect(queried().isEqual(to: stateless(#"[{"count":6}]"#, viewport: #"{"width":300,"height":400}"#) as! [Any]))
        let invalidate = self.call(.POST, "/sessions/\(id)/invalidate", #"{"viewport":{"width":320,"height":420}}"#)
        #expect(invalidate.0.status == 200)
        #expect(queried().isEqual(to: stateless(#"[{"count":6}]"#, viewport: #"{"width":320,"height":420}"#) as! [Any]))
        let updates = self.call(.POST, "/sessions/\(id)/updates", #"{"deleteItems":[[0,1]],"insertItems":[{"indexPath":[0,0]}]}"#)
        #expect(updates.0.status == 200, "\(updates.1)")
        #expect(queried().isEqual(to: stateless(#"[{"count":6}]"#, viewport: #"{"width":320,"height":420}"#) as! [Any]))
        #expect(self.call(.GET, "/sessions/\(id)").1["version"] as? Int == 3)
    }
}
