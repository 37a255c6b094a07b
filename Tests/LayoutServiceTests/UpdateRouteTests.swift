import Foundation
import HTTPCore
import LayoutService
import Testing

/// `invalidate` and `updates` through the responder, checked against stateless layouts of the edited input.
@Suite struct UpdateRouteTests: ServiceTesting {
    let service = LayoutService(clock: ManualClock())



    /// Every element of the session, through a query over its whole content.
    func everything(_ id: String) -> NSArray {
        let rect = #"{"rect":{"x":0,"y":0,"width":10000000,"height":10000000}}"#
        return NSArray(array: self.call(.POST, "/sessions/\(id)/query", rect).1["attributes"] as? [Any] ?? [])
    }

    func stateless(_ kind: String, _ body: String) -> NSArray {
        NSArray(array: self.call(.POST, "/layout/\(kind)", body).1["attributes"] as? [Any] ?? [])
    }

    static let sizes = (0..<30).map { #"{"width":\#(40 + $0 * 7 % 60),"height":\#(30 + $0 * 11 % 50)}"# }

    @Test func selfSizingAnItemEqualsLayingOutTheNewSizes() throws {
        let body = #""viewport":{"width":320,"height":480},"sections":[{"items":[\#(Self.sizes.joined(separator: ","))]},{"count":5}]"#
        let id = try self.create(#"{"kind":"waterfall",\#(body)}"#)
        let (response, json) = self.call(
            .POST, "/sessions/\(id)/invalidate",
            #"{"items":[{"indexPath":[0,3],"size":{"width":100,"height":300}}],"contentOffset":{"x":0,"y":400}}"#
        )
        #expect(response.status == 200)
        #expect(json["version"] as? Int == 2)
        var edited = Self.sizes
        edited[3] = #"{"width":100,"height":300}"#
        let expected = self.stateless(
            "waterfall",
            #"{"viewport":{"width":320,"height":480},"sections":[{"items":[\#(edited.joined(separator: ","))]},{"count":5}]}"#
        )
        #expect(self.everything(id).isEqual(to: expected as! [Any]))
        let adjustment = try #require(json["contentSizeAdjustment"] as? [String: Double])
        #expect(adjustment["width"] == 0 && (adjustment["height"] ?? 0) > 0)
        let anchor = try #require(json["contentOffsetAdjustment"] as? [String: Double])
        #expect(anchor["x"] == 0 && (anchor["y"] ?? 0) > 0, "an item above the viewport grew: the offset follows")
    }

    @Test func invalidatingAMissingItemNamesIt() throws {
        let id = try self.create(#"{"kind":"flow","viewport":{"width":320,"height":480},"sections":[{"count":3}]}"#)
        let (response, json) = self.call(
            .POST, "/sessions/\(id)/invalidate",
            #"{"items":[{"indexPath":[0,1],"size":{"width":10,"height":10}},{"indexPath":[0,7],"size":{"width":10,"height":10}}]}"#
        )
        #expect(response.status == 422)
        #expect(json["pointer"] as? String == "/items/1/indexPath")
        #expect(self.call(.GET, "/sessions/\(id)").1["version"] as? Int == 1, "a refused invalidation changes nothing")
    }

    @Test func aNarrowerViewportRelaysOutAndShowsBeforeAndAfter() throws {
        let id = try self.create(#"{"kind":"flow","viewport":{"width":320,"height":480},"sections":[{"count":40}]}"#)
        let (response, json) = self.call(
            .POST, "/sessions/\(id)/invalidate",
            #"{"viewport":{"width":200,"height":480},"rect":{"x":0,"y":0,"width":320,"height":480}}"#
        )
        #expect(response.status == 200)
        #expect((json["before"] as? [Any])?.isEmpty == false)
        #expect((json["after"] as? [Any])?.isEmpty == false)
        let expected = self.stateless("flow", #"{"viewport":{"width":200,"height":480},"sections":[{"count":40}]}"#)
        #expect(self.everything(id).isEqual(to: expected as! [Any]))
    }

    @Test func aBatchEqualsLayingOutTheEditedSections() throws {
        let id = try self.create(#"{"kind":"flow","viewport":{"width":320,"height":480},"sections":[{"count":10},{"count":4,"header":{"width":320,"height":30}}]}"#)
        let batch = #"""
            {"deleteItems":[[0,2],[0,5]],"insertItems":[{"indexPath":[0,0],"size":{"width":120,"height":80}}],
             "deleteSections":[1],"insertSections":[{"index":1,"section":{"count":2,"footer":{"width":320,"height":20}}}],
             "expectedItemCounts":[9,2],"rect":{"x":0,"y":0,"width":320,"height":480}}
            """#
        let (response, json) = self.call(.POST, "/sessions/\(id)/updates", batch)
        #expect(response.status == 200, "\(json)")
        let items = [#"{"width":120,"height":80}"#] + Array(repeating: #"{"width":50,"height":50}"#, count: 8)
        let expected = self.stateless(
            "flow",
            #"{"viewport":{"width":320,"height":480},"sections":[{"items":[\#(items.joined(separator: ","))]},{"count":2,"footer":{"width":320,"height":20}}]}"#
        )
        #expect(self.everything(id).isEqual(to: expected as! [Any]))
        let appearing = try #require(json["appearing"] as? [[String: Any]])
        let disappearing = try #require(json["disappearing"] as? [[String: Any]])
        #expect(appearing.allSatisfy { $0["alpha"] as? Double == 0 })
        #expect(appearing.contains { $0["kind"] as? String == "footer" }, "the inserted section's footer appears")
        #expect(disappearing.contains { $0["kind"] as? String == "header" }, "the deleted section's header disappears")
        #expect(disappearing.filter { $0["category"] as? String == "cell" }.count == 2 + 4)
    }

    @Test(arguments: [
        (#"{"deleteItems":[[0,1],[0,1]]}"#, "/deleteItems/1"),
        (#"{"deleteItems":[[0,10]]}"#, "/deleteItems/0"),
        (#"{"insertItems":[{"indexPath":[0,12]}]}"#, "/insertItems/0"),
        (#"{"deleteSections":[3]}"#, "/deleteSections/0"),
        (#"{"deleteItems":[[0,1]],"reloadItems":[{"indexPath":[0,1]}]}"#, "/reloadItems/0"),
        (#"{"deleteItems":[[0,1]],"expectedItemCounts":[10]}"#, "/expectedItemCounts/0"),
        (#"{"moveItems":[{"from":[0,1]}]}"#, "/moveItems/0/to"),
    ])
    func anInconsistentBatchIs422AndChangesNothing(batch: String, pointer: String) throws {
        let id = try self.create(#"{"kind":"flow","viewport":{"width":320,"height":480},"sections":[{"count":10}]}"#)
        let before = self.everything(id)
        let (response, json) = self.call(.POST, "/sessions/\(id)/updates", batch)
        #expect(response.status == 422)
        #expect(json["pointer"] as? String == pointer)
        #expect(self.everything(id).isEqual(to: before as! [Any]))
        #expect(self.call(.GET, "/sessions/\(id)").1["version"] as? Int == 1)
    }

    @Test func tappingAnItemDeletesItWithItsDisappearingAttributes() throws {
        let id = try self.create(#"{"kind":"line","viewport":{"width":300,"height":200},"sections":[{"count":5}]}"#)
        let (response, json) = self.call(.POST, "/sessions/\(id)/updates", #"{"deleteItems":[[0,2]]}"#)
        #expect(response.status == 200)
        let disappearing = try #require(json["disappearing"] as? [[String: Any]])
        #expect(disappearing.count == 1)
        #expect(disappearing[0]["indexPath"] as? [Int] == [0, 2])
        #expect(disappearing[0]["alpha"] as? Double == 0)
        #expect(self.call(.GET, "/sessions/\(id)").1["sections"] as? [Int] == [4])
    }

    @Test func queriesDuringMutationsSeeWholeVersionsAndNoUpdateIsLost() async throws {
        let id = try self.create(#"{"kind":"flow","viewport":{"width":320,"height":480},"sections":[{"count":2000}]}"#)
        let service = self.service
        let outcomes = await withTaskGroup(of: (status: Int, version: Int).self, returning: [(status: Int, version: Int)].self) { group in
            for index in 0..<48 {
                group.addTask {
                    let isMutation = index % 3 == 0
                    let body = isMutation
                        ? #"{"items":[{"indexPath":[0,\#(index)],"size":{"width":60,"height":\#(20 + index)}}]}"#
                        : #"{"rect":{"x":0,"y":\#(index * 40),"width":320,"height":480}}"#
                    let target = "/sessions/\(id)/\(isMutation ? "invalidate" : "query")"
                    let response = service.respond(to: Request(method: .POST, target: target, body: Array(body.utf8)))
                    let json = (try? JSONSerialization.jsonObject(with: Data(response.body))) as? [String: Any]
                    return (response.status, json?["version"] as? Int ?? 0)
                }
            }
            return await group.reduce(into: []) { $0.append($1) }
        }
        #expect(outcomes.allSatisfy { $0.status == 200 })
        let versions = outcomes.map(\.version)
        #expect(versions.allSatisfy { (1...17).contains($0) })
        #expect(self.call(.GET, "/sessions/\(id)").1["version"] as? Int == 17, "16 invalidations, none lost")
    }
}
