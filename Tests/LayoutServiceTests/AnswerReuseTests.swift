import Foundation
import HTTPCore
import JSON
@testable import LayoutService
import Testing

/// Answers reuse the thread's last header list and JSON buffer (issue 21): an earlier answer still held must never
/// change when a later one is written.
@Suite struct AnswerReuseTests: ServiceTesting {
    let service = LayoutService()

    static let waterfall = #"{"kind":"waterfall","viewport":{"width":320,"height":480},"sections":[{"count":200}]}"#

    @Test func anAnswerStillHeldIsUntouchedByTheNextOnes() throws {
        let id = try self.create(Self.waterfall)
        let first = self.call(.POST, "/sessions/\(id)/query", #"{"rect":{"x":0,"y":0,"width":320,"height":480}}"#).0
        let firstBody = first.body
        let firstHeaders = first.headers
        for y in [1_000, 2_000, 3_000] {
            let rect = #"{"rect":{"x":0,"y":\#(y),"width":320,"height":100}}"#
            let later = self.call(.POST, "/sessions/\(id)/query", rect).0
            #expect(later.status == 200)
            #expect(later.body != firstBody)
            _ = self.call(.POST, "/layout/flow", #"{"viewport":{"width":375,"height":667},"sections":[{"count":3}]}"#)
            _ = self.call(.GET, "/healthz")
        }
        #expect(first.body == firstBody)
        #expect(first.headers == firstHeaders)
        #expect(first.headers["ETag"] == "\"1\"")
        #expect(first.headers["Content-Type"] == "application/json")
        #expect(first.headers.count == 2)
        let health = self.call(.GET, "/healthz").0
        #expect(health.headers.count == 1)
        #expect(health.headers["ETag"] == nil)
    }

    @Test func aReusedBufferWritesTheSameBytesAsAFreshOne() {
        let scratch = AnswerScratch.current
        for text in ["a longer first answer, to leave bytes behind", "short", ""] {
            var writer = scratch.writer(capacity: 16)
            writer.value(text)
            var fresh = JSONWriter()
            fresh.value(text)
            #expect(scratch.bytes(of: &writer) == fresh.bytes)
        }
    }

    @Test func sessionKeysCompareTheWholeIdentifier() {
        let id = "0123456789abcdef0123456789abcdef"
        #expect(SessionKey(id) == SessionKey(Substring(id)))
        #expect(SessionKey("/sessions/\(id)/query".dropFirst(10).prefix(32)) == SessionKey(id))
        #expect(SessionKey("a") != SessionKey("a\u{0}"))
        #expect(SessionKey("a") != SessionKey("b"))
        let long = String(repeating: "x", count: 40)
        #expect(SessionKey(long) == SessionKey(Substring(long)))
        #expect(SessionKey(long) != SessionKey(long + "y"))
        #expect(SessionKey(String(long.prefix(32))) != SessionKey(long))
    }
}
