import Testing

@testable import LayoutEngine

/// A kind written outside the engine (``DiagonalLayout``) is prepared, queried, snapped, invalidated and updated
/// by the engine's one orchestration, with nothing but its own type and its registration.
@Suite struct DiagonalLayoutTests {
    private let configuration = DiagonalLayout.wrap(DiagonalLayout.Configuration())

    private func input(_ sections: [SectionInput]) -> LayoutInput {
        LayoutInput(viewport: Size(width: 200, height: 300), sections: sections)
    }

    @Test func aRegisteredKindIsPreparedWithItsItemsOnTheDiagonal() throws {
        let input = self.input([SectionInput(count: 3), SectionInput(items: .sizes([Size(width: 10, height: 20)]))])
        let layout = try prepareLayout(input, configuration: self.configuration)
        #expect(layout.kind.rawValue == "diagonal")
        #expect(self.configuration.kind == layout.kind)
        #expect(LayoutKind(rawValue: "diagonal") == nil)
        let frames = layout.allAttributes(contentOffset: .zero).map(\.frame)
        #expect(
            frames == [
                Rect(x: 0, y: 0, width: 40, height: 40), Rect(x: 30, y: 30, width: 40, height: 40),
                Rect(x: 60, y: 60, width: 40, height: 40), Rect(x: 0, y: 100, width: 10, height: 20),
            ]
        )
        #expect(layout.contentSize == Size(width: 200, height: 120))
    }

    @Test func aBadParameterOrSizeOfTheNewKindThrowsTheEnginesErrors() {
        var bad = DiagonalLayout.Configuration()
        bad.step = -1
        #expect(throws: LayoutError.invalidParameter(name: "step", section: nil)) {
            try prepareLayout(self.input([SectionInput(count: 1)]), configuration: DiagonalLayout.wrap(bad))
        }
        let sizes = SectionInput(items: .sizes([Size(width: 1, height: 1), Size(width: -1, height: 1)]))
        #expect(throws: LayoutError.invalidItemSize(section: 0, item: 1)) {
            try prepareLayout(self.input([sizes]), configuration: self.configuration)
        }
    }

    @Test(arguments: [0.0, 95, 400, 2_000])
    func rectQueriesFindExactlyTheIntersectingItems(y: Double) throws {
        let input = self.input([SectionInput(count: 40), SectionInput(count: 0), SectionInput(count: 25)])
        let layout = try prepareLayout(input, configuration: self.configuration)
        let rect = Rect(x: y / 2, y: y, width: 200, height: 300)
        let found = layout.attributes(in: rect, contentOffset: .zero).map(\.indexPath)
        let expected = layout.allAttributes(contentOffset: .zero).filter { $0.frame.intersects(rect) }.map(\.indexPath)
        #expect(found == expected)
        #expect(!found.isEmpty || y > layout.contentSize.height)
    }

    @Test func snappingBringsAnItemEdgeToTheViewportsTop() throws {
        let layout = try prepareLayout(self.input([SectionInput(count: 50)]), configuration: self.configuration)
        let target = layout.targetContentOffset(forProposedContentOffset: Point(x: 0, y: 100), velocity: .zero)
        #expect(target == Point(x: 0, y: 90))
    }

    @Test func invalidatingAnItemSizeEqualsPreparingTheResizedInput() throws {
        let sections = [SectionInput(count: 5), SectionInput(count: 4), SectionInput(count: 3)]
        var live = try LiveLayout(input: self.input(sections), configuration: self.configuration)
        var context = InvalidationContext()
        context.itemSizes[IndexPath(section: 1, item: 2)] = Size(width: 80, height: 90)
        let result = try live.invalidate(context)
        var resized = sections
        resized[1].items = .sizes([Size](repeating: Size(width: 40, height: 40), count: 4))
        if case .sizes(var list) = resized[1].items {
            list[2] = Size(width: 80, height: 90)
            resized[1].items = .sizes(list)
        }
        let fresh = try prepareLayout(self.input(resized), configuration: self.configuration)
        #expect(live.prepared == fresh)
        // Only the resized section is laid out again; the one before keeps its frames, the one after moves.
        #expect(result.recomputedItemCount == 4)
        #expect(result.contentSizeAdjustment == Size(width: 0, height: 20))
    }

    @Test func aBatchUpdateEqualsPreparingTheEditedInput() throws {
        let sections = [SectionInput(count: 5), SectionInput(count: 4)]
        var live = try LiveLayout(input: self.input(sections), configuration: self.configuration)
        var updates = BatchUpdates()
        updates.deleteItems = [IndexPath(section: 0, item: 1)]
        updates.insertItems = [.init(indexPath: IndexPath(section: 1, item: 0), size: Size(width: 10, height: 10))]
        let result = try live.performBatchUpdates(updates)
        let edited = [
            SectionInput(count: 4),
            SectionInput(
                items: .sizes([Size(width: 10, height: 10)] + [Size](repeating: Size(width: 40, height: 40), count: 4))
            ),
        ]
        #expect(try live.prepared == prepareLayout(self.input(edited), configuration: self.configuration))
        #expect(result.appearing.map(\.indexPath) == [IndexPath(section: 1, item: 0)])
        #expect(result.disappearing.map(\.indexPath) == [IndexPath(section: 0, item: 1)])
    }

    @Test func anInteractiveMoveAndATransitionTakeTheNewKindToo() throws {
        let input = self.input([SectionInput(count: 4)])
        let moved = try layoutMovingItem(
            from: IndexPath(section: 0, item: 0),
            to: IndexPath(section: 0, item: 3),
            input: input,
            configuration: self.configuration
        )
        #expect(moved.layout.numberOfItems(inSection: 0) == 4)
        let flow = try prepareLayout(input, configuration: .flow(.init()))
        let diagonal = try prepareLayout(input, configuration: self.configuration)
        let halfway = try TransitionLayout(current: flow, target: diagonal, progress: 0.5)
        let item = IndexPath(section: 0, item: 3)
        let from = try #require(flow.attributesForItem(at: item, contentOffset: .zero)).frame
        let to = try #require(diagonal.attributesForItem(at: item, contentOffset: .zero)).frame
        let between = halfway.attributes(in: nil, fromContentOffset: .zero, toContentOffset: .zero)
            .first { $0.indexPath == item && $0.category == .cell }
        #expect(between?.frame.midX == (from.midX + to.midX) / 2)
        #expect(between?.frame.midY == (from.midY + to.midY) / 2)
    }
}
