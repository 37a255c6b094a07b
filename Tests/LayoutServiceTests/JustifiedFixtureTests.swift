import Foundation
import HTTPCore
import LayoutService
import Testing

/// `justified` answers what flickr/justified-layout (v4) answers, to 1e-6 and rounding included, on every case of
/// `Tests/Fixtures/justified-layout.json`: seeded random photos, widths and configurations (padding and spacing as
/// numbers and objects, tolerances, row limits, forced ratios, hidden widows, breakout rows, every widow style),
/// which the library itself laid out. Each case goes through the service as a client sends it, the library's own
/// `config` as layoutd's.
///
/// To regenerate the fixtures, get the library's source (its `lib/` folder) and run
/// `node scripts/justified-fixtures.js /path/to/justified-layout`.
@Suite struct JustifiedFixtureTests {
    let service = LayoutService()

    static let fixtureURL = URL(fileURLWithPath: #filePath)
        .deletingLastPathComponent().deletingLastPathComponent()
        .appendingPathComponent("Fixtures").appendingPathComponent("justified-layout.json")

    static func cases() throws -> [[String: Any]] {
        let document = try JSONSerialization.jsonObject(with: Data(contentsOf: Self.fixtureURL)) as? [String: Any]
        return try #require(document?["cases"] as? [[String: Any]])
    }

    @Test func everyFixtureMatchesTheLibrary() throws {
        let cases = try Self.cases()
        #expect(cases.count >= 300)
        var comparedBoxes = 0
        var hiddenItems = 0
        for (index, fixture) in cases.enumerated() {
            let request = try #require(fixture["request"] as? [String: Any])
            let body = try JSONSerialization.data(withJSONObject: request)
            let response = self.service.respond(
                to: Request(method: .POST, target: "/layout/justified", body: Array(body))
            )
            #expect(response.status == 200, "case \(index): \(String(decoding: response.body, as: UTF8.self))")
            let answer = try #require(try JSONSerialization.jsonObject(with: Data(response.body)) as? [String: Any])
            let expectedHeight = try #require(fixture["containerHeight"] as? Double)
            let contentSize = try #require(answer["contentSize"] as? [String: Double])
            #expect(abs(contentSize["height"]! - Swift.max(0, expectedHeight)) <= 1e-6, "case \(index) height")
            #expect(answer["widowCount"] as? Int == fixture["widowCount"] as? Int, "case \(index) widowCount")
            let boxes = try #require(fixture["boxes"] as? [[Double]])
            let sections = try #require(request["sections"] as? [[String: Any]])
            let itemCount = (sections[0]["items"] as? [Any])?.count ?? 0
            let cells = try #require(answer["attributes"] as? [[String: Any]])
            #expect(cells.count == itemCount, "case \(index)")
            for (item, cell) in cells.enumerated() {
                #expect(cell["indexPath"] as? [Int] == [0, item])
                let frame = try #require(cell["frame"] as? [String: Double])
                let isHidden = try #require(cell["hidden"] as? Bool)
                guard item < boxes.count else {
                    #expect(isHidden, "case \(index) item \(item) is not laid out by the library")
                    #expect(frame["width"] == 0 && frame["height"] == 0)
                    hiddenItems += 1
                    continue
                }
                let box = boxes[item]
                let actual = [frame["x"]!, frame["y"]!, frame["width"]!, frame["height"]!]
                for (got, want) in zip(actual, box) {
                    #expect(abs(got - want) <= 1e-6, "case \(index) item \(item): \(actual) != \(box)")
                }
                #expect(!isHidden)
                comparedBoxes += 1
            }
        }
        // The generator's mix really exercises both paths.
        #expect(comparedBoxes > 4000 && hiddenItems > 50)
    }
}
