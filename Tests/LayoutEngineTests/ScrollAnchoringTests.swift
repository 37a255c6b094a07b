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

    @Test(arguments: [LayoutKind.flow, .waterfall, .justified])
    func theFirstVisibleItemKeepsItsOnScreenPosition(kind: LayoutKind) throws {
        for seed in 0..<100 as Range<UInt64> {
            var random = RandomLayouts(seed: seed &* 31 &+ 5)
            let (input, configuration) = random.layout(kind: kind)
            var live = try LiveLayout(input: input, configuration: configuration)
            let old = live.prepared
            var isVertical = true
            if case .flow(let flow) = configuration { isVertical = flow.scrollDirection == .vertical }
            let length = isVertical ? old.contentSize.height : old.contentSize.width
            let position = random.double(
                0...Swift.max(0, length - (isVertical ? input.viewport.height : input.viewport.width))
            )
            let offset = isVertical ? Point(x: 0, y: position) : Point(x: position, y: 0)
            let cells = old.attributes(in: Rect(origin: offset, size: input.viewport), contentOffset: offset)
                .filter { $0.category == .cell }
            guard let anchor = cells.first else { continue }
            let nonEmpty = input.sections.indices.filter { input.sections[$0].itemCount > 0 }
            let section = nonEmpty[random.int(0...(nonEmpty.count - 1))]
            let item = random.int(0...(input.sections[section].itemCount - 1))
            let size = Size(width: random.double(1...100).rounded(), height: random.double(1...200).rounded())
            let result = try live.invalidate(
                InvalidationContext(itemSizes: [IndexPath(section: section, item: item): size], contentOffset: offset)
            )
            let adjusted = Point(
                x: offset.x + result.contentOffsetAdjustment.x,
                y: offset.y + result.contentOffsetAdjustment.y
            )
            let moved = live.prepared.attributesForItem(at: anchor.indexPath, contentOffset: adjusted)!
            let maximum = Swift.max(
                0,
                isVertical
                    ? live.prepared.contentSize.height - input.viewport.height
                    : live.prepared.contentSize.width - input.viewport.width
            )
            let newPosition = isVertical ? adjusted.y : adjusted.x
            #expect(newPosition >= 0 && newPosition <= maximum + 1e-9)
            if newPosition > 0 && newPosition < maximum {
                let before = isVertical ? anchor.frame.minY - offset.y : anchor.frame.minX - offset.x
                let after = isVertical ? moved.frame.minY - adjusted.y : moved.frame.minX - adjusted.x
                #expect(isClose(before, after, tolerance: 1e-9))
            }
            #expect((isVertical ? result.contentOffsetAdjustment.x : result.contentOffsetAdjustment.y) == 0)
        }
    }
}
