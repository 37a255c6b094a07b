@testable import LayoutEngine
import Testing

/// A query's replay of a checkpointed waterfall: runs across blocks from one checkpoint, and a run kept for the next
/// query of the same region, give exactly the stored frames.
@Suite struct CheckpointedReplayRunTests {
    /// A random waterfall section built both ways: its checkpointed frames and the builder's stored ones.
    static func section(seed: Int) throws -> (checkpointed: CheckpointedFrames, stored: [Rect])? {
        var random = RandomLayouts(seed: UInt64(seed) &+ 9_400)
        let waterfall = CheckpointedFramesTests.randomWaterfall(&random)
        let sizes = CheckpointedFramesTests.randomSizes(
            random.int(1...2_000), columns: waterfall.columnCount, &random)
        let input = LayoutInput(
            viewport: Size(width: random.double(200...1400), height: 800), sections: [SectionInput(items: .sizes(sizes))])
        let builder = try WaterfallLayout.makeSectionBuilder(
            input, configuration: waterfall, section: 0, limits: LayoutLimits(), validatesSizes: false)
        let stored = sizes.withUnsafeBufferPointer { builder.build(ListedItemSizes(sizes: $0), origin: .zero) }
        guard let checkpointed = builder.buildCheckpointed(sizes, origin: .zero).section.frames.checkpointed else {
            return nil
        }
        return (checkpointed, stored.section.frames.array)
    }

    @Test(arguments: 0..<30)
    func replaysFromAnyCheckpointEqualTheStoredFramesBitForBit(seed: Int) throws {
        guard let (frames, stored) = try Self.section(seed: seed) else { return }
        var random = RandomLayouts(seed: UInt64(seed))
        for _ in 0..<40 {
            let start = random.int(0...(stored.count - 1))
            let end = random.int((start + 1)...stored.count)
            var seen: [Int] = []
            frames.forEachFrame(in: start..<end) { item, frame in
                seen.append(item)
                #expect(CheckpointedFramesTests.bits([frame]) == CheckpointedFramesTests.bits([stored[item]]))
            }
            #expect(seen == Array(start..<end))
        }
    }

    @Test(arguments: 0..<30)
    func queriesOfTheSameRegionAgainGiveEveryFrameInTheirBand(seed: Int) throws {
        guard let (frames, stored) = try Self.section(seed: seed) else { return }
        var random = RandomLayouts(seed: UInt64(seed) &+ 1)
        let axis = frames.axis
        let length = stored.map { axis.trailing($0) }.max() ?? 0
        var lo = random.double(0...Swift.max(0, length - 400))
        for _ in 0..<60 {
            // Scrolling in small steps, the same band again, or a taller or shorter one at the same place.
            switch random.int(0...3) {
            case 0: lo += random.double(0...40)
            case 1: break
            default: lo += random.double(-5...5)
            }
            let hi = lo + random.double(0...900)
            let candidates = frames.candidateItems(from: lo, to: hi)
            var given: [Int: Rect] = [:]
            frames.forEachFrame(in: candidates, keepingRuns: true) { item, frame in given[item] = frame }
            for (item, frame) in stored.enumerated() where axis.trailing(frame) > lo && axis.leading(frame) < hi {
                #expect(given[item].map { CheckpointedFramesTests.bits([$0]) } == CheckpointedFramesTests.bits([frame]))
            }
            for (item, frame) in given {
                #expect(CheckpointedFramesTests.bits([frame]) == CheckpointedFramesTests.bits([stored[item]]))
            }
        }
    }

    /// A user scrolling a few points a request stays inside the runs already replayed: each run is replayed once,
    /// however far the band's end moves inside it (before, a band ending past the kept one replayed it again).
    @Test(arguments: 0..<10)
    func scrollingInSmallStepsReplaysEachRunOnce(seed: Int) throws {
        guard let (frames, stored) = try Self.section(seed: seed) else { return }
        let axis = frames.axis
        let length = stored.map { axis.trailing($0) }.max() ?? 0
        guard length > 2_000 else { return }
        var random = RandomLayouts(seed: UInt64(seed) &+ 2)
        var lo = random.double(0...(length - 1_000))
        let before = frames.queryReplays
        var starts: Set<Int> = []
        for _ in 0..<30 {
            let hi = lo + 200
            let candidates = frames.candidateItems(from: lo, to: hi)
            // The runs forEachFrame replays: from the first candidate's block start, a run at a time.
            let first = candidates.lowerBound / frames.blockSize * frames.blockSize
            let touched = starts.union(stride(from: first, to: candidates.upperBound, by: frames.runLength))
            // No more runs than are kept (4), so that no run is dropped and replayed again.
            if touched.count > 4 { break }
            starts = touched
            frames.forEachFrame(in: candidates, keepingRuns: true) { item, frame in
                #expect(CheckpointedFramesTests.bits([frame]) == CheckpointedFramesTests.bits([stored[item]]))
            }
            lo += 7
        }
        #expect(!starts.isEmpty)
        #expect(frames.queryReplays - before == starts.count)
    }
}
