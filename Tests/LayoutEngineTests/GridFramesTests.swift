@testable import LayoutEngine
import Testing

/// A `count` section of one item size keeps its frames as a ``GridGeometry`` (computed from the item's index): every
/// answer equals the one from the same section with its sizes listed (whose frames are stored), bit for bit.
@Suite struct GridFramesTests {
    /// A random flow configuration: sizes, spacings, insets, alignments, headers, footers, both directions.
    static func randomFlow(_ random: inout RandomLayouts) -> FlowLayout.Configuration {
        var flow = FlowLayout.Configuration()
        // Fractions make the additions round, the case where a closed form by multiplication would differ.
        flow.itemSize = Size(width: random.double(1...140), height: random.double(1...90))
        flow.minimumLineSpacing = random.bool() ? random.double(0...25) : 0.1
        flow.minimumInteritemSpacing = random.double(0...25)
        flow.sectionInset = EdgeInsets(
            top: random.double(0...30),
            left: random.double(0...30),
            bottom: random.double(0...30),
            right: random.double(0...30)
        )
        flow.scrollDirection = random.bool() ? .vertical : .horizontal
        flow.headerReferenceSize = random.bool() ? Size(width: 40, height: random.double(0...60)) : .zero
        flow.footerReferenceSize = random.bool() ? Size(width: 30, height: random.double(0...50)) : .zero
        flow.horizontalAlignment = FlowLayout.HorizontalAlignment.allCases.randomElement(using: &random.generator)!
        flow.verticalAlignment = FlowLayout.VerticalAlignment.allCases.randomElement(using: &random.generator)!
        flow.sectionHeadersPinToVisibleBounds = random.bool()
        flow.sectionBackground = random.bool() ? EdgeInsets(top: 2, left: 3, bottom: 4, right: 5) : nil
        return flow
    }

    @Test(arguments: 0..<40)
    func flowGridFramesEqualStoredFrames(seed: Int) throws {
        var random = RandomLayouts(seed: UInt64(seed) &+ 1_900)
        let flow = Self.randomFlow(&random)
        let counts = (0..<random.int(1...3)).map { _ in random.int(0...2_000) }
        let viewport = Size(width: random.double(200...900), height: random.double(300...900))
        let direction: LayoutDirection = random.bool() ? .rightToLeft : .leftToRight
        let byCount = LayoutInput(
            viewport: viewport,
            layoutDirection: direction,
            sections: counts.map(SectionInput.init)
        )
        let bySizes = LayoutInput(
            viewport: viewport,
            layoutDirection: direction,
            sections: counts.map { SectionInput(items: .sizes(Array(repeating: flow.itemSize, count: $0))) }
        )
        let grid = try prepare(byCount, .flow(flow))
        let stored = try prepare(bySizes, .flow(flow))
        for (section, count) in counts.enumerated() {
            #expect((grid.sections[section].frames.grid != nil) == (count > 0))
            #expect(stored.sections[section].frames.grid == nil)
            #expect(grid.sections[section].frames.array == stored.sections[section].frames.array)
            #expect(grid.sections[section].extent == stored.sections[section].extent)
        }
        #expect(grid.contentSize == stored.contentSize)
        #expect(grid.allAttributes(contentOffset: .zero) == stored.allAttributes(contentOffset: .zero))
        for _ in 0..<30 {
            let rect = random.rect(in: grid.contentSize)
            let offset = Point(x: rect.minX, y: rect.minY)
            #expect(
                grid.attributes(in: rect, contentOffset: offset) == stored.attributes(in: rect, contentOffset: offset)
            )
            let velocity = Point(x: random.double(-900...900), y: random.double(-900...900))
            #expect(
                grid.targetContentOffset(forProposedContentOffset: offset, velocity: velocity)
                    == stored.targetContentOffset(forProposedContentOffset: offset, velocity: velocity)
            )
        }
        var cursor = ElementCursor()
        var streamed: [LayoutAttributes] = []
        while !cursor.isFinished {
            grid.forEachAttribute(from: &cursor, limit: 97, contentOffset: .zero) { streamed.append($0) }
        }
        #expect(streamed == stored.allAttributes(contentOffset: .zero))
    }

    /// Everything a layout answers, compared between a grid and stored frames.
    static func expectSameAnswers(
        _ grid: PreparedLayout,
        _ stored: PreparedLayout,
        counts: [Int],
        random: inout RandomLayouts
    ) {
        for (section, count) in counts.enumerated() {
            #expect((grid.sections[section].frames.grid != nil) == (count > 0))
            #expect(stored.sections[section].frames.grid == nil)
            #expect(grid.sections[section].frames.array == stored.sections[section].frames.array)
            #expect(grid.sections[section].extent == stored.sections[section].extent)
        }
        #expect(grid.contentSize == stored.contentSize)
        #expect(grid.allAttributes(contentOffset: .zero) == stored.allAttributes(contentOffset: .zero))
        for _ in 0..<30 {
            let rect = random.rect(in: grid.contentSize)
            let offset = Point(x: rect.minX, y: rect.minY)
            #expect(
                grid.attributes(in: rect, contentOffset: offset) == stored.attributes(in: rect, contentOffset: offset)
            )
            let velocity = Point(x: random.double(-900...900), y: random.double(-900...900))
            #expect(
                grid.targetContentOffset(forProposedContentOffset: offset, velocity: velocity)
                    == stored.targetContentOffset(forProposedContentOffset: offset, velocity: velocity)
            )
        }
    }

    /// A random configuration of a kind laid out in single file (`line`, `cover`, `rotary`) and its item size.
    static func singleFile(_ seed: Int, _ random: inout RandomLayouts) -> (LayoutConfiguration, Size) {
        let size = Size(width: random.double(1...300), height: random.double(1...500))
        switch seed % 3 {
        case 0:
            var cover = CoverLayout.Configuration()
            cover.itemSize = size
            cover.minimumLineSpacing = random.double(0...40)
            cover.sectionInset = EdgeInsets(
                top: random.double(0...30),
                left: random.double(0...30),
                bottom: random.double(0...30),
                right: random.double(0...30)
            )
            cover.scrollDirection = random.bool() ? .vertical : .horizontal
            return (.cover(cover), size)
        case 1:
            var rotary = RotaryLayout.Configuration()
            rotary.itemSize = size
            rotary.minimumLineSpacing = random.double(0...90)
            return (.rotary(rotary), size)
        default:
            var line = LineLayout.Configuration()
            line.itemSize = size
            line.minimumLineSpacing = random.double(0...90)
            return (.line(line), size)
        }
    }

    @Test(arguments: 0..<30)
    func singleFileGridFramesEqualStoredFrames(seed: Int) throws {
        var random = RandomLayouts(seed: UInt64(seed) &+ 7_100)
        let (configuration, size) = Self.singleFile(seed, &random)
        let counts = (0..<random.int(1...3)).map { _ in random.int(0...3_000) }
        let viewport = Size(width: random.double(200...900), height: random.double(300...900))
        let direction: LayoutDirection = random.bool() ? .rightToLeft : .leftToRight
        let byCount = LayoutInput(
            viewport: viewport,
            layoutDirection: direction,
            sections: counts.map(SectionInput.init)
        )
        let bySizes = LayoutInput(
            viewport: viewport,
            layoutDirection: direction,
            sections: counts.map { SectionInput(items: .sizes(Array(repeating: size, count: $0))) }
        )
        let grid = try prepare(byCount, configuration)
        let stored = try prepare(bySizes, configuration)
        Self.expectSameAnswers(grid, stored, counts: counts, random: &random)
    }

    @Test(arguments: 0..<10)
    func stackGridFramesEqualStoredFrames(seed: Int) throws {
        var random = RandomLayouts(seed: UInt64(seed) &+ 3_300)
        var stack = StackLayout.Configuration()
        stack.itemSize = Size(width: random.double(1...900), height: random.double(1...900))
        let counts = (0..<random.int(1...3)).map { _ in random.int(0...500) }
        let viewport = Size(width: random.double(200...900), height: random.double(300...900))
        let direction: LayoutDirection = random.bool() ? .rightToLeft : .leftToRight
        let byCount = LayoutInput(
            viewport: viewport,
            layoutDirection: direction,
            sections: counts.map(SectionInput.init)
        )
        let bySizes = LayoutInput(
            viewport: viewport,
            layoutDirection: direction,
            sections: counts.map { SectionInput(items: .sizes(Array(repeating: stack.itemSize, count: $0))) }
        )
        let grid = try prepare(byCount, .stack(stack))
        let stored = try prepare(bySizes, .stack(stack))
        Self.expectSameAnswers(grid, stored, counts: counts, random: &random)
    }

    @Test(arguments: 0..<10)
    func pageCoverGridIsEveryPageAtItsIndexTimesTheWidth(seed: Int) throws {
        var random = RandomLayouts(seed: UInt64(seed) &+ 5_500)
        let viewport = Size(width: random.double(200...900), height: random.double(300...900))
        let counts = (0..<random.int(1...3)).map { _ in random.int(1...700) }
        let layout = try prepare(
            LayoutInput(viewport: viewport, sections: counts.map(SectionInput.init)),
            .pagecover(.init())
        )
        var pages = 0
        for (section, count) in counts.enumerated() {
            let frames = layout.sections[section].frames
            #expect(frames.grid != nil)
            let expected = (0..<count).map {
                Rect(x: Double($0) * viewport.width, y: 0, width: viewport.width, height: viewport.height)
            }
            #expect(frames.array == expected)
            #expect(layout.sections[section].origin.x == Double(pages) * viewport.width)
            pages += count
        }
        for _ in 0..<20 {
            let rect = random.rect(in: layout.contentSize)
            let answer = layout.attributes(in: rect, contentOffset: rect.origin)
            let all = layout.allAttributes(contentOffset: rect.origin)
            #expect(answer == all.filter { $0.frame.intersects(rect) })
        }
    }

    @Test func aMillionItemGridAnswersRectQueriesLikeAScan() throws {
        let input = LayoutInput(viewport: Size(width: 390, height: 844), sections: [SectionInput(count: 1_000_000)])
        let layout = try prepare(input, .flow(.init()))
        let grid = try #require(layout.sections[0].frames.grid)
        #expect(grid.pitch != nil && grid.checkpoints.isEmpty, "whole numbers: every line by a product")
        let rect = Rect(x: 0, y: 4_000_000, width: 390, height: 844)
        let answer = layout.attributes(in: rect, contentOffset: rect.origin).map(\.indexPath.item)
        let scanned = (0..<1_000_000).filter { grid.frame($0).intersects(rect) }
        #expect(answer == scanned && !answer.isEmpty)
    }

    @Test func aGridOfProductLinesKeepsOnlyItsFirstLineAndAReplayedOneCheckpointsFromIt() throws {
        // Whole numbers: every line's `v` is the first's plus a product, and no checkpoint is kept.
        let whole = try prepare(LayoutInput(sections: [SectionInput(count: 20)]), .flow(.init()))
        let product = try #require(whole.sections[0].frames.grid)
        #expect(product.pitch != nil && product.checkpoints.isEmpty)
        #expect(product.firstLineV == product.frame(0).minY)
        // Fractions that round when added: lines are replayed from checkpoints, the first of them the first line's.
        var flow = FlowLayout.Configuration()
        flow.itemSize = Size(width: 50, height: 0.1)
        flow.minimumLineSpacing = 0.7
        for count in [60, 2_000] {
            let layout = try prepare(LayoutInput(sections: [SectionInput(count: count)]), .flow(flow))
            let grid = try #require(layout.sections[0].frames.grid)
            #expect(grid.pitch == nil)
            #expect(grid.checkpoints.first == grid.firstLineV && grid.firstLineV == grid.frame(0).minY)
            let stride = GridGeometry.checkpointStride
            #expect(grid.checkpoints.count == (grid.lines + stride - 1) / stride)
            let listed = try prepare(
                LayoutInput(sections: [SectionInput(items: .sizes(Array(repeating: flow.itemSize, count: count)))]),
                .flow(flow)
            )
            #expect(layout.allAttributes(contentOffset: .zero) == listed.allAttributes(contentOffset: .zero))
        }
    }

    @Test func resizingAnItemOfAGridStoresTheFramesAndMatchesAFreshLayout() throws {
        let input = LayoutInput(sections: [SectionInput(count: 500), SectionInput(count: 40)])
        var live = try LiveLayout(input: input, configuration: .flow(.init()))
        #expect(live.prepared.sections[0].frames.grid != nil)
        let resized = [IndexPath(section: 0, item: 321): Size(width: 70, height: 90)]
        let result = try live.invalidate(InvalidationContext(itemSizes: resized))
        #expect(result.recomputedItemCount < 500, "resumed at the item's line")
        #expect(live.prepared.sections[0].frames.grid == nil)
        #expect(live.prepared.sections[1].frames.grid != nil)
        let fresh = try prepare(live.input, .flow(.init()))
        #expect(live.prepared.allAttributes(contentOffset: .zero) == fresh.allAttributes(contentOffset: .zero))
        #expect(live.prepared.contentSize == fresh.contentSize)
    }
}
