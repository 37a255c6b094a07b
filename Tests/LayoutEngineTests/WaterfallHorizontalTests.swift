import LayoutEngine
import Testing

/// A horizontal waterfall is the vertical one transposed: rows for columns, widths for heights.
@Suite struct WaterfallHorizontalTests {
    private static func transposed(_ rect: Rect) -> Rect {
        Rect(x: rect.minY, y: rect.minX, width: rect.height, height: rect.width)
    }

    private static func transposed(_ insets: EdgeInsets) -> EdgeInsets {
        EdgeInsets(top: insets.left, left: insets.top, bottom: insets.right, right: insets.bottom)
    }

    /// The same item for the other direction: an aspect ratio turned, an exact length kept.
    private static func transposed(_ size: Size) -> Size {
        if size.width > 0 { return Size(width: size.height, height: size.width) }
        let item = WaterfallLayout.Item(size: size)!
        switch item.height {
        case .aspectRatio(let ratio):
            return WaterfallLayout.Item(height: .aspectRatio(1 / ratio), columnSpan: item.columnSpan).size
        case .exact(let length): return WaterfallLayout.Item.exactWidth(length, columnSpan: item.columnSpan)
        case .exactWidth(let length): return WaterfallLayout.Item.exactHeight(length, columnSpan: item.columnSpan)
        }
    }

    @Test func everyElementIsTheVerticalLayoutsTransposed() throws {
        var random = SplitMix64(seed: 23)
        for _ in 0..<150 {
            var vertical = WaterfallLayout.Configuration()
            vertical.columnCount = Int.random(in: 1...5, using: &random)
            if Bool.random(using: &random) {
                vertical.minColumnWidth = Double(Int.random(in: 40...160, using: &random))
            }
            vertical.columnSpacing = Double(Int.random(in: 0...12, using: &random))
            vertical.rowSpacing = Double(Int.random(in: 0...12, using: &random))
            vertical.sectionInset = EdgeInsets(top: 3, left: 5, bottom: 7, right: 11)
            vertical.headerHeight = Double(Int.random(in: 0...30, using: &random))
            vertical.footerHeight = Double(Int.random(in: 0...30, using: &random))
            vertical.headerInset = EdgeInsets(top: 1, left: 2, bottom: 4, right: 8)
            vertical.sectionBackground = EdgeInsets(top: 2, left: 2, bottom: 2, right: 2)
            var horizontal = vertical
            horizontal.scrollDirection = .horizontal
            horizontal.sectionInset = Self.transposed(vertical.sectionInset)
            horizontal.headerInset = Self.transposed(vertical.headerInset)
            horizontal.sectionBackground = vertical.sectionBackground.map(Self.transposed)
            let sections = (0..<Int.random(in: 1...3, using: &random)).map { _ in
                let items = WaterfallReference.randomItems(
                    Int.random(in: 0...40, using: &random), columns: 5, exactOnly: false, spanShare: 0.2,
                    using: &random)
                return items.map(\.size)
            }
            let width = Double(Int.random(in: 300...900, using: &random))
            let height = Double(Int.random(in: 300...900, using: &random))
            let down = try prepare(
                LayoutInput(
                    viewport: Size(width: width, height: height),
                    sections: sections.map { SectionInput(items: .sizes($0)) }
                ),
                .waterfall(vertical)
            )
            let across = try prepare(
                LayoutInput(
                    viewport: Size(width: height, height: width),
                    sections: sections.map { SectionInput(items: .sizes($0.map(Self.transposed))) }
                ),
                .waterfall(horizontal)
            )
            #expect(isClose(across.contentSize.width, down.contentSize.height, tolerance: 1e-6))
            #expect(across.contentSize.height == down.contentSize.width)
            let expected = down.allAttributes(contentOffset: .zero)
            let actual = across.allAttributes(contentOffset: .zero)
            #expect(actual.count == expected.count)
            for (element, want) in zip(actual, expected) {
                #expect(element.indexPath == want.indexPath && element.kind == want.kind)
                #expect(isClose(element.frame, Self.transposed(want.frame), tolerance: 1e-6))
            }
            // A rect query answers exactly the elements that intersect the rect.
            let left = Double.random(in: 0...max(1, across.contentSize.width), using: &random)
            let rect = Rect(x: left, y: 0, width: 300, height: width)
            let intersecting = actual.filter { $0.frame.intersects(rect) }.map(\.indexPath)
            #expect(Set(across.attributes(in: rect, contentOffset: .zero).map(\.indexPath)) == Set(intersecting))
        }
    }

    @Test func aHorizontalSessionInvalidatesAndUpdatesAsPreparingFromScratch() throws {
        var random = SplitMix64(seed: 41)
        for _ in 0..<80 {
            var configuration = WaterfallLayout.Configuration()
            configuration.scrollDirection = .horizontal
            configuration.columnCount = Int.random(in: 1...4, using: &random)
            configuration.headerHeight = 15
            let count = Int.random(in: 1...40, using: &random)
            let items = (0..<count).map { _ in
                Bool.random(using: &random)
                    ? WaterfallLayout.Item.exactWidth(
                        Double(Int.random(in: 10...90, using: &random)),
                        columnSpan: Int.random(in: 1...3, using: &random)
                    )
                    : Size(
                        width: Double(Int.random(in: 1...5, using: &random)),
                        height: Double(Int.random(in: 1...5, using: &random))
                    )
            }
            let input = LayoutInput(
                viewport: Size(width: 600, height: 400),
                sections: [SectionInput(count: 3), SectionInput(items: .sizes(items))]
            )
            var live = try LiveLayout(input: input, configuration: .waterfall(configuration))
            let item = Int.random(in: 0..<count, using: &random)
            let sizes = [IndexPath(section: 1, item: item): WaterfallLayout.Item.exactWidth(33, columnSpan: 2)]
            _ = try live.invalidate(InvalidationContext(itemSizes: sizes))
            let resized = applying(sizes, to: input, defaultSize: { _ in Size(width: 1, height: 1) })
            #expect(live.prepared == (try prepare(resized, .waterfall(configuration))))
            var updates = BatchUpdates()
            updates.deleteItems = [IndexPath(section: 1, item: Int.random(in: 0..<count, using: &random))]
            _ = try live.performBatchUpdates(updates)
            #expect(live.prepared == (try prepare(live.input, .waterfall(configuration))))
        }
    }

    @Test func aHorizontalAspectItemNeedsAHeight() {
        var configuration = WaterfallLayout.Configuration()
        configuration.scrollDirection = .horizontal
        let input = LayoutInput(sections: [SectionInput(items: .sizes([Size(width: 3, height: 0)]))])
        #expect(throws: LayoutError.self) { try prepare(input, .waterfall(configuration)) }
    }
}
