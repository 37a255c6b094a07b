import LayoutEngine
import Testing

@Suite struct BatchUpdateErrorTests {
    static let inconsistent: [(BatchUpdates, UpdateError)] = [
        (BatchUpdates(deleteSections: [2]), .sectionOutOfRange(list: .deleteSections, position: 0)),
        (BatchUpdates(deleteSections: [0, 0]), .duplicate(list: .deleteSections, position: 1)),
        (
            BatchUpdates(insertSections: [.init(index: 3, section: SectionInput(count: 1))]),
            .sectionOutOfRange(list: .insertSections, position: 0)
        ),
        (
            BatchUpdates(deleteItems: [IndexPath(section: 0, item: 1), IndexPath(section: 0, item: 1)]),
            .duplicate(list: .deleteItems, position: 1)
        ),
        (BatchUpdates(deleteItems: [IndexPath(section: 0, item: 5)]), .itemOutOfRange(list: .deleteItems, position: 0)),
        (BatchUpdates(deleteItems: [IndexPath(section: 4, item: 0)]), .itemOutOfRange(list: .deleteItems, position: 0)),
        (
            BatchUpdates(insertItems: [.init(indexPath: IndexPath(section: 1, item: 4))]),
            .itemOutOfRange(list: .insertItems, position: 0)
        ),
        (
            BatchUpdates(insertItems: [
                .init(indexPath: IndexPath(section: 0, item: 0)), .init(indexPath: IndexPath(section: 0, item: 0)),
            ]), .duplicate(list: .insertItems, position: 1)
        ),
        (
            BatchUpdates(
                deleteItems: [IndexPath(section: 0, item: 2)],
                reloadItems: [.init(indexPath: IndexPath(section: 0, item: 2))]
            ), .conflict(list: .reloadItems, position: 0, with: .deleteItems)
        ),
        (
            BatchUpdates(
                deleteItems: [IndexPath(section: 0, item: 2)],
                moveItems: [.init(from: IndexPath(section: 0, item: 2), to: IndexPath(section: 1, item: 0))]
            ), .conflict(list: .moveItems, position: 0, with: .deleteItems)
        ),
        (
            BatchUpdates(
                reloadItems: [.init(indexPath: IndexPath(section: 0, item: 2))],
                moveItems: [.init(from: IndexPath(section: 0, item: 2), to: IndexPath(section: 1, item: 0))]
            ), .conflict(list: .moveItems, position: 0, with: .reloadItems)
        ),
        (
            BatchUpdates(deleteSections: [0], deleteItems: [IndexPath(section: 0, item: 0)]),
            .conflict(list: .deleteItems, position: 0, with: .deleteSections)
        ),
        (
            BatchUpdates(
                insertSections: [.init(index: 0, section: SectionInput(count: 1))],
                insertItems: [.init(indexPath: IndexPath(section: 0, item: 0))]
            ), .conflict(list: .insertItems, position: 0, with: .insertSections)
        ),
        (
            BatchUpdates(
                insertItems: [.init(indexPath: IndexPath(section: 1, item: 0))],
                moveItems: [.init(from: IndexPath(section: 0, item: 0), to: IndexPath(section: 1, item: 0))]
            ), .conflict(list: .insertItems, position: 0, with: .moveItems)
        ),
        (
            BatchUpdates(moveItems: [
                .init(from: IndexPath(section: 0, item: 0), to: IndexPath(section: 1, item: 1)),
                .init(from: IndexPath(section: 0, item: 0), to: IndexPath(section: 1, item: 2)),
            ]), .duplicate(list: .moveItems, position: 1)
        ),
        (
            BatchUpdates(moveItems: [.init(from: IndexPath(section: 0, item: 0), to: IndexPath(section: 1, item: 5))]),
            .itemOutOfRange(list: .moveItems, position: 0)
        ),
        (
            BatchUpdates(deleteItems: [IndexPath(section: 1, item: 0)], expectedItemCounts: [3, 3]),
            .itemCountMismatch(section: 1, expected: 3, actual: 2)
        ),
        (BatchUpdates(expectedItemCounts: [3]), .sectionCountMismatch(expected: 1, actual: 2)),
        (
            BatchUpdates(insertItems: [
                .init(indexPath: IndexPath(section: 0, item: 0), size: Size(width: -1, height: 1))
            ]), .invalidLayout(.invalidItemSize(section: 0, item: 0))
        ),
    ]

    @Test(arguments: 0..<Self.inconsistent.count)
    func anInconsistentBatchThrowsAndLeavesTheLayoutUntouched(index: Int) throws {
        let (updates, error) = Self.inconsistent[index]
        var live = try LiveLayout(
            input: LayoutInput(sections: [SectionInput(count: 3), SectionInput(count: 3)]),
            configuration: .flow(.init())
        )
        let before = live
        #expect(throws: error) { try live.performBatchUpdates(updates) }
        #expect(live == before)
    }
}
