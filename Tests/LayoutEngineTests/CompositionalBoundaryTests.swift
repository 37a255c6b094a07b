import LayoutEngine
import Testing

/// `compositional`'s boundary supplementaries beside a section (alignments across the scroll axis), against frames
/// computed by hand, in both scroll directions and both writing directions.
@Suite struct CompositionalBoundaryTests {
    typealias C = CompositionalLayout

    /// A vertical list of 50-point rows in a 400-point-wide viewport, insets 10 above and below and 20 at the sides,
    /// a 30-point header, a leading item 40 × `leadingHeight` that takes room and a trailing item 30 × 200 that
    /// does not.
    static func verticalSection(leadingHeight: Double = 100, pinsLeading: Bool = false) -> C.Configuration {
        let group = C.Group(size: .init(width: .fractionalWidth(1), height: .absolute(50)))
        var section = C.Section(group: group)
        section.contentInsets = .init(top: 10, leading: 20, bottom: 10, trailing: 20)
        var leading = C.BoundarySupplementaryItem(
            alignment: .leading,
            size: .init(width: .absolute(40), height: .absolute(leadingHeight))
        )
        leading.pinsToVisibleBounds = pinsLeading
        leading.zIndex = 3
        var trailing = C.BoundarySupplementaryItem(
            alignment: .trailing,
            size: .init(width: .absolute(30), height: .absolute(200))
        )
        trailing.extendsBoundary = false
        section.boundarySupplementaryItems = [
            C.BoundarySupplementaryItem(alignment: .top, size: .init(width: .fractionalWidth(1), height: .absolute(30))),
            leading,
            trailing,
        ]
        var configuration = C.Configuration()
        configuration.section = section
        return configuration
    }

    /// A horizontal layout's section in a 300-point-high viewport: 100-point columns, insets 10 above and below
    /// and 5 at the sides, a 20-point leading header, a top item 150 × 40 and a bottom item 50 × 30, both taking room.
    static func horizontalSection(bottomExtends: Bool = true) -> C.Configuration {
        let group = C.Group(size: .init(width: .absolute(100), height: .fractionalHeight(1)))
        var section = C.Section(group: group)
        section.contentInsets = .init(top: 10, leading: 5, bottom: 10, trailing: 5)
        var bottom = C.BoundarySupplementaryItem(alignment: .bottom, size: .init(width: .absolute(50), height: .absolute(30)))
        bottom.extendsBoundary = bottomExtends
        section.boundarySupplementaryItems = [
            C.BoundarySupplementaryItem(alignment: .leading, size: .init(width: .absolute(20), height: .fractionalHeight(1))),
            C.BoundarySupplementaryItem(alignment: .top, size: .init(width: .absolute(150), height: .absolute(40))),
            bottom,
        ]
        var configuration = C.Configuration()
        configuration.section = section
        configuration.scrollDirection = .horizontal
        return configuration
    }

    static func supplementary(_ layout: PreparedLayout, _ kind: ElementKind, offset: Point = .zero) -> Rect? {
        layout.attributesForSupplementaryElement(ofKind: kind, at: IndexPath(section: 0, item: 0), contentOffset: offset)?
            .frame
    }

    @Test func leadingAndTrailingItemsSitBesideAVerticalSection() throws {
        let layout = try CompositionalLayoutTests.layout(
            Self.verticalSection(),
            sections: [SectionInput(count: 3)],
            viewport: Size(width: 400, height: 600)
        )
        // Room across: 400 − 20 − 20 = 360, less the leading item's 40: rows 320 wide from x = 20 + 40.
        // Along: header 0…30, top inset 10, rows at 40, 90, 140, bottom inset 10: 200 long.
        #expect(cellFrames(layout) == [Rect(60, 40, 320, 50), Rect(60, 90, 320, 50), Rect(60, 140, 320, 50)])
        #expect(Self.supplementary(layout, .header) == Rect(20, 0, 360, 30))
        #expect(Self.supplementary(layout, .leadingSupplementary) == Rect(20, 30, 40, 100))
        // The trailing item takes no room: it overlaps the rows' trailing end, at 400 − 20 − 30.
        #expect(Self.supplementary(layout, .trailingSupplementary) == Rect(350, 30, 30, 200))
        #expect(Self.supplementary(layout, .topSupplementary) == nil)
        #expect(layout.contentSize == Size(width: 400, height: 200))
        let kinds = layout.allAttributes(contentOffset: .zero).compactMap(\.kind)
        #expect(kinds == [.header, .leadingSupplementary, .trailingSupplementary])
        let leading = layout.attributesForSupplementaryElement(
            ofKind: .leadingSupplementary,
            at: IndexPath(section: 0, item: 0),
            contentOffset: .zero
        )
        #expect(leading?.zIndex == 3 && leading?.category == .supplementaryView)
        #expect(layout.elementCount == 6)
    }

    @Test func aTallLeadingItemThatTakesRoomLengthensItsSection() throws {
        let layout = try CompositionalLayoutTests.layout(
            Self.verticalSection(leadingHeight: 300),
            sections: [SectionInput(count: 3), SectionInput(count: 1)],
            viewport: Size(width: 400, height: 600)
        )
        // The body runs from 30 to 30 + 300 rather than to 200; the next section starts there.
        #expect(Self.supplementary(layout, .leadingSupplementary) == Rect(20, 30, 40, 300))
        let next = layout.attributesForSupplementaryElement(
            ofKind: .header,
            at: IndexPath(section: 1, item: 0),
            contentOffset: .zero
        )
        #expect(next?.frame == Rect(20, 330, 360, 30))
    }

    @Test func rightToLeftMirrorsTheSideItemsOfAVerticalSection() throws {
        let layout = try CompositionalLayoutTests.layout(
            Self.verticalSection(),
            sections: [SectionInput(count: 3)],
            viewport: Size(width: 400, height: 600),
            direction: .rightToLeft
        )
        #expect(cellFrames(layout) == [Rect(20, 40, 320, 50), Rect(20, 90, 320, 50), Rect(20, 140, 320, 50)])
        #expect(Self.supplementary(layout, .leadingSupplementary) == Rect(340, 30, 40, 100))
        #expect(Self.supplementary(layout, .trailingSupplementary) == Rect(20, 30, 30, 200))
        #expect(Self.supplementary(layout, .header) == Rect(20, 0, 360, 30))
    }

    @Test func topAndBottomItemsSitBesideAHorizontalSection() throws {
        let layout = try CompositionalLayoutTests.layout(
            Self.horizontalSection(),
            sections: [SectionInput(count: 3)],
            viewport: Size(width: 400, height: 300)
        )
        // Room across: 300 − 10 − 10 = 280, less 40 above and 30 below: columns 210 high from y = 10 + 40.
        // Along: header 0…20, leading inset 5, columns at 25, 125, 225, trailing inset 5: 330 long.
        #expect(cellFrames(layout) == [Rect(25, 50, 100, 210), Rect(125, 50, 100, 210), Rect(225, 50, 100, 210)])
        #expect(Self.supplementary(layout, .header) == Rect(0, 10, 20, 280))
        #expect(Self.supplementary(layout, .topSupplementary) == Rect(20, 10, 150, 40))
        #expect(Self.supplementary(layout, .bottomSupplementary) == Rect(20, 260, 50, 30))
        #expect(Self.supplementary(layout, .leadingSupplementary) == nil)
        #expect(layout.contentSize == Size(width: 330, height: 300))
    }

    @Test func aBottomItemThatTakesNoRoomOverlapsTheColumns() throws {
        let layout = try CompositionalLayoutTests.layout(
            Self.horizontalSection(bottomExtends: false),
            sections: [SectionInput(count: 1)],
            viewport: Size(width: 400, height: 300)
        )
        // Only the top item's 40 leaves the room: columns 240 high from y = 50.
        #expect(cellFrames(layout) == [Rect(25, 50, 100, 240)])
        #expect(Self.supplementary(layout, .bottomSupplementary) == Rect(20, 260, 50, 30))
    }

    @Test func rightToLeftMirrorsTheSideItemsOfAHorizontalSection() throws {
        let layout = try CompositionalLayoutTests.layout(
            Self.horizontalSection(),
            sections: [SectionInput(count: 3)],
            viewport: Size(width: 400, height: 300),
            direction: .rightToLeft
        )
        // Mirrored in the 330-point content: x ↦ 330 − maxX.
        #expect(cellFrames(layout) == [Rect(205, 50, 100, 210), Rect(105, 50, 100, 210), Rect(5, 50, 100, 210)])
        #expect(Self.supplementary(layout, .header) == Rect(310, 10, 20, 280))
        #expect(Self.supplementary(layout, .topSupplementary) == Rect(160, 10, 150, 40))
        #expect(Self.supplementary(layout, .bottomSupplementary) == Rect(260, 260, 50, 30))
    }

    @Test func aPinnedLeadingItemFollowsTheViewportWithinItsSection() throws {
        let layout = try CompositionalLayoutTests.layout(
            Self.verticalSection(pinsLeading: true),
            sections: [SectionInput(count: 10), SectionInput(count: 5)],
            viewport: Size(width: 400, height: 600)
        )
        // Section 0's body runs 30…550 (rows at 40 + 50k, bottom inset 10): the item stays between 30 and 450.
        for (offset, y) in [(0.0, 30.0), (200, 200), (500, 450)] {
            let point = Point(x: 0, y: offset)
            #expect(Self.supplementary(layout, .leadingSupplementary, offset: point) == Rect(20, y, 40, 100))
            let inRect = layout.attributes(in: Rect(0, y + 1, 60, 10), contentOffset: point)
            #expect(inRect.contains { $0.kind == .leadingSupplementary && $0.indexPath.section == 0 })
        }
    }

    @Test func aPinnedLeadingItemStaysBelowAPinnedHeader() throws {
        var configuration = Self.verticalSection(pinsLeading: true)
        configuration.section.boundarySupplementaryItems[0].pinsToVisibleBounds = true
        let layout = try CompositionalLayoutTests.layout(
            configuration,
            sections: [SectionInput(count: 10), SectionInput(count: 5)],
            viewport: Size(width: 400, height: 600)
        )
        // The header (30 high) pins between 0 and 550 − 30; the item just below it, still no further than 450.
        for (offset, headerY, itemY) in [(0.0, 0.0, 30.0), (200, 200, 230), (500, 500, 450)] {
            let point = Point(x: 0, y: offset)
            #expect(Self.supplementary(layout, .header, offset: point) == Rect(20, headerY, 360, 30))
            #expect(Self.supplementary(layout, .leadingSupplementary, offset: point) == Rect(20, itemY, 40, 100))
        }
    }

    @Test(arguments: [FlowLayout.ScrollDirection.vertical, .horizontal], [LayoutDirection.leftToRight, .rightToLeft])
    func rectQueriesOverSideItemsMatchABruteForceScan(direction: FlowLayout.ScrollDirection, writing: LayoutDirection)
        throws
    {
        var random = RandomLayouts(seed: 0x51DE)
        var configuration = direction == .vertical ? Self.verticalSection(pinsLeading: true) : Self.horizontalSection()
        configuration.section.boundarySupplementaryItems = configuration.section.boundarySupplementaryItems.map {
            var item = $0
            item.pinsToVisibleBounds = true
            return item
        }
        let layout = try CompositionalLayoutTests.layout(
            configuration,
            sections: (0..<6).map { _ in SectionInput(count: random.int(0...30)) },
            viewport: Size(width: 400, height: 300),
            direction: writing
        )
        for _ in 0..<200 {
            let offset = Point(
                x: random.double(-100...layout.contentSize.width).rounded(),
                y: random.double(-100...layout.contentSize.height).rounded()
            )
            let rect = random.rect(in: layout.contentSize)
            let expected = layout.allAttributes(contentOffset: offset).filter { $0.frame.intersects(rect) }
            #expect(layout.attributes(in: rect, contentOffset: offset) == expected)
        }
    }

    @Test func sideKindsMustMatchTheScrollDirection() throws {
        var configuration = Self.verticalSection()
        configuration.section.boundarySupplementaryItems[1].kind = .topSupplementary
        #expect(throws: LayoutError.invalidParameter(name: "section/boundarySupplementaryItems", section: nil)) {
            try CompositionalLayoutTests.layout(configuration, sections: [SectionInput(count: 1)])
        }
        // A named header keeps its name along the leading edge of a vertical layout, as before side items.
        var named = Self.verticalSection()
        named.section.boundarySupplementaryItems = [
            C.BoundarySupplementaryItem(
                alignment: .leading,
                size: .init(width: .fractionalWidth(1), height: .absolute(30)),
                kind: .header
            )
        ]
        let layout = try CompositionalLayoutTests.layout(named, sections: [SectionInput(count: 1)])
        #expect(Self.supplementary(layout, .header) == Rect(20, 0, 335, 30))
        // Two items at one edge are refused.
        var twice = Self.verticalSection()
        twice.section.boundarySupplementaryItems.append(twice.section.boundarySupplementaryItems[1])
        #expect(throws: LayoutError.invalidParameter(name: "section/boundarySupplementaryItems", section: nil)) {
            try CompositionalLayoutTests.layout(twice, sections: [SectionInput(count: 1)])
        }
    }
}
