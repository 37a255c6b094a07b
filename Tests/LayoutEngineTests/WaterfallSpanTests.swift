import LayoutEngine
import Testing

/// Items spanning columns (Masonry.js's rule), against ``WaterfallReference``.
@Suite struct WaterfallSpanTests {
    @Test func aSpanningItemTakesTheRunWhoseTallestColumnIsLowest() throws {
        // Columns 0, 1, 2 end at 100, 40, 60 (plus spacing); a two-column item goes on columns 1–2 at 70, and all
        // three end where it does when a full-width item follows.
        let items = [
            WaterfallLayout.Item.exactHeight(90), WaterfallLayout.Item.exactHeight(30),
            WaterfallLayout.Item.exactHeight(50), WaterfallLayout.Item.exactHeight(20, columnSpan: 2),
            WaterfallLayout.Item.exactHeight(5, columnSpan: WaterfallLayout.Item.fullSpan),
            WaterfallLayout.Item.exactHeight(5, columnSpan: 9),
        ]
        var configuration = WaterfallLayout.Configuration()
        configuration.columnCount = 3
        let input = LayoutInput(viewport: Size(width: 340, height: 600), sections: [SectionInput(items: .sizes(items))])
        let frames = cellFrames(try prepare(input, .waterfall(configuration)))
        // Columns of 100 at x = 10, 120, 230.
        #expect(frames[3] == Rect(x: 120, y: 70, width: 210, height: 20))
        #expect(frames[4] == Rect(x: 10, y: 110, width: 320, height: 5))
        #expect(frames[5] == Rect(x: 10, y: 125, width: 320, height: 5))
    }

    @Test(arguments: [LayoutDirection.leftToRight, .rightToLeft])
    func randomSpansWidthsAndHeightsMatchTheReference(direction: LayoutDirection) throws {
        var random = SplitMix64(seed: direction == .leftToRight ? 3 : 4)
        for _ in 0..<300 {
            let columns = Int.random(in: 1...7, using: &random)
            let spacing = Double(Int.random(in: 0...16, using: &random))
            let rowSpacing = Double(Int.random(in: 0...16, using: &random))
            let width = Double(Int.random(in: 200...1200, using: &random))
            let items = WaterfallReference.randomItems(
                Int.random(in: 0...80, using: &random), columns: columns, exactOnly: false, spanShare: 0.3,
                using: &random)
            var configuration = WaterfallLayout.Configuration()
            configuration.columnCount = columns
            configuration.columnSpacing = spacing
            configuration.rowSpacing = rowSpacing
            configuration.headerHeight = 12
            var input = LayoutInput(
                viewport: Size(width: width, height: 700),
                sections: [SectionInput(items: .sizes(items.map(\.size)))]
            )
            input.layoutDirection = direction
            let layout = try prepare(input, .waterfall(configuration))
            let columnWidth = (width - 20 - Double(columns - 1) * spacing) / Double(columns)
            var expected = WaterfallReference.frames(
                items, columns: columns, columnWidth: columnWidth, columnSpacing: spacing, rowSpacing: rowSpacing,
                left: 10, top: 22)
            if direction == .rightToLeft {
                expected = expected.map { Rect(x: width - $0.maxX, y: $0.minY, width: $0.width, height: $0.height) }
            }
            let frames = cellFrames(layout)
            #expect(frames.count == expected.count)
            for (frame, want) in zip(frames, expected) { #expect(isClose(frame, want, tolerance: 1e-6)) }
            // A rect query answers exactly the elements that intersect the rect.
            let height = layout.contentSize.height
            let top = Double.random(in: 0...max(1, height), using: &random)
            let rect = Rect(x: 0, y: top, width: width, height: Double.random(in: 1...400, using: &random))
            let all = layout.allAttributes(contentOffset: .zero).filter { $0.frame.intersects(rect) }
            let answered = layout.attributes(in: rect, contentOffset: .zero).map(\.indexPath)
            #expect(Set(answered) == Set(all.map(\.indexPath)))
        }
    }

    @Test func invalidatingAndUpdatingSpanningItemsEqualsPreparingFromScratch() throws {
        var random = SplitMix64(seed: 99)
        for _ in 0..<150 {
            let columns = Int.random(in: 1...6, using: &random)
            var configuration = WaterfallLayout.Configuration()
            configuration.columnCount = columns
            let count = Int.random(in: 1...60, using: &random)
            let items = WaterfallReference.randomItems(
                count, columns: columns, exactOnly: false, spanShare: 0.25, using: &random)
            let input = LayoutInput(sections: [SectionInput(items: .sizes(items.map(\.size))), SectionInput(count: 5)])
            var live = try LiveLayout(input: input, configuration: .waterfall(configuration))
            // Resize a few items to other spans and heights.
            var sizes: [IndexPath: Size] = [:]
            for _ in 0..<Int.random(in: 1...3, using: &random) {
                let item = Int.random(in: 0..<count, using: &random)
                let changed = WaterfallReference.randomItems(
                    1, columns: columns, exactOnly: false, spanShare: 0.5, using: &random)
                sizes[IndexPath(section: 0, item: item)] = changed[0].size
            }
            _ = try live.invalidate(InvalidationContext(itemSizes: sizes))
            let resized = applying(sizes, to: input, defaultSize: { _ in Size(width: 1, height: 1) })
            #expect(live.prepared == (try prepare(resized, .waterfall(configuration))))
            // Insert a spanning item, delete another.
            var updates = BatchUpdates()
            updates.insertItems = [
                BatchUpdates.ItemChange(
                    indexPath: IndexPath(section: 0, item: Int.random(in: 0...count, using: &random)),
                    size: WaterfallLayout.Item.exactHeight(40, columnSpan: 2)
                )
            ]
            _ = try live.performBatchUpdates(updates)
            #expect(live.prepared == (try prepare(live.input, .waterfall(configuration))))
            #expect(live.input.sections[0].itemCount == count + 1)
        }
    }

    @Test(arguments: [FlowLayout.ScrollDirection.vertical, .horizontal])
    func itemSnappingStopsAtAnItemsLeadingEdge(direction: FlowLayout.ScrollDirection) throws {
        var random = SplitMix64(seed: direction == .vertical ? 61 : 62)
        var configuration = WaterfallLayout.Configuration()
        configuration.snap = .item
        configuration.scrollDirection = direction
        let items = WaterfallReference.randomItems(300, columns: 3, exactOnly: true, spanShare: 0.2, using: &random)
        let input = LayoutInput(
            viewport: Size(width: 375, height: 667),
            sections: [SectionInput(items: .sizes(items.map(\.size)))]
        )
        let layout = try prepare(input, .waterfall(configuration))
        let isVertical = direction == .vertical
        let edges = Set(cellFrames(layout).map { isVertical ? $0.minY : $0.minX })
        let end = isVertical ? layout.contentSize.height - 667 : layout.contentSize.width - 375
        for _ in 0..<100 {
            let proposed = Double.random(in: 0...end, using: &random)
            let point = isVertical ? Point(x: 0, y: proposed) : Point(x: proposed, y: 0)
            let target = layout.targetContentOffset(forProposedContentOffset: point, velocity: .zero)
            let along = isVertical ? target.y : target.x
            #expect(edges.contains(along) || along == 0 || along == end, "\(proposed) → \(along)")
        }
    }
}
