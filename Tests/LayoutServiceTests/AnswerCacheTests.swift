import Dispatch
import Foundation
import HTTPCore
import LayoutEngine
import Synchronization
import Testing

@testable import LayoutService

/// The cache of stateless answers (issue 21): a repeated `POST /layout/{kind}` answers the very bytes a computed
/// answer has, two bodies never share an answer, the byte budget holds, and errors are answered as without it.
@Suite struct AnswerCacheTests {
    /// A service with the default cache, and one with none.
    let service = LayoutService()
    let uncached: LayoutService = {
        var configuration = ServiceConfiguration()
        configuration.answerCacheBytes = 0
        return LayoutService(configuration: configuration)
    }()

    static let flow = #"{"viewport":{"width":375,"height":667},"sections":[{"count":20}]}"#

    func post(_ service: LayoutService, _ kind: String, _ body: String, headers: HTTPHeaders = [:]) -> Response {
        service.respond(to: Request(method: .POST, target: "/layout/\(kind)", headers: headers, body: Array(body.utf8)))
    }

    @Test(arguments: LayoutKind.allCases)
    func aHitAnswersTheComputedBytesForEveryKind(kind: LayoutKind) {
        var random = SessionRecordGenerator(seed: OneShotAnswerTests.seed(kind) + 31)
        var hits = 0
        for round in 0..<12 {
            let body = OneShotAnswerTests.body(&random, kind: kind, rect: round % 3 == 0)
            let computed = self.post(self.uncached, kind.rawValue, body)
            // Computed, computed and kept (the second miss), then answered from the cache.
            let answers = (0..<3).map { _ in self.post(self.service, kind.rawValue, body) }
            for answer in answers {
                #expect(answer.status == computed.status, "\(kind): \(body)")
                #expect(answer.body == computed.body, "\(kind): \(body)")
                #expect(answer.headers == computed.headers)
            }
            if computed.status == 200 { hits += 1 }
        }
        let statistics = self.service.answerCache.statistics
        #expect(hits > 0)
        #expect(statistics.hits == hits, "every 200 answered three times hits once")
        #expect(statistics.entries == hits)
    }

    @Test func viewportsAnswersAreKeptAsTheyWereWritten() {
        let body = #"{"viewports":[{"width":320,"height":480},{"width":768,"height":1024}],"sections":[{"count":9}]}"#
        let computed = self.post(self.uncached, "flow", body)
        #expect(computed.status == 200)
        for _ in 0..<3 { #expect(self.post(self.service, "flow", body).body == computed.body) }
        #expect(self.service.answerCache.statistics.hits == 1)
    }

    @Test func bodiesThatDifferInOneByteGetTheirOwnAnswers() {
        let narrow = Self.flow.replacingOccurrences(of: "375", with: "376")
        for _ in 0..<3 {
            #expect(self.post(self.service, "flow", Self.flow).body == self.post(self.uncached, "flow", Self.flow).body)
            #expect(self.post(self.service, "flow", narrow).body == self.post(self.uncached, "flow", narrow).body)
            // The same body under another kind is another answer.
            let waterfall = self.post(self.uncached, "waterfall", Self.flow).body
            #expect(self.post(self.service, "waterfall", Self.flow).body == waterfall)
        }
        #expect(self.post(self.service, "flow", narrow).body != self.post(self.service, "flow", Self.flow).body)
        #expect(self.service.answerCache.statistics.entries == 3)
        #expect(self.service.answerCache.statistics.hits == 5)
    }

    @Test func bodiesWhoseHashesCollideNeverShareAnAnswer() throws {
        let cache = AnswerCache(limit: 1 << 20, hashMask: 0)
        let bodies = (0..<6).map { Array(#"{"viewport":{"width":\#(300 + $0),"height":600},"sections":[]}"#.utf8) }
        for (index, body) in bodies.enumerated() {
            let key = try #require(cache.key(kind: .flow, body: body))
            #expect(key.hash == 0)
            #expect(cache.answer(for: key, body: body) == nil)
            cache.keep((.json(Array("answer \(index)".utf8)), index), for: key, body: body)
        }
        for (index, body) in bodies.enumerated() {
            let key = try #require(cache.key(kind: .flow, body: body))
            let kept = try #require(cache.answer(for: key, body: body))
            #expect(kept.answer == Array("answer \(index)".utf8))
            #expect(kept.elements == index)
            let other = try #require(cache.key(kind: .waterfall, body: body))
            #expect(cache.answer(for: other, body: body) == nil, "another kind is another answer")
        }
        // A bucket takes no more than its chain's limit: past it, a colliding body is answered by computing.
        for width in 400..<(400 + AnswerCache.maximumChain) {
            let body = Array(#"{"viewport":{"width":\#(width),"height":600},"sections":[]}"#.utf8)
            let key = try #require(cache.key(kind: .flow, body: body))
            cache.keep((.json(Array("x".utf8)), 0), for: key, body: body)
        }
        #expect(cache.statistics.entries == AnswerCache.maximumChain)
    }

    @Test func theHashReadsEveryByteOfEveryLength() {
        var random = SessionRecordGenerator(seed: 5)
        for count in 0...70 {
            var bytes = (0..<count).map { _ in UInt8(truncatingIfNeeded: random.next()) }
            let seed = random.next()
            let hash = bytes.withUnsafeBytes { AnswerCache.hash($0, seed: seed) }
            #expect(bytes.withUnsafeBytes { AnswerCache.hash($0, seed: seed) } == hash)
            #expect(bytes.withUnsafeBytes { AnswerCache.hash($0, seed: seed ^ 1) } != hash)
            #expect((bytes + [0]).withUnsafeBytes { AnswerCache.hash($0, seed: seed) } != hash, "\(count) and a zero")
            for index in 0..<count {
                bytes[index] ^= 0x20
                #expect(bytes.withUnsafeBytes { AnswerCache.hash($0, seed: seed) } != hash, "byte \(index) of \(count)")
                bytes[index] ^= 0x20
            }
        }
    }

    @Test func theByteBudgetHoldsUnderRandomInserts() throws {
        let limit = 40_000
        let cache = AnswerCache(limit: limit)
        var random = SessionRecordGenerator(seed: 21)
        var kept: [(body: [UInt8], answer: [UInt8])] = []
        for round in 0..<2_000 {
            let padding = String(repeating: "p", count: random.int(0...300))
            let body = Array("{\"round\":\(round),\"pad\":\"\(padding)\"}".utf8)
            let answer = [UInt8](repeating: UInt8(round % 251), count: random.int(1...4_000))
            let key = try #require(cache.key(kind: .flow, body: body))
            #expect(cache.answer(for: key, body: body) == nil)
            cache.keep((.json(answer), 1), for: key, body: body)
            kept.append((body, answer))
            let statistics = cache.statistics
            #expect(statistics.bytes <= limit)
            #expect(statistics.bytes >= statistics.entries * AnswerCache.entryOverhead)
            // The newest is always there, and a recent one is answered with its own bytes.
            let recent = kept[max(0, kept.count - 1 - random.int(0...2))]
            let recentKey = try #require(cache.key(kind: .flow, body: recent.body))
            #expect(cache.answer(for: recentKey, body: recent.body)?.answer == recent.answer)
        }
        let statistics = cache.statistics
        #expect(statistics.evictions > 1_000)
        #expect(statistics.entries + statistics.evictions == 2_000)
        #expect(statistics.hits == 2_000)
        #expect(statistics.misses == 2_000)
        // What the cache still answers is exactly what it counts.
        let held = kept.filter { item in
            cache.key(kind: .flow, body: item.body).flatMap { cache.answer(for: $0, body: item.body) } != nil
        }
        #expect(held.count == statistics.entries)
        let text = Metrics.answerCacheText(cache.statistics)
        #expect(text.contains("\nlayoutd_answer_cache_bytes \(statistics.bytes)\n"))
        #expect(text.contains("\nlayoutd_answer_cache_entries \(statistics.entries)\n"))
        #expect(text.contains("\nlayoutd_answer_cache_limit_bytes \(limit)\n"))
        #expect(text.contains("\nlayoutd_answer_cache_evictions_total \(statistics.evictions)\n"))
    }

    @Test func theLeastRecentlyUsedAnswerGoesFirst() throws {
        let answer = [UInt8](repeating: 0x20, count: 1_000)
        let bodies = (0..<4).map { Array("{\"n\":\($0)}".utf8) }
        let cost = AnswerCache.Entry(kind: .flow, body: bodies[0], answer: answer, elements: 0).cost
        var limit = cost * 3
        limit += 8 * AnswerCache.doorkeeperSlots(limit: limit)
        #expect(limit == cost * 3 + 8 * AnswerCache.doorkeeperSlots(limit: limit))
        let cache = AnswerCache(limit: limit)
        let keys = try bodies.map { try #require(cache.key(kind: .flow, body: $0)) }
        for index in 0..<3 { cache.keep((.json(answer), 0), for: keys[index], body: bodies[index]) }
        #expect(cache.answer(for: keys[0], body: bodies[0]) != nil)  // 1 is now the least recently used
        cache.keep((.json(answer), 0), for: keys[3], body: bodies[3])
        #expect(cache.answer(for: keys[1], body: bodies[1]) == nil)
        for index in [0, 2, 3] { #expect(cache.answer(for: keys[index], body: bodies[index]) != nil) }
        #expect(cache.statistics.evictions == 1)
        #expect(cache.statistics.bytes == limit)
    }

    @Test func aBodySentOnceIsNotKeptNorEvictsTheRepeatedOnes() {
        for _ in 0..<3 { #expect(self.post(self.service, "flow", Self.flow).status == 200) }
        for width in 0..<300 {
            let once = #"{"viewport":{"width":\#(200 + width),"height":500},"sections":[{"count":20}]}"#
            #expect(self.post(self.service, "flow", once).status == 200)
        }
        #expect(self.post(self.service, "flow", Self.flow).body == self.post(self.uncached, "flow", Self.flow).body)
        let statistics = self.service.answerCache.statistics
        #expect(statistics.entries == 1)
        #expect(statistics.hits == 2)
        #expect(statistics.misses == 302)
        #expect(statistics.evictions == 0)
        #expect(statistics.bytes > 8 * AnswerCache.doorkeeperSlots(limit: statistics.limit))
    }

    @Test func theDoorkeeperIsABoundedShareOfTheLimit() {
        #expect(AnswerCache.doorkeeperSlots(limit: 0) == 0)
        #expect(AnswerCache.doorkeeperSlots(limit: 511) == 0, "too small to keep anything")
        #expect(AnswerCache.doorkeeperSlots(limit: 512) == 1)
        #expect(AnswerCache.doorkeeperSlots(limit: 8 * 1024 * 1024) == 16_384)
        #expect(AnswerCache.doorkeeperSlots(limit: 8 * 1024 * 1024 - 1) == 8_192)
        for limit in [512, 5_000, 1 << 20, 123_456_789] {
            let slots = AnswerCache.doorkeeperSlots(limit: limit)
            #expect(slots.nonzeroBitCount == 1)
            #expect(slots * 8 <= limit / 64)
            #expect(AnswerCache(limit: limit).statistics.bytes == slots * 8)
        }
    }

    @Test func aZeroBudgetKeepsNothing() throws {
        let command = try LayoutdOptions.parse(arguments: ["--answer-cache-bytes", "0"], environment: [:])
        guard case .run(let options) = command else { throw OptionsError(message: "not a run") }
        #expect(options.service.answerCacheBytes == 0)
        let service = LayoutService(configuration: options.service)
        for _ in 0..<3 { #expect(self.post(service, "flow", Self.flow).status == 200) }
        #expect(service.answerCache.statistics == AnswerCache.Statistics())
        #expect(AnswerCache(limit: 0).key(kind: .flow, body: Array(Self.flow.utf8)) == nil)
        let fromEnvironment = try LayoutdOptions.parse(
            arguments: [], environment: ["LAYOUTD_ANSWER_CACHE_BYTES": "4096"]
        )
        guard case .run(let environmentOptions) = fromEnvironment else { throw OptionsError(message: "not a run") }
        #expect(environmentOptions.service.answerCacheBytes == 4096)
        #expect(LayoutdOptions().service.answerCacheBytes == 8 * 1024 * 1024)
        #expect(throws: OptionsError.self) {
            try LayoutdOptions.parse(arguments: ["--answer-cache-bytes", "-1"], environment: [:])
        }
    }

    @Test func largeBodiesAndAnswersAreNeverKept() {
        let padding = String(repeating: " ", count: AnswerCache.maximumBodyBytes)
        let large = #"{"viewport":{"width":375,"height":667},"sections":[{"count":2}]}"# + padding
        for _ in 0..<2 { #expect(self.post(self.service, "flow", large).status == 200) }
        let many = #"{"viewport":{"width":375,"height":667},"sections":[{"count":4000}]}"#
        for _ in 0..<2 {
            let answer = self.post(self.service, "flow", many)
            #expect(answer.status == 200)
            #expect(answer.body.count > AnswerCache.maximumAnswerBytes)
        }
        let statistics = self.service.answerCache.statistics
        #expect(statistics.entries == 0)
        #expect(statistics.hits == 0)
        #expect(statistics.misses == 2, "the large body is never looked up")
    }

    @Test func errorsAreAnsweredAsWithoutTheCache() {
        let bodies = [
            "[1,2", #"{"viewport":{"width":-1,"height":667},"sections":[]}"#,
            #"{"viewport":{"width":375,"height":667},"sections":[{"count":3000000}]}"#,
        ]
        for body in bodies {
            let computed = self.post(self.uncached, "flow", body)
            #expect(computed.status >= 400)
            for _ in 0..<2 {
                let answer = self.post(self.service, "flow", body)
                #expect(answer.status == computed.status)
                #expect(answer.body == computed.body)
            }
        }
        let unknown = self.post(self.service, "nope", Self.flow)
        #expect(unknown.status == self.post(self.uncached, "nope", Self.flow).status)
        #expect(self.service.answerCache.statistics.entries == 0)
        #expect(self.service.answerCache.statistics.hits == 0)
    }

    @Test func headAndOtherMethodsAreAnsweredAsWithoutTheCache() {
        _ = self.post(self.service, "flow", Self.flow)
        for method in [HTTPMethod.HEAD, .GET, .OPTIONS] {
            let request = Request(method: method, target: "/layout/flow", body: Array(Self.flow.utf8))
            let cached = self.service.respond(to: request)
            let computed = self.uncached.respond(to: request)
            #expect(cached.status == computed.status)
            #expect(cached.headers == computed.headers)
            #expect(cached.body == computed.body)
        }
        #expect(self.service.answerCache.statistics.hits == 0)
    }

    @Test func aHitKeepsItsOwnRequestIDAndCountsInMetrics() {
        let first = self.post(self.service, "flow", Self.flow, headers: ["X-Request-Id": "first-one"])
        let second = self.post(self.service, "flow", Self.flow, headers: ["X-Request-Id": "second-one"])
        let third = self.post(self.service, "flow", Self.flow)  // the first two computed, the third from the cache
        #expect(first.requestID?.text == "first-one")
        #expect(second.requestID?.text == "second-one")
        #expect(third.requestID != nil && third.requestID != second.requestID)
        #expect(third.body == first.body)
        let page = String(
            decoding: self.service.respond(to: Request(method: .GET, target: "/metrics")).body, as: UTF8.self
        )
        #expect(page.contains("\nlayoutd_answer_cache_hits_total 1\n"))
        #expect(page.contains("\nlayoutd_answer_cache_misses_total 2\n"))
        #expect(page.contains("\nlayoutd_answer_cache_entries 1\n"))
        #expect(page.contains("\nlayoutd_elements_laid_out_total 60\n"), "a hit counts its elements")
        #expect(page.contains(#"layoutd_http_requests_total{route="/layout/{kind}",method="POST",status="200"} 3"#))
    }

    @Test func aTokenGuardsAHitAsItGuardsAComputedAnswer() {
        var configuration = ServiceConfiguration()
        configuration.apiToken = "secret"
        let service = LayoutService(configuration: configuration)
        #expect(self.post(service, "flow", Self.flow, headers: ["Authorization": "Bearer secret"]).status == 200)
        #expect(self.post(service, "flow", Self.flow, headers: ["Authorization": "Bearer secret"]).status == 200)
        #expect(self.post(service, "flow", Self.flow).status == 401)
        #expect(self.post(service, "flow", Self.flow, headers: ["Authorization": "Bearer wrong"]).status == 401)
        #expect(self.post(service, "flow", Self.flow, headers: ["Authorization": "Bearer secret"]).status == 200)
        #expect(service.answerCache.statistics.hits == 1)
    }

    @Test func threadsSharingTheCacheEachGetTheirOwnBodysAnswer() {
        var configuration = ServiceConfiguration()
        configuration.answerCacheBytes = 8 * 1024  // a few answers: inserts, hits and evictions race
        let service = LayoutService(configuration: configuration)
        let bodies = (0..<16).map { #"{"viewport":{"width":\#(300 + $0),"height":667},"sections":[{"count":5}]}"# }
        let expected = bodies.map { self.post(self.uncached, "flow", $0).body }
        let mismatches = Atomic<Int>(0)
        DispatchQueue.concurrentPerform(iterations: 4) { thread in
            var random = SessionRecordGenerator(seed: UInt64(thread) + 1)
            for _ in 0..<400 {
                let index = random.int(0...(bodies.count - 1))
                let answer = service.respond(
                    to: Request(method: .POST, target: "/layout/flow", body: Array(bodies[index].utf8))
                )
                if answer.status != 200 || answer.body != expected[index] { mismatches.add(1, ordering: .relaxed) }
            }
        }
        #expect(mismatches.load(ordering: .relaxed) == 0)
        let statistics = service.answerCache.statistics
        #expect(statistics.hits + statistics.misses == 1_600)
        #expect(statistics.hits > 0)
        #expect(statistics.bytes <= 8 * 1024)
    }
}

extension AnswerCache {
    /// The answer kept for `body` under `key`, as ``lookUp(_:body:)`` finds it (counting a hit or a miss); `nil` on a
    /// miss.
    fileprivate func answer(for key: Key, body: [UInt8]) -> Kept? {
        guard case .hit(let kept) = self.lookUp(key, body: body) else { return nil }
        return kept
    }
}
