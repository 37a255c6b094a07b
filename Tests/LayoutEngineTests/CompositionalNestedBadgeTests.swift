import LayoutEngine
import Testing

/// `compositional` supplementaries anchored to nested groups: each repetition of a nested group that has
/// `supplementaryItems` frames its own, with its first cell's index path, against frames computed by hand in both
/// scroll directions and both writing directions; rect queries against a brute-force scan; element lookups, batch
/// updates, transitions and measured sizes.
@Suite struct CompositionalNestedBadgeTests {
    typealias C = CompositionalLayout

    static let pair = ElementName("pairFrame")!
    static let badge = ElementName("badge")!

    /// Repetitions 100 long, 10 apart, each two nested groups of two cells (half the repetition across each);
    /// each nested group carries a 20 × 10 `pairFrame` on its top-trailing corner. Vertical: 400 wide, nested
    /// groups of 200 × 100 side by side, cells 200 × 50 one above the other. Horizontal: 400 high, nested groups of
    /// 100 × 200 one above the other, cells 50 × 200 side by side.
    static func configuration(_ direction: FlowLayout.ScrollDirection) -> C.Configuration {
        let isVertical = direction == .vertical
        let frame = C.SupplementaryItem(
            kind: Self.pair,
            size: .init(width: .absolute(20), height: .absolute(10)),
            anchor: C.Anchor(edges: [.top, .trailing])
        )
        let item = C.Item(
            size: isVertical
                ? .init(width: .fractionalWidth(1), height: .fractionalHeight(0.5))
                : .init(width: .fractionalWidth(0.5), height: .fractionalHeight(1))
        )
        var nested = C.Group(
            layout: isVertical ? .vertical : .horizontal,
            size: isVertical
                ? .init(width: .fractionalWidth(0.5), height: .fractionalHeight(1))
                : .init(width: .fractionalWidth(1), height: .fractionalHeight(0.5))
        )
        nested.subitems = [.item(item)]
        nested.supplementaryItems = [frame]
        var group = C.Group(
            layout: isVertical ? .horizontal : .vertical,
            size: isVertical
                ? .init(width: .fractionalWidth(1), height: .absolute(100))
                : .init(width: .absolute(100), height: .fractionalHeight(1))
        )
        group.subitems = [.group(nested)]
        var configuration = C.Configuration()
        configuration.scrollDirection = direction
        configuration.section = C.Section(group: group)
        configuration.section.interGroupSpacing = 10
        return configuration
    }

    static func layout(
        _ direction: FlowLayout.ScrollDirection,
        writing: LayoutDirection = .leftToRight,
        count: Int = 10
    ) throws -> PreparedLayout {
        let input = LayoutInput(
            viewport: Size(width: 400, height: 400),
            layoutDirection: writing,
            sections: [SectionInput(count: count)]
        )
        return try prepare(input, .compositional(Self.configuration(direction)))
    }

    static func frame(_ layout: PreparedLayout, item: Int) -> Rect? {
        layout.attributesForSupplementaryElement(
            ofKind: .named(Self.pair),
            at: IndexPath(section: 0, item: item),
            contentOffset: .zero
        )?.frame
    }

    /// Ten items: repetitions 0 and 1 are full, repetition 2 holds items 8 and 9 in its first nested group only,
    /// so its second nested group (no cell) has no frame. Repetition r starts at 110·r along the scroll axis.
    static func expected(_ direction: FlowLayout.ScrollDirection, writing: LayoutDirection) -> [Int: Rect] {
        var result: [Int: Rect] = [:]
        for repetition in 0..<3 {
            let start = Double(repetition) * 110
            for half in 0..<(repetition < 2 ? 2 : 1) {
                let across = Double(half) * 200
                // The nested group's top-trailing corner, less the frame's width.
                var frame =
                    direction == .vertical
                    ? Rect(across + 200 - 20, start, 20, 10)
                    : Rect(start + 100 - 20, across, 20, 10)
                if writing == .rightToLeft {
                    // Content 400 wide when vertical; three repetitions, 0…320, when horizontal.
                    let width = direction == .vertical ? 400.0 : 320
                    frame.origin.x = width - frame.maxX
                }
                result[repetition * 4 + half * 2] = frame
            }
        }
        return result
    }

    @Test(arguments: [FlowLayout.ScrollDirection.vertical, .horizontal], [LayoutDirection.leftToRight, .rightToLeft])
    func eachRepetitionOfANestedGroupFramesItsOwnSupplementary(
        direction: FlowLayout.ScrollDirection,
        writing: LayoutDirection
    ) throws {
        let layout = try Self.layout(direction, writing: writing)
        let expected = Self.expected(direction, writing: writing)
        #expect(expected.keys.sorted() == [0, 2, 4, 6, 8])
        for item in 0..<10 {
            #expect(Self.frame(layout, item: item) == expected[item], "item \(item)")
        }
        let all = layout.allAttributes(contentOffset: .zero).filter { $0.kind == .named(Self.pair) }
        #expect(all.map(\.indexPath.item) == [0, 2, 4, 6, 8])
        #expect(all.allSatisfy { $0.frame == expected[$0.indexPath.item] && $0.zIndex == 1 })
        // A rect spanning repetition 1's two frames holds those two only.
        let band = try #require(expected[4]).union(try #require(expected[6]))
        let found = layout.attributes(in: band, contentOffset: .zero).filter { $0.kind == .named(Self.pair) }
        #expect(found.map(\.indexPath.item) == [4, 6])
    }

    @Test func aKindANestedGroupSharesWithItsCellsOrItsParentIsRefused() {
        var configuration = Self.configuration(.vertical)
        guard case .group(var nested) = configuration.section.group.subitems[0] else {
            Issue.record("expected a nested group")
            return
        }
        // Its cell's badge of the nested group's kind: they could share an index path.
        var item = C.Item(size: .init(width: .fractionalWidth(1), height: .fractionalHeight(0.5)))
        item.supplementaryItems = [nested.supplementaryItems[0]]
        nested.subitems = [.item(item)]
        configuration.section.group.subitems = [.group(nested)]
        #expect(throws: LayoutError.invalidParameter(name: "section/group", section: nil)) {
            try CompositionalLayoutTests.layout(configuration, sections: [SectionInput(count: 4)])
        }
        // The top-level group with the nested group's kind.
        configuration = Self.configuration(.vertical)
        configuration.section.group.supplementaryItems = [
            C.SupplementaryItem(
                kind: Self.pair,
                size: .init(width: .absolute(5), height: .absolute(5)),
                anchor: C.Anchor(edges: [])
            ),
        ]
        #expect(throws: LayoutError.invalidParameter(name: "section/group", section: nil)) {
            try CompositionalLayoutTests.layout(configuration, sections: [SectionInput(count: 4)])
        }
    }

    @Test(arguments: [FlowLayout.ScrollDirection.vertical, .horizontal], [LayoutDirection.leftToRight, .rightToLeft])
    func rectQueriesOverNestedGroupBadgesMatchABruteForceScan(
        direction: FlowLayout.ScrollDirection,
        writing: LayoutDirection
    ) throws {
        var random = RandomLayouts(seed: direction == .vertical ? 0x4E57ED : 0x4E57EE)
        var nestedFrames = 0
        for _ in 0..<60 {
            var configuration = C.Configuration()
            configuration.scrollDirection = direction
            configuration.section = random.compositionalSection(isVertical: direction == .vertical)
            configuration.section.group = CompositionalAnchoredTests.badged(
                configuration.section.group,
                &random,
                isTopLevel: true
            )
            configuration.section.group = Self.framingNested(configuration.section.group, &random, depth: 0)
            let input = CompositionalAnchoredTests.randomInput(&random, writing: writing)
            let layout = try prepare(input, .compositional(configuration))
            let all = layout.allAttributes(contentOffset: .zero)
            nestedFrames += all.count { $0.kind?.rawValue.hasPrefix("nest") == true }
            CompositionalAnchoredTests.expectRectQueriesMatchAScan(layout, sections: input.sections.count, &random)
            // Every supplementary is found again by its kind and index path.
            for element in all where element.kind?.rawValue.hasPrefix("nest") == true {
                let again = layout.attributesForSupplementaryElement(
                    ofKind: element.kind!,
                    at: element.indexPath,
                    contentOffset: .zero
                )
                #expect(again == element)
            }
        }
        #expect(nestedFrames > 0)
    }

    /// `group` with, on each nested group, sometimes a supplementary of a kind of its depth (`nest1`, `nest2`…),
    /// so that no group shares a kind with a group inside it.
    static func framingNested(_ group: C.Group, _ random: inout RandomLayouts, depth: Int) -> C.Group {
        var group = group
        if depth > 0 && random.bool() {
            let edges: [C.AnchorEdges] = [[], [.top, .trailing], [.bottom, .leading], [.leading]]
            group.supplementaryItems = [
                C.SupplementaryItem(
                    kind: ElementName("nest\(depth)")!,
                    size: random.bool()
                        ? .init(width: .absolute(16), height: .absolute(12))
                        : .init(width: .fractionalWidth(1), height: .fractionalHeight(1)),
                    anchor: C.Anchor(
                        edges: edges[random.int(0...3)],
                        offset: .absolute(Point(x: random.double(-20...20).rounded(), y: 0))
                    )
                ),
            ]
        }
        group.subitems = group.subitems.map { element in
            guard case .group(let nested) = element else { return element }
            return .group(Self.framingNested(nested, &random, depth: depth + 1))
        }
        return group
    }

    @Test func batchUpdatesAndTransitionsCarryNestedGroupFrames() throws {
        let input = LayoutInput(viewport: Size(width: 400, height: 400), sections: [SectionInput(count: 10)])
        var live = try LiveLayout(input: input, configuration: .compositional(Self.configuration(.vertical)))
        var updates = BatchUpdates()
        updates.deleteItems = [IndexPath(section: 0, item: 0), IndexPath(section: 0, item: 1)]
        let result = try live.performBatchUpdates(updates)
        // Item 0's frame (its nested group's first cell) disappears with it, transparent, where it was.
        let gone = result.disappearing.filter { $0.kind == .named(Self.pair) }
        #expect(gone.map(\.indexPath.item) == [0])
        #expect(gone.first?.frame == Rect(180, 0, 20, 10) && gone.first?.alpha == 0)
        // Eight items left: two full repetitions, a frame on items 0, 2, 4 and 6.
        let after = live.prepared.allAttributes(contentOffset: .zero).filter { $0.kind == .named(Self.pair) }
        #expect(after.map(\.indexPath.item) == [0, 2, 4, 6])
        #expect(
            after.map(\.frame) == [
                Rect(180, 0, 20, 10), Rect(380, 0, 20, 10), Rect(180, 110, 20, 10), Rect(380, 110, 20, 10),
            ]
        )
        // A transition to the horizontal layout moves item 2's frame from (380, 0) to (80, 200): half way at
        // (230, 100).
        let current = try Self.layout(.vertical)
        let target = try Self.layout(.horizontal)
        let halfway = try TransitionLayout(current: current, target: target, progress: 0.5)
            .attributes(in: Rect(225, 95, 10, 10), fromContentOffset: .zero, toContentOffset: .zero)
            .first { $0.kind == .named(Self.pair) && $0.indexPath.item == 2 }
        #expect(halfway?.frame == Rect(230, 100, 20, 10))
    }

    @Test func aNestedGroupsEstimatedSupplementaryIsMeasuredAndFollowsAMeasuredCell() throws {
        // The vertical grid with the frames estimated 10 high, and cells estimated 50 high (nested groups and
        // repetitions estimated too, so a measured cell grows them).
        var configuration = Self.configuration(.vertical)
        guard case .group(var nested) = configuration.section.group.subitems[0] else {
            Issue.record("expected a nested group")
            return
        }
        nested.supplementaryItems[0].size.height = .estimated(10)
        nested.size.height = .estimated(100)
        nested.subitems = [.item(C.Item(size: .init(width: .fractionalWidth(1), height: .estimated(50))))]
        configuration.section.group.subitems = [.group(nested)]
        configuration.section.group.size.height = .estimated(100)
        let input = LayoutInput(viewport: Size(width: 400, height: 400), sections: [SectionInput(count: 10)])
        var live = try LiveLayout(input: input, configuration: .compositional(configuration))
        // Cell 3 (repetition 0, second nested group) measured 80 high: that group is 130 high, the repetition too,
        // so repetition 1 starts at 140 and its second frame (item 6) at (380, 140).
        _ = try live.invalidate(
            InvalidationContext(itemSizes: [IndexPath(section: 0, item: 3): Size(width: 200, height: 80)])
        )
        #expect(Self.frame(live.prepared, item: 6) == Rect(380, 140, 20, 10))
        // Item 2's frame measured 30 high: it keeps its top-trailing corner and grows down.
        let kind = SupplementaryIndexPath(kind: .named(Self.pair), indexPath: IndexPath(section: 0, item: 2))
        _ = try live.invalidate(InvalidationContext(supplementarySizes: [kind: Size(width: 20, height: 30)]))
        #expect(Self.frame(live.prepared, item: 2) == Rect(380, 0, 20, 30))
        #expect(live.prepared.attributes(in: Rect(390, 25, 5, 5), contentOffset: .zero).contains {
            $0.kind == .named(Self.pair) && $0.indexPath.item == 2
        })
        let fresh = try prepare(live.input, .compositional(configuration))
        #expect(live.prepared.allAttributes(contentOffset: .zero) == fresh.allAttributes(contentOffset: .zero))
    }
}
