import LayoutEngine
import Testing

/// The three image-free examples of Apple's "Implementing Modern Collection Views" sample, and the model's parts,
/// against frames computed by hand.
@Suite struct CompositionalLayoutTests {
    typealias C = CompositionalLayout

    /// Apple's grid: five square cells a row, each inset by 2.
    static func grid() -> C.Configuration {
        var item = C.Item(size: .init(width: .fractionalWidth(0.2), height: .fractionalHeight(1)))
        item.contentInsets = .init(top: 2, leading: 2, bottom: 2, trailing: 2)
        let group = C.Group(size: .init(width: .fractionalWidth(1), height: .fractionalWidth(0.2)), subitems: [.item(item)])
        var configuration = C.Configuration()
        configuration.section = C.Section(group: group)
        return configuration
    }

    /// Apple's list with pinned section headers (and footers that do not pin).
    static func pinnedList() -> C.Configuration {
        let group = C.Group(size: .init(width: .fractionalWidth(1), height: .absolute(44)))
        var section = C.Section(group: group)
        section.interGroupSpacing = 5
        section.contentInsets = .init(leading: 10, trailing: 10)
        var header = C.BoundarySupplementaryItem(
            alignment: .top,
            size: .init(width: .fractionalWidth(1), height: .estimated(44))
        )
        header.pinsToVisibleBounds = true
        header.zIndex = 2
        let footer = C.BoundarySupplementaryItem(
            alignment: .bottom,
            size: .init(width: .fractionalWidth(1), height: .estimated(44))
        )
        section.boundarySupplementaryItems = [header, footer]
        var configuration = C.Configuration()
        configuration.section = section
        return configuration
    }

    /// Apple's orthogonal section: a big leading cell and a column of two, 85 % wide groups paging sideways.
    static func orthogonal(_ behavior: C.OrthogonalScrollingBehavior = .paging) -> C.Configuration {
        var leading = C.Item(size: .init(width: .fractionalWidth(0.7), height: .fractionalHeight(1)))
        leading.contentInsets = .init(top: 10, leading: 10, bottom: 10, trailing: 10)
        var trailing = C.Item(size: .init(width: .fractionalWidth(1), height: .fractionalHeight(0.3)))
        trailing.contentInsets = .init(top: 10, leading: 10, bottom: 10, trailing: 10)
        let column = C.Group(
            layout: .vertical,
            size: .init(width: .fractionalWidth(0.3), height: .fractionalHeight(1)),
            subitems: [.item(trailing)],
            count: 2
        )
        let container = C.Group(
            size: .init(width: .fractionalWidth(0.85), height: .fractionalHeight(0.4)),
            subitems: [.item(leading), .group(column)]
        )
        var section = C.Section(group: container)
        section.orthogonalScrollingBehavior = behavior
        section.boundarySupplementaryItems = [
            C.BoundarySupplementaryItem(alignment: .top, size: .init(width: .fractionalWidth(1), height: .estimated(44)))
        ]
        var configuration = C.Configuration()
        configuration.section = section
        return configuration
    }

    static func layout(
        _ configuration: C.Configuration,
        sections: [SectionInput],
        viewport: Size = Size(width: 375, height: 667),
        direction: LayoutDirection = .leftToRight
    ) throws -> PreparedLayout {
        try prepare(
            LayoutInput(viewport: viewport, layoutDirection: direction, sections: sections),
            .compositional(configuration)
        )
    }

    @Test func theGridPutsFiveInsetSquaresInEachRow() throws {
        let layout = try Self.layout(Self.grid(), sections: [SectionInput(count: 12)])
        let frames = cellFrames(layout)
        #expect(frames.count == 12)
        // Each slot is 375 / 5 = 75 points square; the cell is the slot less 2 on each side.
        for (item, frame) in frames.enumerated() {
            let expected = Rect(Double(item % 5) * 75 + 2, Double(item / 5) * 75 + 2, 71, 71)
            #expect(isClose(frame, expected), "item \(item): \(frame)")
        }
        // Three rows: the last one partial but as tall as the others.
        #expect(layout.contentSize == Size(width: 375, height: 225))
    }

    @Test func theListPinsItsHeadersWithinTheirSection() throws {
        let layout = try Self.layout(Self.pinnedList(), sections: [SectionInput(count: 5), SectionInput(count: 5)])
        let all = layout.allAttributes(contentOffset: .zero)
        let cells = all.filter { $0.category == .cell }
        // Header 44, then rows of 44 every 49 (spacing 5), inset 10 on each side: 355 wide.
        for item in 0..<5 {
            #expect(cells[item].frame == Rect(10, 44 + Double(item) * 49, 355, 44))
        }
        let header = all.first { $0.kind == .header && $0.indexPath.section == 0 }
        #expect(header?.frame == Rect(10, 0, 355, 44))
        #expect(header?.zIndex == 2)
        // The last row ends at 240 + 44 = 284; the footer follows, and section 1 starts after it at 328.
        let footer = all.first { $0.kind == .footer && $0.indexPath.section == 0 }
        #expect(footer?.frame == Rect(10, 284, 355, 44))
        #expect(cells[5].frame == Rect(10, 372, 355, 44))
        #expect(layout.contentSize == Size(width: 375, height: 656))
        // Scrolled to 100 the header sticks to the top; at 300 it stops where its last row ends (284 − 44).
        let pinned = { (y: Double) in
            layout.attributesForSupplementaryElement(ofKind: .header, at: IndexPath(section: 0, item: 0), contentOffset: Point(x: 0, y: y))?.frame
        }
        #expect(pinned(100) == Rect(10, 100, 355, 44))
        #expect(pinned(300) == Rect(10, 240, 355, 44))
        let unpinnedFooter = layout.attributesForSupplementaryElement(
            ofKind: .footer,
            at: IndexPath(section: 0, item: 0),
            contentOffset: Point(x: 0, y: 100)
        )
        #expect(unpinnedFooter?.frame == Rect(10, 284, 355, 44))
    }

    @Test func theOrthogonalSectionLaysItsGroupsSideBySide() throws {
        let layout = try Self.layout(
            Self.orthogonal(),
            sections: [SectionInput(count: 7)],
            viewport: Size(width: 400, height: 600)
        )
        let frames = cellFrames(layout)
        // Group: 0.85 × 400 = 340 wide, 0.4 × 600 = 240 high, below the 44-point header. Leading cell 0.7 × 340 =
        // 238 wide; the column 0.3 × 340 = 102 wide holds two 120-high cells; every cell inset by 10.
        let expected: [Rect] = [
            Rect(10, 54, 218, 220), Rect(248, 54, 82, 100), Rect(248, 174, 82, 100),
            Rect(350, 54, 218, 220), Rect(588, 54, 82, 100), Rect(588, 174, 82, 100),
            Rect(690, 54, 218, 220),
        ]
        #expect(frames.count == expected.count)
        for (frame, hand) in zip(frames, expected) { #expect(isClose(frame, hand), "\(frame) vs \(hand)") }
        #expect(layout.contentSize == Size(width: 400, height: 284))
    }

    @Test func anOrthogonalOffsetMovesOnlyThatSectionsCells() throws {
        let layout = try Self.layout(
            Self.orthogonal(),
            sections: [SectionInput(count: 7)],
            viewport: Size(width: 400, height: 600)
        )
        let moved = layout.allAttributes(contentOffset: .zero, orthogonalOffsets: [100])
        #expect(isClose(moved.first { $0.indexPath.item == 3 && $0.category == .cell }!.frame, Rect(250, 54, 218, 220)))
        #expect(moved.first { $0.kind == .header }?.frame == Rect(0, 0, 400, 44))
        let item = layout.attributesForItem(at: IndexPath(section: 0, item: 0), contentOffset: .zero, orthogonalOffsets: [100])
        #expect(isClose(item!.frame, Rect(-90, 54, 218, 220)))
    }

    @Test func orthogonalRectQueriesMatchABruteForceScan() throws {
        var random = RandomLayouts(seed: 0x0D7)
        for _ in 0..<80 {
            var (input, configuration) = random.layout(kind: .compositional)
            if case .compositional(var compositional) = configuration {
                compositional.section.orthogonalScrollingBehavior = .continuous
                compositional.scrollDirection = .vertical
                configuration = .compositional(compositional)
            }
            input.sections.append(SectionInput(count: random.int(0...200)))
            let layout = try prepare(input, configuration)
            for _ in 0..<10 {
                let offsets = input.sections.map { _ in random.double(-50...600).rounded() }
                let offset = Point(x: 0, y: random.double(0...Swift.max(0, layout.contentSize.height)))
                let rect = random.rect(in: Size(width: layout.contentSize.width + 400, height: layout.contentSize.height))
                let expected = layout.allAttributes(contentOffset: offset, orthogonalOffsets: offsets)
                    .filter { $0.frame.intersects(rect) }
                #expect(layout.attributes(in: rect, contentOffset: offset, orthogonalOffsets: offsets) == expected)
            }
        }
    }

    @Test(arguments: [
        (C.OrthogonalScrollingBehavior.paging, 250.0, 0.0, 400.0),
        (.paging, 700, 0, 620),
        (.paging, 100, 500, 400),
        (.paging, 380, -500, 0),
        (.groupPaging, 200, 0, 340),
        (.continuousGroupLeadingBoundary, 100, 0, 0),
        (.continuousGroupLeadingBoundary, 100, 400, 340),
        (.groupPagingCentered, 300, 0, 310),
        (.groupPagingCentered, 0, 0, 0),
        (.continuous, 123, 900, 123),
    ])
    func orthogonalSnappingFollowsTheBehaviour(
        behavior: C.OrthogonalScrollingBehavior,
        proposed: Double,
        velocity: Double,
        expected: Double
    ) throws {
        // Nine cells: three groups of 340 at 0, 340, 680; 1020 wide, so offsets run 0…620 in a 400-wide viewport.
        let layout = try Self.layout(
            Self.orthogonal(behavior),
            sections: [SectionInput(count: 9)],
            viewport: Size(width: 400, height: 600)
        )
        let target = layout.targetOrthogonalOffset(forProposedOffset: proposed, velocity: velocity, section: 0)
        #expect(target.map { isClose($0, expected) } == true, "\(behavior) \(proposed) → \(String(describing: target))")
    }

    @Test func rightToLeftMirrorsCellsAndTheOrthogonalOffset() throws {
        let layout = try Self.layout(
            Self.orthogonal(),
            sections: [SectionInput(count: 7)],
            viewport: Size(width: 400, height: 600),
            direction: .rightToLeft
        )
        let first = layout.attributesForItem(at: IndexPath(section: 0, item: 0), contentOffset: .zero)
        #expect(isClose(first!.frame, Rect(172, 54, 218, 220)))
        let scrolled = layout.attributesForItem(
            at: IndexPath(section: 0, item: 0),
            contentOffset: .zero,
            orthogonalOffsets: [100]
        )
        #expect(isClose(scrolled!.frame, Rect(272, 54, 218, 220)))
    }

    @Test func flexibleEdgeSpacingSharesTheLeftoverRoom() throws {
        var item = C.Item(size: .init(width: .absolute(100), height: .absolute(50)))
        item.edgeSpacing = C.EdgeSpacing(leading: .flexible(0), top: .fixed(5), trailing: .flexible(0))
        var configuration = C.Configuration()
        configuration.section = C.Section(
            group: C.Group(size: .init(width: .fractionalWidth(1), height: .absolute(60)), subitems: [.item(item)])
        )
        let layout = try Self.layout(configuration, sections: [SectionInput(count: 3)])
        // Three 100-point cells fit in 375; the 75 left is shared by six flexible edges: 12.5 each.
        #expect(cellFrames(layout) == [Rect(12.5, 5, 100, 50), Rect(137.5, 5, 100, 50), Rect(262.5, 5, 100, 50)])
    }

    @Test func countGroupsSizeTheirCopiesToFillWithFixedSpacing() throws {
        var group = C.Group(size: .init(width: .fractionalWidth(1), height: .absolute(40)), count: 3)
        group.interItemSpacing = .fixed(7.5)
        var section = C.Section(group: group)
        section.contentInsets = .init(top: 4, leading: 20, bottom: 6, trailing: 10)
        section.interGroupSpacing = 8
        var configuration = C.Configuration()
        configuration.section = section
        let layout = try Self.layout(configuration, sections: [SectionInput(count: 4)])
        // 375 − 30 of insets = 345; less two spacings of 7.5 = 330; three copies of 110.
        #expect(
            cellFrames(layout) == [
                Rect(20, 4, 110, 40), Rect(137.5, 4, 110, 40), Rect(255, 4, 110, 40), Rect(20, 52, 110, 40),
            ]
        )
        #expect(layout.contentSize.height == 4 + 40 + 8 + 40 + 6)
    }

    @Test func customGroupsRepeatTheirFrames() throws {
        var configuration = C.Configuration()
        configuration.section = C.Section(
            group: C.Group(
                layout: .custom([Rect(0, 0, 100, 100), Rect(100, 0, 100, 50), Rect(100, 50, 100, 50)]),
                size: .init(width: .absolute(200), height: .absolute(100))
            )
        )
        configuration.section.interGroupSpacing = 10
        let layout = try Self.layout(configuration, sections: [SectionInput(count: 5)])
        #expect(cellFrames(layout).suffix(2) == [Rect(0, 110, 100, 100), Rect(100, 110, 100, 50)])
    }

    @Test func aBackgroundSpansTheSectionLessItsInsets() throws {
        var configuration = Self.pinnedList()
        configuration.section.background = .init(top: 1, leading: 2, bottom: 3, trailing: 4)
        configuration.interSectionSpacing = 20
        let layout = try Self.layout(configuration, sections: [SectionInput(count: 1), SectionInput(count: 1)])
        // Section 0: header 44 + row 44 + footer 44 = 132; section 1 starts 20 further, at 152.
        let background = layout.attributesForDecorationElement(
            ofKind: .background,
            at: IndexPath(section: 1, item: 0),
            contentOffset: .zero
        )
        #expect(background?.frame == Rect(2, 153, 369, 128))
        #expect(background?.zIndex == -1)
    }

    @Test func aSectionsOwnDescriptionWinsOverTheLayouts() throws {
        var special = SectionInput(count: 2)
        special.overrides.compositionalSection = Self.grid().section
        let layout = try Self.layout(Self.pinnedList(), sections: [special])
        #expect(cellFrames(layout).map(\.width) == [71, 71])
    }

    @Test func measuredSizesReplaceEstimatesThroughInvalidation() throws {
        let item = C.Item(size: .init(width: .fractionalWidth(1), height: .estimated(44)))
        var configuration = C.Configuration()
        configuration.section = C.Section(
            group: C.Group(size: .init(width: .fractionalWidth(1), height: .estimated(44)), subitems: [.item(item)])
        )
        var live = try LiveLayout(
            input: LayoutInput(sections: [SectionInput(count: 3)]),
            configuration: .compositional(configuration)
        )
        #expect(cellFrames(live.prepared).map(\.minY) == [0, 44, 88])
        let result = try live.invalidate(InvalidationContext(itemSizes: [IndexPath(section: 0, item: 1): Size(width: 375, height: 80)]))
        #expect(cellFrames(live.prepared) == [Rect(0, 0, 375, 44), Rect(0, 44, 375, 80), Rect(0, 124, 375, 44)])
        #expect(result.contentSizeAdjustment == Size(width: 0, height: 36))
    }

    @Test func aHorizontalLayoutPutsSectionsSideBySideWithLeadingHeaders() throws {
        // Columns of three 100-point rows in a 300-point-high viewport, a header 30 wide before each section.
        let column = C.Group(
            layout: .vertical,
            size: .init(width: .absolute(80), height: .fractionalHeight(1)),
            subitems: [.item(C.Item(size: .init(width: .fractionalWidth(1), height: .absolute(100))))]
        )
        var section = C.Section(group: column)
        section.interGroupSpacing = 10
        section.contentInsets = .init(top: 0, leading: 5, bottom: 0, trailing: 5)
        section.boundarySupplementaryItems = [
            C.BoundarySupplementaryItem(alignment: .leading, size: .init(width: .absolute(30), height: .fractionalHeight(1)))
        ]
        var configuration = C.Configuration()
        configuration.section = section
        configuration.scrollDirection = .horizontal
        let layout = try Self.layout(
            configuration,
            sections: [SectionInput(count: 4), SectionInput(count: 1)],
            viewport: Size(width: 200, height: 300)
        )
        // Section 0: header 0…30, inset 5, columns at 35 and 125 (80 wide, 10 apart), inset 5: 210 long.
        #expect(
            cellFrames(layout) == [
                Rect(35, 0, 80, 100), Rect(35, 100, 80, 100), Rect(35, 200, 80, 100), Rect(125, 0, 80, 100),
                Rect(245, 0, 80, 100),
            ]
        )
        let header = layout.attributesForSupplementaryElement(ofKind: .header, at: IndexPath(section: 1, item: 0), contentOffset: .zero)
        #expect(header?.frame == Rect(210, 0, 30, 300))
        #expect(layout.contentSize == Size(width: 210 + 120, height: 300))
    }

    @Test func manySectionsOfHugeGroupsAreRefusedRatherThanLaidOut() throws {
        // Each section's own group holds 100,000 one-point cells; ten fit the layout's budget of a million.
        var huge = C.Section(
            group: C.Group(
                size: .init(width: .absolute(100_000), height: .absolute(1)),
                subitems: [.item(C.Item(size: .init(width: .absolute(1), height: .absolute(1))))]
            )
        )
        huge.interGroupSpacing = 0
        var section = SectionInput(count: 1)
        section.overrides.compositionalSection = huge
        #expect(try Self.layout(C.Configuration(), sections: Array(repeating: section, count: 10)).elementCount == 10)
        #expect(throws: LayoutError.invalidParameter(name: "section/group", section: 10)) {
            try Self.layout(C.Configuration(), sections: Array(repeating: section, count: 11))
        }
        // Sections sharing the layout's description share its one template.
        var configuration = C.Configuration()
        configuration.section = huge
        #expect(try Self.layout(configuration, sections: Array(repeating: SectionInput(count: 1), count: 50)).elementCount == 50)
    }

    @Test func badDescriptionsAreRefusedWithTheirName() throws {
        var configuration = C.Configuration()
        configuration.section.group.subitems = []
        #expect(throws: LayoutError.invalidParameter(name: "section/group", section: nil)) {
            try Self.layout(configuration, sections: [SectionInput(count: 1)])
        }
        var tiny = C.Configuration()
        tiny.section.group.subitems = [.item(C.Item(size: .init(width: .absolute(0.0001), height: .absolute(1))))]
        tiny.section.group.size = .init(width: .absolute(1_000_000), height: .absolute(10))
        #expect(throws: LayoutError.invalidParameter(name: "section/group", section: 0)) {
            try Self.layout(tiny, sections: [SectionInput(count: 1)])
        }
    }
}
