import Foundation
import HTTPCore
@testable import LayoutService
import Testing

/// `If-Match` as RFC 9110 §13.1.1 defines it: a list of entity tags or `*`, compared strongly; 412 when none
/// matches, 400 only for a value that is not such a list.
@Suite struct IfMatchTests: ServiceTesting {
    let service = LayoutService(clock: ManualClock())

    @Test(arguments: [
        ("\"3\"", [3]),
        ("3", [3]),
        ("\"1\", \"2\"", [1, 2]),
        ("\"1\",\"2\" ,  \"7\"", [1, 2, 7]),
        ("W/\"3\"", []),
        ("W/\"3\", \"4\"", [4]),
        ("\"0\"", []),
        ("\"abc\", \"05\"", []),
        ("\"a,b\", \"9\"", [9]),
        ("\"1\", , \"2\",", [1, 2]),
    ])
    func aListOfTagsAllowsTheVersionsOfItsStrongTags(header: String, versions: [Int]) throws {
        #expect(try IfMatch.parse(header) == IfMatch(versions: versions))
    }

    @Test(arguments: ["", " ", ",", "\"3", "3\"", "W/3", "W/", "abc", "\"1\" \"2\"", "*, \"1\"", "\"1\", *", "\u{7F}"])
    func aValueThatIsNoListIs400(header: String) {
        #expect(throws: APIError.self) { try IfMatch.parse(header) }
    }

    @Test func starIsNoCondition() throws {
        #expect(try IfMatch.parse("*") == nil)
        #expect(try IfMatch.parse("  * ") == nil)
    }

    @Test func theRoutesAnswer412WheneverNoTagMatchesAndAcceptAnyListedVersion() throws {
        let id = try self.create(#"{"kind":"flow","viewport":{"width":320,"height":480},"sections":[{"count":20}]}"#)
        let batch = #"{"deleteItems":[[0,0]]}"#
        let target = "/sessions/\(id)/updates"
        for header in ["\"0\"", "\"2\"", "W/\"1\"", "\"abc\""] {
            let (response, problem) = self.call(.POST, target, batch, headers: ["If-Match": header])
            #expect(response.status == 412, "\(header)")
            #expect(problem["type"] as? String == "/problems/version-mismatch")
            #expect(problem["version"] as? Int == 1)
        }
        #expect(self.call(.POST, target, batch, headers: ["If-Match": "\"7\", \"1\""]).0.status == 200)
        // Two fields are one list.
        var twoFields = HTTPHeaders()
        twoFields.add(name: "If-Match", value: "\"9\"")
        twoFields.add(name: "If-Match", value: "\"2\"")
        #expect(self.call(.POST, target, batch, headers: twoFields).0.status == 200)
        let (invalid, problem) = self.call(.POST, target, batch, headers: ["If-Match": "\"3"])
        #expect(invalid.status == 400)
        #expect(problem["type"] as? String == "/problems/invalid-header")
        #expect(self.call(.GET, "/sessions/\(id)").1["version"] as? Int == 3, "only the two matching batches applied")
    }
}
