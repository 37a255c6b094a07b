import Foundation
import HTTPCore
@testable import LayoutService
import Synchronization
import Testing

/// Replicas sharing sessions through a private `redis-server` (`--session-store`): any replica rebuilds a session
/// it does not hold with the same id, version and bytes; versions stay linear across replicas; `If-Match` keeps its
/// meaning; the journal is compacted; and without Redis, local sessions keep being served.
@Suite struct SharedSessionTests {
    static let create = #"""
        {"kind":"flow","viewport":{"width":375,"height":667},
         "sections":[{"count":30},
          {"items":[{"width":120,"height":90},{"width":80,"height":160},{"width":33.3,"height":7}],
         "header":{"width":375,"height":40}}],"config":{"minimumLineSpacing":14}}
        """#
    static let query = #"{"rect":{"x":0,"y":0,"width":2000,"height":5000}}"#
    /// One of each mutation, in the order a client might send them.
    static let mutations: [(String, String)] = [
        ("invalidate", #"{"items":[{"indexPath":[1,0],"size":{"width":200,"height":120}}]}"#),
        ("updates", #"{"deleteItems":[[0,1]],"insertItems":[{"indexPath":[0,0]}]}"#),
        ("invalidate", #"{"viewport":{"width":320,"height":500}}"#),
        ("move/end", #"{"indexPath":[0,0],"targetIndexPath":[0,3]}"#),
        ("transition", #"{"to":{"kind":"waterfall","config":{"columnCount":2}},"progress":1,"commit":true}"#),
        ("updates", #"{"insertSections":[{"index":1,"section":{"items":[{"width":1,"height":2}]}}]}"#),
    ]

    let server: RedisServerProcess

    init() throws {
        self.server = try RedisServerProcess()
    }

    /// A replica: a service of its own, sharing the test's Redis.
    func replica(
        store: Bool = true, maxSessions: Int? = nil, idempotencyKeys: Int? = nil,
        log: @escaping @Sendable (String) -> Void = { _ in }
    ) -> Replica {
        var configuration = ServiceConfiguration()
        configuration.sessionStore = store ? self.server.endpoint.description : nil
        if let maxSessions { configuration.maxSessions = maxSessions }
        if let idempotencyKeys { configuration.idempotencyKeys = idempotencyKeys }
        let logger = Logger(now: { 0 }, write: log)
        return Replica(service: LayoutService(configuration: configuration, logger: logger))
    }

    @Test func anotherReplicaRebuildsTheSessionWithTheSameIdVersionAndBytes() throws {
        let a = self.replica()
        let b = self.replica()
        let id = try a.create(Self.create)
        #expect(a.service.sessions.count == 1)
        #expect(b.service.sessions.count == 0)
        let fromA = a.post("/sessions/\(id)/query", Self.query)
        let fromB = b.post("/sessions/\(id)/query", Self.query)
        #expect(fromB.status == 200)
        #expect(fromB.text == fromA.text)
        #expect(fromB.headers["ETag"] == "\"1\"")
        #expect(b.service.sessions.count == 1)
    }

    @Test func mutationsAlternatingBetweenReplicasStayLinearAndMatchOneReplicaAlone() throws {
        let replicas = [self.replica(), self.replica(), self.replica()]
        let alone = self.replica(store: false)
        let id = try replicas[0].create(Self.create)
        let soloID = try alone.create(Self.create)
        for (index, (route, body)) in Self.mutations.enumerated() {
            let replica = replicas[index % replicas.count]
            let shared = replica.post("/sessions/\(id)/\(route)", body)
            let solo = alone.post("/sessions/\(soloID)/\(route)", body)
            #expect(shared.status == 200, "\(route): \(String(decoding: shared.body, as: UTF8.self))")
            #expect(shared.headers["ETag"] == "\"\(index + 2)\"", "\(route)")
            #expect(shared.text == solo.text.replacingOccurrences(of: soloID, with: id), "\(route)")
            for other in replicas {
                let answer = other.post("/sessions/\(id)/query", Self.query)
                #expect(answer.headers["ETag"] == "\"\(index + 2)\"", "\(route)")
                #expect(answer.text == alone.post("/sessions/\(soloID)/query", Self.query).text, "\(route)")
            }
        }
    }

    @Test func ifMatchIsJudgedAgainstTheSharedVersion() throws {
        let a = self.replica()
        let b = self.replica()
        let id = try a.create(Self.create)
        #expect(b.post("/sessions/\(id)/invalidate", Self.mutations[0].1).headers["ETag"] == "\"2\"")
        // A still holds version 1: "1" is stale everywhere, "2" is the shared version.
        let stale = a.post("/sessions/\(id)/invalidate", Self.mutations[2].1, headers: ["If-Match": "\"1\""])
        #expect(stale.status == 412)
        let current = a.post("/sessions/\(id)/invalidate", Self.mutations[2].1, headers: ["If-Match": "\"2\""])
        #expect(current.status == 200)
        #expect(current.headers["ETag"] == "\"3\"")
        #expect(b.post("/sessions/\(id)/query", Self.query).text == a.post("/sessions/\(id)/query", Self.query).text)
    }

    @Test func aReplicaThatIsBehindCatchesUpBeforeItsMutation() throws {
        let a = self.replica()
        let b = self.replica()
        let alone = self.replica(store: false)
        let id = try a.create(Self.create)
        let soloID = try alone.create(Self.create)
        for (index, (route, body)) in Self.mutations.enumerated() {
            // Each replica mutates without reading first: every other mutation finds its copy two versions behind.
            let answer = (index % 2 == 0 ? b : a).post("/sessions/\(id)/\(route)", body)
            #expect(answer.headers["ETag"] == "\"\(index + 2)\"", "\(route)")
            #expect(answer.text == alone.post("/sessions/\(soloID)/\(route)", body).text.replacingOccurrences(
                of: soloID, with: id), "\(route)")
        }
        let solo = alone.post("/sessions/\(soloID)/query", Self.query)
        #expect(a.post("/sessions/\(id)/query", Self.query).text == solo.text)
    }

    @Test func concurrentMutationsOnTwoReplicasAreAllKeptInOneOrder() async throws {
        let replicas = [self.replica(), self.replica()]
        let id = try replicas[0].create(
            #"{"kind":"flow","viewport":{"width":375,"height":667},"sections":[{"count":50}]}"#
        )
        let perTask = 15
        let versions = await withTaskGroup(of: [Int].self) { group in
            for task in 0..<4 {
                group.addTask {
                    (0..<perTask).map { step in
                        let body = #"{"items":[{"indexPath":[0,\#((task * perTask + step) % 50)],"#
                            + #""size":{"width":\#(20 + step),"height":\#(10 + task)}}]}"#
                        let answer = replicas[task % 2].post("/sessions/\(id)/invalidate", body)
                        #expect(answer.status == 200, "\(answer.text)")
                        return Int(answer.headers["ETag"]?.dropFirst().dropLast() ?? "") ?? -1
                    }
                }
            }
            var all: [Int] = []
            for await versions in group { all += versions }
            return all
        }
        // Every mutation got its own version, none was lost, and a fresh replica rebuilds the same layout.
        #expect(versions.sorted() == Array(2...(1 + 4 * perTask)))
        let fresh = self.replica().post("/sessions/\(id)/query", Self.query)
        #expect(fresh.headers["ETag"] == "\"\(1 + 4 * perTask)\"")
        for replica in replicas {
            #expect(replica.post("/sessions/\(id)/query", Self.query).text == fresh.text)
        }
    }

    @Test(arguments: ["flow", "waterfall", "line", "stack", "circle", "cover", "rotary", "pagecover", "justified",
                      "compositional"])
    func everyKindIsRebuiltByteForByte(kind: String) throws {
        let a = self.replica()
        let id = try a.create(
            #"{"kind":"\#(kind)","viewport":{"width":390,"height":700},"contentOffset":{"x":0,"y":30},"#
                + #""safeAreaInsets":{"top":47,"left":0,"bottom":34,"right":0},"#
                + #""sections":[{"count":12},{"items":[{"width":60,"height":80},{"width":90,"height":45.5}]}]}"#
        )
        #expect(a.post("/sessions/\(id)/invalidate", #"{"viewport":{"width":420,"height":640}}"#).status == 200)
        #expect(a.post("/sessions/\(id)/updates", #"{"deleteItems":[[0,2]]}"#).status == 200)
        let fresh = self.replica().post("/sessions/\(id)/query", Self.query)
        #expect(fresh.headers["ETag"] == "\"3\"")
        #expect(fresh.text == a.post("/sessions/\(id)/query", Self.query).text)
    }

    @Test func aRestartedReplicaAnswersAsIfNothingHappened() throws {
        let a = self.replica()
        let id = try a.create(Self.create)
        for (route, body) in Self.mutations.prefix(4) {
            #expect(a.post("/sessions/\(id)/\(route)", body).status == 200)
        }
        let before = a.post("/sessions/\(id)/query", Self.query)
        let restarted = self.replica()
        let after = restarted.post("/sessions/\(id)/query", Self.query)
        #expect(after.status == 200)
        #expect(after.headers["ETag"] == "\"5\"")
        #expect(after.text == before.text)
    }

    @Test func theJournalIsCompactedWhenItOutgrowsTheInput() throws {
        let a = self.replica()
        let id = try a.create(#"{"kind":"flow","viewport":{"width":375,"height":667},"sections":[{"count":3}]}"#)
        let redis = RedisConnection(endpoint: self.server.endpoint)
        let keys = RedisScripts.keys(id)
        var lengths: [Int] = []
        for width in 0..<40 {
            let body = #"{"items":[{"indexPath":[0,1],"size":{"width":\#(width + 10),"height":20}}]}"#
            #expect(a.post("/sessions/\(id)/invalidate", body).status == 200)
            lengths.append(try redis.send([[Array("LLEN".utf8), keys.journal]])[0].integer ?? -1)
        }
        #expect(lengths.max()! < 40)
        // Compacted up to the version before the last mutation, which the journal keeps (a retry of it can be
        // answered again from the session before it).
        #expect(zip(lengths, lengths.dropFirst()).contains { $0 > $1 })
        #expect(lengths.min() == 1)
        let rebuilt = self.replica().post("/sessions/\(id)/query", Self.query)
        #expect(rebuilt.headers["ETag"] == "\"41\"")
        #expect(rebuilt.text == a.post("/sessions/\(id)/query", Self.query).text)
    }

    @Test func scriptsRedisForgotAreLoadedAgain() throws {
        let a = self.replica()
        let id = try a.create(Self.create)
        #expect(a.post("/sessions/\(id)/invalidate", Self.mutations[0].1).status == 200)
        let redis = RedisConnection(endpoint: self.server.endpoint)
        #expect(try redis.send([[Array("SCRIPT".utf8), Array("FLUSH".utf8)]]) == [.simpleString("OK")])
        let answer = a.post("/sessions/\(id)/invalidate", Self.mutations[2].1)
        #expect(answer.status == 200)
        #expect(answer.headers["ETag"] == "\"3\"")
        #expect(self.replica().post("/sessions/\(id)/query", Self.query).headers["ETag"] == "\"3\"")
    }

    @Test func deletingOnAnyReplicaDeletesTheSharedSession() throws {
        let a = self.replica()
        let b = self.replica()
        let id = try a.create(Self.create)
        #expect(b.delete("/sessions/\(id)").status == 204)
        #expect(self.replica().post("/sessions/\(id)/query", Self.query).status == 404)
        #expect(b.delete("/sessions/\(id)").status == 404)
    }

    @Test(arguments: ["http://redis:6379", "redis://:secret@redis", "redis://redis:0"])
    func aStoreURLThatIsNotRedisIsAUsageError(url: String) {
        #expect(throws: OptionsError.self) {
            _ = try LayoutdOptions.parse(arguments: ["--session-store", url], environment: [:])
        }
        #expect(throws: OptionsError.self) {
            _ = try LayoutdOptions.parse(arguments: [], environment: ["LAYOUTD_SESSION_STORE": url])
        }
    }

    @Test func withoutAStoreNothingIsShared() throws {
        let alone = self.replica(store: false)
        #expect(alone.service.sharedSessions == nil)
        let id = try alone.create(Self.create)
        #expect(try RedisConnection(endpoint: self.server.endpoint).send([[Array("DBSIZE".utf8)]]) == [.integer(0)])
        #expect(self.replica().post("/sessions/\(id)/query", Self.query).status == 404)
    }

    @Test func sessionsExpireInRedisWithTheIdleTimeout() throws {
        let a = self.replica()
        let id = try a.create(Self.create)
        let redis = RedisConnection(endpoint: self.server.endpoint)
        let ttl = try redis.send([[Array("PTTL".utf8), RedisScripts.keys(id).hash]])[0].integer ?? -1
        #expect(ttl > 14 * 60 * 1_000)
        #expect(ttl <= 15 * 60 * 1_000)
    }
}

extension SharedSessionTests {
    @Test func withoutRedisLocalSessionsAreServedAndWrittenWhenItReturns() throws {
        let lines = Mutex<[String]>([])
        let a = self.replica(log: { line in lines.withLock { $0.append(line) } })
        let before = try a.create(Self.create)
        self.server.stop()
        #expect(a.post("/sessions/\(before)/query", Self.query).status == 200)
        let mutated = a.post("/sessions/\(before)/invalidate", Self.mutations[0].1)
        #expect(mutated.status == 200)
        #expect(mutated.headers["ETag"] == "\"2\"")
        let during = try a.create(Self.create)
        let ready = a.get("/readyz")
        #expect(ready.status == 200)
        #expect(ready.text.contains("degraded"))
        let metrics = a.get("/metrics").text
        #expect(metrics.contains("\nlayoutd_session_store_up 0\n"))
        #expect(metrics.contains("\nlayoutd_session_store_pending 2\n"))
        #expect(lines.withLock { $0 }.contains { $0.contains("unreachable") })

        // Redis comes back empty (no persistence): both sessions are written, at their versions.
        let again = try RedisServerProcess(port: self.server.port)
        a.service.sharedSessions?.retryNow()
        #expect(a.get("/readyz").text.contains(#""sessionStore":"up""#))
        #expect(a.get("/metrics").text.contains("\nlayoutd_session_store_pending 0\n"))
        #expect(lines.withLock { $0 }.contains { $0.contains("reachable again") })
        let b = self.replica()
        let rebuilt = b.post("/sessions/\(before)/query", Self.query)
        #expect(rebuilt.headers["ETag"] == "\"2\"")
        #expect(rebuilt.text == a.post("/sessions/\(before)/query", Self.query).text)
        #expect(b.post("/sessions/\(during)/query", Self.query).headers["ETag"] == "\"1\"")
        again.stop()
    }

    @Test func aSessionDeletedWhileRedisIsDownIsDeletedWhenItReturns() throws {
        let directory = FileManager.default.temporaryDirectory.appendingPathComponent("layoutd-redis-\(UUID())").path
        try FileManager.default.createDirectory(atPath: directory, withIntermediateDirectories: true)
        defer { try? FileManager.default.removeItem(atPath: directory) }
        // This Redis keeps its data across a SIGKILL, as the StatefulSet's does across a restart.
        let persistent = ["--appendonly", "yes", "--appendfsync", "always", "--dir", directory]
        let first = try RedisServerProcess(extraArguments: persistent)
        var configuration = ServiceConfiguration()
        configuration.sessionStore = first.endpoint.description
        let a = Replica(service: LayoutService(configuration: configuration))
        let kept = try a.create(Self.create)
        let deleted = try a.create(Self.create)
        first.stop()
        #expect(a.delete("/sessions/\(deleted)").status == 204)
        #expect(a.get("/metrics").text.contains("\nlayoutd_session_store_pending 1\n"))
        let second = try RedisServerProcess(port: first.port, extraArguments: persistent)
        defer { second.stop() }
        a.service.sharedSessions?.retryNow()
        #expect(a.get("/readyz").text.contains(#""sessionStore":"up""#))
        let b = Replica(service: LayoutService(configuration: configuration))
        #expect(b.post("/sessions/\(kept)/query", Self.query).status == 200)
        #expect(b.post("/sessions/\(deleted)/query", Self.query).status == 404)
    }

    @Test func aReplicaWithoutRedisAtStartStillServes() throws {
        self.server.stop()
        let a = self.replica()
        let id = try a.create(Self.create)
        #expect(a.post("/sessions/\(id)/invalidate", Self.mutations[0].1).status == 200)
        #expect(a.get("/readyz").status == 200)
    }
}

/// One replica under test.
struct Replica: ServiceTesting {
    let service: LayoutService

    func post(_ target: String, _ body: String, headers: HTTPHeaders = [:]) -> Response {
        self.service.respond(to: Request(method: .POST, target: target, headers: headers, body: Array(body.utf8)))
    }

    func get(_ target: String) -> Response {
        self.service.respond(to: Request(method: .GET, target: target, headers: [:], body: []))
    }

    func delete(_ target: String) -> Response {
        self.service.respond(to: Request(method: .DELETE, target: target, headers: [:], body: []))
    }
}

extension Response {
    /// The body as text, for comparisons that print readably when they fail.
    var text: String { String(decoding: self.body, as: UTF8.self) }
}
