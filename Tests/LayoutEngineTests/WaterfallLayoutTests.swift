import LayoutEngine
import Testing

@Suite struct WaterfallLayoutTests {
    // Seed 000: three columns, spacing 10, insets 10, in a 375-point-wide view.
    private let columnWidth = (375.0 - 10 - 10 - 2 * 10) / 3

    private func waterfall(
        _ sections: [SectionInput],
        configure: (inout WaterfallLayout.Configuration) -> Void = { _ in }
    ) throws -> PreparedLayout {
        var configuration = WaterfallLayout.Configuration()
        configure(&configuration)
        return try prepare(LayoutInput(sections: sections), .waterfall(configuration))
    }

    @Test func seedZeroItemsGoToTheShortestColumnLeftmostOnTies() throws {
        let aspects = [
            Size(width: 100, height: 150), Size(width: 100, height: 100), Size(width: 100, height: 200),
            Size(width: 100, height: 50), Size(width: 100, height: 100),
        ]
        let layout = try self.waterfall([SectionInput(items: .sizes(aspects))])
        let w = self.columnWidth
        let expected = [
            Rect(10, 10, w, 1.5 * w),
            Rect(20 + w, 10, w, w),
            Rect(30 + 2 * w, 10, w, 2 * w),
            Rect(20 + w, 20 + w, w, 0.5 * w),
            Rect(10, 20 + 1.5 * w, w, w),
        ]
        let frames = cellFrames(layout)
        #expect(frames.count == 5)
        for (frame, want) in zip(frames, expected) { #expect(isClose(frame, want)) }
        // Tallest column (0: 1.5w + 10 + w from the top inset) plus the bottom inset; no row spacing above row one.
        #expect(isClose(layout.contentSize.height, 10 + 2.5 * w + 10 + 10))
        #expect(layout.contentSize.width == 375)
    }

    @Test func aCountSectionGivesSquares() throws {
        let layout = try self.waterfall([SectionInput(count: 4)])
        let w = self.columnWidth
        let frames = cellFrames(layout)
        #expect(isClose(frames[3], Rect(10, 20 + w, w, w)))
    }

    @Test func renderDirectionsAssignColumnsInTurn() throws {
        let aspects = [
            Size(width: 1, height: 3), Size(width: 1, height: 1), Size(width: 1, height: 1), Size(width: 1, height: 1),
        ]
        let leftToRight = try self.waterfall([SectionInput(items: .sizes(aspects))]) {
            $0.itemRenderDirection = .leftToRight
        }
        #expect(cellFrames(leftToRight)[3].minX == 10)
        let rightToLeft = try self.waterfall([SectionInput(items: .sizes(aspects))]) {
            $0.itemRenderDirection = .rightToLeft
        }
        #expect(isClose(cellFrames(rightToLeft)[0].minX, 30 + 2 * self.columnWidth))
        #expect(isClose(cellFrames(rightToLeft)[3].minX, 30 + 2 * self.columnWidth))
    }

    @Test func headersAndFootersSpanTheWidthAboveAndBelowTheColumns() throws {
        var first = SectionInput(count: 3)
        first.footer = Size(width: 0, height: 15)
        let layout = try self.waterfall([first, SectionInput(count: 1)]) { $0.headerHeight = 30 }
        let w = self.columnWidth
        let all = layout.allAttributes(contentOffset: .zero)
        #expect(all.first { $0.kind == .header }?.frame == Rect(0, 0, 375, 30))
        #expect(isClose(cellFrames(layout)[0].minY, 40))
        let footer = all.first { $0.kind == .footer }
        #expect(footer.map { isClose($0.frame, Rect(0, 40 + w + 10, 375, 15)) } == true)
        let secondHeader = all.last { $0.kind == .header }
        #expect(secondHeader.map { isClose($0.frame.minY, 40 + w + 10 + 15) } == true)
    }

    @Test func perSectionColumnCountsOverrideTheConfiguration() throws {
        var section = SectionInput(count: 2)
        section.overrides.columnCount = 2
        section.overrides.sectionInset = .zero
        section.overrides.columnSpacing = 5
        let layout = try self.waterfall([section])
        #expect(cellFrames(layout) == [Rect(0, 0, 185, 185), Rect(190, 0, 185, 185)])
    }

    @Test func backgroundsCoverTheColumnsBehindTheCells() throws {
        let layout = try self.waterfall([SectionInput(count: 3)]) { $0.sectionBackground = .zero }
        let background = layout.allAttributes(contentOffset: .zero).first
        #expect(background?.kind == .background)
        #expect(background.map { isClose($0.frame, Rect(0, 0, 375, 20 + self.columnWidth)) } == true)
    }
}
