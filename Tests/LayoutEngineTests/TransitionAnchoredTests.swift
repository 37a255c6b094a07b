import LayoutEngine
import Testing

/// Transitions between `compositional` layouts with anchored supplementaries (badges), decorations of named kinds
/// and layout-wide boundary items: matched by kind and index path and interpolated, or fading at one end only (as
/// UIKit's initial and final attributes, alpha 0 where absent), against values computed by hand; rect queries
/// against a brute-force filter, both scroll directions and right to left.
@Suite struct TransitionAnchoredTests {
    typealias C = CompositionalLayout

    static let badge = ElementName("badge")!
    static let corner = ElementName("corner")!
    static let card = ElementName("card")!
    static let shadow = ElementName("shadow")!
    static let banner = ElementName("banner")!

    /// A 20 × 20 badge centred on its cell's top-trailing corner (Apple's "Item Badges").
    static let cornerBadge = C.SupplementaryItem(
        kind: badge,
        size: .init(width: .absolute(20), height: .absolute(20)),
        anchor: C.Anchor(edges: [.top, .trailing], offset: .fractional(Point(x: 0.5, y: -0.5)))
    )

    /// A 10 × 10 group badge left of its repetition's top-leading corner.
    static let groupBadge = C.SupplementaryItem(
        kind: corner,
        size: .init(width: .absolute(10), height: .absolute(10)),
        anchor: C.Anchor(edges: [.top, .leading], offset: .absolute(Point(x: -10, y: 0)))
    )

    /// `columns` cells to a row (a column when horizontal) of `length` points, each with `badges`, each group
    /// repetition with `groupBadges`, the section with `decorations`.
    static func grid(
        columns: Int,
        length: Double = 80,
        isVertical: Bool = true,
        badges: [C.SupplementaryItem] = [cornerBadge],
        groupBadges: [C.SupplementaryItem] = [],
        decorations: [C.DecorationItem] = []
    ) -> C.Configuration {
        let fraction = 1 / Double(columns)
        var item = C.Item(
            size: isVertical
                ? .init(width: .fractionalWidth(fraction), height: .fractionalHeight(1))
                : .init(width: .fractionalWidth(1), height: .fractionalHeight(fraction))
        )
        item.supplementaryItems = badges
        var group = C.Group(
            layout: isVertical ? .horizontal : .vertical,
            size: isVertical
                ? .init(width: .fractionalWidth(1), height: .absolute(length))
                : .init(width: .absolute(length), height: .fractionalHeight(1))
        )
        group.subitems = [.item(item)]
        group.supplementaryItems = groupBadges
        var configuration = C.Configuration()
        configuration.scrollDirection = isVertical ? .vertical : .horizontal
        configuration.section = C.Section(group: group)
        configuration.section.decorationItems = decorations
        return configuration
    }

    static func layout(
        _ configuration: C.Configuration,
        counts: [Int] = [6],
        direction: LayoutDirection = .leftToRight
    ) throws -> PreparedLayout {
        try CompositionalLayoutTests.layout(
            configuration,
            sections: counts.map { SectionInput(count: $0) },
            viewport: Size(width: 400, height: 300),
            direction: direction
        )
    }

    static func elements(
        _ current: PreparedLayout,
        _ target: PreparedLayout,
        _ progress: Double,
        in rect: Rect? = nil
    ) throws -> [LayoutAttributes] {
        try TransitionLayout(current: current, target: target, progress: progress)
            .attributes(in: rect, fromContentOffset: .zero, toContentOffset: .zero)
    }

    static func find(_ elements: [LayoutAttributes], _ name: ElementName, _ item: Int, section: Int = 0)
        -> LayoutAttributes?
    {
        elements.first { $0.kind == .named(name) && $0.indexPath == IndexPath(section: section, item: item) }
    }

    // MARK: - Hand values

    /// Four 100 × 80 cells to a row, then two 200 × 80: item 5's cell goes from (100, 80) to (200, 160), its badge
    /// (centred on the top-trailing corner) from (190, 70) to (390, 150).
    @Test func aBadgeOnBothEndsInterpolatesWithItsCell() throws {
        let current = try Self.layout(Self.grid(columns: 4))
        let target = try Self.layout(Self.grid(columns: 2))
        let half = try #require(Self.find(try Self.elements(current, target, 0.5), Self.badge, 5))
        #expect(half.frame == Rect(290, 110, 20, 20))
        #expect(half.alpha == 1 && half.zIndex == 1 && half.category == .supplementaryView)
        let quarter = try #require(Self.find(try Self.elements(current, target, 0.25), Self.badge, 5))
        #expect(quarter.frame == Rect(240, 90, 20, 20))
        // A rect that holds the badge half way, but neither end's badge nor item 5's cell at either end.
        let rect = Rect(285, 105, 10, 10)
        let found = try Self.elements(current, target, 0.5, in: rect)
        #expect(Self.find(found, Self.badge, 5)?.frame == Rect(290, 110, 20, 20))
        #expect(current.attributes(in: rect, contentOffset: .zero).allSatisfy { $0.kind != .named(Self.badge) })
        #expect(target.attributes(in: rect, contentOffset: .zero).allSatisfy { $0.kind != .named(Self.badge) })
    }

    @Test func aBadgeAtTheStartOnlyFadesOutWhereItWas() throws {
        let current = try Self.layout(Self.grid(columns: 4))
        let target = try Self.layout(Self.grid(columns: 2, badges: []))
        let badge = try #require(Self.find(try Self.elements(current, target, 0.25), Self.badge, 5))
        #expect(badge.frame == Rect(190, 70, 20, 20) && badge.alpha == 0.75)
        // Item 5 is gone at the end: its badge fades out with it.
        let fewer = try Self.layout(Self.grid(columns: 2), counts: [5])
        let gone = try #require(Self.find(try Self.elements(current, fewer, 0.5), Self.badge, 5))
        #expect(gone.frame == Rect(190, 70, 20, 20) && gone.alpha == 0.5)
        #expect(Self.find(try Self.elements(current, fewer, 0.5), Self.badge, 4)?.alpha == 1)
        #expect(Self.find(try Self.elements(current, fewer, 1), Self.badge, 5) == nil)
    }

    @Test func aBadgeAtTheEndOnlyFadesInWhereItGoesAfterTheCurrentElements() throws {
        let current = try Self.layout(Self.grid(columns: 4, badges: []))
        let target = try Self.layout(Self.grid(columns: 2))
        let elements = try Self.elements(current, target, 0.25)
        let badge = try #require(Self.find(elements, Self.badge, 5))
        #expect(badge.frame == Rect(390, 150, 20, 20) && badge.alpha == 0.25)
        let firstBadge = try #require(elements.firstIndex { $0.kind == .named(Self.badge) })
        #expect(elements[..<firstBadge].count == current.elementCount)
        #expect(Self.find(try Self.elements(current, target, 0), Self.badge, 5) == nil)
    }

    /// A group badge follows its repetition's first cell: [0, 4] starts the second row of four (y 80) and the
    /// third row of two (y 160); [0, 2] starts a repetition only at the end.
    @Test func aGroupBadgeMatchesByTheFirstCellOfItsRepetition() throws {
        let current = try Self.layout(Self.grid(columns: 4, badges: [], groupBadges: [Self.groupBadge]))
        let target = try Self.layout(Self.grid(columns: 2, badges: [], groupBadges: [Self.groupBadge]))
        let elements = try Self.elements(current, target, 0.5)
        #expect(Self.find(elements, Self.corner, 0)?.frame == Rect(-10, 0, 10, 10))
        #expect(Self.find(elements, Self.corner, 4)?.frame == Rect(-10, 120, 10, 10))
        let appearing = try #require(Self.find(elements, Self.corner, 2))
        #expect(appearing.frame == Rect(-10, 80, 10, 10) && appearing.alpha == 0.5)
    }

    /// Right to left, x mirrors in the 400-point width: item 5's badge goes from (190, 70) to (-10, 150) (the
    /// cell from x 200 to 0, its trailing corner on the left), half way (90, 110).
    @Test func badgesMirrorRightToLeft() throws {
        let current = try Self.layout(Self.grid(columns: 4), direction: .rightToLeft)
        let target = try Self.layout(Self.grid(columns: 2), direction: .rightToLeft)
        #expect(
            Self.find(try Self.elements(current, target, 0.5), Self.badge, 5)?.frame == Rect(90, 110, 20, 20)
        )
    }

    /// Two rows (160 points) with a card inset 5 and 10, then three rows (240 points) with a card without insets:
    /// (10, 5, 380, 150) to (0, 0, 400, 240). A `shadow` at the end only fades in.
    @Test func namedDecorationsInterpolateOrFade() throws {
        var card = C.DecorationItem(kind: Self.card)
        card.contentInsets = .init(top: 5, leading: 10, bottom: 5, trailing: 10)
        let current = try Self.layout(Self.grid(columns: 4, decorations: [card]))
        let target = try Self.layout(
            Self.grid(columns: 2, decorations: [C.DecorationItem(kind: Self.card), C.DecorationItem(kind: Self.shadow)])
        )
        let elements = try Self.elements(current, target, 0.5)
        let interpolated = try #require(Self.find(elements, Self.card, 0))
        #expect(interpolated.frame == Rect(5, 2.5, 390, 195))
        #expect(interpolated.category == .decorationView && interpolated.zIndex == -1 && interpolated.alpha == 1)
        let shadow = try #require(Self.find(elements, Self.shadow, 0))
        #expect(shadow.frame == Rect(0, 0, 400, 240) && shadow.alpha == 0.5)
        let back = try Self.elements(target, current, 0.75)
        #expect(Self.find(back, Self.shadow, 0)?.alpha == 0.25)
        #expect(Self.find(back, Self.card, 0)?.frame == Rect(7.5, 3.75, 385, 172.5))
    }

    /// A 60-point layout header becomes a 40-point one; a layout footer at the start only fades out.
    @Test func layoutWideItemsInterpolateOrFade() throws {
        func size(_ length: Double) -> C.LayoutSize { .init(width: .fractionalWidth(1), height: .absolute(length)) }
        var tall = Self.grid(columns: 4)
        tall.boundarySupplementaryItems = [
            C.BoundarySupplementaryItem(alignment: .top, size: size(60), kind: .named(Self.banner)),
            C.BoundarySupplementaryItem(alignment: .bottom, size: size(30), kind: .named(Self.shadow)),
        ]
        var short = Self.grid(columns: 2)
        short.boundarySupplementaryItems = [
            C.BoundarySupplementaryItem(alignment: .top, size: size(40), kind: .named(Self.banner)),
        ]
        let current = try Self.layout(tall)
        let target = try Self.layout(short)
        let elements = try Self.elements(current, target, 0.5)
        #expect(elements.first?.kind == .named(Self.banner))
        #expect(elements.first?.frame == Rect(0, 0, 400, 50))
        // The footer sits below 60 + 160 points of content.
        let footer = try #require(Self.find(elements, Self.shadow, 0))
        #expect(footer.frame == Rect(0, 220, 400, 30) && footer.alpha == 0.5)
        // Item 5's badge moves with the header's room: from (190, 130) to (390, 190).
        #expect(Self.find(elements, Self.badge, 5)?.frame == Rect(290, 160, 20, 20))
    }

    // MARK: - Against brute force

    /// A random grid with badges on items and groups and named decorations.
    static func randomConfiguration(_ random: inout RandomLayouts, isVertical: Bool) -> C.Configuration {
        let edges: [C.AnchorEdges] = [[], [.top], [.bottom, .leading], [.top, .trailing], [.trailing]]
        var badges: [C.SupplementaryItem] = []
        if random.bool() {
            var badge = Self.cornerBadge
            badge.anchor = C.Anchor(
                edges: edges[random.int(0...4)],
                offset: .fractional(Point(x: random.double(-1...1), y: random.double(-1...1)))
            )
            badges.append(badge)
        }
        var groupBadges: [C.SupplementaryItem] = []
        if random.bool() {
            var badge = Self.groupBadge
            badge.anchor = C.Anchor(
                edges: edges[random.int(0...4)],
                offset: .absolute(Point(x: random.double(-30...30), y: random.double(-30...30)))
            )
            groupBadges.append(badge)
        }
        var decorations: [C.DecorationItem] = []
        for name in [Self.card, Self.shadow] where random.bool() {
            var decoration = C.DecorationItem(kind: name)
            decoration.contentInsets = .init(top: random.double(0...10), leading: 5, bottom: 0, trailing: 5)
            decorations.append(decoration)
        }
        var configuration = Self.grid(
            columns: random.int(1...5),
            length: random.double(40...120),
            isVertical: isVertical,
            badges: badges,
            groupBadges: groupBadges,
            decorations: decorations
        )
        configuration.interSectionSpacing = random.double(0...20)
        if random.bool() {
            configuration.boundarySupplementaryItems = [
                C.BoundarySupplementaryItem(
                    alignment: isVertical ? .top : .leading,
                    size: isVertical
                        ? .init(width: .fractionalWidth(1), height: .absolute(random.double(10...50)))
                        : .init(width: .absolute(random.double(10...50)), height: .fractionalHeight(1)),
                    kind: .named(Self.banner)
                )
            ]
        }
        return configuration
    }

    @Test(arguments: [(true, LayoutDirection.leftToRight), (true, .rightToLeft), (false, .leftToRight)])
    func rectQueriesEqualABruteForceFilterAndTheOrderIsCurrentThenTargetOnly(
        isVertical: Bool,
        direction: LayoutDirection
    ) throws {
        var random = RandomLayouts(seed: isVertical ? (direction == .leftToRight ? 0xB4D6 : 0xB4D7) : 0xB4D8)
        for _ in 0..<25 {
            let counts = (0..<random.int(1...3)).map { _ in random.int(0...40) }
            let otherCounts = random.bool() ? counts : (0..<random.int(1...3)).map { _ in random.int(0...40) }
            let current = try Self.layout(
                Self.randomConfiguration(&random, isVertical: isVertical),
                counts: counts,
                direction: direction
            )
            let target = try Self.layout(
                Self.randomConfiguration(&random, isVertical: isVertical),
                counts: otherCounts,
                direction: direction
            )
            let progress = random.double(0.01...0.99)
            let transition = try TransitionLayout(current: current, target: target, progress: progress)
            let everything = transition.attributes(in: nil, fromContentOffset: .zero, toContentOffset: .zero)
            let size = transition.contentSize
            for _ in 0..<20 {
                let rect = random.rect(in: Size(width: size.width + 100, height: size.height + 100))
                    .offsetBy(dx: -50, dy: -50)
                let answer = transition.attributes(in: rect, fromContentOffset: .zero, toContentOffset: .zero)
                #expect(answer == everything.filter { $0.frame.intersects(rect) }, "at \(progress), rect \(rect)")
            }
            let keys = everything.map { ElementKey($0) }
            let currentKeys = current.allAttributes(contentOffset: .zero).map { ElementKey($0) }
            let currentSet = Set(currentKeys)
            let targetOnly = target.allAttributes(contentOffset: .zero).map { ElementKey($0) }.filter {
                !currentSet.contains($0)
            }
            #expect(keys == currentKeys + targetOnly)
        }
    }
}
