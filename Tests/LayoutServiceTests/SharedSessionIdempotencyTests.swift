import Foundation
import HTTPCore
@testable import LayoutService
import Testing

/// A mutation sent again with the same `Idempotency-Key` (nginx's `proxy_next_upstream` after a replica died
/// between Redis's append and its answer; a client after a lost connection) is applied once: the retry, on the same
/// replica or another sharing the Redis, moves no version and answers what the first try answered.
extension SharedSessionTests {
    /// Each mutation of ``mutations`` in turn, each sent twice more with its key (to the replica that applied it,
    /// then to another that never held the session); `If-Match` on every other one.
    @Test func aRetriedMutationMovesTheVersionOnceAndAnswersTheSame() throws {
        let (alone, replicas) = (self.replica(store: false), (0..<3).map { _ in self.replica() })
        let (soloID, id) = (try alone.create(Self.create), try replicas[0].create(Self.create))
        for (index, (route, body)) in Self.mutations.enumerated() {
            var headers: HTTPHeaders = ["Idempotency-Key": "retry-\(index)"]
            if index % 2 == 1 { headers.add(name: "If-Match", value: "\"\(index + 1)\"") }
            let first = replicas[index % 3].post("/sessions/\(id)/\(route)", body, headers: headers)
            let again = replicas[index % 3].post("/sessions/\(id)/\(route)", body, headers: headers)
            let elsewhere = replicas[(index + 1) % 3].post("/sessions/\(id)/\(route)", body, headers: headers)
            let solo = alone.post("/sessions/\(soloID)/\(route)", body)
            #expect(first.status == 200, "\(route): \(first.text)")
            #expect(first.headers["ETag"] == "\"\(index + 2)\"", "\(route)")
            #expect(first.text == solo.text.replacingOccurrences(of: soloID, with: id), "\(route)")
            for retry in [again, elsewhere] {
                #expect(retry.status == 200, "\(route): \(retry.text)")
                #expect(retry.headers["ETag"] == "\"\(index + 2)\"", "\(route)")
                #expect(retry.text == first.text, "\(route)")
            }
            // Nothing was applied twice: a fresh replica rebuilds the same version and layout as one alone.
            let fresh = self.replica().post("/sessions/\(id)/query", Self.query)
            #expect(fresh.headers["ETag"] == "\"\(index + 2)\"", "\(route)")
            #expect(fresh.text == alone.post("/sessions/\(soloID)/query", Self.query).text, "\(route)")
        }
        let replays = replicas.map { $0.service.sharedSessions?.replayCount ?? 0 }.reduce(0, +)
        #expect(replays == 2 * Self.mutations.count)
        #expect(replicas[1].get("/metrics").text.contains("layoutd_session_store_replays_total "))
    }

    /// The case CI met: the replica that appended never answered, and the retry reaches a replica that held the
    /// session one version behind (the append is made here through the first replica's store, as its request did).
    @Test func aRetryOnAReplicaThatIsBehindIsAnsweredFromTheVersionBefore() throws {
        let a = self.replica()
        let b = self.replica()
        let id = try a.create(Self.create)
        let body = #"{"items":[{"indexPath":[1,0],"size":{"width":200,"height":120}}],"#
            + #""rect":{"x":0,"y":0,"width":400,"height":900}}"#
        #expect(b.post("/sessions/\(id)/query", Self.query).headers["ETag"] == "\"1\"")
        let first = a.post("/sessions/\(id)/invalidate", body, headers: ["Idempotency-Key": "lost-answer"])
        #expect(first.headers["ETag"] == "\"2\"")
        let retry = b.post("/sessions/\(id)/invalidate", body, headers: ["Idempotency-Key": "lost-answer"])
        #expect(retry.status == 200, "\(retry.text)")
        #expect(retry.headers["ETag"] == "\"2\"")
        #expect(retry.text == first.text)
        #expect(b.post("/sessions/\(id)/query", Self.query).headers["ETag"] == "\"2\"")
        // A new key is a new mutation.
        let next = b.post("/sessions/\(id)/invalidate", body, headers: ["Idempotency-Key": "next"])
        #expect(next.headers["ETag"] == "\"3\"")
    }

    @Test func aKeySentAgainWithAnotherMutationIsRefused() throws {
        let a = self.replica()
        let id = try a.create(Self.create)
        let headers: HTTPHeaders = ["Idempotency-Key": "\"once\""]
        #expect(a.post("/sessions/\(id)/invalidate", Self.mutations[0].1, headers: headers).status == 200)
        let other = a.post("/sessions/\(id)/invalidate", Self.mutations[2].1, headers: headers)
        #expect(other.status == 400)
        #expect(other.text.contains("Idempotency-Key"))
        #expect(a.post("/sessions/\(id)/query", Self.query).headers["ETag"] == "\"2\"")
    }

    @Test(arguments: ["", "\"\"", String(repeating: "k", count: 256), "a b", "é"])
    func aMalformedKeyIsA400(_ key: String) throws {
        let a = self.replica()
        let id = try a.create(Self.create)
        let answer = a.post("/sessions/\(id)/invalidate", Self.mutations[0].1, headers: ["Idempotency-Key": key])
        #expect(answer.status == 400)
        #expect(answer.headers["Content-Type"] == "application/problem+json")
        #expect(a.post("/sessions/\(id)/query", Self.query).headers["ETag"] == "\"1\"")
    }

    /// `--idempotency-keys 0`: nothing is kept, so a retry is a new mutation (the behaviour before keys).
    @Test func withNoKeysKeptARetryIsANewMutation() throws {
        var configuration = ServiceConfiguration()
        configuration.sessionStore = self.server.endpoint.description
        configuration.idempotencyKeys = 0
        let logger = Logger(now: { 0 }, write: { _ in })
        let a = Replica(service: LayoutService(configuration: configuration, logger: logger))
        let id = try a.create(Self.create)
        let headers: HTTPHeaders = ["Idempotency-Key": "k"]
        #expect(a.post("/sessions/\(id)/invalidate", Self.mutations[0].1, headers: headers).headers["ETag"] == "\"2\"")
        #expect(a.post("/sessions/\(id)/invalidate", Self.mutations[0].1, headers: headers).headers["ETag"] == "\"3\"")
    }
}
