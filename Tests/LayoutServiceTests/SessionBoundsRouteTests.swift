import Foundation
import HTTPCore
import LayoutService
import Testing

/// The session store's bounds as a client sees them: why a session is gone, what `/metrics` counts, and a
/// session too large for the byte budget.
@Suite struct SessionBoundsRouteTests: ServiceTesting {
    let clock = ManualClock()
    let service: LayoutService

    init() {
        var configuration = ServiceConfiguration()
        configuration.maxSessions = 3
        configuration.maxSessionMemory = 2_000_000
        configuration.sessionIdleTimeout = .seconds(60)
        self.service = LayoutService(configuration: configuration, clock: self.clock)
    }

    /// A flow session of `count` items listed by size: 16 bytes each and a few more (its frames are replayed from
    /// checkpoints).
    static func flow(items count: Int) -> String {
        let items = Array(repeating: #"{"width":40,"height":30}"#, count: count).joined(separator: ",")
        return #"{"kind":"flow","viewport":{"width":375,"height":667},"sections":[{"items":[\#(items)]}]}"#
    }

    func metric(_ name: String) -> Int? {
        let text = String(decoding: self.call(.GET, "/metrics").0.body, as: UTF8.self)
        let line = text.split(separator: "\n").first { $0.hasPrefix(name + " ") }
        return line.flatMap { Int($0.split(separator: " ")[1]) }
    }

    @Test func aGoneSessionSaysWhyItWent() throws {
        let deleted = try self.create(Self.flow(items: 2))
        #expect(self.call(.DELETE, "/sessions/\(deleted)").0.status == 204)
        let (gone, problem) = self.call(.GET, "/sessions/\(deleted)")
        #expect(gone.status == 404)
        #expect(problem["type"] as? String == "/problems/session-gone")
        #expect((problem["detail"] as? String)?.contains("is gone: deleted.") == true)
        #expect(self.call(.DELETE, "/sessions/\(deleted)").1["detail"] as? String == problem["detail"] as? String)

        let expiring = try self.create(Self.flow(items: 2))
        self.clock.advance(by: .seconds(61))
        let expired = self.call(.POST, "/sessions/\(expiring)/query", #"{"rect":{"x":0,"y":0,"width":9,"height":9}}"#)
        #expect(expired.0.status == 404)
        #expect((expired.1["detail"] as? String)?.contains("is gone: expired.") == true)

        let oldest = try self.create(Self.flow(items: 45_000))  // about 850 KB
        _ = try self.create(Self.flow(items: 45_000))
        _ = try self.create(Self.flow(items: 45_000))  // past 2,000,000 bytes: the oldest goes
        let evicted = self.call(.POST, "/sessions/\(oldest)/updates", #"{"deleteItems":[[0,0]]}"#)
        #expect(evicted.0.status == 404)
        #expect((evicted.1["detail"] as? String)?.contains("is gone: evicted for memory.") == true)

        let never = String(repeating: "ab", count: 16)
        let unknown = self.call(.GET, "/sessions/\(never)").1["detail"] as? String
        #expect(unknown?.contains("There is no session") == true)
    }

    @Test func metricsCountEvictionsExpiriesBytesAndItems() throws {
        #expect(self.metric("layoutd_session_bytes") == 0)
        let id = try self.create(Self.flow(items: 1_000))
        let bytes = try #require(self.metric("layoutd_session_bytes"))
        #expect(bytes >= 1_000 * 16, "16 bytes of input per item at least")
        #expect(bytes <= 1_000 * 48)
        #expect(self.metric("layoutd_session_items") == 1_000 + 20)
        // Deleting half the items halves the item gauge; the bytes follow the arrays that shrank.
        let batch = (0..<500).map { "[0,\($0)]" }.joined(separator: ",")
        #expect(self.call(.POST, "/sessions/\(id)/updates", #"{"deleteItems":[\#(batch)]}"#).0.status == 200)
        #expect(self.metric("layoutd_session_items") == 500 + 20)
        for _ in 0..<4 { _ = try self.create(Self.flow(items: 1)) }  // the count limit of 3 evicts two
        self.clock.advance(by: .seconds(61))
        #expect(self.metric("layoutd_sessions") == 0)
        let text = String(decoding: self.call(.GET, "/metrics").0.body, as: UTF8.self)
        #expect(text.contains("# TYPE layoutd_sessions_evicted_total counter\n"))
        #expect(text.contains(#"layoutd_sessions_evicted_total{reason="count"} 2"#))
        #expect(text.contains(#"layoutd_sessions_evicted_total{reason="expired"} 3"#))
        #expect(text.contains(#"layoutd_sessions_evicted_total{reason="memory"} 0"#))
        #expect(text.contains("# TYPE layoutd_session_bytes gauge\nlayoutd_session_bytes 0\n"))
    }

    @Test func aSessionLargerThanTheMemoryBudgetIs413() throws {
        let kept = try self.create(Self.flow(items: 10))
        let (response, problem) = self.call(.POST, "/sessions", Self.flow(items: 150_000))
        #expect(response.status == 413)
        #expect(problem["type"] as? String == "/problems/session-too-large")
        #expect(self.call(.GET, "/sessions/\(kept)").0.status == 200, "a refused session evicts nothing")
    }
}
