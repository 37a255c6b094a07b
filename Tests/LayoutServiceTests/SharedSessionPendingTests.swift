import Foundation
import HTTPCore
import Testing

@testable import LayoutService

extension SharedSessionTests {
    /// While Redis is down a replica remembers at most twice `--max-sessions` changed or deleted sessions: a client
    /// that creates and deletes sessions in a loop meanwhile cannot grow that memory, and what passed the bound is
    /// counted.
    @Test func deletesRememberedWhileRedisIsDownAreBoundedAndTheRestCounted() throws {
        let a = self.replica(maxSessions: 2)
        self.server.stop()
        for _ in 0..<7 {
            let id = try a.create(Self.create)
            #expect(a.delete("/sessions/\(id)").status == 204)
        }
        let metrics = a.get("/metrics").text
        #expect(metrics.contains("\nlayoutd_session_store_pending 4\n"))
        #expect(metrics.contains("\nlayoutd_session_store_pending_limit 4\n"))
        #expect(metrics.contains("\nlayoutd_session_store_pending_dropped_total 3\n"))
    }

    /// Sessions created while Redis is down and evicted here since are forgotten when the set is full, and nothing
    /// this replica still holds is: those are written when Redis returns.
    @Test func changedSessionsRememberedWhileRedisIsDownKeepEveryHeldOne() throws {
        let a = self.replica(maxSessions: 2)
        self.server.stop()
        var ids: [String] = []
        for _ in 0..<9 { ids.append(try a.create(Self.create)) }
        let pending = a.service.sharedSessions?.pendingCount ?? 0
        #expect(pending <= 4)
        #expect(a.get("/metrics").text.contains("\nlayoutd_session_store_pending_dropped_total 0\n"))
        let again = try RedisServerProcess(port: self.server.port)
        defer { again.stop() }
        a.service.sharedSessions?.retryNow()
        #expect(a.get("/readyz").text.contains(#""sessionStore":"up""#))
        let b = self.replica()
        for id in ids.suffix(2) {
            #expect(b.post("/sessions/\(id)/query", Self.query).status == 200)
        }
    }
}
