import LayoutEngine
import Testing

/// `compositional`'s supplementary items anchored to items and groups (`NSCollectionLayoutSupplementaryItem`,
/// `NSCollectionLayoutAnchor`), against frames computed by hand for every edge set and offset kind, in both scroll
/// directions and both writing directions, and rect queries (decorations of named kinds included) against a
/// brute-force scan.
@Suite struct CompositionalAnchoredTests {
    typealias C = CompositionalLayout

    static let badge = ElementName("badge")!
    static let frame = ElementName("groupFrame")!

    /// The edge sets an anchor may name, each with where a 20 × 10 badge lands on a 100 × 80 cell at the origin
    /// before any offset (worked by hand: a named edge lies on the cell's, an axis without one centres it).
    static let edgeCases: [(C.AnchorEdges, Double, Double)] = [
        ([], 40, 35),
        ([.top], 40, 0),
        ([.bottom], 40, 70),
        ([.leading], 0, 35),
        ([.trailing], 80, 35),
        ([.top, .leading], 0, 0),
        ([.top, .trailing], 80, 0),
        ([.bottom, .leading], 0, 70),
        ([.bottom, .trailing], 80, 70),
    ]

    /// The offset kinds, each with the move it makes for a 20 × 10 badge: none; fractional (0.5, −0.5) of the
    /// badge's own size is (10, −5); absolute (3, −4) points is (3, −4).
    static let offsetCases: [(C.AnchorOffset, Double, Double)] = [
        (.absolute(.zero), 0, 0),
        (.fractional(Point(x: 0.5, y: -0.5)), 10, -5),
        (.absolute(Point(x: 3, y: -4)), 3, -4),
    ]

    static var cases: [(Int, Int)] {
        Self.edgeCases.indices.flatMap { edge in Self.offsetCases.indices.map { (edge, $0) } }
    }

    /// Cells of 100 × 80: four to a 400-point row when vertical; two to a 160-point column when horizontal.
    static func configuration(
        _ badge: C.SupplementaryItem,
        scrollDirection: FlowLayout.ScrollDirection,
        group groupItems: [C.SupplementaryItem] = []
    ) -> C.Configuration {
        var configuration = C.Configuration()
        configuration.scrollDirection = scrollDirection
        var group: C.Group
        if scrollDirection == .vertical {
            var item = C.Item(size: .init(width: .fractionalWidth(0.25), height: .fractionalHeight(1)))
            item.supplementaryItems = [badge]
            group = C.Group(layout: .horizontal, size: .init(width: .fractionalWidth(1), height: .absolute(80)))
            group.subitems = [.item(item)]
        } else {
            var item = C.Item(size: .init(width: .fractionalWidth(1), height: .fractionalHeight(0.5)))
            item.supplementaryItems = [badge]
            group = C.Group(layout: .vertical, size: .init(width: .absolute(100), height: .fractionalHeight(1)))
            group.subitems = [.item(item)]
        }
        group.supplementaryItems = groupItems
        configuration.section = C.Section(group: group)
        return configuration
    }

    static func badge(_ edges: C.AnchorEdges, _ offset: C.AnchorOffset) -> C.SupplementaryItem {
        C.SupplementaryItem(
            kind: Self.badge,
            size: .init(width: .absolute(20), height: .absolute(10)),
            anchor: C.Anchor(edges: edges, offset: offset)
        )
    }

    static func badgeFrame(_ layout: PreparedLayout, section: Int = 0, item: Int) -> Rect? {
        layout.attributesForSupplementaryElement(
            ofKind: .named(Self.badge),
            at: IndexPath(section: section, item: item),
            contentOffset: .zero
        )?.frame
    }

    @Test(arguments: Self.cases)
    func aBadgeSitsOnItsCellInAVerticalLayout(edge: Int, offset: Int) throws {
        let (edges, x, y) = Self.edgeCases[edge]
        let (anchorOffset, dx, dy) = Self.offsetCases[offset]
        let layout = try CompositionalLayoutTests.layout(
            Self.configuration(Self.badge(edges, anchorOffset), scrollDirection: .vertical),
            sections: [SectionInput(count: 6)],
            viewport: Size(width: 400, height: 600)
        )
        // Item 5 is the second cell of the second row: its cell is (100, 80, 100, 80).
        #expect(Self.badgeFrame(layout, item: 5) == Rect(100 + x + dx, 80 + y + dy, 20, 10))
        #expect(Self.badgeFrame(layout, item: 0) == Rect(x + dx, y + dy, 20, 10))
        #expect(Self.badgeFrame(layout, item: 6) == nil)
        // Right to left mirrors it in the 400-point content: x becomes 400 − (x + 20).
        let mirrored = try CompositionalLayoutTests.layout(
            Self.configuration(Self.badge(edges, anchorOffset), scrollDirection: .vertical),
            sections: [SectionInput(count: 6)],
            viewport: Size(width: 400, height: 600),
            direction: .rightToLeft
        )
        #expect(Self.badgeFrame(mirrored, item: 5) == Rect(400 - (100 + x + dx + 20), 80 + y + dy, 20, 10))
    }

    @Test(arguments: Self.cases)
    func aBadgeSitsOnItsCellInAHorizontalLayout(edge: Int, offset: Int) throws {
        let (edges, x, y) = Self.edgeCases[edge]
        let (anchorOffset, dx, dy) = Self.offsetCases[offset]
        let configuration = Self.configuration(Self.badge(edges, anchorOffset), scrollDirection: .horizontal)
        let layout = try CompositionalLayoutTests.layout(
            configuration,
            sections: [SectionInput(count: 6)],
            viewport: Size(width: 300, height: 160)
        )
        // Item 3 is the second cell of the second column: its cell is (100, 80, 100, 80); content 300 wide.
        #expect(layout.contentSize == Size(width: 300, height: 160))
        #expect(Self.badgeFrame(layout, item: 3) == Rect(100 + x + dx, 80 + y + dy, 20, 10))
        let mirrored = try CompositionalLayoutTests.layout(
            configuration,
            sections: [SectionInput(count: 6)],
            viewport: Size(width: 300, height: 160),
            direction: .rightToLeft
        )
        #expect(Self.badgeFrame(mirrored, item: 3) == Rect(300 - (100 + x + dx + 20), 80 + y + dy, 20, 10))
    }

    @Test func aFractionalSizeIsOfTheCellAndTheBadgeTakesNoRoom() throws {
        var badge = Self.badge([.top, .trailing], .fractional(Point(x: 0.5, y: -0.5)))
        badge.size = .init(width: .fractionalWidth(0.1), height: .fractionalHeight(0.25))
        badge.zIndex = 7
        let layout = try CompositionalLayoutTests.layout(
            Self.configuration(badge, scrollDirection: .vertical),
            sections: [SectionInput(count: 4), SectionInput(count: 4)],
            viewport: Size(width: 400, height: 600)
        )
        // 10 × 20 on a 100 × 80 cell, centred on its top-trailing corner: (100 − 10 + 5, 0 − 10).
        let attributes = layout.attributesForSupplementaryElement(
            ofKind: .named(Self.badge),
            at: IndexPath(section: 0, item: 0),
            contentOffset: .zero
        )
        #expect(attributes?.frame == Rect(95, -10, 10, 20))
        #expect(attributes?.zIndex == 7 && attributes?.category == .supplementaryView)
        #expect(attributes?.kind?.rawValue == "badge")
        // Sections stay 80 long: the second section's cells start at 80.
        #expect(cellFrames(layout)[4] == Rect(0, 80, 100, 80))
        #expect(layout.contentSize.height == 160)
        // Each cell is followed, in the stable order, by nothing: badges come after the section's cells.
        let kinds = layout.allAttributes(contentOffset: .zero).map { $0.kind?.rawValue ?? "cell" }
        #expect(kinds == Array(repeating: "cell", count: 4) + Array(repeating: "badge", count: 4)
            + Array(repeating: "cell", count: 4) + Array(repeating: "badge", count: 4))
    }

    @Test func aGroupSupplementaryFramesEachRepetitionAtItsFirstCell() throws {
        let frame = C.SupplementaryItem(
            kind: Self.frame,
            size: .init(width: .fractionalWidth(1), height: .fractionalHeight(1)),
            anchor: C.Anchor(edges: [])
        )
        var configuration = Self.configuration(
            Self.badge([.top], .absolute(.zero)),
            scrollDirection: .vertical,
            group: [frame]
        )
        configuration.section.interGroupSpacing = 10
        let layout = try CompositionalLayoutTests.layout(
            configuration,
            sections: [SectionInput(count: 10)],
            viewport: Size(width: 400, height: 600)
        )
        // Three rows 80 high, 10 apart: at 0, 90, 180; the frames have items 0, 4 and 8.
        for (row, item) in [0, 4, 8].enumerated() {
            let attributes = layout.attributesForSupplementaryElement(
                ofKind: .named(Self.frame),
                at: IndexPath(section: 0, item: item),
                contentOffset: .zero
            )
            #expect(attributes?.frame == Rect(0, Double(row) * 90, 400, 80))
        }
        #expect(
            layout.attributesForSupplementaryElement(
                ofKind: .named(Self.frame),
                at: IndexPath(section: 0, item: 5),
                contentOffset: .zero
            ) == nil
        )
        let inRow = layout.attributes(in: Rect(0, 95, 400, 10), contentOffset: .zero)
        #expect(inRow.filter { $0.kind == .named(Self.frame) }.map(\.indexPath.item) == [4])
    }

    @Test func aBadgeOutsideItsCellIsFoundByARectQuery() throws {
        // A badge 30 points below its cell's bottom edge: the rect holds the badge of row 0 only.
        let layout = try CompositionalLayoutTests.layout(
            Self.configuration(Self.badge([.bottom], .absolute(Point(x: 0, y: 40))), scrollDirection: .vertical),
            sections: [SectionInput(count: 40)],
            viewport: Size(width: 400, height: 600)
        )
        // Row 0's badges lie at y 80 + 30 = 110…120, over row 1's cells (80…160).
        let found = layout.attributes(in: Rect(0, 112, 50, 2), contentOffset: .zero)
        #expect(found.map { $0.kind?.rawValue ?? "cell" } == ["cell", "badge"])
        #expect(found.map(\.indexPath.item) == [4, 0])
    }

    @Test func anchorsWithOppositeEdgesOrRepeatedKindsAreRefused() {
        var opposite = Self.configuration(Self.badge([.top, .bottom], .absolute(.zero)), scrollDirection: .vertical)
        #expect(throws: LayoutError.invalidParameter(name: "section/group", section: nil)) {
            try CompositionalLayoutTests.layout(opposite, sections: [SectionInput(count: 1)])
        }
        opposite = Self.configuration(
            Self.badge([.top], .absolute(.zero)),
            scrollDirection: .vertical,
            group: [Self.badge([.bottom], .absolute(.zero))]
        )
        #expect(throws: LayoutError.invalidParameter(name: "section/group", section: nil)) {
            try CompositionalLayoutTests.layout(opposite, sections: [SectionInput(count: 1)])
        }
    }

    @Test func badgesFollowMeasuredCellsThroughInvalidationAsAFreshLayoutPlacesThem() throws {
        // A self-sizing list: rows estimated at 44, a 20 × 10 badge on each row's bottom-leading corner, and a
        // frame around each group repetition; 40 rows so that the section resumes from a checkpoint.
        var item = C.Item(size: .init(width: .fractionalWidth(1), height: .estimated(44)))
        item.supplementaryItems = [Self.badge([.bottom, .leading], .absolute(Point(x: 2, y: 3)))]
        var configuration = C.Configuration()
        configuration.section = C.Section(
            group: C.Group(size: .init(width: .fractionalWidth(1), height: .estimated(44)), subitems: [.item(item)])
        )
        let input = LayoutInput(viewport: Size(width: 300, height: 600), sections: [SectionInput(count: 40)])
        var live = try LiveLayout(input: input, configuration: .compositional(configuration))
        _ = try live.invalidate(
            InvalidationContext(itemSizes: [IndexPath(section: 0, item: 20): Size(width: 300, height: 100)])
        )
        // Row 20 starts at 20 × 44 = 880 and is 100 high: its badge's bottom lies on 980, moved down 3.
        let badge = live.prepared.attributesForSupplementaryElement(
            ofKind: .named(Self.badge),
            at: IndexPath(section: 0, item: 20),
            contentOffset: .zero
        )
        #expect(badge?.frame == Rect(2, 980 - 10 + 3, 20, 10))
        // Row 21 moved down by 56, from 924 to 980: its bottom is on 1024, and its badge moved with it.
        #expect(Self.badgeFrame(live.prepared, item: 21) == Rect(2, 1024 - 10 + 3, 20, 10))
        let fresh = try prepare(live.input, .compositional(configuration))
        #expect(live.prepared.allAttributes(contentOffset: .zero) == fresh.allAttributes(contentOffset: .zero))
    }

    @Test func tooManyBadgesInOneRepetitionAreRefusedBeforeTheyAreBuilt() throws {
        // 1,000 cells of 101 badges each: 101,000 supplementaries in one repetition, past the 100,000 allowed.
        var item = C.Item(size: .init(width: .absolute(1), height: .absolute(1)))
        item.supplementaryItems = (0..<101).map { index in
            C.SupplementaryItem(
                kind: ElementName("b\(index)")!,
                size: .init(width: .absolute(1), height: .absolute(1)),
                anchor: C.Anchor(edges: [])
            )
        }
        var configuration = C.Configuration()
        configuration.section = C.Section(
            group: C.Group(layout: .horizontal, size: .init(width: .absolute(1000), height: .absolute(1)),
                subitems: [.item(item)], count: 1000)
        )
        #expect(throws: LayoutError.invalidParameter(name: "section/group", section: 0)) {
            try CompositionalLayoutTests.layout(configuration, sections: [SectionInput(count: 1)])
        }
        // 99 badges each (99,000) are accepted.
        item.supplementaryItems.removeLast(2)
        configuration.section.group.subitems = [.item(item)]
        let layout = try CompositionalLayoutTests.layout(configuration, sections: [SectionInput(count: 2)])
        #expect(layout.allAttributes(contentOffset: .zero).count == 2 + 2 * 99)
    }

    @Test(arguments: [FlowLayout.ScrollDirection.vertical, .horizontal], [LayoutDirection.leftToRight, .rightToLeft])
    func rectQueriesOverBadgesMatchABruteForceScan(direction: FlowLayout.ScrollDirection, writing: LayoutDirection)
        throws
    {
        var random = RandomLayouts(seed: direction == .vertical ? 0xBAD6E : 0xBAD6F)
        for _ in 0..<60 {
            var configuration = C.Configuration()
            configuration.scrollDirection = direction
            configuration.section = random.compositionalSection(isVertical: direction == .vertical)
            configuration.section.group = Self.badged(configuration.section.group, &random, isTopLevel: true)
            if random.bool() {
                // A decoration of its own kind, sometimes reaching outside its section (negative insets).
                var decoration = C.DecorationItem(kind: ElementName("deco")!)
                decoration.contentInsets = .init(
                    top: random.double(-20...20).rounded(),
                    leading: random.double(-20...20).rounded(),
                    bottom: random.double(-20...20).rounded(),
                    trailing: random.double(-20...20).rounded()
                )
                configuration.section.decorationItems = [decoration]
            }
            let input = Self.randomInput(&random, writing: writing)
            let layout = try prepare(input, .compositional(configuration))
            let all = layout.allAttributes(contentOffset: .zero)
            #expect(all.contains { $0.kind?.isNamed == true } || all.isEmpty)
            Self.expectRectQueriesMatchAScan(layout, sections: input.sections.count, &random)
        }
    }

    /// One to three sections of up to 120 items in a 375 × 667 viewport.
    static func randomInput(_ random: inout RandomLayouts, writing: LayoutDirection) -> LayoutInput {
        LayoutInput(
            viewport: Size(width: 375, height: 667),
            layoutDirection: writing,
            sections: (0..<random.int(1...3)).map { _ in SectionInput(count: random.int(0...120)) }
        )
    }

    /// Twelve random rects around the layout, each section sometimes scrolled orthogonally: each rect query answers
    /// what a scan of every element keeps.
    static func expectRectQueriesMatchAScan(_ layout: PreparedLayout, sections: Int, _ random: inout RandomLayouts) {
        for _ in 0..<12 {
            let offsets = (0..<sections).map { _ in random.bool() ? 0 : random.double(-50...600).rounded() }
            let size = Size(width: layout.contentSize.width + 200, height: layout.contentSize.height + 200)
            let rect = random.rect(in: size).offsetBy(dx: -100, dy: -100)
            let expected = layout.allAttributes(contentOffset: .zero, orthogonalOffsets: offsets)
                .filter { $0.frame.intersects(rect) }
            let found = layout.attributes(in: rect, contentOffset: .zero, orthogonalOffsets: offsets)
            #expect(found == expected)
        }
    }

    /// `group` with a random badge on every item (nested groups' items too) and, at the top, a group frame.
    static func badged(_ group: C.Group, _ random: inout RandomLayouts, isTopLevel: Bool) -> C.Group {
        var group = group
        let edges: [C.AnchorEdges] = [[], [.top, .trailing], [.bottom, .leading], [.leading], [.bottom]]
        group.subitems = group.subitems.map { element in
            switch element {
            case .item(var item):
                let pick = random.int(0...4)
                var badge = Self.badge(
                    edges[pick],
                    random.bool()
                        ? .fractional(Point(x: random.double(-1...1).rounded(), y: -0.5))
                        : .absolute(Point(x: random.double(-30...30).rounded(), y: random.double(-30...30).rounded()))
                )
                badge.size = random.bool() ? .init(width: .absolute(24), height: .absolute(24))
                    : .init(width: .fractionalWidth(0.5), height: .fractionalHeight(0.25))
                // Every other edge set also takes an item anchor (no extra draw: the layouts stay those of the seed).
                if pick % 2 == 1 {
                    badge.itemAnchor = C.Anchor(edges: edges[(pick + 2) % 5], offset: .fractional(Point(x: 0.5, y: 0)))
                }
                item.supplementaryItems = [badge]
                return .item(item)
            case .group(let nested):
                return .group(Self.badged(nested, &random, isTopLevel: false))
            }
        }
        if isTopLevel && random.bool() {
            group.supplementaryItems = [
                C.SupplementaryItem(
                    kind: Self.frame,
                    size: .init(width: .fractionalWidth(1), height: .absolute(6)),
                    anchor: C.Anchor(edges: [.bottom], offset: .absolute(Point(x: 0, y: 8)))
                ),
            ]
        }
        return group
    }
}
