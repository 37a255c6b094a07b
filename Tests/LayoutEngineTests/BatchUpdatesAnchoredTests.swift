import LayoutEngine
import Testing

/// Batch updates of `compositional` sessions: the layout-wide header and footer in ``UpdateResult/movedFrom`` when
/// the batch moves them, and anchored supplementaries (badges) and decorations of named kinds appearing,
/// disappearing and moving with their items and sections, against frames computed by hand.
@Suite struct BatchUpdatesAnchoredTests {
    typealias C = CompositionalLayout
    typealias T = TransitionAnchoredTests

    static let credits = ElementName("credits")!

    /// Four 100 × 80 cells to a row with a corner badge each, a group badge per row, a `card` behind each section;
    /// a 60-point `banner` over the layout, a 40-point `credits` under it, sections 10 apart. With sections of 6 and
    /// 3 items: banner 0…60, section 0 60…220, section 1 230…310, credits 310…350.
    static func configuration() -> C.Configuration {
        var configuration = T.grid(
            columns: 4,
            groupBadges: [T.groupBadge],
            decorations: [C.DecorationItem(kind: T.card)]
        )
        configuration.interSectionSpacing = 10
        func size(_ length: Double) -> C.LayoutSize { .init(width: .fractionalWidth(1), height: .absolute(length)) }
        configuration.boundarySupplementaryItems = [
            C.BoundarySupplementaryItem(alignment: .top, size: size(60), kind: .named(T.banner)),
            C.BoundarySupplementaryItem(alignment: .bottom, size: size(40), kind: .named(Self.credits)),
        ]
        return configuration
    }

    static func live(_ configuration: C.Configuration = configuration(), height: Double = 300) throws -> LiveLayout {
        let input = LayoutInput(
            viewport: Size(width: 400, height: height),
            sections: [SectionInput(count: 6), SectionInput(count: 3)]
        )
        return try LiveLayout(input: input, configuration: .compositional(configuration))
    }

    static func find(_ list: [LayoutAttributes], _ name: ElementName, _ section: Int, _ item: Int) -> LayoutAttributes?
    {
        T.find(list, name, item, section: section)
    }

    @Test func insertingItemsMovesTheLayoutFooterAndTheirBadgesAppear() throws {
        var live = try Self.live()
        var updates = BatchUpdates()
        updates.insertItems = (6..<10).map { BatchUpdates.ItemChange(indexPath: IndexPath(section: 0, item: $0)) }
        let result = try live.performBatchUpdates(updates)
        // Section 0 grows by a row: credits moves from 310 to 390; the banner stays, so it is not listed.
        let credits = try #require(Self.find(result.movedFrom, Self.credits, 0, 0))
        #expect(credits.frame == Rect(0, 310, 400, 40) && result.movedFrom.last == credits)
        #expect(Self.find(result.movedFrom, T.banner, 0, 0) == nil)
        #expect(result.moved.isEmpty)
        // Item 6 (row 1, column 2: cell (200, 140)) appears with its badge on its top-trailing corner, alpha 0;
        // item 8 starts the third row, whose group badge appears left of it.
        let badge = try #require(Self.find(result.appearing, T.badge, 0, 6))
        #expect(badge.frame == Rect(290, 130, 20, 20) && badge.alpha == 0)
        let corner = try #require(Self.find(result.appearing, T.corner, 0, 8))
        #expect(corner.frame == Rect(-10, 220, 10, 10) && corner.alpha == 0)
        #expect(result.appearing.filter { $0.kind == .named(T.badge) }.count == 4)
        // Each badge follows its cell in the list.
        let cell = try #require(result.appearing.firstIndex { $0.category == .cell && $0.indexPath.item == 6 })
        #expect(result.appearing[cell + 1] == badge)
    }

    @Test func deletingASectionRemovesItsDecorationsAndBadgesAndMovesTheFooter() throws {
        var live = try Self.live()
        let old = live.prepared
        var updates = BatchUpdates()
        updates.deleteSections = [0]
        let result = try live.performBatchUpdates(updates)
        let card = try #require(Self.find(result.disappearing, T.card, 0, 0))
        #expect(card.frame == Rect(0, 60, 400, 160) && card.alpha == 0 && card.category == .decorationView)
        #expect(result.disappearing.first == card)
        for item in 0..<6 {
            let badge = Self.find(result.disappearing, T.badge, 0, item)
            var expected = try #require(T.find(old.allAttributes(contentOffset: .zero), T.badge, item))
            expected.alpha = 0
            #expect(badge == expected)
        }
        #expect(Self.find(result.disappearing, T.corner, 0, 4)?.frame == Rect(-10, 140, 10, 10))
        // Credits moves up by section 0 and the spacing: 170 points.
        #expect(Self.find(result.movedFrom, Self.credits, 0, 0)?.frame == Rect(0, 310, 400, 40))
        #expect(Self.find(live.prepared.allAttributes(contentOffset: .zero), Self.credits, 0, 0)?.frame.minY == 140)
    }

    @Test func deletingAnItemRemovesItsBadge() throws {
        var live = try Self.live()
        var updates = BatchUpdates()
        updates.deleteItems = [IndexPath(section: 1, item: 2)]
        let result = try live.performBatchUpdates(updates)
        // Section 1's item 2 is at (200, 230): its badge at (290, 220), the only badge that disappears.
        #expect(result.disappearing.filter { $0.kind == .named(T.badge) }.map(\.frame) == [Rect(290, 220, 20, 20)])
        // The content is as long as before: nothing at the layout's edges moves.
        #expect(result.movedFrom.isEmpty)
    }

    @Test func aMovedItemTakesItsBadgeAlong() throws {
        var live = try Self.live()
        var updates = BatchUpdates()
        updates.moveItems = [
            BatchUpdates.ItemMove(from: IndexPath(section: 0, item: 1), to: IndexPath(section: 0, item: 5))
        ]
        let result = try live.performBatchUpdates(updates)
        // Item 1's cell was (100, 60): its badge (190, 50), now under [0, 5].
        let badge = try #require(Self.find(result.movedFrom, T.badge, 0, 5))
        #expect(badge.frame == Rect(190, 50, 20, 20) && badge.alpha == 1)
        #expect(result.movedFrom.map(\.indexPath) == [IndexPath(section: 0, item: 5), IndexPath(section: 0, item: 5)])
    }

    @Test func aMovedSectionTakesItsDecorationsAndBadgesAlong() throws {
        var live = try Self.live()
        var updates = BatchUpdates()
        updates.moveSections = [BatchUpdates.SectionMove(from: 1, to: 0)]
        let result = try live.performBatchUpdates(updates)
        // Old section 1 (230…310) is now section 0: its card and its badges under section 0, from where they were.
        let card = try #require(result.movedFrom.first)
        #expect(card.kind == .named(T.card) && card.indexPath == IndexPath(section: 0, item: 0))
        #expect(card.frame == Rect(0, 230, 400, 80))
        #expect(Self.find(result.movedFrom, T.badge, 0, 2)?.frame == Rect(290, 220, 20, 20))
        #expect(Self.find(result.movedFrom, T.corner, 0, 0)?.frame == Rect(-10, 230, 10, 10))
        // The content keeps its length: the layout-wide items stay.
        #expect(Self.find(result.movedFrom, Self.credits, 0, 0) == nil)
    }

    /// Content aligned to the bottom of a 600-point viewport: 350 points of content start at 250; four more items
    /// make it 430, starting at 170, so the banner moves too and comes first.
    @Test func theLayoutHeaderIsListedWhenItMoves() throws {
        var configuration = Self.configuration()
        configuration.contentAlignment = .bottom
        var live = try Self.live(configuration, height: 600)
        var updates = BatchUpdates()
        updates.insertItems = (6..<10).map { BatchUpdates.ItemChange(indexPath: IndexPath(section: 0, item: $0)) }
        let result = try live.performBatchUpdates(updates)
        let banner = try #require(result.movedFrom.first)
        #expect(banner.kind == .named(T.banner) && banner.frame == Rect(0, 250, 400, 60))
        // The footer stays at the viewport's end (560…600): not listed.
        #expect(Self.find(result.movedFrom, Self.credits, 0, 0) == nil)
        #expect(Self.find(live.prepared.allAttributes(contentOffset: .zero), Self.credits, 0, 0)?.frame.minY == 560)
        CompositionalSessionTests.expectSame(live.prepared, try prepare(live.input, .compositional(configuration)))
    }
}
