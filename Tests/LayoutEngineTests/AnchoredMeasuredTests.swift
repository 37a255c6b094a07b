import LayoutEngine
import Testing

/// Measured anchored supplementaries (badges with an estimated size): `invalidate`'s supplementary sizes by kind and
/// index path, kept in ``SectionInput/anchoredSizes``, re-anchor the badge with the measured size; the session's
/// layout equals a fresh prepare of its input, and one whose badge has the measured size exactly.
@Suite struct AnchoredMeasuredTests {
    typealias C = CompositionalLayout
    typealias T = TransitionAnchoredTests

    /// Apple's corner badge with an estimated width (20) and an absolute height of 20.
    static func badge(width: C.Dimension = .estimated(20)) -> C.SupplementaryItem {
        C.SupplementaryItem(
            kind: T.badge,
            size: .init(width: width, height: .absolute(20)),
            anchor: C.Anchor(edges: [.top, .trailing], offset: .fractional(Point(x: 0.5, y: -0.5)))
        )
    }

    /// A group badge of estimated height left of each row's top-leading corner.
    static let corner = C.SupplementaryItem(
        kind: T.corner,
        size: .init(width: .absolute(10), height: .estimated(10)),
        anchor: C.Anchor(edges: [.top, .leading], offset: .absolute(Point(x: -10, y: 0)))
    )

    static func configuration(badgeWidth: C.Dimension = .estimated(20)) -> C.Configuration {
        T.grid(columns: 4, badges: [Self.badge(width: badgeWidth)], groupBadges: [Self.corner])
    }

    static func live(counts: [Int] = [6, 3]) throws -> LiveLayout {
        let input = LayoutInput(
            viewport: Size(width: 400, height: 300),
            sections: counts.map { SectionInput(count: $0) }
        )
        return try LiveLayout(input: input, configuration: .compositional(Self.configuration()))
    }

    static func measure(_ kind: ElementName, _ section: Int, _ item: Int, _ size: Size) -> InvalidationContext {
        InvalidationContext(
            supplementarySizes: [
                SupplementaryIndexPath(kind: .named(kind), indexPath: IndexPath(section: section, item: item)): size,
            ]
        )
    }

    static func frame(_ layout: PreparedLayout, _ kind: ElementName, _ section: Int, _ item: Int) -> Rect? {
        layout.attributesForSupplementaryElement(
            ofKind: .named(kind),
            at: IndexPath(section: section, item: item),
            contentOffset: .zero
        )?.frame
    }

    /// The session's layout equals a fresh prepare of its input.
    static func expectFresh(_ live: LiveLayout) throws {
        let fresh = try prepare(live.input, .compositional(Self.configuration()))
        CompositionalSessionTests.expectSame(live.prepared, fresh)
    }

    /// Item 5's cell is (100, 80, 100, 80): a badge measured 30 wide (the height is absolute: the measured 99 is not
    /// used) is 30 × 20 centred on (200, 80).
    @Test func aMeasuredBadgeIsReanchoredWithItsSize() throws {
        var live = try Self.live()
        _ = try live.invalidate(Self.measure(T.badge, 0, 5, Size(width: 30, height: 99)))
        #expect(Self.frame(live.prepared, T.badge, 0, 5) == Rect(185, 70, 30, 20))
        #expect(Self.frame(live.prepared, T.badge, 0, 4) == Rect(90, 70, 20, 20))
        #expect(live.input.sections[0].anchoredSizes == [
            SectionInput.AnchoredSize(item: 5, kind: T.badge, size: Size(width: 30, height: 99)),
        ])
        // The cells do not move: badges take no room.
        #expect(live.prepared.contentSize == Size(width: 400, height: 240))
        try Self.expectFresh(live)
    }

    /// Every badge of a section measured 30 wide lays out as a description whose badge is 30 wide.
    @Test func measuringEveryBadgeEqualsTheSizeGivenExactly() throws {
        var live = try Self.live()
        var sizes: [SupplementaryIndexPath: Size] = [:]
        for section in 0..<2 {
            for item in 0..<(section == 0 ? 6 : 3) {
                let path = IndexPath(section: section, item: item)
                sizes[SupplementaryIndexPath(kind: .named(T.badge), indexPath: path)] = Size(width: 30, height: 20)
            }
        }
        _ = try live.invalidate(InvalidationContext(supplementarySizes: sizes))
        let exact = try T.layout(Self.configuration(badgeWidth: .absolute(30)), counts: [6, 3])
        #expect(
            live.prepared.allAttributes(contentOffset: .zero) == exact.allAttributes(contentOffset: .zero)
        )
        let rect = Rect(180, 60, 100, 30)
        #expect(
            live.prepared.attributes(in: rect, contentOffset: .zero) == exact.attributes(in: rect, contentOffset: .zero)
        )
    }

    /// Row 1 starts at item 4: its group badge measured 25 tall is (−10, 80, 10, 25).
    @Test func aMeasuredGroupBadgeIsReanchored() throws {
        var live = try Self.live()
        _ = try live.invalidate(Self.measure(T.corner, 0, 4, Size(width: 50, height: 25)))
        #expect(Self.frame(live.prepared, T.corner, 0, 4) == Rect(-10, 80, 10, 25))
        #expect(Self.frame(live.prepared, T.corner, 0, 0) == Rect(-10, 0, 10, 10))
        try Self.expectFresh(live)
    }

    /// A badge measured 200 wide reaches 100 points each side of its corner: rect queries find it there, as a
    /// brute-force filter of every element does.
    @Test func rectQueriesFindAMeasuredBadgeBeyondTheEstimatesReach() throws {
        var live = try Self.live()
        _ = try live.invalidate(Self.measure(T.badge, 0, 5, Size(width: 200, height: 20)))
        #expect(Self.frame(live.prepared, T.badge, 0, 5) == Rect(100, 70, 200, 20))
        let everything = live.prepared.allAttributes(contentOffset: .zero)
        var random = RandomLayouts(seed: 0xBAD6E)
        for _ in 0..<200 {
            let rect = random.rect(in: Size(width: 500, height: 400)).offsetBy(dx: -50, dy: -50)
            let answer = live.prepared.attributes(in: rect, contentOffset: .zero)
            #expect(answer == everything.filter { $0.frame.intersects(rect) })
        }
        // 70 points right of the estimate's reach (190…210).
        let found = live.prepared.attributes(in: Rect(280, 75, 5, 5), contentOffset: .zero)
        #expect(found.contains { $0.kind == .named(T.badge) && $0.indexPath == IndexPath(section: 0, item: 5) })
    }

    @Test func onlyAnchoredSupplementariesWithAnEstimateAreMeasured() throws {
        var live = try Self.live()
        let before = live.prepared
        // No badge kind "shadow"; no item 6 in section 0; the group badge only at a repetition's first cell.
        for context in [
            Self.measure(T.shadow, 0, 1, Size(width: 5, height: 5)),
            Self.measure(T.badge, 0, 6, Size(width: 5, height: 5)),
            Self.measure(T.corner, 0, 1, Size(width: 5, height: 5)),
        ] {
            #expect(throws: LayoutError.self) { try live.invalidate(context) }
        }
        #expect(throws: LayoutError.invalidParameter(name: "supplementaries", section: 0)) {
            try live.invalidate(Self.measure(T.badge, 0, 1, Size(width: -5, height: 5)))
        }
        // A badge of absolute size is not measured.
        let input = LayoutInput(viewport: Size(width: 400, height: 300), sections: [SectionInput(count: 2)])
        var fixed = try LiveLayout(
            input: input,
            configuration: .compositional(Self.configuration(badgeWidth: .absolute(20)))
        )
        #expect(throws: LayoutError.noSuchSupplementary(kind: .named(T.badge), section: 0, item: 1)) {
            try fixed.invalidate(Self.measure(T.badge, 0, 1, Size(width: 5, height: 5)))
        }
        #expect(live.prepared == before)
    }

    /// Measured sizes follow their items through batch updates: inserting two items before item 5 moves its
    /// measured badge to item 7; deleting it drops the size; a moved item takes it along.
    @Test func measuredSizesFollowTheirItemsThroughUpdates() throws {
        var live = try Self.live()
        _ = try live.invalidate(Self.measure(T.badge, 0, 5, Size(width: 30, height: 20)))
        var insert = BatchUpdates()
        insert.insertItems = [0, 1].map { BatchUpdates.ItemChange(indexPath: IndexPath(section: 0, item: $0)) }
        _ = try live.performBatchUpdates(insert)
        #expect(live.input.sections[0].anchoredSizes.map(\.item) == [7])
        // Item 7 is row 1, column 3: cell (300, 80); a 30-wide badge centred on (400, 80).
        #expect(Self.frame(live.prepared, T.badge, 0, 7) == Rect(385, 70, 30, 20))
        try Self.expectFresh(live)
        var move = BatchUpdates()
        move.moveItems = [
            BatchUpdates.ItemMove(from: IndexPath(section: 0, item: 7), to: IndexPath(section: 1, item: 0))
        ]
        _ = try live.performBatchUpdates(move)
        #expect(live.input.sections[0].anchoredSizes.isEmpty)
        #expect(live.input.sections[1].anchoredSizes.map(\.item) == [0])
        try Self.expectFresh(live)
        var delete = BatchUpdates()
        delete.deleteItems = [IndexPath(section: 1, item: 0)]
        _ = try live.performBatchUpdates(delete)
        #expect(live.input.sections.allSatisfy { $0.anchoredSizes.isEmpty })
        try Self.expectFresh(live)
    }
}
