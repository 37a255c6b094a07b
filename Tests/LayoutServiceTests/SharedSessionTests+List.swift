import Foundation
import HTTPCore
@testable import LayoutService
import Testing

/// A session of compositional list sections rebuilt on other replicas byte for byte, as the other features are.
extension SharedSessionTests {
    /// An inset grouped list with headers, footers and a header padding for every section, and a section of its
    /// own that is a grouped list of taller rows, on an iPhone's margins.
    static let listSession = #"""
        {"kind":"compositional","viewport":{"width":375,"height":667},
         "safeAreaInsets":{"top":47,"left":0,"bottom":34,"right":0},
         "layoutMargins":{"top":8,"left":16,"bottom":8,"right":16},
         "config":{"section":{"list":{"appearance":"insetGrouped","headerMode":"supplementary",
          "footerMode":"supplementary","headerTopPadding":6}}},
         "sections":[{"count":4},
          {"count":3,"config":{"section":{"list":{"appearance":"grouped","estimatedRowHeight":60}}}},{"count":2}]}
        """#

    @Test func aListSessionIsRebuiltByteForByte() throws {
        let steps = [
            ("invalidate", #"{"items":[{"indexPath":[0,1],"size":{"width":343,"height":80}}]}"#),
            (
                "invalidate",
                #"{"supplementaries":[{"kind":"header","indexPath":[2,0],"size":{"width":343,"height":52}}]}"#
            ),
            ("updates", #"{"insertItems":[{"indexPath":[1,0]}],"moveItems":[{"from":[0,3],"to":[2,0]}]}"#),
            ("invalidate", #"{"viewport":{"width":414,"height":896}}"#),
        ]
        let replicas = [self.replica(), self.replica()]
        let alone = self.replica(store: false)
        let id = try replicas[0].create(Self.listSession)
        let soloID = try alone.create(Self.listSession)
        for (step, (route, body)) in steps.enumerated() {
            let shared = replicas[(step + 1) % 2].post("/sessions/\(id)/\(route)", body)
            let solo = alone.post("/sessions/\(soloID)/\(route)", body)
            #expect(shared.status == 200, "\(route): \(shared.text)")
            #expect(shared.text == solo.text.replacingOccurrences(of: soloID, with: id), "\(route)")
        }
        let expected = alone.post("/sessions/\(soloID)/query", Self.query)
        let fresh = self.replica().post("/sessions/\(id)/query", Self.query)
        #expect(fresh.status == 200)
        #expect(fresh.headers["ETag"] == "\"\(steps.count + 1)\"")
        #expect(fresh.text == expected.text)
        // Inset rows (414 − 32 = 382 wide), the measured row, the grouped section's full-width 60-point rows.
        for text in [#""width":382,"height":80"#, #""width":414,"height":60"#, #""height":52"#] {
            #expect(fresh.text.contains(text), "\(text) in \(fresh.text)")
        }
    }
}
