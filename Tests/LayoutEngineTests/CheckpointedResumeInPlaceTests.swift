@testable import LayoutEngine
import Testing

/// A mutation near the end of a checkpointed section (waterfall, flow, justified by sizes) costs what the change
/// needs: the section's checkpoints, block extents and trees are rewritten in place from the changed block on (not
/// copied and built again), flow lays out again from the line holding the item before the change, waterfall from
/// the changed item's block; and the result is, array for array and bit for bit, a fresh prepare's.
@Suite struct CheckpointedResumeInPlaceTests {
    static let kinds: [LayoutConfiguration] = [.waterfall(.init()), .flow(.init()), .justified(.init())]

    /// Expects the checkpointed frames' arrays (checkpoints, both trees level by level, the running extremes) and
    /// bounds to hold a fresh prepare's values, bit for bit.
    static func expectSameStorage(_ resumed: CheckpointedFrames?, _ fresh: CheckpointedFrames?) {
        guard let resumed, let fresh else {
            Issue.record("a section is not checkpointed")
            return
        }
        #expect(resumed.count == fresh.count)
        #expect(resumed.checkpoints.map(\.bitPattern) == fresh.checkpoints.map(\.bitPattern))
        #expect(Self.bits(resumed.runningMaxTrailing) == Self.bits(fresh.runningMaxTrailing))
        #expect(Self.bits(resumed.runningMinLeading) == Self.bits(fresh.runningMinLeading))
        #expect(resumed.prefixExtremes == fresh.prefixExtremes)
        #expect(resumed.bounds == fresh.bounds)
    }

    static func bits(_ tree: MonotoneSearchTree) -> [[UInt64]] {
        tree.levels.map { $0.map(\.bitPattern) }
    }

    /// Where the first section's checkpoints and the level 0 of its two trees live (nothing is retained).
    static func addresses(_ live: LiveLayout) -> [UnsafeRawPointer?] {
        guard let frames = live.prepared.sections[0].frames.checkpointed else { return [] }
        return [
            frames.checkpoints.withUnsafeBufferPointer { UnsafeRawPointer($0.baseAddress) },
            frames.runningMaxTrailing.levels[0].withUnsafeBufferPointer { UnsafeRawPointer($0.baseAddress) },
            frames.runningMinLeading.levels[0].withUnsafeBufferPointer { UnsafeRawPointer($0.baseAddress) },
        ]
    }

    /// A session of one section of `count` photos, and where its arrays live.
    static func session(_ count: Int, _ configuration: LayoutConfiguration) throws
        -> (live: LiveLayout, addresses: [UnsafeRawPointer?])
    {
        let photos = (0..<count).map { Size(width: 40 + Double($0 % 7), height: 30 + Double($0 % 11)) }
        let live = try LiveLayout(
            input: LayoutInput(sections: [SectionInput(items: .sizes(photos))]), configuration: configuration)
        return (live, Self.addresses(live))
    }

    /// Expects the session's arrays where they were and the session equal to a fresh prepare of its input.
    static func expectInPlaceAndFresh(
        _ live: LiveLayout, at addresses: [UnsafeRawPointer?], _ configuration: LayoutConfiguration
    ) throws {
        #expect(addresses.count == 3)
        #expect(Self.addresses(live) == addresses)
        let fresh = try prepare(live.input, configuration)
        #expect(live.prepared == fresh)
        Self.expectSameStorage(live.prepared.sections[0].frames.checkpointed, fresh.sections[0].frames.checkpointed)
    }

    @Test(arguments: Self.kinds)
    func aResizeNearTheEndPlacesFewItemsAndRewritesTheArraysInPlace(configuration: LayoutConfiguration) throws {
        let count = 100_000
        var (live, before) = try Self.session(count, configuration)
        for (step, item) in [99_990, 99_999, 98_765, 99_984].enumerated() {
            let size = step % 2 == 0 ? Size(width: 10, height: 70) : Size(width: 90, height: 20)
            let result = try live.invalidate(InvalidationContext(itemSizes: [IndexPath(section: 0, item: item): size]))
            // Waterfall from the item's block (16 items), flow from the line holding the item before (at most 8
            // items a line here), justified from the row before the block before (as JustifiedResumeTests pins).
            let slack = [LayoutKind.waterfall: 15, .flow: 8, .justified: 64][configuration.kind]!
            #expect(result.recomputedItemCount >= count - item)
            #expect(result.recomputedItemCount <= count - item + slack)
            try Self.expectInPlaceAndFresh(live, at: before, configuration)
        }
        #expect(live.heapBytes <= count * 20)
    }

    @Test(arguments: Self.kinds)
    func aBatchNearTheEndRewritesTheArraysInPlace(configuration: LayoutConfiguration) throws {
        let count = 50_000
        var (live, before) = try Self.session(count, configuration)
        let inserted = BatchUpdates.ItemChange(
            indexPath: IndexPath(section: 0, item: count - 30), size: Size(width: 33, height: 44))
        for updates in [
            BatchUpdates(deleteItems: [IndexPath(section: 0, item: count - 20)]),
            BatchUpdates(insertItems: [inserted]),
            BatchUpdates(deleteItems: [IndexPath(section: 0, item: count - 1)]),
        ] {
            _ = try live.performBatchUpdates(updates)
            try Self.expectInPlaceAndFresh(live, at: before, configuration)
        }
    }

    /// A random layout of the kind with its own generators (``CheckpointedFramesTests``,
    /// ``FlowCheckpointedFramesTests``, ``JustifiedCheckpointTests``), and a size for one more item.
    static func randomLayout(_ kind: Int, _ random: inout RandomLayouts) -> (LayoutConfiguration, LayoutInput) {
        switch kind {
        case 0:
            let waterfall = CheckpointedFramesTests.randomWaterfall(&random)
            let columns = waterfall.columnCount
            return (.waterfall(waterfall), CheckpointedFramesTests.randomInput(&random, columns: columns))
        case 1:
            return (.flow(FlowCheckpointedFramesTests.randomFlow(&random)),
                FlowCheckpointedFramesTests.randomInput(&random))
        default:
            let justified = JustifiedCheckpointTests.configuration(&random)
            return (.justified(justified), JustifiedCheckpointTests.input(&random))
        }
    }

    static func randomSize(_ configuration: LayoutConfiguration, _ random: inout RandomLayouts) -> Size {
        switch configuration {
        case .waterfall(let waterfall):
            return CheckpointedFramesTests.randomSizes(1, columns: waterfall.columnCount, &random)[0]
        case .flow: return FlowCheckpointedFramesTests.randomSizes(1, &random)[0]
        default: return JustifiedCheckpointTests.sizes(1, &random)[0]
        }
    }

    /// Sequences of resizes and batches, most of them near a section's end, each followed by a comparison with a
    /// fresh prepare of the new input: frames bit for bit, and the checkpointed arrays value for value.
    @Test(arguments: 0..<36)
    func mutationsNearTheEndEqualAFreshPrepare(seed: Int) throws {
        var random = RandomLayouts(seed: UInt64(seed) &+ 19_000)
        let (configuration, input) = Self.randomLayout(seed % 3, &random)
        var live = try LiveLayout(input: input, configuration: configuration)
        for step in 0..<10 {
            let counts = live.input.sections.map(\.itemCount)
            guard let section = counts.indices.filter({ counts[$0] > 0 }).randomElement(using: &random.generator)
            else { break }
            let last = counts[section] - 1
            let item = random.int(0...4) == 0 ? random.int(0...last) : Swift.max(0, last - random.int(0...40))
            let indexPath = IndexPath(section: section, item: item)
            let size = Self.randomSize(configuration, &random)
            switch step % 4 {
            case 0:
                _ = try live.invalidate(InvalidationContext(itemSizes: [indexPath: size]))
            case 1:
                var sizes: [IndexPath: Size] = [:]
                for offset in 0..<random.int(1...20) where item + offset <= last {
                    sizes[IndexPath(section: section, item: item + offset)] = Self.randomSize(configuration, &random)
                }
                _ = try live.invalidate(InvalidationContext(itemSizes: sizes))
            case 2:
                _ = try live.performBatchUpdates(BatchUpdates(deleteItems: [indexPath]))
            default:
                let inserted = BatchUpdates.ItemChange(indexPath: indexPath, size: size)
                let deleted = IndexPath(section: section, item: Swift.max(0, last - random.int(0...3)))
                _ = try live.performBatchUpdates(BatchUpdates(deleteItems: [deleted], insertItems: [inserted]))
            }
            let fresh = try prepare(live.input, configuration)
            #expect(live.prepared == fresh)
            for index in fresh.sections.indices {
                let resumed = live.prepared.sections[index].frames.checkpointed
                guard let built = fresh.sections[index].frames.checkpointed else { continue }
                guard resumed != nil else { continue }
                Self.expectSameStorage(resumed, built)
                CheckpointedSessionTests.expectEqual(live.prepared, fresh, section: index, &random)
            }
        }
    }

    /// The tree extended from an unchanged prefix equals the tree built over the whole sequence.
    @Test(arguments: 0..<20)
    func aTreeExtendedFromAPrefixEqualsOneBuiltWhole(seed: Int) {
        var random = RandomLayouts(seed: UInt64(seed) &+ 4_100)
        var values = (0..<random.int(0...3_000)).map { _ in random.double(0...10) }
        let old = MonotoneSearchTree(values)
        let unchanged = random.int(0...values.count)
        values.removeSubrange(unchanged...)
        values += (0..<random.int(0...3_000)).map { _ in random.double(0...10) }
        var levels = old.levels
        levels[0] = []
        let extended = MonotoneSearchTree(levels: levels, values: values, unchanged: unchanged)
        #expect(Self.bits(extended) == Self.bits(MonotoneSearchTree(values)))
    }
}
