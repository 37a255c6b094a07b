import LayoutEngine
import Testing

/// List sections in a session: rows are ordinary estimated items, so measuring, batch updates and transitions work
/// on them as on any compositional section, and always equal a fresh prepare.
@Suite struct CompositionalListSessionTests {
    typealias C = CompositionalLayout
    typealias List = C.ListConfiguration

    static func configuration(_ appearance: List.Appearance) -> LayoutConfiguration {
        var list = List(appearance: appearance)
        list.headerMode = .supplementary
        var configuration = C.Configuration()
        configuration.section = .list(list)
        return .compositional(configuration)
    }

    static func input(_ sections: [SectionInput]) -> LayoutInput {
        var input = LayoutInput(viewport: Size(width: 375, height: 667), sections: sections)
        input.layoutMargins = EdgeInsets(top: 8, left: 16, bottom: 8, right: 16)
        return input
    }

    @Test func measuredRowsAndHeadersMoveWhatFollows() throws {
        let configuration = Self.configuration(.insetGrouped)
        let input = Self.input([SectionInput(count: 3), SectionInput(count: 2)])
        var live = try LiveLayout(input: input, configuration: configuration)
        var context = InvalidationContext()
        context.itemSizes[IndexPath(section: 0, item: 1)] = Size(width: 343, height: 80)
        context.supplementarySizes[SupplementaryIndexPath(kind: .header, indexPath: IndexPath(section: 1, item: 0))] =
            Size(width: 343, height: 30)
        let result = try live.invalidate(context)
        // Section 0: header 0, rows 44, 88 (80 high), 168; section 1 from 212: header 30 high, rows 242, 286.
        #expect(cellFrames(live.prepared) == [
            Rect(16, 44, 343, 44), Rect(16, 88, 343, 80), Rect(16, 168, 343, 44),
            Rect(16, 242, 343, 44), Rect(16, 286, 343, 44),
        ])
        let header = live.prepared.attributesForSupplementaryElement(
            ofKind: .header, at: IndexPath(section: 1, item: 0), contentOffset: .zero
        )
        #expect(header?.frame == Rect(16, 212, 343, 30))
        #expect(result.contentSizeAdjustment == Size(width: 0, height: 36 - 14))
        #expect(live.prepared == (try prepare(live.input, configuration)))
    }

    @Test func insertedDeletedAndMovedRowsRelayTheList() throws {
        let configuration = Self.configuration(.plain)
        let input = Self.input([SectionInput(count: 3), SectionInput(count: 2)])
        var live = try LiveLayout(input: input, configuration: configuration)
        var updates = BatchUpdates()
        updates.deleteItems = [IndexPath(section: 0, item: 0)]
        updates.insertItems = [
            BatchUpdates.ItemChange(indexPath: IndexPath(section: 1, item: 0)),
            BatchUpdates.ItemChange(indexPath: IndexPath(section: 1, item: 3)),
        ]
        updates.moveItems = [
            BatchUpdates.ItemMove(from: IndexPath(section: 0, item: 2), to: IndexPath(section: 1, item: 1))
        ]
        let result = try live.performBatchUpdates(updates)
        // Section 0 keeps one row (old item 1); section 1 has four: inserted, moved, old 0, inserted… as counts.
        #expect(live.input.sections.map(\.itemCount) == [1, 5])
        #expect(cellFrames(live.prepared).map(\.minY) == [44, 132, 176, 220, 264, 308])
        #expect(live.prepared.contentSize == Size(width: 375, height: 352))
        #expect(!result.appearing.isEmpty && !result.disappearing.isEmpty)
        #expect(live.prepared == (try prepare(live.input, configuration)))
    }

    @Test func aTransitionBetweenAppearancesMovesRowsHalfway() throws {
        let input = Self.input([SectionInput(count: 2)])
        let plain = try prepare(input, Self.configuration(.plain))
        let inset = try prepare(input, Self.configuration(.insetGrouped))
        let halfway = try TransitionLayout(current: plain, target: inset, progress: 0.5)
        let row = halfway.attributes(in: nil, fromContentOffset: .zero, toContentOffset: .zero)
            .first { $0.category == .cell && $0.indexPath == IndexPath(section: 0, item: 1) }
        // From (0, 88, 375, 44) to (16, 88, 343, 44): halfway (8, 88, 359, 44).
        let frame = try #require(row?.frame)
        #expect(isClose(frame, Rect(8, 88, 359, 44)))
    }
}
