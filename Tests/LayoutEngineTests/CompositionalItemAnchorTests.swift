import LayoutEngine
import Testing

/// `compositional`'s `itemAnchor` (UIKit's `NSCollectionLayoutSupplementaryItem(layoutSize:elementKind:
/// containerAnchor:itemAnchor:)`): the point of the supplementary named by its own edges and offset is put on the
/// container anchor's point. Frames worked by hand, both scroll directions, right to left, and group supplementaries.
@Suite struct CompositionalItemAnchorTests {
    typealias C = CompositionalLayout
    typealias T = CompositionalAnchoredTests

    /// A container anchor and an item anchor, with where a 20 × 10 badge lands on the 100 × 80 cell at (100, 80).
    ///
    /// Worked by hand: the container point is the cell's point its edges name (a centre on an axis without one)
    /// moved by its offset; the badge's point is its own point its edges name moved by its offset; the badge's
    /// origin is the container point less the badge's point.
    static let cases: [(C.Anchor, C.Anchor, Double, Double)] = [
        // A separator below the cell: cell (150, 160), badge (10, 0).
        (C.Anchor(edges: [.bottom]), C.Anchor(edges: [.top]), 140, 160),
        // Outside the top-trailing corner: cell (200, 80), badge (0, 10).
        (C.Anchor(edges: [.top, .trailing]), C.Anchor(edges: [.bottom, .leading]), 200, 70),
        // The badge's top-leading corner on the cell's centre: cell (150, 120), badge (0, 0).
        (C.Anchor(edges: []), C.Anchor(edges: [.top, .leading]), 150, 120),
        // The same edges as the container's: what no item anchor does, (200 − 20, 80) moved (10, −5).
        (C.Anchor(edges: [.top, .trailing], offset: .fractional(Point(x: 0.5, y: -0.5))),
         C.Anchor(edges: [.top, .trailing]), 190, 75),
        // The item anchor's absolute offset moves the badge's point, so the badge the other way: (140 − 3, 160 + 4).
        (C.Anchor(edges: [.bottom]), C.Anchor(edges: [.top], offset: .absolute(Point(x: 3, y: -4))), 137, 164),
        // Its fractional offset is of the badge's size: badge point (10 + 10, 0 + 5).
        (C.Anchor(edges: [.bottom]), C.Anchor(edges: [.top], offset: .fractional(Point(x: 0.5, y: 0.5))), 130, 155),
        // Container offset too: cell (100, 120) + (2, 1), badge (20, 5).
        (C.Anchor(edges: [.leading], offset: .absolute(Point(x: 2, y: 1))), C.Anchor(edges: [.trailing]), 82, 116),
    ]

    static func badge(_ container: C.Anchor, _ own: C.Anchor?) -> C.SupplementaryItem {
        var badge = C.SupplementaryItem(
            kind: T.badge,
            size: .init(width: .absolute(20), height: .absolute(10)),
            anchor: container
        )
        badge.itemAnchor = own
        return badge
    }

    @Test(arguments: Self.cases.indices, [FlowLayout.ScrollDirection.vertical, .horizontal])
    func theItemAnchorsPointLiesOnTheContainerAnchorsPoint(index: Int, direction: FlowLayout.ScrollDirection) throws {
        let (container, own, x, y) = Self.cases[index]
        let configuration = T.configuration(Self.badge(container, own), scrollDirection: direction)
        // Vertical: four cells to a 400-point row, item 5 is (100, 80, 100, 80) and item 0 (0, 0, 100, 80).
        // Horizontal: two cells to a 160-point column in 300-point-wide content, item 3 is (100, 80, 100, 80).
        let isVertical = direction == .vertical
        let viewport = isVertical ? Size(width: 400, height: 600) : Size(width: 300, height: 160)
        let item = isVertical ? 5 : 3
        for writing in [LayoutDirection.leftToRight, .rightToLeft] {
            let layout = try CompositionalLayoutTests.layout(
                configuration,
                sections: [SectionInput(count: 6)],
                viewport: viewport,
                direction: writing
            )
            // Right to left mirrors it in the content's width.
            let left = writing == .leftToRight ? x : viewport.width - (x + 20)
            #expect(T.badgeFrame(layout, item: item) == Rect(left, y, 20, 10))
            let first = writing == .leftToRight ? x - 100 : viewport.width - (x - 100 + 20)
            #expect(T.badgeFrame(layout, item: 0) == Rect(first, y - 80, 20, 10))
        }
    }

    @Test(arguments: T.cases)
    func anItemAnchorOfTheContainersEdgesWithoutOffsetChangesNothing(edge: Int, offset: Int) throws {
        let (edges, _, _) = T.edgeCases[edge]
        let (anchorOffset, _, _) = T.offsetCases[offset]
        let container = C.Anchor(edges: edges, offset: anchorOffset)
        let plain = try CompositionalLayoutTests.layout(
            T.configuration(Self.badge(container, nil), scrollDirection: .vertical),
            sections: [SectionInput(count: 6)],
            viewport: Size(width: 400, height: 600)
        )
        let same = try CompositionalLayoutTests.layout(
            T.configuration(Self.badge(container, C.Anchor(edges: edges)), scrollDirection: .vertical),
            sections: [SectionInput(count: 6)],
            viewport: Size(width: 400, height: 600)
        )
        #expect(T.badgeFrame(same, item: 5) == T.badgeFrame(plain, item: 5))
        #expect(T.badgeFrame(same, item: 5) != nil)
    }

    @Test func aGroupSupplementarysItemAnchorPutsItAboveEachRepetition() throws {
        // Rows of four 100 × 80 cells: repetition 1 is (0, 80, 400, 80). A 400 × 6 bar (fractionalWidth 1 of the
        // repetition) with its bottom centre on the repetition's top centre (200, 80): (0, 74, 400, 6).
        var bar = C.SupplementaryItem(
            kind: T.frame,
            size: .init(width: .fractionalWidth(1), height: .absolute(6)),
            anchor: C.Anchor(edges: [.top])
        )
        bar.itemAnchor = C.Anchor(edges: [.bottom])
        let configuration = T.configuration(
            Self.badge(C.Anchor(edges: []), nil),
            scrollDirection: .vertical,
            group: [bar]
        )
        let layout = try CompositionalLayoutTests.layout(
            configuration,
            sections: [SectionInput(count: 6)],
            viewport: Size(width: 400, height: 600)
        )
        let frame = layout.attributesForSupplementaryElement(
            ofKind: .named(T.frame),
            at: IndexPath(section: 0, item: 4),
            contentOffset: .zero
        )?.frame
        #expect(frame == Rect(0, 74, 400, 6))
        // A rect over the 6 points above row 1 finds it, though it lies in row 0's band.
        let found = layout.attributes(in: Rect(0, 75, 400, 2), contentOffset: .zero)
        #expect(found.filter { $0.kind == .named(T.frame) }.map(\.indexPath.item) == [4])
    }

    @Test func anItemAnchorWithOppositeEdgesIsRefused() {
        let configuration = T.configuration(
            Self.badge(C.Anchor(edges: [.top]), C.Anchor(edges: [.leading, .trailing])),
            scrollDirection: .vertical
        )
        #expect(throws: LayoutError.invalidParameter(name: "section/group", section: nil)) {
            try CompositionalLayoutTests.layout(configuration, sections: [SectionInput(count: 1)])
        }
    }
}
