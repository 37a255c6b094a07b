import LayoutEngine
import Testing

@Suite struct FlowLayoutTests {
    private func flow(
        _ sections: [SectionInput],
        width: Double = 375,
        configure: (inout FlowLayout.Configuration) -> Void = { _ in }
    ) throws -> PreparedLayout {
        var configuration = FlowLayout.Configuration()
        configure(&configuration)
        return try prepare(
            LayoutInput(viewport: Size(width: width, height: 667), sections: sections),
            .flow(configuration)
        )
    }

    @Test func defaultItemsFillSixPerLineAndSpreadTheLeftoverSpace() throws {
        // 6 × 50 + 5 × 10 = 350 fits 375; a seventh would need 410. Leftover 75 over 5 gaps: 15.
        let layout = try self.flow([SectionInput(count: 12)])
        let frames = cellFrames(layout)
        let xs: [Double] = [0, 65, 130, 195, 260, 325]
        #expect(frames.map(\.minX) == xs + xs)
        #expect(frames.map(\.minY) == Array(repeating: 0, count: 6) + Array(repeating: 60, count: 6))
        #expect(layout.contentSize == Size(width: 375, height: 110))
    }

    @Test func theLastLineOfUniformItemsKeepsTheGridPositions() throws {
        let layout = try self.flow([SectionInput(count: 8)])
        let frames = cellFrames(layout)
        #expect(frames[6] == Rect(0, 60, 50, 50))
        #expect(frames[7] == Rect(65, 60, 50, 50))
    }

    @Test func theLastLineOfMixedItemsIsPackedToTheLeadingEdge() throws {
        let sizes = [
            Size(width: 100, height: 50), Size(width: 100, height: 50), Size(width: 100, height: 50),
            Size(width: 80, height: 40), Size(width: 60, height: 30),
        ]
        let layout = try self.flow([SectionInput(items: .sizes(sizes))])
        let frames = cellFrames(layout)
        // Line 1: 320 of 375 with spacing; a fourth item would need 410. Leftover 75 over 2 gaps: 37.5.
        #expect(frames[0] == Rect(0, 0, 100, 50))
        #expect(frames[1] == Rect(137.5, 0, 100, 50))
        #expect(frames[2] == Rect(275, 0, 100, 50))
        // Line 2 is the last and the sizes differ: packed with the minimum spacing, centred across the line.
        #expect(frames[3] == Rect(0, 60, 80, 40))
        #expect(frames[4] == Rect(90, 65, 60, 30))
        #expect(layout.contentSize.height == 100)
    }

    @Test func aSectionsOnlyLineIsJustifiedAndALoneItemIsCentred() throws {
        let pair = try self.flow([
            SectionInput(items: .sizes([Size(width: 100, height: 50), Size(width: 100, height: 50)]))
        ])
        #expect(cellFrames(pair).map(\.minX) == [0, 275])
        let single = try self.flow([SectionInput(items: .sizes([Size(width: 100, height: 50)]))])
        #expect(cellFrames(single) == [Rect(137.5, 0, 100, 50)])
    }

    @Test func seedZeroConfigurationLaysOutThreeColumnsWithInsets() throws {
        // Seed 000: itemSize (w, w + 64), sectionInset (10, 15, 10, 15), line spacing 14, interitem 10.
        let layout = try self.flow([SectionInput(count: 5)]) { configuration in
            configuration.itemSize = Size(width: 105, height: 169)
            configuration.sectionInset = EdgeInsets(top: 10, left: 15, bottom: 10, right: 15)
            configuration.minimumLineSpacing = 14
            configuration.minimumInteritemSpacing = 10
        }
        let frames = cellFrames(layout)
        // Available 345; 3 × 105 + 2 × 10 = 335 fits; leftover 30 over 2 gaps: 15.
        #expect(frames.map(\.minX) == [15, 135, 255, 15, 135])
        #expect(frames.map(\.minY) == [10, 10, 10, 193, 193])
        #expect(layout.contentSize.height == 10 + 169 + 14 + 169 + 10)
    }

    @Test func headersAndFootersSpanTheWidthOutsideTheInsets() throws {
        var section = SectionInput(count: 2)
        section.footer = Size(width: 0, height: 20)
        let layout = try self.flow([section, SectionInput(count: 1)]) { configuration in
            configuration.headerReferenceSize = Size(width: 0, height: 40)
            configuration.sectionInset = EdgeInsets(all: 5)
        }
        let all = layout.allAttributes(contentOffset: .zero)
        let header0 = all.first { $0.kind == .header && $0.indexPath.section == 0 }
        #expect(header0?.frame == Rect(0, 0, 375, 40))
        #expect(cellFrames(layout)[0].minY == 45)
        let footer0 = layout.attributesForSupplementaryElement(
            ofKind: .footer,
            at: IndexPath(section: 0, item: 0),
            contentOffset: .zero
        )
        // Header 40, inset 5, line 50, inset 5: the footer starts at 100.
        #expect(footer0?.frame == Rect(0, 100, 375, 20))
        let header1 = layout.attributesForSupplementaryElement(
            ofKind: .header,
            at: IndexPath(section: 1, item: 0),
            contentOffset: .zero
        )
        #expect(header1?.frame == Rect(0, 120, 375, 40))
        #expect(layout.contentSize.height == 120 + 40 + 5 + 50 + 5)
        #expect(
            all.map(\.category) == [.supplementaryView, .cell, .cell, .supplementaryView, .supplementaryView, .cell]
        )
    }

    @Test func horizontalScrollingSwapsTheAxes() throws {
        let layout = try prepare(
            LayoutInput(viewport: Size(width: 375, height: 200), sections: [SectionInput(count: 7)]),
            .flow(
                {
                    var configuration = FlowLayout.Configuration()
                    configuration.scrollDirection = .horizontal
                    configuration.headerReferenceSize = Size(width: 30, height: 0)
                    return configuration
                }()
            )
        )
        let frames = cellFrames(layout)
        // Columns of 3 (3 × 50 + 2 × 10 = 170 ≤ 200): leftover 50 over 2 gaps: 25. The header is 30 wide.
        #expect(frames[0] == Rect(30, 0, 50, 50))
        #expect(frames[1] == Rect(30, 75, 50, 50))
        #expect(frames[2] == Rect(30, 150, 50, 50))
        #expect(frames[3] == Rect(90, 0, 50, 50))
        // The last column keeps the grid.
        #expect(frames[6] == Rect(150, 0, 50, 50))
        let header = layout.attributesForSupplementaryElement(
            ofKind: .header,
            at: IndexPath(section: 0, item: 0),
            contentOffset: .zero
        )
        #expect(header?.frame == Rect(0, 0, 30, 200))
        #expect(layout.contentSize == Size(width: 200, height: 200))
    }

    @Test(arguments: [
        (FlowLayout.HorizontalAlignment.left, [0.0, 60, 120]),
        (.right, [205, 265, 325]),
        (.center, [102.5, 162.5, 222.5]),
        (.leading, [0, 60, 120]),
        (.trailing, [205, 265, 325]),
    ])
    func alignmentsPackLinesWithTheMinimumSpacing(alignment: FlowLayout.HorizontalAlignment, xs: [Double]) throws {
        let layout = try self.flow([SectionInput(count: 3)]) { $0.horizontalAlignment = alignment }
        #expect(cellFrames(layout).map(\.minX) == xs)
    }

    @Test func leftAlignmentStaysLeftInRightToLeftWhileLeadingFlips() throws {
        func xs(_ alignment: FlowLayout.HorizontalAlignment) throws -> [Double] {
            var configuration = FlowLayout.Configuration()
            configuration.horizontalAlignment = alignment
            let layout = try prepare(
                LayoutInput(layoutDirection: .rightToLeft, sections: [SectionInput(count: 2)]),
                .flow(configuration)
            )
            return cellFrames(layout).map(\.minX)
        }
        #expect(try xs(.left) == [60, 0])
        #expect(try xs(.leading) == [325, 265])
    }

    @Test func verticalAlignmentPlacesItemsAcrossTheirLine() throws {
        let sizes = [Size(width: 50, height: 100), Size(width: 50, height: 40)]
        for (alignment, y) in [(FlowLayout.VerticalAlignment.top, 0.0), (.center, 30), (.bottom, 60)] {
            let layout = try self.flow([SectionInput(items: .sizes(sizes))]) { $0.verticalAlignment = alignment }
            #expect(cellFrames(layout)[1].minY == y)
        }
    }

    @Test func sectionOverridesWinOverTheConfiguration() throws {
        var section = SectionInput(count: 2)
        section.overrides.itemSize = Size(width: 20, height: 30)
        section.overrides.sectionInset = EdgeInsets(all: 7)
        let layout = try self.flow([section]) { $0.horizontalAlignment = .left }
        #expect(cellFrames(layout) == [Rect(7, 7, 20, 30), Rect(37, 7, 20, 30)])
    }

    @Test func pinnedHeadersFollowTheOffsetWithinTheirSection() throws {
        let layout = try self.flow([SectionInput(count: 60), SectionInput(count: 6)]) {
            $0.headerReferenceSize = Size(width: 0, height: 40)
            $0.sectionHeadersPinToVisibleBounds = true
        }
        // Section 0: header 40, 10 lines of 50 with 9 spacings: body ends at 630.
        func headerY(_ offset: Double) -> Double? {
            layout.attributesForSupplementaryElement(
                ofKind: .header,
                at: IndexPath(section: 0, item: 0),
                contentOffset: Point(x: 0, y: offset)
            )?.frame.minY
        }
        #expect(headerY(0) == 0)
        #expect(headerY(100) == 100)
        #expect(headerY(620) == 590)
        let inRect = layout.attributes(in: Rect(0, 300, 375, 10), contentOffset: Point(x: 0, y: 300))
        #expect(inRect.contains { $0.kind == .header && $0.frame.minY == 300 && $0.zIndex == 1024 })
    }

    @Test func pinnedFootersStayAtTheBottomOfTheViewport() throws {
        var section = SectionInput(count: 60)
        section.footer = Size(width: 0, height: 30)
        let layout = try prepare(
            LayoutInput(viewport: Size(width: 375, height: 300), sections: [section]),
            .flow(
                {
                    var configuration = FlowLayout.Configuration()
                    configuration.sectionFootersPinToVisibleBounds = true
                    return configuration
                }()
            )
        )
        let footer = layout.attributesForSupplementaryElement(
            ofKind: .footer,
            at: IndexPath(section: 0, item: 0),
            contentOffset: .zero
        )
        #expect(footer?.frame == Rect(0, 270, 375, 30))
    }

    @Test func sectionBackgroundsSitBehindTheCellsBetweenHeaderAndFooter() throws {
        let layout = try self.flow([SectionInput(count: 3)]) {
            $0.headerReferenceSize = Size(width: 0, height: 40)
            $0.sectionInset = EdgeInsets(all: 10)
            $0.sectionBackground = EdgeInsets(all: 2)
        }
        let background = layout.attributesForDecorationElement(
            ofKind: .background,
            at: IndexPath(section: 0, item: 0),
            contentOffset: .zero
        )
        #expect(background?.frame == Rect(2, 42, 371, 66))
        #expect(background?.zIndex == -1)
        #expect(background?.category == .decorationView)
        #expect(layout.allAttributes(contentOffset: .zero).first?.kind == .background)
    }

    @Test func anItemWiderThanTheLineIsPlacedAloneAndGrowsTheContent() throws {
        let layout = try self.flow([
            SectionInput(items: .sizes([Size(width: 500, height: 10), Size(width: 10, height: 10)]))
        ])
        // The second line is the last and its sizes differ from the first: packed to the leading edge.
        #expect(cellFrames(layout) == [Rect(0, 0, 500, 10), Rect(0, 20, 10, 10)])
        #expect(layout.contentSize.width == 500)
    }
}
