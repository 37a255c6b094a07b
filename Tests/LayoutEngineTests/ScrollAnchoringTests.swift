import LayoutEngine
import Testing

@Suite struct ScrollAnchoringTests {
    /// Five 50 × 50 items a line in a 320 × 400 viewport: lines at y = 60·k, content 1190 high.
    private func grid() throws -> LiveLayout {
        try LiveLayout(
            input: LayoutInput(viewport: Size(width: 320, height: 400), sections: [SectionInput(count: 100)]),
            configuration: .flow(.init())
        )
    }

    @Test func growingAnItemAboveTheFirstVisibleOneMovesTheOffsetByAsMuch() throws {
        var live = try self.grid()
        // At y = 200 the first visible cell is item 15 (line 3, at 180).
        let result = try live.invalidate(
            InvalidationContext(
                itemSizes: [IndexPath(section: 0, item: 2): Size(width: 50, height: 80)],
                contentOffset: Point(x: 0, y: 200)
            )
        )
        #expect(result.contentOffsetAdjustment == Point(x: 0, y: 30))
        #expect(result.contentSizeAdjustment == Size(width: 0, height: 30))
    }

    @Test func resizingAnItemBelowTheFirstVisibleOneKeepsTheOffset() throws {
        var live = try self.grid()
        let result = try live.invalidate(
            InvalidationContext(
                itemSizes: [IndexPath(section: 0, item: 20): Size(width: 50, height: 80)],
                contentOffset: Point(x: 0, y: 200)
            )
        )
        #expect(result.contentOffsetAdjustment == .zero)
    }

    @Test func theAdjustedOffsetNeverPassesTheEnd() throws {
        var live = try self.grid()
        var sizes: [IndexPath: Size] = [:]
        for item in 95..<100 { sizes[IndexPath(section: 0, item: item)] = Size(width: 50, height: 10) }
        // At the end (790) the anchor does not move, but the content loses 40: the offset must come back to 750.
        let result = try live.invalidate(InvalidationContext(itemSizes: sizes, contentOffset: Point(x: 0, y: 790)))
        #expect(result.contentOffsetAdjustment == Point(x: 0, y: -40))
    }

    @Test func theStaticFunctionAgreesWithTheStoredAdjustment() throws {
        var live = try self.grid()
        let old = live.prepared
        let result = try live.invalidate(
            InvalidationContext(
                itemSizes: [IndexPath(section: 0, item: 0): Size(width: 50, height: 20)],
                contentOffset: Point(x: 0, y: 300)
            )
        )
        // Copying `old` above made the invalidation copy the frames instead of rewriting them; the result is the same.
        let computed = InvalidationResult.contentOffsetAdjustment(
            from: old,
            to: live.prepared,
            contentOffset: Point(x: 0, y: 300)
        )
        #expect(computed == result.contentOffsetAdjustment)
        #expect(computed == Point(x: 0, y: 0))
    }
    // The first visible item of random layouts keeping its place is checked against a brute force in
    // AnchoredMutationTests.invalidationKeepsTheAnchorWhereTheBruteForceFindsIt.
}
