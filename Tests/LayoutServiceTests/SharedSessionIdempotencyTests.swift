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
        #expect(other.status == 422)
        #expect(other.headers["Content-Type"] == "application/problem+json")
        #expect(other.text.contains(#""type":"/problems/idempotency-key-reused""#), "\(other.text)")
        #expect(other.text.contains("version 2"))
        #expect(a.post("/sessions/\(id)/query", Self.query).headers["ETag"] == "\"2\"")
    }

    /// A committed transition retried after another mutation landed answers the frames of its first try: from the
    /// layout before it to the target as it committed it, not to the target prepared from the later input.
    @Test func aCommittedTransitionRetriedAfterAnotherMutationAnswersItsFirstFrames() throws {
        let (a, b) = (self.replica(), self.replica())
        let id = try a.create(Self.create)
        let commit = #"{"to":{"kind":"waterfall","config":{"columnCount":2}},"progress":0.5,"commit":true}"#
        let headers: HTTPHeaders = ["Idempotency-Key": "commit"]
        let first = a.post("/sessions/\(id)/transition", commit, headers: headers)
        #expect(first.status == 200, "\(first.text)")
        #expect(a.post("/sessions/\(id)/invalidate", Self.mutations[0].1).headers["ETag"] == "\"3\"")
        let retry = b.post("/sessions/\(id)/transition", commit, headers: headers)
        #expect(retry.status == 200, "\(retry.text)")
        #expect(retry.headers["ETag"] == "\"2\"")
        #expect(retry.text == first.text)
        #expect(b.post("/sessions/\(id)/query", Self.query).headers["ETag"] == "\"3\"")
    }

    /// A key whose mutation the journal no longer reaches (compacted away by later ones) is a 409, and a keyed
    /// mutation that fails on its own (a new key) gets its own error; neither moves the version.
    @Test func aRetryPastCompactionIsAConflictAndAFailingKeyedMutationKeepsItsError() throws {
        let a = self.replica(idempotencyKeys: 64)
        let id = try a.create(#"{"kind":"flow","viewport":{"width":375,"height":667},"sections":[{"count":3}]}"#)
        func body(_ width: Int) -> String {
            #"{"items":[{"indexPath":[0,1],"size":{"width":\#(width),"height":20}}]}"#
        }
        let redis = RedisConnection(endpoint: self.server.endpoint)
        var (lengths, mutations) = ([Int](), 0)
        // Until a compaction drops the journal's first entries (the input then stands for a version past k0's).
        while mutations < 60, lengths.count < 2 || lengths[lengths.count - 1] >= lengths[lengths.count - 2] {
            let key: HTTPHeaders = ["Idempotency-Key": "k\(mutations)"]
            let answer = a.post("/sessions/\(id)/invalidate", body(mutations + 10), headers: key)
            #expect(answer.status == 200, "\(answer.text)")
            mutations += 1
            lengths.append(try redis.send([[Array("LLEN".utf8), RedisScripts.keys(id).journal]])[0].integer ?? -1)
        }
        #expect(mutations > 2 && mutations < 60, "journal lengths \(lengths)")
        let gone = a.post("/sessions/\(id)/invalidate", body(10), headers: ["Idempotency-Key": "k0"])
        #expect(gone.status == 409, "\(gone.text)")
        #expect(gone.text.contains(#""type":"/problems/idempotent-answer-gone""#), "\(gone.text)")
        let stale = a.post(
            "/sessions/\(id)/invalidate", body(99), headers: ["Idempotency-Key": "new", "If-Match": "\"1\""]
        )
        #expect(stale.status == 412)
        #expect(stale.text.contains(#""type":"/problems/version-mismatch""#))
        let outside = a.post(
            "/sessions/\(id)/updates", #"{"deleteItems":[[0,7]]}"#, headers: ["Idempotency-Key": "new"]
        )
        #expect(outside.status == 422, "\(outside.text)")
        #expect(a.post("/sessions/\(id)/query", Self.query).headers["ETag"] == "\"\(mutations + 1)\"")
    }

    @Test(arguments: ["", "\"\"", String(repeating: "k", count: 256), "a b", "é"])
    func aMalformedKeyIsA400(_ key: String) throws {
        let a = self.replica()
        let id = try a.create(Self.create)
        let answer = a.post("/sessions/\(id)/invalidate", Self.mutations[0].1, headers: ["Idempotency-Key": key])
        #expect(answer.status == 400)
        #expect(answer.headers["Content-Type"] == "application/problem+json")
        #expect(answer.text.contains(#""type":"/problems/invalid-header""#), "\(answer.text)")
        #expect(a.post("/sessions/\(id)/query", Self.query).headers["ETag"] == "\"1\"")
    }

    /// `--idempotency-keys 0`: nothing is kept, so a retry is a new mutation (the behaviour before keys).
    @Test func withNoKeysKeptARetryIsANewMutation() throws {
        let a = self.replica(idempotencyKeys: 0)
        let id = try a.create(Self.create)
        let headers: HTTPHeaders = ["Idempotency-Key": "k"]
        #expect(a.post("/sessions/\(id)/invalidate", Self.mutations[0].1, headers: headers).headers["ETag"] == "\"2\"")
        #expect(a.post("/sessions/\(id)/invalidate", Self.mutations[0].1, headers: headers).headers["ETag"] == "\"3\"")
    }
}
