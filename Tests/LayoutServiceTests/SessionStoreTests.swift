import HTTPCore
import LayoutEngine
@testable import LayoutService
import Testing

/// The session store's budgets, recency order, expiry and memory of gone sessions, with a clock the tests move.
@Suite struct SessionStoreTests {
    let clock = ManualClock()

    /// A flow session of `items` items given by sizes (so that its bytes grow with them).
    static func session(_ id: String, items: Int) throws -> Session {
        let sizes = [Size](repeating: Size(width: 40, height: 30), count: items)
        let input = LayoutInput(sections: [SectionInput(items: .sizes(sizes))])
        return Session(id: id, version: 1, live: try LiveLayout(input: input, configuration: .flow(.init())))
    }

    func store(_ change: (inout SessionStore.Configuration) -> Void) -> SessionStore {
        var configuration = SessionStore.Configuration()
        change(&configuration)
        return SessionStore(configuration: configuration, clock: self.clock)
    }

    @Test func theLeastRecentlyUsedGoFirstWhenTheBytesPassTheBudget() throws {
        let one = try Self.session("a", items: 1_000).heapBytes
        let store = self.store { $0.maxTotalBytes = one * 3 + one / 2 }
        for id in ["a", "b", "c"] {
            try store.insert(try Self.session(id, items: 1_000))
            self.clock.advance(by: .seconds(1))
        }
        #expect(store.session("a") != nil)  // "b" is now the least recently used, then "c", then "a"
        self.clock.advance(by: .seconds(1))
        try store.insert(try Self.session("d", items: 1_000))
        #expect(store.session("b") == nil)
        #expect(store.goneError(id: "b") == .sessionNotFound(id: "b", reason: "evicted for memory"))
        #expect(store.statistics.evictedForMemory == 1)
        // A session twice as large makes room by evicting the two least recently used: "c", then "a".
        try store.insert(try Self.session("e", items: 2_000))
        #expect(store.session("c") == nil && store.session("a") == nil)
        #expect(store.session("d") != nil && store.session("e") != nil)
        let statistics = store.statistics
        #expect(statistics.evictedForMemory == 3 && statistics.evictedForCount == 0 && statistics.expired == 0)
        #expect(statistics.sessions == 2)
        #expect(statistics.bytes <= store.configuration.maxTotalBytes)
    }

    @Test func theCountLimitEvictsTheLeastRecentlyUsedAndSaysSo() throws {
        let store = self.store { $0.maxSessions = 2 }
        try store.insert(try Self.session("a", items: 3))
        try store.insert(try Self.session("b", items: 3))
        #expect(store.session("a") != nil)
        try store.insert(try Self.session("c", items: 3))
        #expect(store.session("b") == nil && store.session("a") != nil && store.session("c") != nil)
        let reason = "evicted for the limit on the number of sessions"
        #expect(store.goneError(id: "b") == .sessionNotFound(id: "b", reason: reason))
        #expect(store.statistics.evictedForCount == 1)
    }

    @Test func bytesFollowEveryMutation() throws {
        let store = self.store { _ in }
        let small = try Self.session("a", items: 100)
        try store.insert(small)
        #expect(store.statistics.bytes == small.heapBytes)
        #expect(store.statistics.items == small.budgetWeight)
        let large = try Self.session("a", items: 10_000)
        let committed = try store.update("a", expectedVersion: nil) { _ in large }
        #expect(committed.version == 2)
        #expect(store.statistics.bytes == large.heapBytes)
        #expect(store.statistics.bytes > small.heapBytes + 9_900 * 16, "16 bytes of input per item at least")
        #expect(store.statistics.items == large.budgetWeight)
        #expect(store.remove("a"))
        #expect(store.statistics.bytes == 0 && store.statistics.items == 0 && store.statistics.sessions == 0)
        #expect(store.goneError(id: "a") == .sessionNotFound(id: "a", reason: "deleted"))
    }

    @Test func anUpdateThatGrowsASessionEvictsOthers() throws {
        let one = try Self.session("a", items: 1_000).heapBytes
        let store = self.store { $0.maxTotalBytes = one * 3 }
        for id in ["a", "b", "c"] { try store.insert(try Self.session(id, items: 1_000)) }
        _ = try store.update("c", expectedVersion: nil) { _ in try Self.session("c", items: 1_500) }
        #expect(store.session("a") == nil, "the least recently used made room")
        #expect(store.session("b") != nil && store.session("c") != nil)
    }

    @Test func idleSessionsExpireOldestFirstAndAreCounted() throws {
        let store = self.store { $0.idleTimeout = .seconds(60) }
        try store.insert(try Self.session("a", items: 3))
        self.clock.advance(by: .seconds(30))
        try store.insert(try Self.session("b", items: 3))
        self.clock.advance(by: .seconds(30))
        #expect(store.count == 1, "a sat idle for 60 s")
        #expect(store.goneError(id: "a") == .sessionNotFound(id: "a", reason: "expired"))
        self.clock.advance(by: .seconds(29))
        #expect(store.session("b") != nil)
        self.clock.advance(by: .seconds(60))
        #expect(store.session("b") == nil)
        #expect(store.statistics.expired == 2)
        #expect(store.statistics.sessions == 0 && store.statistics.bytes == 0)
    }

    @Test func aSessionLargerThanTheWholeBudgetIsRefusedAndEvictsNothing() throws {
        let store = self.store { $0.maxTotalBytes = 100_000 }
        try store.insert(try Self.session("a", items: 10))
        #expect(throws: APIError.self) { try store.insert(try Self.session("b", items: 10_000)) }
        #expect(store.session("a") != nil)
        #expect(store.statistics.evictedForMemory == 0)
    }

    @Test func theStoreForgetsTheOldestGoneSessionsPastItsCapacity() throws {
        let store = self.store { $0.goneCapacity = 2 }
        for id in ["a", "b", "c"] {
            try store.insert(try Self.session(id, items: 1))
            store.remove(id)
        }
        #expect(store.goneError(id: "a") == .sessionNotFound(id: "a"))
        #expect(store.goneError(id: "b") == .sessionNotFound(id: "b", reason: "deleted"))
        #expect(store.goneError(id: "c") == .sessionNotFound(id: "c", reason: "deleted"))
    }

    @Test func aSessionCreatedAgainUnderAGoneIdentifierIsLive() throws {
        let store = self.store { _ in }
        try store.insert(try Self.session("a", items: 1))
        store.remove("a")
        #expect(try store.insert(try Self.session("a", items: 1)))
        #expect(store.session("a") != nil)
        store.remove("a")
        #expect(store.goneError(id: "a") == .sessionNotFound(id: "a", reason: "deleted"))
    }

    @Test func slotsAreReusedAndTheRecencyListStaysConsistent() throws {
        // A seeded walk of inserts, reads and removals against a plain model of the recency order.
        let store = self.store { $0.maxSessions = 8 }
        var model: [String] = []  // least recently used first
        var generator = SplitMix64(seed: 19)
        for step in 0..<2_000 {
            let id = "s\(generator.next() % 12)"
            switch generator.next() % 3 {
            case 0:
                let added = try store.insert(try Self.session(id, items: 1))
                #expect(added == !model.contains(id))
                if added {
                    model.append(id)
                    if model.count > 8 { model.removeFirst() }
                }
            case 1:
                #expect((store.session(id) != nil) == model.contains(id), "step \(step)")
                if let index = model.firstIndex(of: id) { model.append(model.remove(at: index)) }
            default:
                #expect(store.remove(id) == model.contains(id), "step \(step)")
                model.removeAll { $0 == id }
            }
            self.clock.advance(by: .milliseconds(1))
        }
        #expect(store.count == model.count)
    }
}

/// A small seeded generator (SplitMix64), so that the walk is the same on every run.
private struct SplitMix64: RandomNumberGenerator {
    var state: UInt64
    init(seed: UInt64) { self.state = seed }
    mutating func next() -> UInt64 {
        self.state &+= 0x9E37_79B9_7F4A_7C15
        var z = self.state
        z = (z ^ (z >> 30)) &* 0xBF58_476D_1CE4_E5B9
        z = (z ^ (z >> 27)) &* 0x94D0_49BB_1331_11EB
        return z ^ (z >> 31)
    }
}
