import Foundation
import HTTPCore
import LayoutService
import Testing

/// `justified` through the responder: the library's config shapes, errors with pointers, `widowCount`, sessions.
@Suite struct JustifiedRouteTests: ServiceTesting {
    let service = LayoutService()

    static let squares = #"{"viewport":{"width":1060,"height":800},"sections":[{"count":4}]"#

    @Test func theAnswerCarriesTheWidowCountAndTheContainerHeight() throws {
        let (response, json) = self.call(.POST, "/layout/justified", Self.squares + "}")
        #expect(response.status == 200)
        #expect(json["widowCount"] as? Int == 1)
        #expect(json["contentSize"] as? [String: Double] == ["width": 1060, "height": 710])
        #expect((json["attributes"] as? [Any])?.count == 4)
        #expect(self.call(.POST, "/layout/flow", Self.squares + "}").1["widowCount"] == nil)
    }

    @Test func paddingAndSpacingTakeANumberOrTheLibrarysObjects() throws {
        let numbers = self.call(
            .POST, "/layout/justified", Self.squares + #","config":{"containerPadding":0,"boxSpacing":0}}"#
        ).1
        let objects = self.call(
            .POST, "/layout/justified",
            Self.squares
                + #","config":{"containerPadding":{"top":0,"right":0,"bottom":0,"left":0},"#
                + #""boxSpacing":{"horizontal":0,"vertical":0}}}"#
        ).1
        #expect(numbers["contentSize"] as? [String: Double] == ["width": 1060, "height": 1060.0 / 3 * 2])
        #expect(NSDictionary(dictionary: numbers).isEqual(to: objects))
    }

    @Test(arguments: [
        (#""containerPadding":{"top":1,"left":1,"bottom":1}"#, "/config/containerPadding/right"),
        (#""boxSpacing":{"horizontal":1}"#, "/config/boxSpacing/vertical"),
        (#""boxSpacing":{"horizontal":1,"vertical":-1}"#, "/config/boxSpacing/vertical"),
        (#""forceAspectRatio":true"#, "/config/forceAspectRatio"),
        (#""fullWidthBreakoutRowCadence":0"#, "/config/fullWidthBreakoutRowCadence"),
        (#""maxNumRows":0"#, "/config/maxNumRows"),
        (#""targetRowHeight":0"#, "/config/targetRowHeight"),
        (#""widowLayoutStyle":"right""#, "/config/widowLayoutStyle"),
        (#""containerPadding":600"#, "/config/containerPadding"),
        (#""columnCount":3"#, "/config/columnCount"),
    ])
    func badParametersPointAtTheirField(member: String, pointer: String) throws {
        let (response, json) = self.call(.POST, "/layout/justified", Self.squares + #","config":{"# + member + "}}")
        #expect(response.status == 422)
        #expect(json["pointer"] as? String == pointer)
    }

    @Test func flatItemsAndSectionConfigsAreRefused() throws {
        let flat = self.call(
            .POST, "/layout/justified",
            #"{"viewport":{"width":300,"height":300},"sections":[{"items":[{"width":3,"height":2},{"width":3,"height":0}]}]}"#
        )
        #expect(flat.0.status == 422)
        #expect(flat.1["pointer"] as? String == "/sections/0/items/1/height")
        let configured = self.call(
            .POST, "/layout/justified",
            #"{"viewport":{"width":300,"height":300},"sections":[{"count":1,"config":{"targetRowHeight":3}}]}"#
        )
        #expect(configured.0.status == 422)
        #expect(configured.1["pointer"] as? String == "/sections/0/config")
    }

    @Test func aSessionInvalidatesAndUpdatesLikeAStatelessLayout() throws {
        let id = try self.create(#"{"kind":"justified","viewport":{"width":400,"height":800},"sections":[{"count":10},{"count":5}]}"#)
        let summary = self.call(.GET, "/sessions/\(id)").1
        #expect(summary["widowCount"] as? Int == 0)
        let (invalidated, result) = self.call(
            .POST, "/sessions/\(id)/invalidate",
            #"{"items":[{"indexPath":[0,3],"size":{"width":2,"height":1}}]}"#
        )
        #expect(invalidated.status == 200)
        #expect(result["contentSizeAdjustment"] as? [String: Double] == ["width": 0, "height": -190])
        let (updated, _) = self.call(.POST, "/sessions/\(id)/updates", #"{"deleteItems":[[1,0]]}"#)
        #expect(updated.status == 200)
        let rect = #"{"x":0,"y":0,"width":400,"height":100000}"#
        let queried = try #require(
            self.call(.POST, "/sessions/\(id)/query", #"{"rect":\#(rect)}"#).1["attributes"] as? [[String: Any]]
        )
        let stateless = try #require(
            self.call(
                .POST, "/layout/justified",
                #"{"viewport":{"width":400,"height":800},"sections":[{"items":[{"width":1,"height":1},"#
                    + #"{"width":1,"height":1},{"width":1,"height":1},{"width":2,"height":1},{"width":1,"height":1},"#
                    + #"{"width":1,"height":1},{"width":1,"height":1},{"width":1,"height":1},{"width":1,"height":1},"#
                    + #"{"width":1,"height":1}]},{"count":4}],"rect":\#(rect)}"#
            ).1["attributes"] as? [[String: Any]]
        )
        #expect(queried.count == 14)
        #expect(NSArray(array: queried).isEqual(to: stateless))
    }

    @Test func transitionsAndMovesWorkWithJustifiedAtEitherEnd() throws {
        let id = try self.create(#"{"kind":"flow","viewport":{"width":400,"height":800},"sections":[{"count":6}]}"#)
        let (halfway, json) = self.call(
            .POST, "/sessions/\(id)/transition", #"{"to":{"kind":"justified","config":{"boxSpacing":4}},"progress":0.5}"#
        )
        #expect(halfway.status == 200)
        #expect((json["attributes"] as? [Any])?.count == 6)
        let (committed, _) = self.call(
            .POST, "/sessions/\(id)/transition", #"{"to":{"kind":"justified"},"progress":1,"commit":true}"#
        )
        #expect(committed.status == 200)
        let summary = self.call(.GET, "/sessions/\(id)").1
        #expect(summary["kind"] as? String == "justified")
        #expect(summary["contentSize"] as? [String: Double] == ["width": 400, "height": 10 + 6 * 390])
        // One square a row, 390 points apart: dragging item 0 to the fourth row targets item 3.
        let (move, moved) = self.call(
            .POST, "/sessions/\(id)/move", #"{"indexPath":[0,0],"position":{"x":200,"y":1370}}"#
        )
        #expect(move.status == 200)
        #expect(moved["targetIndexPath"] as? [Int] == [0, 3])
        #expect(self.call(.POST, "/sessions/\(id)/move/end", #"{"indexPath":[0,0],"targetIndexPath":[0,3]}"#).0.status == 200)
    }
}
