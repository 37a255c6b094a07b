@testable import HTTPCore
import Testing

/// Large bodies' storage is kept for later requests once their request is dropped (issue 21), never while a request
/// still holds it, and within the pool's limit and the body budget.
@Suite struct BodyStoragePoolTests {
    static let size = RequestParser.directBodyBytes * 4 + 77

    static func head(_ length: Int) -> [UInt8] {
        Array("POST /layout/flow HTTP/1.1\r\nHost: a\r\nContent-Length: \(length)\r\n\r\n".utf8)
    }

    static func body(_ length: Int, seed: Int) -> [UInt8] {
        (0..<length).map { UInt8(truncatingIfNeeded: $0 &* 31 &+ $0 >> 9 &+ seed) }
    }

    /// Parses one request of `body` read directly into the parser, as the event loop does.
    static func parse(_ body: [UInt8], with parser: inout RequestParser) throws -> Request? {
        parser.append(Self.head(body.count))
        #expect(try parser.next() == nil)
        #expect(parser.readsBodyDirectly)
        #expect(RequestParserDirectBodyTests.readDirectly(body[...], into: &parser, piece: 70_000) == body.count)
        guard case .request(let request) = try parser.next() else { return nil }
        return request
    }

    static func baseAddress(_ bytes: [UInt8]) -> UnsafeRawPointer? {
        bytes.withUnsafeBytes { $0.baseAddress }
    }

    @Test func theUniquenessTestTellsAHeldArrayFromAnUnusedOne() {
        // Each result is taken before `#expect`, which keeps a copy of the values it is given.
        var kept = [UInt8](repeating: 1, count: 100)
        var copy: [UInt8]? = kept
        let whileCopied = BodyStoragePool.isUnused(&kept)
        #expect(!whileCopied)
        #expect(copy?.count == 100)
        copy = nil
        let alone = BodyStoragePool.isUnused(&kept)
        #expect(alone)
        var empty: [UInt8] = []
        let emptyIsUnused = BodyStoragePool.isUnused(&empty)
        #expect(!emptyIsUnused)
    }

    @Test func aDroppedBodysStorageServesTheNextBodyWithItsBytes() throws {
        let budget = BodyMemoryBudget()
        var parser = RequestParser(bodyBudget: budget)
        let firstBody = Self.body(Self.size, seed: 1)
        var first = try Self.parse(firstBody, with: &parser)
        #expect(first?.body == firstBody)
        let firstAddress = first.flatMap { Self.baseAddress($0.body) }
        #expect(budget.storage.bytesHeld >= Self.size)
        parser.releaseBodyMemory()
        first = nil
        // A shorter body next: the same storage, every byte the new one's.
        let secondBody = Self.body(Self.size - 5000, seed: 2)
        let second = try Self.parse(secondBody, with: &parser)
        #expect(second?.body == secondBody)
        #expect(second.flatMap { Self.baseAddress($0.body) } == firstAddress)
        #expect(budget.storage.reuseCount == 1)
    }

    @Test func storageARequestStillHoldsIsNotReused() throws {
        let budget = BodyMemoryBudget()
        var parser = RequestParser(bodyBudget: budget)
        let firstBody = Self.body(Self.size, seed: 3)
        let first = try Self.parse(firstBody, with: &parser)
        let secondBody = Self.body(Self.size, seed: 4)
        let second = try Self.parse(secondBody, with: &parser)
        #expect(first?.body == firstBody)
        #expect(second?.body == secondBody)
        #expect(second.flatMap { Self.baseAddress($0.body) } != first.flatMap { Self.baseAddress($0.body) })
        #expect(budget.storage.reuseCount == 0)
    }

    @Test func aLongerBodyGrowsWithinTheKeptCapacityOrGetsNewStorage() {
        let pool = BodyStoragePool()
        var stored: [UInt8] = []
        stored.reserveCapacity(1000)
        stored.append(contentsOf: repeatElement(7, count: 600))
        pool.lend(stored)
        stored = []
        #expect(pool.take(count: 2000) == nil)
        let taken = pool.take(count: 900)
        #expect(taken?.count == 900)
        #expect(taken.map { Array($0[..<600]) } == Array(repeating: 7, count: 600))
        #expect(pool.bytesHeld == 0)
    }

    @Test func thePoolKeepsAtMostItsLimitFreeingUnusedStorageOldestFirst() {
        let pool = BodyStoragePool(limit: 2500)
        for fill in 1...3 {
            var bytes: [UInt8] = []
            bytes.reserveCapacity(1000)
            bytes.append(contentsOf: repeatElement(UInt8(fill), count: 1000))
            pool.lend(bytes)
        }
        // Three of about 1,000 bytes do not fit 2,500: the oldest went when the third came.
        #expect(pool.bytesHeld <= 2500)
        #expect(pool.take(count: 1000)?.first == 2)
        #expect(pool.take(count: 1000)?.first == 3)
        #expect(pool.take(count: 1000) == nil)
        // Lent storage is not freed to make room, and a body larger than the limit is not kept.
        let held = [UInt8](repeating: 9, count: 2000)
        pool.lend(held)
        pool.lend([UInt8](repeating: 8, count: 2000))
        #expect(pool.bytesHeld == held.capacity)
        pool.lend([UInt8](repeating: 8, count: 3000))
        #expect(pool.bytesHeld == held.capacity)
        let none = BodyStoragePool(limit: 0)
        none.lend([UInt8](repeating: 1, count: 10))
        #expect(none.bytesHeld == 0)
    }

    @Test func keptStorageGivesWayToReservationsWithinTheBudget() {
        let budget = BodyMemoryBudget(limit: 10_000)
        budget.storage.lend([UInt8](repeating: 1, count: 6000))
        #expect(budget.storage.bytesHeld >= 6000)
        #expect(budget.reserve(3000))
        #expect(budget.storage.bytesHeld >= 6000)
        // 3,000 + 5,000 reserved and 6,000 kept would pass 10,000: the unused storage is freed first.
        #expect(budget.reserve(5000))
        #expect(budget.storage.bytesHeld == 0)
        #expect(budget.bytesInUse == 8000)
    }
}

