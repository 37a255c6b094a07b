@testable import LayoutEngine
import Testing

/// A flow section given by sizes keeps its sizes and a checkpoint at a line start every block
/// (``CheckpointedFrames``), not its frames: every frame, extent and answer equals, bit for bit, what the builder
/// stores for the same section, in every alignment, direction and inset reference.
@Suite struct FlowCheckpointedFramesTests {
    /// A random flow configuration: ``GridFramesTests/randomFlow(_:)``'s alignments, spacings, insets, headers,
    /// footers and pinning, with inset references, estimates, pinned footers and no interitem spacing now and then.
    static func randomFlow(_ random: inout RandomLayouts) -> FlowLayout.Configuration {
        var flow = GridFramesTests.randomFlow(&random)
        flow.sectionInsetReference = FlowLayout.SectionInsetReference.allCases.randomElement(
            using: &random.generator)!
        if random.int(0...3) == 0 { flow.estimatedItemSize = Size(width: random.double(5...90), height: 33.3) }
        if random.int(0...4) == 0 { flow.minimumInteritemSpacing = 0 }
        flow.sectionFootersPinToVisibleBounds = random.bool()
        return flow
    }

    /// Random item sizes: fractions, some equal runs, now and then one wider than the line.
    static func randomSizes(_ count: Int, _ random: inout RandomLayouts) -> [Size] {
        let uniform = random.int(0...5) == 0 ? Size(width: random.double(10...120), height: 44) : nil
        return (0..<count).map { _ in
            if let uniform { return uniform }
            if random.int(0...200) == 0 { return Size(width: 2_000, height: random.double(1...90)) }
            return Size(width: random.double(0.5...160), height: random.double(0.5...160))
        }
    }

    static func randomInput(_ random: inout RandomLayouts) -> LayoutInput {
        let counts = (0..<random.int(1...3)).map { _ in random.bool() ? random.int(0...3_000) : random.int(0...40) }
        var input = LayoutInput(
            viewport: Size(width: random.double(200...1400), height: random.double(300...1400)),
            layoutDirection: random.bool() ? .rightToLeft : .leftToRight,
            sections: counts.map { count in
                random.int(0...5) == 0
                    ? SectionInput(count: count) : SectionInput(items: .sizes(Self.randomSizes(count, &random)))
            }
        )
        input.safeAreaInsets = EdgeInsets(top: 5, left: 11, bottom: 7, right: 3)
        input.layoutMargins = EdgeInsets(all: 8)
        return input
    }

    @Test(arguments: 0..<40)
    func checkpointedSectionsEqualStoredOnesBitForBit(seed: Int) throws {
        var random = RandomLayouts(seed: UInt64(seed) &+ 7_100)
        let flow = Self.randomFlow(&random)
        let input = Self.randomInput(&random)
        for index in input.sections.indices {
            guard case .sizes(let sizes) = input.sections[index].items, !sizes.isEmpty else { continue }
            let builder = try FlowLayout.makeSectionBuilder(input, configuration: flow, section: index)
            let origin = Point(x: 0, y: 17.25)
            var lines: [FlowSectionBuilder.Line]? = nil
            let stored = sizes.withUnsafeBufferPointer {
                builder.build(ListedItemSizes(sizes: $0), origin: origin, lines: &lines)
            }
            let checkpointed = try #require(builder.buildCheckpointed(sizes, origin: origin))
            #expect(checkpointed.section.frames.checkpointed != nil)
            CheckpointedFramesTests.expectEqual(checkpointed.section, stored.section, length: stored.extent.length, every: 7,
                &random)
            #expect(checkpointed.extent.length.bitPattern == stored.extent.length.bitPattern)
            #expect(checkpointed.extent.crossEnd.bitPattern == stored.extent.crossEnd.bitPattern)
        }
    }

    @Test(arguments: 0..<25)
    func rectQueriesMatchBruteForce(seed: Int) throws {
        var random = RandomLayouts(seed: UInt64(seed) &+ 7_300)
        let layout = try prepare(Self.randomInput(&random), .flow(Self.randomFlow(&random)))
        let offset = Point(x: random.double(0...300), y: random.double(0...300))
        CheckpointedFramesTests.expectQueriesMatchBruteForce(layout, contentOffset: offset, &random)
    }

    @Test func sectionsWithLongLinesStoreTheirFrames() throws {
        var flow = FlowLayout.Configuration()
        flow.minimumInteritemSpacing = 0
        let limit = FlowSectionBuilder.maximumCheckpointedLineItems
        let sizes = (0..<1_000).map { _ in Size(width: 1, height: 1 + 0.5) } + [Size(width: 2, height: 1)]
        func layout(lineItems: Int) throws -> PreparedLayout {
            let input = LayoutInput(
                viewport: Size(width: Double(lineItems), height: 800), sections: [SectionInput(items: .sizes(sizes))])
            return try prepare(input, .flow(flow))
        }
        #expect(try layout(lineItems: limit + 1).sections[0].frames.checkpointed == nil)
        #expect(try layout(lineItems: limit).sections[0].frames.checkpointed != nil)
        #expect(try layout(lineItems: limit + 1) == layout(lineItems: limit + 1))
    }

    @Test func theSizesAreSharedWithTheInput() throws {
        let sizes = (0..<10_000).map { Size(width: 40 + Double($0 % 7), height: 30 + Double($0 % 5)) }
        let input = LayoutInput(sections: [SectionInput(items: .sizes(sizes))])
        let live = try LiveLayout(input: input, configuration: .flow(.init()))
        let frames = try #require(live.prepared.sections[0].frames.checkpointed)
        #expect(frames.sharesSizes(with: sizes))
        // Sizes (16) and at most 4 more bytes per item: checkpoints, the blocks' extents, no lines.
        #expect(live.heapBytes <= 10_000 * 20)
        #expect(live.heapBytes >= 10_000 * 16)
    }
}
