import Foundation
import HTTPCore
import LayoutService
import Testing

/// `moveSections` in `POST /sessions/{id}/updates`, checked against stateless layouts of the sections in their new
/// order.
@Suite struct MoveSectionsRouteTests: ServiceTesting {
    let service = LayoutService(clock: ManualClock())

    static let sections = [
        #"{"count":4,"header":{"width":320,"height":30}}"#,
        #"{"items":[{"width":120,"height":80},{"width":60,"height":40}]}"#,
        #"{"count":3,"footer":{"width":320,"height":20}}"#,
    ]

    func everything(_ id: String) -> NSArray {
        let rect = #"{"rect":{"x":0,"y":0,"width":10000000,"height":10000000}}"#
        return NSArray(array: self.call(.POST, "/sessions/\(id)/query", rect).1["attributes"] as? [Any] ?? [])
    }

    @Test(arguments: ["flow", "waterfall", "justified", "compositional"])
    func movingASectionEqualsLayingOutTheNewOrder(kind: String) throws {
        let sections = Self.sections.joined(separator: ",")
        let id = try self.create(#"{"kind":"\#(kind)","viewport":{"width":320,"height":480},"sections":[\#(sections)]}"#)
        let (response, json) = self.call(
            .POST, "/sessions/\(id)/updates", #"{"moveSections":[[0,2]],"expectedItemCounts":[2,3,4]}"#
        )
        #expect(response.status == 200, "\(json)")
        let reordered = [Self.sections[1], Self.sections[2], Self.sections[0]].joined(separator: ",")
        let (_, expected) = self.call(
            .POST, "/layout/\(kind)", #"{"viewport":{"width":320,"height":480},"sections":[\#(reordered)]}"#
        )
        #expect(self.everything(id).isEqual(to: expected["attributes"] as? [Any] ?? []))
        let moved = try #require(json["moved"] as? [[String: [Int]]])
        #expect(moved.map { $0["from"]! } == (0..<4).map { [0, $0] })
        #expect(moved.map { $0["to"]! } == (0..<4).map { [2, $0] })
        let movedFrom = try #require(json["movedFrom"] as? [[String: Any]])
        #expect(movedFrom.allSatisfy { ($0["indexPath"] as? [Int])?.first == 2 })
        #expect(movedFrom.count >= 4)
    }

    @Test(arguments: [
        (#"{"moveSections":[[0,1],[0,2]]}"#, "/moveSections/1"),
        (#"{"moveSections":[[0,1],[2,1]]}"#, "/moveSections/1"),
        (#"{"moveSections":[[3,0]]}"#, "/moveSections/0"),
        (#"{"moveSections":[[1,3]]}"#, "/moveSections/0"),
        (#"{"deleteSections":[1],"moveSections":[[2,1],[1,0]]}"#, "/moveSections/1"),
        (#"{"insertSections":[{"index":0,"section":{"count":1}}],"moveSections":[[2,0]]}"#, "/moveSections/0"),
        (#"{"moveSections":[[0]]}"#, "/moveSections/0"),
        (#"{"moveSections":[[0,1,2]]}"#, "/moveSections/0/2"),
        (#"{"moveSections":[[0,-1]]}"#, "/moveSections/0/1"),
    ])
    func anInconsistentSectionMoveIsA422PointingAtIt(body: String, pointer: String) throws {
        let sections = Self.sections.joined(separator: ",")
        let id = try self.create(#"{"kind":"flow","viewport":{"width":320,"height":480},"sections":[\#(sections)]}"#)
        let (response, json) = self.call(.POST, "/sessions/\(id)/updates", body)
        #expect(response.status == 422, "\(json)")
        #expect(json["pointer"] as? String == pointer)
        #expect(self.call(.GET, "/sessions/\(id)").1["version"] as? Int == 1, "a refused batch changes nothing")
    }
}
