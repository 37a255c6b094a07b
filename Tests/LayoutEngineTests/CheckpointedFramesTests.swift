@testable import LayoutEngine
import Testing

/// A waterfall section given by sizes keeps its sizes and checkpoints (``CheckpointedFrames``), not its frames:
/// every frame, extent and answer equals, bit for bit, what the builder stores for the same section.
@Suite struct CheckpointedFramesTests {
    /// A random waterfall configuration: columns (fixed or responsive), spacings, insets, directions, headers.
    static func randomWaterfall(_ random: inout RandomLayouts) -> WaterfallLayout.Configuration {
        var waterfall = WaterfallLayout.Configuration()
        waterfall.columnCount = random.int(1...9)
        if random.int(0...3) == 0 { waterfall.minColumnWidth = random.double(40...200) }
        if random.int(0...4) == 0 { waterfall.maxColumnCount = random.int(1...6) }
        if random.int(0...4) == 0 { waterfall.maxColumnWidth = random.double(50...300) }
        waterfall.columnSpacing = random.double(0...17)
        waterfall.rowSpacing = random.bool() ? random.double(0...17) : 0.1
        waterfall.sectionInset = EdgeInsets(
            top: random.double(0...30),
            left: random.double(0...30),
            bottom: random.double(0...30),
            right: random.double(0...30)
        )
        waterfall.itemRenderDirection = WaterfallLayout.ItemRenderDirection.allCases.randomElement(
            using: &random.generator)!
        waterfall.headerHeight = random.bool() ? random.double(0...50) : 0
        waterfall.footerHeight = random.bool() ? random.double(0...50) : 0
        waterfall.headerInset = random.bool() ? EdgeInsets(all: random.double(0...9)) : .zero
        waterfall.sectionBackground = random.bool() ? EdgeInsets(top: 2, left: 3, bottom: 4, right: 5) : nil
        waterfall.scrollDirection = random.bool() ? .vertical : .horizontal
        return waterfall
    }

    /// Random waterfall items: aspect ratios with fractions, exact lengths, spans (some full).
    static func randomSizes(_ count: Int, columns: Int, _ random: inout RandomLayouts) -> [Size] {
        (0..<count).map { _ in
            let span = random.int(0...5) == 0 ? random.int(1...(columns + 2)) : 1
            let fullOrSpan = random.int(0...20) == 0 ? WaterfallLayout.Item.fullSpan : span
            switch random.int(0...3) {
            case 0: return WaterfallLayout.Item.exactHeight(random.double(0...300), columnSpan: fullOrSpan)
            case 1: return WaterfallLayout.Item.exactWidth(random.double(1...300), columnSpan: fullOrSpan)
            case 2:
                return WaterfallLayout.Item.aspect(
                    Size(width: random.double(1...300), height: random.double(1...300)), columnSpan: fullOrSpan)
            default: return Size(width: random.double(0.5...300), height: random.double(0.5...300))
            }
        }
    }

    /// The bit patterns of frames, so that 0 and −0 (or two NaNs) count as different.
    static func bits(_ frames: [Rect]) -> [UInt64] {
        frames.flatMap { [$0.minX.bitPattern, $0.minY.bitPattern, $0.width.bitPattern, $0.height.bitPattern] }
    }

    static func randomInput(_ random: inout RandomLayouts, columns: Int) -> LayoutInput {
        let counts = (0..<random.int(1...3)).map { _ in random.bool() ? random.int(0...3_000) : random.int(0...40) }
        return LayoutInput(
            viewport: Size(width: random.double(200...1400), height: random.double(300...1400)),
            layoutDirection: random.bool() ? .rightToLeft : .leftToRight,
            sections: counts.map { SectionInput(items: .sizes(Self.randomSizes($0, columns: columns, &random))) }
        )
    }

    @Test(arguments: 0..<40)
    func checkpointedSectionsEqualStoredOnesBitForBit(seed: Int) throws {
        var random = RandomLayouts(seed: UInt64(seed) &+ 6_100)
        let waterfall = Self.randomWaterfall(&random)
        let input = Self.randomInput(&random, columns: waterfall.columnCount)
        for index in input.sections.indices {
            let builder = try WaterfallLayout.makeSectionBuilder(
                input, configuration: waterfall, section: index, limits: LayoutLimits(), validatesSizes: false)
            guard case .sizes(let sizes) = input.sections[index].items else { continue }
            let origin = Point(x: 0, y: 17.25)
            let stored = sizes.withUnsafeBufferPointer { builder.build(ListedItemSizes(sizes: $0), origin: origin) }
            let checkpointed = builder.buildCheckpointed(sizes, origin: origin)
            #expect(checkpointed.section.frames.checkpointed != nil || sizes.isEmpty)
            Self.expectEqual(checkpointed.section, stored.section, length: stored.length, every: 37, &random)
            #expect(checkpointed.length.bitPattern == stored.length.bitPattern)
        }
    }

    /// Expects checkpointed frames to be the stored ones bit for bit, in one pass and one frame at a time (`every`
    /// so many items), and their index's candidates for random bands to cover every overlapping frame.
    static func expectEqual(
        _ checkpointed: SectionLayout,
        _ stored: SectionLayout,
        length: Double,
        every step: Int,
        _ random: inout RandomLayouts
    ) {
        #expect(stored.frames.checkpointed == nil)
        #expect(Self.bits(checkpointed.frames.array) == Self.bits(stored.frames.array))
        #expect(checkpointed == stored)
        #expect(checkpointed.extent == stored.extent)
        #expect(checkpointed.index.bounds == stored.index.bounds)
        // One frame at a time (a block's replay each) as in one pass.
        for item in stride(from: 0, to: stored.frames.count, by: step) {
            #expect(checkpointed.frames[item] == stored.frames[item])
        }
        // Every candidate range is a superset of the frames that overlap the band.
        for _ in 0..<20 {
            let lo = random.double(-100...(length + 100))
            let hi = lo + random.double(0...900)
            let candidates = checkpointed.index.candidatePositions(from: lo, to: hi)
            let axis = checkpointed.index.axis
            for (item, frame) in stored.frames.array.enumerated()
            where axis.trailing(frame) > lo && axis.leading(frame) < hi {
                #expect(candidates.contains(item))
            }
        }
    }

    @Test(arguments: 0..<25)
    func rectQueriesMatchBruteForce(seed: Int) throws {
        var random = RandomLayouts(seed: UInt64(seed) &+ 6_300)
        let waterfall = Self.randomWaterfall(&random)
        let layout = try prepare(Self.randomInput(&random, columns: waterfall.columnCount), .waterfall(waterfall))
        Self.expectQueriesMatchBruteForce(layout, contentOffset: .zero, &random)
    }

    /// Expects the cursor's stream, rect queries and single items' attributes to be what filtering all elements
    /// gives.
    static func expectQueriesMatchBruteForce(
        _ layout: PreparedLayout,
        contentOffset offset: Point,
        _ random: inout RandomLayouts
    ) {
        let all = layout.allAttributes(contentOffset: offset)
        var cursor = ElementCursor()
        var streamed: [LayoutAttributes] = []
        while !cursor.isFinished {
            layout.forEachAttribute(from: &cursor, limit: random.int(1...200), contentOffset: offset) {
                streamed.append($0)
            }
        }
        #expect(streamed == all)
        for _ in 0..<30 {
            let rect = random.rect(in: layout.contentSize)
            let expected = all.filter { $0.frame.intersects(rect) }
            #expect(layout.attributes(in: rect, contentOffset: offset) == expected)
        }
        for attributes in all where attributes.category == .cell && attributes.indexPath.item % 11 == 0 {
            #expect(layout.attributesForItem(at: attributes.indexPath, contentOffset: offset) == attributes)
        }
    }

    @Test func wideSectionsStoreTheirFrames() throws {
        var waterfall = WaterfallLayout.Configuration()
        waterfall.columnCount = WaterfallSectionBuilder.maximumCheckpointedColumns + 1
        waterfall.columnSpacing = 0
        let sizes = (0..<500).map { Size(width: 1, height: 1 + Double($0 % 5)) }
        let input = LayoutInput(
            viewport: Size(width: 2_000, height: 800), sections: [SectionInput(items: .sizes(sizes))])
        #expect(try prepare(input, .waterfall(waterfall)).sections[0].frames.checkpointed == nil)
        waterfall.columnCount = WaterfallSectionBuilder.maximumCheckpointedColumns
        #expect(try prepare(input, .waterfall(waterfall)).sections[0].frames.checkpointed != nil)
    }

    @Test func theSizesAreSharedWithTheInput() throws {
        let sizes = (0..<10_000).map { Size(width: 40 + Double($0 % 7), height: 30 + Double($0 % 5)) }
        let input = LayoutInput(sections: [SectionInput(items: .sizes(sizes))])
        let live = try LiveLayout(input: input, configuration: .waterfall(.init()))
        let frames = try #require(live.prepared.sections[0].frames.checkpointed)
        #expect(frames.sharesSizes(with: sizes))
        // Sizes (16) and at most 4 more bytes per item: checkpoints and the blocks' extents.
        #expect(live.heapBytes <= 10_000 * 20)
        #expect(live.heapBytes >= 10_000 * 16)
    }
}

/// Sessions whose waterfall sections are checkpointed: every invalidation and batch update leaves the layout a fresh
/// prepare of the new input would give, bit for bit, and its answers those of brute force.
@Suite struct CheckpointedSessionTests {
    @Test(arguments: 0..<30)
    func invalidationsAndUpdatesEqualAFreshPrepare(seed: Int) throws {
        var random = RandomLayouts(seed: UInt64(seed) &+ 6_500)
        let waterfall = CheckpointedFramesTests.randomWaterfall(&random)
        let columns = waterfall.columnCount
        var live = try LiveLayout(
            input: CheckpointedFramesTests.randomInput(&random, columns: columns), configuration: .waterfall(waterfall))
        for step in 0..<8 {
            guard
                let section = try Self.mutate(&live, step: step, &random, size: {
                    CheckpointedFramesTests.randomSizes(1, columns: columns, &$0)[0]
                })
            else { break }
            let fresh = try prepare(live.input, .waterfall(waterfall))
            // The mutated section resumed from a checkpoint and stays checkpointed, as a fresh prepare makes it.
            #expect(
                (live.prepared.sections[section].frames.checkpointed != nil)
                    == (fresh.sections[section].frames.checkpointed != nil))
            Self.expectEqual(live.prepared, fresh, section: section, &random)
        }
    }

    /// Expects a mutated session's layout to be a fresh prepare's: its frames bit for bit, the mutated section's
    /// extent and bounds, every element, and a random rect's answer.
    static func expectEqual(
        _ prepared: PreparedLayout,
        _ fresh: PreparedLayout,
        section: Int,
        _ random: inout RandomLayouts
    ) {
        #expect(
            CheckpointedFramesTests.bits(prepared.sections[section].frames.array)
                == CheckpointedFramesTests.bits(fresh.sections[section].frames.array))
        #expect(prepared == fresh)
        #expect(prepared.sections[section].extent == fresh.sections[section].extent)
        #expect(prepared.sections[section].index.bounds == fresh.sections[section].index.bounds)
        #expect(prepared.contentSize == fresh.contentSize)
        #expect(prepared.allAttributes(contentOffset: .zero) == fresh.allAttributes(contentOffset: .zero))
        let rect = random.rect(in: fresh.contentSize)
        #expect(
            prepared.attributes(in: rect, contentOffset: .zero)
                == fresh.allAttributes(contentOffset: .zero).filter { $0.frame.intersects(rect) })
    }
}

extension CheckpointedSessionTests {
    /// Resizes a random item of a random non-empty section (even steps), or deletes its last item and inserts one
    /// there (odd steps), of size `size`; returns the section, `nil` when every section is empty.
    static func mutate(
        _ live: inout LiveLayout,
        step: Int,
        _ random: inout RandomLayouts,
        size: (inout RandomLayouts) -> Size
    ) throws -> Int? {
        let counts = live.input.sections.map(\.itemCount)
        guard let section = counts.indices.filter({ counts[$0] > 0 }).randomElement(using: &random.generator)
        else { return nil }
        let item = random.int(0...(counts[section] - 1))
        let size = size(&random)
        if step % 2 == 0 {
            _ = try live.invalidate(InvalidationContext(itemSizes: [IndexPath(section: section, item: item): size]))
        } else {
            let inserted = BatchUpdates.ItemChange(indexPath: IndexPath(section: section, item: item), size: size)
            _ = try live.performBatchUpdates(
                BatchUpdates(
                    deleteItems: [IndexPath(section: section, item: counts[section] - 1)], insertItems: [inserted])
            )
        }
        return section
    }
}

extension CheckpointedSessionTests {
    @Test(arguments: [LayoutConfiguration.waterfall(.init()), .flow(.init())])
    func aResizeNearTheEndRecomputesFromTheCheckpointBeforeIt(configuration: LayoutConfiguration) throws {
        let sizes = (0..<100_000).map { Size(width: 40 + Double($0 % 7), height: 30 + Double($0 % 11)) }
        let input = LayoutInput(sections: [SectionInput(items: .sizes(sizes))])
        var live = try LiveLayout(input: input, configuration: configuration)
        let item = 99_990
        let resized = [IndexPath(section: 0, item: item): Size(width: 10, height: 70)]
        let result = try live.invalidate(InvalidationContext(itemSizes: resized))
        // From the last block where the running extremes were kept (every 1,024 items), not the whole section; flow
        // from the start of the line holding that block's first item (a line here holds at most 8 items).
        let slack = configuration.kind == .flow ? 1_024 + 8 : 1_024
        #expect(result.recomputedItemCount > 100_000 - item && result.recomputedItemCount <= 100_000 - item + slack)
        #expect(live.prepared.sections[0].frames.checkpointed != nil)
        #expect(live.prepared == (try prepare(live.input, configuration)))
        #expect(live.heapBytes <= 100_000 * 20)
    }
}

extension CheckpointedSessionTests {
    @Test(arguments: [ElementKind.header, .footer])
    func aMeasuredHeaderOrFooterBuildsTheSectionAgainCheckpointed(kind: ElementKind) throws {
        var configuration = WaterfallLayout.Configuration()
        configuration.headerHeight = 20
        configuration.footerHeight = 10
        let sizes = (0..<5_000).map { Size(width: 40 + Double($0 % 7), height: 30 + Double($0 % 11)) }
        let input = LayoutInput(sections: [SectionInput(items: .sizes(sizes)), SectionInput(items: .sizes(sizes))])
        var live = try LiveLayout(input: input, configuration: .waterfall(configuration))
        let element = SupplementaryIndexPath(kind: kind, indexPath: IndexPath(section: 0, item: 0))
        _ = try live.invalidate(InvalidationContext(supplementarySizes: [element: Size(width: 300, height: 47.5)]))
        var expected = input
        if kind == .header {
            expected.sections[0].header = Size(width: 300, height: 47.5)
        } else {
            expected.sections[0].footer = Size(width: 300, height: 47.5)
        }
        let fresh = try prepare(expected, .waterfall(configuration))
        #expect(live.prepared.sections[0].frames.checkpointed != nil)
        #expect(live.prepared == fresh)
        #expect(live.prepared.allAttributes(contentOffset: .zero) == fresh.allAttributes(contentOffset: .zero))
    }
}

extension CheckpointedSessionTests {
    /// Where the first section's sizes live (the array itself is released on return).
    static func sizesAddress(_ live: LiveLayout) -> UnsafeRawPointer? {
        guard case .sizes(let sizes) = live.input.sections[0].items else { return nil }
        return sizes.withUnsafeBufferPointer { UnsafeRawPointer($0.baseAddress) }
    }

    /// A session of `count` items whose sizes nothing else holds.
    static func session(_ configuration: LayoutConfiguration, count: Int) throws -> LiveLayout {
        let sizes = (0..<count).map { Size(width: 40 + Double($0 % 7), height: 30 + Double($0 % 11)) }
        let input = LayoutInput(sections: [SectionInput(items: .sizes(sizes))])
        return try LiveLayout(input: input, configuration: configuration)
    }

    @Test(arguments: [LayoutConfiguration.waterfall(.init()), .flow(.init())])
    func aResizeWritesTheSharedSizesInPlace(configuration: LayoutConfiguration) throws {
        var live = try Self.session(configuration, count: 20_000)
        let before = try #require(Self.sizesAddress(live))
        let resized = [IndexPath(section: 0, item: 19_990): Size(width: 9, height: 70)]
        _ = try live.invalidate(InvalidationContext(itemSizes: resized))
        // The checkpointed frames let go of the sizes before the new one was written: no copy of them all.
        #expect(Self.sizesAddress(live) == before)
        #expect(live.prepared == (try prepare(live.input, configuration)))
    }
}
