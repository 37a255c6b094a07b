import LayoutEngine
import Testing

@Suite struct JustifiedLayoutTests {
    func squares(_ count: Int, width: Double) -> LayoutInput {
        LayoutInput(viewport: Size(width: width, height: 800), sections: [SectionInput(count: count)])
    }

    @Test func fourSquaresAtTheDefaultsMakeOneRowOfThreeAndOneWidow() throws {
        let layout = try prepare(self.squares(4, width: 1060), .justified(.init()))
        #expect(layout.contentSize == Size(width: 1060, height: 710))
        #expect(layout.widowCount == 1)
        #expect(
            cellFrames(layout) == [
                Rect(10, 10, 340, 340), Rect(360, 10, 340, 340), Rect(710, 10, 340, 340), Rect(10, 360, 340, 340),
            ]
        )
    }

    @Test func fourSquaresAtWidth400MakeFourRows() throws {
        let layout = try prepare(self.squares(4, width: 400), .justified(.init()))
        #expect(layout.contentSize.height == 1570)
        #expect(layout.widowCount == 0)
        #expect(Set(cellFrames(layout).map(\.minY)) == [10, 400, 790, 1180])
    }

    @Test func otherKindsHaveNoWidowCount() throws {
        #expect(try prepare(self.squares(4, width: 400), .flow(.init())).widowCount == nil)
    }

    @Test func hiddenWidowsAndRowsPastTheLimitAreHiddenWithAnEmptyFrame() throws {
        var configuration = JustifiedLayout.Configuration()
        configuration.showWidows = false
        let noWidows = try prepare(self.squares(4, width: 1060), .justified(configuration))
        let cells = noWidows.allAttributes(contentOffset: .zero)
        #expect(cells.map(\.isHidden) == [false, false, false, true])
        #expect(cells[3].frame == Rect(10, 10, 0, 0))
        #expect(noWidows.contentSize.height == 360)
        #expect(noWidows.widowCount == 0)

        configuration = JustifiedLayout.Configuration()
        configuration.maxNumRows = 2
        let limited = try prepare(self.squares(5, width: 400), .justified(configuration))
        #expect(limited.allAttributes(contentOffset: .zero).map(\.isHidden) == [false, false, true, true, true])
        #expect(limited.contentSize.height == 10 + 380 + 10 + 380 + 10)
    }

    @Test func sectionsStackAsBlocksWithTheirHeadersAndFooters() throws {
        let first = SectionInput(
            items: .count(4),
            header: Size(width: 0, height: 40),
            footer: Size(width: 0, height: 20)
        )
        let input = LayoutInput(
            viewport: Size(width: 1060, height: 800),
            sections: [first, SectionInput(count: 0), SectionInput(count: 3)]
        )
        let layout = try prepare(input, .justified(.init()))
        let all = layout.allAttributes(contentOffset: .zero)
        #expect(all[0].kind == .header && all[0].frame == Rect(0, 0, 1060, 40))
        #expect(all[1].frame == Rect(10, 50, 340, 340))
        #expect(all[5].kind == .footer && all[5].frame == Rect(0, 750, 1060, 20))
        // The empty section is the library's container without rows: 10 − 10 + 10.
        let third = try #require(layout.attributesForItem(at: IndexPath(section: 2, item: 0), contentOffset: .zero))
        #expect(third.frame == Rect(10, 770 + 10 + 10, 340, 340))
        #expect(layout.contentSize.height == 770 + 10 + 360)
        #expect(layout.widowCount == 1)
    }

    @Test func forcedAspectRatiosIgnoreTheSizes() throws {
        var configuration = JustifiedLayout.Configuration()
        configuration.forceAspectRatio = 1
        let sizes = [Size(width: 30, height: 10), Size(width: 1, height: 9), Size(width: 5, height: 5)]
        let input = LayoutInput(
            viewport: Size(width: 1060, height: 800),
            sections: [SectionInput(items: .sizes(sizes))]
        )
        let forced = try prepare(input, .justified(configuration))
        #expect(cellFrames(forced) == cellFrames(try prepare(self.squares(3, width: 1060), .justified(.init()))))
    }

    @Test(arguments: [SnapMode.line, .item])
    func lineSnappingBringsARowToTheTop(snap: SnapMode) throws {
        var configuration = JustifiedLayout.Configuration()
        configuration.snap = snap
        let layout = try prepare(self.squares(40, width: 400), .justified(configuration))
        // Rows of one 380-point square every 390 points from y = 10.
        let target = layout.targetContentOffset(forProposedContentOffset: Point(x: 0, y: 590), velocity: .zero)
        #expect(target == Point(x: 0, y: 400))
        let flick = layout.targetContentOffset(
            forProposedContentOffset: Point(x: 0, y: 410),
            velocity: Point(x: 0, y: 900)
        )
        #expect(flick == Point(x: 0, y: 790))
    }

    @Test func badParametersAndSizesAreRefusedByName() throws {
        let input = self.squares(3, width: 100)
        var configuration = JustifiedLayout.Configuration()
        configuration.containerPadding = EdgeInsets(top: 0, left: 50, bottom: 0, right: 50)
        #expect(throws: LayoutError.invalidParameter(name: "containerPadding", section: nil)) {
            try prepare(input, .justified(configuration))
        }
        configuration = JustifiedLayout.Configuration()
        configuration.targetRowHeight = 0
        #expect(throws: LayoutError.invalidParameter(name: "targetRowHeight", section: nil)) {
            try prepare(input, .justified(configuration))
        }
        configuration = JustifiedLayout.Configuration()
        configuration.fullWidthBreakoutRowCadence = 0
        #expect(throws: LayoutError.invalidParameter(name: "fullWidthBreakoutRowCadence", section: nil)) {
            try prepare(input, .justified(configuration))
        }
        let sizes = [Size(width: 3, height: 2), Size(width: 3, height: 0)]
        let flat = LayoutInput(sections: [SectionInput(items: .sizes(sizes))])
        #expect(throws: LayoutError.invalidItemSize(section: 0, item: 1)) {
            try prepare(flat, .justified(.init()))
        }
    }

    @Test func rowsNeverOverlapAndStayInsideTheContent() throws {
        var random = RandomLayouts(seed: 77)
        for _ in 0..<200 {
            var (input, configuration) = random.layout(kind: .justified)
            input.layoutDirection = .leftToRight
            let layout = try prepare(input, configuration)
            let cells = layout.allAttributes(contentOffset: .zero).filter { $0.category == .cell && !$0.isHidden }
            for cell in cells {
                #expect(cell.frame.minY >= 0 && cell.frame.maxY <= layout.contentSize.height + 1e-9, "\(cell)")
            }
            for (a, b) in zip(cells, cells.dropFirst()) where a.indexPath.section == b.indexPath.section {
                // Within a section, an item is right of the one before on its row, or on a lower row.
                let sameRow = a.frame.minY == b.frame.minY
                #expect(sameRow ? b.frame.minX >= a.frame.maxX - 1e-9 : b.frame.minY >= a.frame.maxY - 1e-9)
            }
        }
    }

    @Test func aSessionResizeBuildsOnlyTheTouchedSectionAgain() throws {
        let input = LayoutInput(
            viewport: Size(width: 400, height: 800),
            sections: [SectionInput(count: 10), SectionInput(count: 1000)]
        )
        var live = try LiveLayout(input: input, configuration: .justified(.init()))
        let probe = IndexPath(section: 1, item: 500)
        let later = try #require(live.prepared.attributesForItem(at: probe, contentOffset: .zero))
        let result = try live.invalidate(
            InvalidationContext(itemSizes: [IndexPath(section: 0, item: 3): Size(width: 2, height: 1)])
        )
        #expect(result.recomputedItemCount == 10)
        let moved = try #require(live.prepared.attributesForItem(at: probe, contentOffset: .zero))
        #expect(moved.frame == later.frame.offsetBy(dx: 0, dy: result.contentSizeAdjustment.height))
        #expect(result.contentSizeAdjustment.height != 0)
    }
}
