import LayoutEngine
import Testing

/// CHTCollectionViewWaterfallLayout's `headerInset`, `footerInset` and `minimumContentHeight`, and headers and
/// footers measured through invalidation.
@Suite struct WaterfallSupplementaryTests {
    private func layout(
        _ sections: [SectionInput],
        configure: (inout WaterfallLayout.Configuration) -> Void
    ) throws -> PreparedLayout {
        var configuration = WaterfallLayout.Configuration()
        configuration.columnCount = 2
        configure(&configuration)
        let input = LayoutInput(viewport: Size(width: 230, height: 400), sections: sections)
        return try prepare(input, .waterfall(configuration))
    }

    private func element(_ layout: PreparedLayout, _ kind: ElementKind, section: Int = 0) -> Rect? {
        layout.allAttributes(contentOffset: .zero).first { $0.kind == kind && $0.indexPath.section == section }?.frame
    }

    @Test func headerAndFooterInsetsStackAsCHTDoes() throws {
        // Columns of 100 at x = 10 and 120; header 30 tall inset (5, 7, 9, 11); footer 20 tall inset (3, 4, 6, 8).
        let items = [WaterfallLayout.Item.exactHeight(50), WaterfallLayout.Item.exactHeight(70)]
        let layout = try self.layout([SectionInput(items: .sizes(items)), SectionInput(count: 0)]) {
            $0.headerHeight = 30
            $0.footerHeight = 20
            $0.headerInset = EdgeInsets(top: 5, left: 7, bottom: 9, right: 11)
            $0.footerInset = EdgeInsets(top: 3, left: 4, bottom: 6, right: 8)
        }
        #expect(self.element(layout, .header) == Rect(x: 7, y: 5, width: 212, height: 30))
        // Items start below the header's bottom inset and the section's top inset: 5 + 30 + 9 + 10.
        #expect(cellFrames(layout)[0] == Rect(x: 10, y: 54, width: 100, height: 50))
        // The footer: tallest column 54 + 70, the bottom inset 10, the footer's top inset 3.
        #expect(self.element(layout, .footer) == Rect(x: 4, y: 137, width: 218, height: 20))
        // The second section starts after the footer's bottom inset: 137 + 20 + 6.
        #expect(self.element(layout, .header, section: 1) == Rect(x: 7, y: 163 + 5, width: 212, height: 30))
    }

    @Test func withoutAHeaderOnlyTheInsetsTopCounts() throws {
        let layout = try self.layout([SectionInput(count: 1)]) {
            $0.headerInset = EdgeInsets(top: 5, left: 7, bottom: 9, right: 11)
            $0.footerInset = EdgeInsets(top: 3, left: 4, bottom: 6, right: 8)
        }
        #expect(cellFrames(layout)[0].minY == 15)
        // 15 + 100 + 10 bottom inset + 3 footer top.
        #expect(layout.contentSize.height == 128)
    }

    @Test func aSectionOverridesTheInsets() throws {
        var section = SectionInput(count: 1)
        section.overrides.headerInset = EdgeInsets(top: 1, left: 0, bottom: 0, right: 0)
        let layout = try self.layout([section]) {
            $0.headerInset = EdgeInsets(top: 50, left: 0, bottom: 0, right: 0)
        }
        #expect(cellFrames(layout)[0].minY == 11)
    }

    @Test func minimumContentHeightExtendsAShortContent() throws {
        let short = try self.layout([SectionInput(count: 1)]) { $0.minimumContentHeight = 1000 }
        #expect(short.contentSize.height == 1000)
        let long = try self.layout([SectionInput(count: 40)]) { $0.minimumContentHeight = 1000 }
        #expect(long.contentSize.height == (try self.layout([SectionInput(count: 40)]) { _ in }).contentSize.height)
        #expect(throws: LayoutError.self) { try self.layout([SectionInput(count: 1)]) { $0.minimumContentHeight = -1 } }
    }

    @Test func measuredHeadersAndFootersEqualPreparingWithThoseSizes() throws {
        var random = SplitMix64(seed: 5)
        for _ in 0..<60 {
            var configuration = WaterfallLayout.Configuration()
            configuration.headerHeight = 20
            configuration.headerInset = EdgeInsets(top: 2, left: 3, bottom: 4, right: 5)
            let sections = (0..<3).map { _ in SectionInput(count: Int.random(in: 0...12, using: &random)) }
            let input = LayoutInput(viewport: Size(width: 320, height: 480), sections: sections)
            var live = try LiveLayout(input: input, configuration: .waterfall(configuration))
            let section = Int.random(in: 0...2, using: &random)
            let kind: ElementKind = Bool.random(using: &random) ? .header : .footer
            let size = Size(width: 312, height: Double(Int.random(in: 0...90, using: &random)))
            var context = InvalidationContext()
            let element = SupplementaryIndexPath(kind: kind, indexPath: IndexPath(section: section, item: 0))
            context.supplementarySizes = [element: size]
            _ = try live.invalidate(context)
            var expected = input
            if kind == .header {
                expected.sections[section].header = size
            } else {
                expected.sections[section].footer = size
            }
            #expect(live.prepared == (try prepare(expected, .waterfall(configuration))))
            let measured = live.prepared.allAttributes(contentOffset: .zero).first {
                $0.kind == kind && $0.indexPath.section == section
            }
            #expect(measured?.frame.height == (size.height > 0 ? size.height : nil))
        }
    }

    @Test func aMeasuredCellSupplementaryIsRefused() throws {
        let input = LayoutInput(sections: [SectionInput(count: 3)])
        var live = try LiveLayout(input: input, configuration: .waterfall(.init()))
        var context = InvalidationContext()
        context.supplementarySizes = [
            SupplementaryIndexPath(kind: .background, indexPath: IndexPath(section: 0, item: 0)):
                Size(width: 1, height: 1)
        ]
        #expect(throws: LayoutError.self) { try live.invalidate(context) }
    }
}
