@testable import LayoutEngine
import Testing

/// A justified section given by sizes keeps its sizes and a checkpoint of the row loop every block, not its frames:
/// every frame, extent and answer equals, bit for bit, what the builder stores for the same section, and sessions
/// stay what a fresh prepare gives.
@Suite struct JustifiedCheckpointTests {
    /// ``JustifiedResumeTests/configuration(_:)`` (breakout rows, widow styles, hidden widows, a row limit,
    /// padding and spacing), sometimes with a forced aspect ratio and a low row limit.
    static func configuration(_ random: inout RandomLayouts) -> JustifiedLayout.Configuration {
        var configuration = JustifiedResumeTests.configuration(&random)
        if random.int(0...4) == 0 { configuration.forceAspectRatio = random.double(0.4...2.5) }
        if random.int(0...4) == 0 { configuration.maxNumRows = random.int(1...30) }
        return configuration
    }

    /// Photos, with now and then a very wide or very tall one.
    static func sizes(_ count: Int, _ random: inout RandomLayouts) -> [Size] {
        (0..<count).map { _ in
            switch random.int(0...12) {
            case 0: return Size(width: random.double(2000...9000), height: random.double(100...400))
            case 1: return Size(width: random.double(50...200), height: random.double(2000...6000))
            default: return JustifiedResumeTests.photo(&random)
            }
        }
    }

    static func input(_ random: inout RandomLayouts) -> LayoutInput {
        let counts = (0..<random.int(1...3)).map { _ in random.bool() ? random.int(0...3_000) : random.int(0...40) }
        return LayoutInput(
            viewport: Size(width: random.double(300...1400).rounded(), height: random.double(300...1400)),
            layoutDirection: random.bool() ? .rightToLeft : .leftToRight,
            sections: counts.map {
                SectionInput(
                    items: .sizes(Self.sizes($0, &random)),
                    header: random.bool() ? Size(width: 1, height: random.double(1...60)) : nil,
                    footer: random.bool() ? Size(width: 1, height: random.double(1...60)) : nil
                )
            }
        )
    }

    @Test(arguments: 0..<40)
    func checkpointedSectionsEqualStoredOnesBitForBit(seed: Int) throws {
        var random = RandomLayouts(seed: UInt64(seed) &+ 7_100)
        let justified = Self.configuration(&random)
        let input = Self.input(&random)
        let builder = try JustifiedLayout.makeSectionBuilder(input, configuration: justified)
        for section in input.sections {
            guard case .sizes(let sizes) = section.items, !sizes.isEmpty else { continue }
            let origin = Point(x: 0, y: 17.25)
            let header = section.header?.height ?? 0
            let footer = section.footer?.height ?? 0
            let stored = sizes.withUnsafeBufferPointer {
                builder.build(ListedItemSizes(sizes: $0), origin: origin, headerHeight: header, footerHeight: footer)
            }
            let checkpointed = builder.buildCheckpointed(
                sizes, origin: origin, headerHeight: header, footerHeight: footer)
            #expect(checkpointed.section.frames.checkpointed != nil)
            #expect(stored.section.frames.checkpointed == nil)
            let storedFrames = stored.section.frames.array
            #expect(
                CheckpointedFramesTests.bits(checkpointed.section.frames.array)
                    == CheckpointedFramesTests.bits(storedFrames))
            #expect(checkpointed.section == stored.section)
            #expect(checkpointed.summary == stored.summary)
            #expect(checkpointed.section.extent == stored.section.extent)
            #expect(checkpointed.section.index.bounds == stored.section.index.bounds)
            // One frame at a time (a block's replay each) as in one pass.
            for item in stride(from: 0, to: sizes.count, by: 7) {
                #expect(checkpointed.section.frames[item] == storedFrames[item])
            }
            for _ in 0..<20 {
                let lo = random.double(-100...(stored.summary.length + 100))
                let hi = lo + random.double(0...900)
                let candidates = checkpointed.section.index.candidatePositions(from: lo, to: hi)
                for (item, frame) in storedFrames.enumerated() where frame.maxY > lo && frame.minY < hi {
                    #expect(candidates.contains(item))
                }
            }
            Self.expectBandReplaysMatch(checkpointed.section, storedFrames, &random)
        }
    }

    /// A query's replay (``SectionFrames/forEachFrame(in:keepingRuns:_:)``) gives, over the index's candidates, every
    /// item whose frame overlaps the band, with its stored frame, in item order; bands start and end on row edges
    /// too.
    static func expectBandReplaysMatch(_ section: SectionLayout, _ stored: [Rect], _ random: inout RandomLayouts) {
        for _ in 0..<30 {
            let edge = { (random: inout RandomLayouts) -> Double in
                let frame = stored[random.int(0...(stored.count - 1))]
                return random.bool() ? frame.minY : frame.maxY
            }
            var lo = random.bool() ? edge(&random) : random.double(-100...(section.extent.maxY + 100))
            var hi = random.bool() ? edge(&random) : lo + random.double(0...900)
            if lo > hi { swap(&lo, &hi) }
            var seen: [Int] = []
            section.frames.forEachFrame(in: section.index.candidatePositions(from: lo, to: hi), keepingRuns: true) {
                item, frame in
                seen.append(item)
                #expect(CheckpointedFramesTests.bits([frame]) == CheckpointedFramesTests.bits([stored[item]]))
            }
            #expect(seen == seen.sorted() && Set(seen).count == seen.count)
            // What a rect of that band intersects (``Rect/intersects(_:)`` is strict).
            let missed = stored.indices.filter { stored[$0].maxY > lo && stored[$0].minY < hi }.filter {
                !seen.contains($0)
            }
            #expect(missed.isEmpty, "band \(lo)...\(hi)")
        }
    }

    @Test(arguments: 0..<25)
    func rectQueriesMatchBruteForce(seed: Int) throws {
        var random = RandomLayouts(seed: UInt64(seed) &+ 7_300)
        let layout = try prepare(Self.input(&random), .justified(Self.configuration(&random)))
        CheckpointedFramesTests.expectQueriesMatchBruteForce(layout, contentOffset: .zero, &random)
    }

    /// A session of `count` photos in one section, at the defaults, and its sizes.
    static func photoSession(count: Int, seed: UInt64) throws -> (live: LiveLayout, sizes: [Size]) {
        var random = RandomLayouts(seed: seed)
        let sizes = (0..<count).map { _ in JustifiedResumeTests.photo(&random) }
        let input = LayoutInput(
            viewport: Size(width: 1060, height: 800), sections: [SectionInput(items: .sizes(sizes))])
        return (try LiveLayout(input: input, configuration: .justified(.init())), sizes)
    }

    @Test func theSizesAreSharedWithTheInput() throws {
        let (live, sizes) = try Self.photoSession(count: 10_000, seed: 19)
        let frames = try #require(live.prepared.sections[0].frames.checkpointed)
        #expect(frames.sharesSizes(with: sizes))
        // Sizes (16) and at most 4 more bytes per item: checkpoints and the blocks' extents.
        #expect(live.heapBytes <= 10_000 * 20)
        #expect(live.heapBytes >= 10_000 * 16)
    }

    @Test(arguments: 0..<30)
    func invalidationsAndUpdatesEqualAFreshPrepare(seed: Int) throws {
        var random = RandomLayouts(seed: UInt64(seed) &+ 7_500)
        let justified = LayoutConfiguration.justified(Self.configuration(&random))
        var live = try LiveLayout(input: Self.input(&random), configuration: justified)
        for step in 0..<8 {
            guard
                let section = try CheckpointedSessionTests.mutate(&live, step: step, &random, size: {
                    Self.sizes(1, &$0)[0]
                })
            else { break }
            let fresh = try prepare(live.input, justified)
            #expect(
                (live.prepared.sections[section].frames.checkpointed != nil)
                    == (fresh.sections[section].frames.checkpointed != nil))
            CheckpointedSessionTests.expectEqual(live.prepared, fresh, section: section, &random)
            #expect(live.prepared.widowCount == fresh.widowCount, "seed \(seed) step \(step)")
        }
    }

    @Test(arguments: [99_990, 99_999, 98_765])
    func aResizePlacesOnlyTheRowsAfterTheCheckpointBeforeIt(item: Int) throws {
        var live = try Self.photoSession(count: 100_000, seed: 29).live
        let changed = try live.invalidate(
            InvalidationContext(itemSizes: [IndexPath(section: 0, item: item): Size(width: 300, height: 100)]))
        // From the row start checkpointed for the block holding the start of the row before the changed item's
        // block: two blocks of 16 and two rows back at most, not the 1,024 items between kept running extremes.
        #expect(changed.recomputedItemCount > 100_000 - item && changed.recomputedItemCount <= 100_000 - item + 64)
        #expect(live.prepared.sections[0].frames.checkpointed != nil)
        #expect(live.prepared == (try prepare(live.input, .justified(.init()))))
        #expect(live.heapBytes <= 100_000 * 20)
    }
}
