import LayoutEngine
import Testing

/// Responsive columns and exact heights, against masonic's positioner (``WaterfallReference``).
@Suite struct WaterfallColumnsTests {
    private func prepared(
        _ items: [Size],
        width: Double,
        direction: LayoutDirection = .leftToRight,
        configure: (inout WaterfallLayout.Configuration) -> Void
    ) throws -> PreparedLayout {
        var configuration = WaterfallLayout.Configuration()
        configure(&configuration)
        var input = LayoutInput(
            viewport: Size(width: width, height: 800),
            sections: [SectionInput(items: .sizes(items))]
        )
        input.layoutDirection = direction
        return try prepare(input, .waterfall(configuration))
    }

    @Test func anItemGivenByHeightIsExactlyThatTallAtTheColumnsWidth() throws {
        // The case: {width: 100, height: 300} at a 93.3-point column is 280 tall; {height: 300} is 300.
        let items = [Size(width: 100, height: 300), WaterfallLayout.Item.exactHeight(300)]
        let layout = try self.prepared(items, width: 300) { $0.columnCount = 3 }
        let frames = cellFrames(layout)
        let columnWidth = (300.0 - 20 - 20) / 3
        #expect(frames[0] == Rect(x: 10, y: 10, width: columnWidth, height: columnWidth * 3))
        #expect(frames[1] == Rect(x: 10 + columnWidth + 10, y: 10, width: columnWidth, height: 300))
    }

    @Test func itemEncodingRoundTripsAndOtherKindsRefuseIt() throws {
        let items = [
            WaterfallLayout.Item(height: .exact(12.5)), WaterfallLayout.Item(height: .exact(0), columnSpan: 7),
            WaterfallLayout.Item(height: .aspectRatio(1.5), columnSpan: 2),
            WaterfallLayout.Item(height: .aspectRatio(0.25), columnSpan: WaterfallLayout.Item.fullSpan),
        ]
        for item in items {
            #expect(WaterfallLayout.Item(size: item.size) == item)
            #expect(!item.size.isValid)
        }
        let half = WaterfallLayout.Item(height: .aspectRatio(0.5))
        #expect(WaterfallLayout.Item(size: Size(width: 4, height: 2)) == half)
        for bad in [Size(width: 0, height: 1), Size(width: -1, height: 1), Size(width: -2.5, height: 1),
                    Size(width: -2, height: -1), Size(width: -4 * 1001, height: 1), Size(width: -7, height: 1),
                    Size(width: .infinity, height: 1)]
        {
            #expect(WaterfallLayout.Item(size: bad) == nil)
        }
        let encoded = SectionInput(items: .sizes([WaterfallLayout.Item.exactHeight(10)]))
        #expect(throws: LayoutError.self) { try prepare(LayoutInput(sections: [encoded]), .flow(.init())) }
        let zeroWidth = SectionInput(items: .sizes([Size(width: 0, height: 10)]))
        #expect(throws: LayoutError.self) { try prepare(LayoutInput(sections: [zeroWidth]), .waterfall(.init())) }
    }

    @Test func theColumnCountIsMasonicsRule() throws {
        // W = 375 − 20 = 355, s = 10: ⌊365 / 110⌋ = 3 columns of (355 − 20) / 3.
        let layout = try self.prepared([Size(width: 1, height: 1)], width: 375) { $0.minColumnWidth = 100 }
        #expect(cellFrames(layout)[0].width == (355.0 - 20) / 3)
        let capped = try self.prepared([Size(width: 1, height: 1)], width: 375) {
            $0.minColumnWidth = 100
            $0.maxColumnCount = 2
        }
        #expect(cellFrames(capped)[0].width == (355.0 - 10) / 2)
        // Narrower than one minimum column: still one column, the whole width.
        let one = try self.prepared([Size(width: 1, height: 1)], width: 120) { $0.minColumnWidth = 500 }
        #expect(cellFrames(one)[0].width == 100)
    }

    @Test func maxColumnWidthKeepsColumnsAtTheLeadingInset() throws {
        let items = (0..<4).map { _ in WaterfallLayout.Item.exactHeight(50) }
        let layout = try self.prepared(items, width: 1000) {
            $0.columnCount = 4
            $0.maxColumnWidth = 100
        }
        #expect(cellFrames(layout).map(\.minX) == [10, 120, 230, 340])
        #expect(cellFrames(layout).allSatisfy { $0.width == 100 })
        let mirrored = try self.prepared(items, width: 1000, direction: .rightToLeft) {
            $0.columnCount = 4
            $0.maxColumnWidth = 100
        }
        #expect(cellFrames(mirrored).map(\.maxX) == [990, 880, 770, 660])
    }

    @Test func aSectionsOwnColumnParametersWinAndTheMostSpecificCountRules() throws {
        var fixed = SectionInput(count: 1)
        fixed.overrides.columnCount = 2
        var responsive = SectionInput(count: 1)
        responsive.overrides.minColumnWidth = 50
        responsive.overrides.maxColumnWidth = 40
        var configuration = WaterfallLayout.Configuration()
        configuration.minColumnWidth = 150
        let layout = try prepare(
            LayoutInput(viewport: Size(width: 375, height: 600), sections: [SectionInput(count: 1), fixed, responsive]),
            .waterfall(configuration)
        )
        let widths = cellFrames(layout).map(\.width)
        // 355 wide: ⌊365 / 160⌋ = 2 columns; the section's columnCount 2; ⌊365 / 60⌋ = 6 columns capped at 40.
        let half: Double = (355 - 10) / 2
        let expected: [Double] = [half, half, 40]
        #expect(widths == expected)
    }

    @Test func invalidColumnParametersAreRefused() throws {
        for configure: (inout WaterfallLayout.Configuration) -> Void in [
            { $0.minColumnWidth = 0 }, { $0.maxColumnCount = 0 }, { $0.maxColumnWidth = -1 },
            { $0.minColumnWidth = .nan },
        ] {
            #expect(throws: LayoutError.self) {
                try self.prepared([Size(width: 1, height: 1)], width: 375, configure: configure)
            }
        }
    }

    /// Widths that divide exactly, items of exact integer heights: every frame equals masonic's, bit for bit.
    @Test func responsiveColumnsPlaceEveryItemWhereMasonicDoes() throws {
        var random = SplitMix64(seed: 17)
        for _ in 0..<200 {
            let columns = Int.random(in: 1...8, using: &random)
            let columnWidth = Double(Int.random(in: 20...200, using: &random))
            let spacing = Double(Int.random(in: 0...20, using: &random))
            let rowSpacing = Double(Int.random(in: 0...20, using: &random))
            let inner = Double(columns) * columnWidth + Double(columns - 1) * spacing
            // The smallest minimum for which `columns + 1` columns no longer fit, up to the column width.
            let lowest = ((inner - Double(columns) * spacing) / Double(columns + 1)).rounded(.down) + 1
            let minimum = Double(Int.random(in: Int(lowest)...Int(columnWidth), using: &random))
            #expect(WaterfallReference.columnCount(width: inner, minimum: minimum, spacing: spacing) == columns)
            let items = WaterfallReference.randomItems(
                Int.random(in: 0...60, using: &random), columns: columns, exactOnly: true, spanShare: 0, using: &random)
            let layout = try self.prepared(items.map(\.size), width: inner + 16) {
                $0.minColumnWidth = minimum
                $0.columnSpacing = spacing
                $0.rowSpacing = rowSpacing
                $0.sectionInset = EdgeInsets(top: 5, left: 8, bottom: 5, right: 8)
            }
            let expected = WaterfallReference.frames(
                items, columns: columns, columnWidth: columnWidth, columnSpacing: spacing, rowSpacing: rowSpacing,
                left: 8, top: 5)
            #expect(cellFrames(layout) == expected)
        }
    }
}
