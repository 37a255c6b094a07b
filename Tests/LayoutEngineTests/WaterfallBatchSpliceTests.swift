@testable import LayoutEngine
import Testing

/// A waterfall session's batch updates splice the new sizes into the section's array (``SplicesBatchSizes``): the
/// session then equals, bit for bit, a fresh prepare of the sizes the batch leaves, a batch a new layout would refuse
/// is refused with the error a new layout gives and leaves the session as it was, and queries after it answer as
/// brute force.
@Suite struct WaterfallBatchSpliceTests {
    /// A random batch near `position` (0 the start, 1 the end) of a section of `count` items: deletions, insertions
    /// and reloads; and the section's sizes after it, applied to `sizes` one list at a time as the batch reads.
    static func randomBatch(
        _ sizes: [Size],
        near position: Double,
        columns: Int,
        _ random: inout RandomLayouts
    ) -> (BatchUpdates, [Size]) {
        let count = sizes.count
        let around = Swift.min(count - 1, Swift.max(0, Int(Double(count) * position)))
        let window = Swift.max(0, around - 30)...Swift.max(0, Swift.min(count - 1, around + 5))
        var deleted = Set<Int>()
        var reloaded: [Int: Size] = [:]
        for _ in 0..<random.int(0...4) where count > 0 { deleted.insert(random.int(window)) }
        for _ in 0..<random.int(0...2) where count > 0 {
            let item = random.int(window)
            if !deleted.contains(item) {
                reloaded[item] = CheckpointedFramesTests.randomSizes(1, columns: columns, &random)[0]
            }
        }
        // Survivors in order, reloads applied, then insertions at their new indexes, in ascending order.
        var result: [Size] = []
        for (item, size) in sizes.enumerated() where !deleted.contains(item) { result.append(reloaded[item] ?? size) }
        var inserted: [BatchUpdates.ItemChange] = []
        var insertedAt = Set<Int>()
        for _ in 0..<random.int(0...3) {
            let item = random.int(Swift.max(0, result.count + insertedAt.count - 40)...(result.count + insertedAt.count))
            guard insertedAt.insert(item).inserted else { continue }
            let size = CheckpointedFramesTests.randomSizes(1, columns: columns, &random)[0]
            inserted.append(BatchUpdates.ItemChange(indexPath: IndexPath(section: 0, item: item), size: size))
        }
        // Items inserted past the end must land on it: keep the ones a plan accepts, lowest index first.
        inserted.sort { $0.indexPath.item < $1.indexPath.item }
        var accepted: [BatchUpdates.ItemChange] = []
        for change in inserted where change.indexPath.item <= result.count {
            result.insert(change.size ?? Size(width: 1, height: 1), at: change.indexPath.item)
            accepted.append(change)
        }
        let updates = BatchUpdates(
            deleteItems: deleted.sorted().map { IndexPath(section: 0, item: $0) },
            insertItems: accepted,
            reloadItems: reloaded.keys.sorted().map {
                BatchUpdates.ItemChange(indexPath: IndexPath(section: 0, item: $0), size: reloaded[$0])
            }
        )
        return (updates, result)
    }

    @Test(arguments: 0..<24)
    func batchesNearTheEndAndInTheMiddleEqualAFreshPrepare(seed: Int) throws {
        var random = RandomLayouts(seed: UInt64(seed) &+ 9_100)
        let waterfall = CheckpointedFramesTests.randomWaterfall(&random)
        let columns = waterfall.columnCount
        var sizes = CheckpointedFramesTests.randomSizes(random.int(1_500...4_000), columns: columns, &random)
        let other = CheckpointedFramesTests.randomSizes(random.int(0...300), columns: columns, &random)
        var live = try LiveLayout(
            input: LayoutInput(
                viewport: Size(width: random.double(200...1_400), height: random.double(300...1_400)),
                sections: [SectionInput(items: .sizes(sizes)), SectionInput(items: .sizes(other))]),
            configuration: .waterfall(waterfall))
        for step in 0..<6 {
            let (updates, expected) = Self.randomBatch(
                sizes, near: step % 3 == 2 ? 0.5 : 0.995, columns: columns, &random)
            // Every random size is one a new layout takes, either way.
            _ = try live.performBatchUpdates(updates)
            sizes = expected
            #expect(live.input.sections[0].items == .sizes(expected))
            #expect(live.input.sections[1].items == .sizes(other))
            let fresh = try prepare(live.input, .waterfall(waterfall))
            #expect(live.prepared.sections[0].frames.checkpointed != nil)
            CheckpointedSessionTests.expectEqual(live.prepared, fresh, section: 0, &random)
            CheckpointedFramesTests.expectQueriesMatchBruteForce(live.prepared, contentOffset: .zero, &random)
        }
    }

    /// A vertical session of `count` plain aspect ratios whose sizes nothing else holds.
    static func session(count: Int, _ configuration: WaterfallLayout.Configuration = .init()) throws -> LiveLayout {
        let sizes = (0..<count).map { Size(width: 100 + Double($0 % 101), height: 50 + Double($0 % 251)) }
        return try LiveLayout(
            input: LayoutInput(sections: [SectionInput(items: .sizes(sizes))]), configuration: .waterfall(configuration))
    }

    @Test func aBatchWithARefusedSizeLeavesTheSessionAsItWas() throws {
        var live = try Self.session(count: 20_000)
        let before = live
        // The deletion comes first in the section; the bad size (no width, no code) is inserted after it.
        let updates = BatchUpdates(
            deleteItems: [IndexPath(section: 0, item: 19_980)],
            insertItems: [
                .init(indexPath: IndexPath(section: 0, item: 19_985), size: Size(width: 30, height: 20)),
                .init(indexPath: IndexPath(section: 0, item: 19_990), size: Size(width: 0, height: 20)),
            ])
        #expect(throws: UpdateError.invalidLayout(.invalidItemSize(section: 0, item: 19_990))) {
            try live.performBatchUpdates(updates)
        }
        #expect(live.input == before.input)
        #expect(live.prepared == before.prepared)
        // The session still takes a good batch, and then equals a fresh prepare.
        _ = try live.performBatchUpdates(BatchUpdates(deleteItems: [IndexPath(section: 0, item: 19_980)]))
        #expect(live.prepared == (try prepare(live.input, .waterfall(.init()))))
    }

    @Test func aHorizontalSessionStillRefusesAKeptSizeANewLayoutRefuses() throws {
        var configuration = WaterfallLayout.Configuration()
        configuration.scrollDirection = .horizontal
        var live = try Self.session(count: 5_000, configuration)
        // A zero height: a session's resize accepts it (valid down), a new horizontal layout does not.
        let zero = [IndexPath(section: 0, item: 7): Size(width: 30, height: 0)]
        _ = try live.invalidate(InvalidationContext(itemSizes: zero))
        let before = live
        #expect(throws: UpdateError.invalidLayout(.invalidItemSize(section: 0, item: 7))) {
            try live.performBatchUpdates(BatchUpdates(deleteItems: [IndexPath(section: 0, item: 4_990)]))
        }
        #expect(live.input == before.input)
        #expect(live.prepared == before.prepared)
    }

    @Test func aBatchNearTheEndWritesTheSessionsSizesInPlace() throws {
        var live = try Self.session(count: 50_000)
        let address = try #require(CheckpointedSessionTests.sizesAddress(live))
        _ = try live.performBatchUpdates(
            BatchUpdates(
                deleteItems: [IndexPath(section: 0, item: 49_980), IndexPath(section: 0, item: 49_990)],
                insertItems: [.init(indexPath: IndexPath(section: 0, item: 49_985), size: Size(width: 3, height: 4))]
            ))
        // Neither a merged copy of every size nor a copy on write: the kept items never moved.
        #expect(CheckpointedSessionTests.sizesAddress(live) == address)
        #expect(live.input.sections[0].itemCount == 49_999)
        #expect(live.prepared == (try prepare(live.input, .waterfall(.init()))))
    }

    @Test func insertionsPastTheSizesCapacityKeepTheSessionWithinTwentyBytesAnItem() throws {
        var live = try Self.session(count: 50_000)
        // More than the allocator's rounding leaves spare: the array must grow, to what it holds, not double.
        let inserted = (0..<300).map {
            BatchUpdates.ItemChange(indexPath: IndexPath(section: 0, item: 50_000 + $0), size: Size(width: 3, height: 4))
        }
        _ = try live.performBatchUpdates(BatchUpdates(insertItems: inserted))
        #expect(live.input.sections[0].itemCount == 50_300)
        #expect(live.heapBytes <= 50_300 * 20)
        #expect(live.prepared == (try prepare(live.input, .waterfall(.init()))))
    }

    @Test(arguments: WaterfallLayout.ItemRenderDirection.allCases)
    func thinAndTallRectsMatchBruteForce(direction: WaterfallLayout.ItemRenderDirection) throws {
        var random = RandomLayouts(seed: 9_300)
        var configuration = WaterfallLayout.Configuration()
        configuration.columnCount = 3
        configuration.itemRenderDirection = direction
        let sizes = CheckpointedFramesTests.randomSizes(3_000, columns: 3, &random)
        let layout = try prepare(
            LayoutInput(viewport: Size(width: 375, height: 812), sections: [SectionInput(items: .sizes(sizes))]),
            .waterfall(configuration))
        #expect(layout.sections[0].frames.checkpointed != nil)
        let all = layout.allAttributes(contentOffset: .zero)
        let length = layout.contentSize.height
        for _ in 0..<200 {
            // From a point's height to several screens: a replay stops past the band, and never before it.
            let y = random.double(-20...(length + 20))
            let height = [0, 0.5, 40, 812, 3_000][random.int(0...4)]
            let rect = Rect(x: random.double(-10...200), y: y, width: random.double(1...400), height: height)
            let expected = all.filter { $0.frame.intersects(rect) }
            #expect(layout.attributes(in: rect, contentOffset: .zero) == expected)
        }
    }
}
