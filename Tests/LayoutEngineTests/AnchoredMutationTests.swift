@testable import LayoutEngine
import Testing

/// The anchor, found by scanning every cell of the old layout, and the offset that keeps it still, computed by hand.
private struct BruteForceAnchor {
    let isVertical: Bool
    let startsAtMax: Bool
    let anchoring: ScrollAnchoring
    var indexPath: IndexPath?
    var onScreen = 0.0
    var wasAtEnd = false

    /// Scans every cell of `layout` (by index path, never the spatial index) for the anchor seen at `offset`.
    init(
        _ layout: PreparedLayout,
        direction: LayoutDirection,
        offset: Point,
        anchoring: ScrollAnchoring,
        survives: (IndexPath) -> Bool
    ) {
        let isVertical = layout.axis == .vertical
        self.isVertical = isVertical
        self.startsAtMax = !isVertical && direction == .rightToLeft
        self.anchoring = anchoring
        let visible = Rect(origin: offset, size: layout.viewport)
        let position = self.isVertical ? offset.y : offset.x
        let length = self.isVertical ? layout.viewport.height : layout.viewport.width
        let usesMax = self.startsAtMax == (anchoring == .top)
        let edge = usesMax ? position + length : position
        var cells: [LayoutAttributes] = []
        for section in 0..<layout.numberOfSections {
            for item in 0..<layout.numberOfItems(inSection: section) {
                let indexPath = IndexPath(section: section, item: item)
                guard survives(indexPath), let cell = layout.attributesForItem(at: indexPath, contentOffset: offset),
                    cell.frame.intersects(visible)
                else { continue }
                cells.append(cell)
            }
        }
        if anchoring == .bottom { cells.reverse() }
        let low = { (cell: LayoutAttributes) in isVertical ? cell.frame.minY : cell.frame.minX }
        let high = { (cell: LayoutAttributes) in isVertical ? cell.frame.maxY : cell.frame.maxX }
        let crossing = cells.first { usesMax ? low($0) < edge && edge <= high($0) : low($0) <= edge && edge < high($0) }
        if let anchor = crossing ?? cells.first {
            self.indexPath = anchor.indexPath
            self.onScreen = (usesMax ? high(anchor) : low(anchor)) - position
        }
        let contentLength = self.isVertical ? layout.contentSize.height : layout.contentSize.width
        self.wasAtEnd = self.startsAtMax ? position <= 1 : position >= Swift.max(0, contentLength - length) - 1
        self.axisIsVertical = isVertical
    }

    /// Whether the old layout scrolled vertically.
    private var axisIsVertical = true

    /// The offset that shows the anchor, now at `newIndexPath` in `layout`, where it was, clamped.
    /// When `layout` scrolls along the other axis, the anchor's kept side goes to the visible rect's edge and the
    /// other coordinate is clamped too.
    func expectedOffset(in layout: PreparedLayout, newIndexPath: IndexPath?, from offset: Point) -> Point {
        let isVertical = layout.axis == .vertical
        let sameAxis = isVertical == self.axisIsVertical
        let startsAtMax = !isVertical && layout.layoutDirection == .rightToLeft
        let length = isVertical ? layout.viewport.height : layout.viewport.width
        let contentLength = isVertical ? layout.contentSize.height : layout.contentSize.width
        let maximum = Swift.max(0, contentLength - length)
        var target = isVertical ? offset.y : offset.x
        let usesMax = startsAtMax == (self.anchoring == .top)
        if self.anchoring == .bottom && self.wasAtEnd {
            target = startsAtMax ? 0 : maximum
        } else if let newIndexPath, let cell = layout.attributesForItem(at: newIndexPath, contentOffset: offset) {
            let side =
                usesMax
                ? (isVertical ? cell.frame.maxY : cell.frame.maxX)
                : (isVertical ? cell.frame.minY : cell.frame.minX)
            target = side - (sameAxis ? self.onScreen : (usesMax ? length : 0))
        }
        target = Swift.min(maximum, Swift.max(0, target))
        var cross = isVertical ? offset.x : offset.y
        if !sameAxis {
            let crossMaximum = isVertical
                ? layout.contentSize.width - layout.viewport.width : layout.contentSize.height - layout.viewport.height
            cross = Swift.min(Swift.max(0, crossMaximum), Swift.max(0, cross))
        }
        return isVertical ? Point(x: cross, y: target) : Point(x: target, y: cross)
    }
}

@Suite struct AnchoredMutationTests {
    /// A random batch of deletions and insertions (a prepend among them), and where each old item goes, computed by
    /// replaying the batch on arrays of old index paths.
    private func randomBatch(
        _ input: LayoutInput,
        random: inout RandomLayouts
    ) -> (BatchUpdates, [IndexPath: IndexPath]) {
        var updates = BatchUpdates()
        var mapping: [IndexPath: IndexPath] = [:]
        for (section, sectionInput) in input.sections.enumerated() {
            var items: [IndexPath?] = (0..<sectionInput.itemCount).map { IndexPath(section: section, item: $0) }
            for item in items.indices.reversed() where random.int(0...5) == 0 {
                updates.deleteItems.append(IndexPath(section: section, item: item))
                items.remove(at: item)
            }
            var inserted: [Int] = []
            if random.bool() { inserted = Array(0..<random.int(1...12)) }  // a prepend
            for _ in 0..<random.int(0...3) { inserted.append(random.int(0...(items.count + inserted.count))) }
            for index in Set(inserted).sorted() where index <= items.count {
                items.insert(nil, at: index)
                let size = Size(width: random.double(1...80).rounded(), height: random.double(1...120).rounded())
                updates.insertItems.append(
                    BatchUpdates.ItemChange(indexPath: IndexPath(section: section, item: index), size: size)
                )
            }
            for (new, old) in items.enumerated() {
                if let old { mapping[old] = IndexPath(section: section, item: new) }
            }
        }
        return (updates, mapping)
    }

    @Test(arguments: LayoutKind.allCases, [ScrollAnchoring.top, .bottom])
    func batchUpdatesKeepTheAnchorWhereTheBruteForceFindsIt(kind: LayoutKind, anchoring: ScrollAnchoring) throws {
        var covered = (vertical: 0, horizontal: 0, rightToLeft: 0)
        for seed in 0..<60 as Range<UInt64> {
            var random = RandomLayouts(seed: seed &* 977 &+ 13)
            var (input, configuration) = random.layout(kind: kind)
            configuration = Self.with(anchoring, configuration)
            let effective = configuration.anchoring
            var live = try LiveLayout(input: input, configuration: configuration)
            let old = live.prepared
            let isVertical = old.axis == .vertical
            let length = isVertical ? old.contentSize.height : old.contentSize.width
            let viewportLength = isVertical ? input.viewport.height : input.viewport.width
            var position = random.double(0...Swift.max(0, length - viewportLength))
            if random.int(0...4) == 0 { position = Swift.max(0, length - viewportLength) }  // at the end
            let cross = random.double(0...10)
            let offset = isVertical ? Point(x: cross, y: position) : Point(x: position, y: cross)
            var (updates, mapping) = self.randomBatch(input, random: &random)
            updates.contentOffset = offset
            let direction = input.layoutDirection
            let expected = BruteForceAnchor(old, direction: direction, offset: offset, anchoring: effective) {
                mapping[$0] != nil
            }
            // A random insertion may not suit the kind (a size it refuses): such a batch is skipped.
            guard let result = try? live.performBatchUpdates(updates) else { continue }
            let offsetAfter = expected.expectedOffset(
                in: live.prepared,
                newIndexPath: expected.indexPath.flatMap { mapping[$0] },
                from: offset
            )
            #expect(isClose(result.contentOffset.x, offsetAfter.x), "seed \(seed)")
            #expect(isClose(result.contentOffset.y, offsetAfter.y), "seed \(seed)")
            let adjustment = Point(x: result.contentOffset.x - offset.x, y: result.contentOffset.y - offset.y)
            #expect(result.contentOffsetAdjustment == adjustment)
            if isVertical { covered.vertical += 1 } else { covered.horizontal += 1 }
            if input.layoutDirection == .rightToLeft { covered.rightToLeft += 1 }
        }
        #expect(covered.vertical + covered.horizontal > 20 && covered.rightToLeft > 0)
        if kind == .flow || kind == .compositional { #expect(covered.vertical > 0 && covered.horizontal > 0) }
    }

    @Test(arguments: [LayoutKind.flow, .waterfall, .justified, .compositional], [ScrollAnchoring.top, .bottom])
    func invalidationKeepsTheAnchorWhereTheBruteForceFindsIt(kind: LayoutKind, anchoring: ScrollAnchoring) throws {
        for seed in 0..<60 as Range<UInt64> {
            var random = RandomLayouts(seed: seed &* 31 &+ 7)
            var (input, configuration) = random.layout(kind: kind)
            configuration = Self.with(anchoring, configuration)
            let effective = configuration.anchoring
            var live = try LiveLayout(input: input, configuration: configuration)
            let old = live.prepared
            let isVertical = old.axis == .vertical
            let length = isVertical ? old.contentSize.height : old.contentSize.width
            let viewportLength = isVertical ? input.viewport.height : input.viewport.width
            let position = random.double(0...Swift.max(0, length - viewportLength))
            let offset = isVertical ? Point(x: 0, y: position) : Point(x: position, y: 0)
            let nonEmpty = input.sections.indices.filter { input.sections[$0].itemCount > 0 }
            guard !nonEmpty.isEmpty else { continue }
            let section = nonEmpty[random.int(0...(nonEmpty.count - 1))]
            let item = random.int(0...(input.sections[section].itemCount - 1))
            let size = Size(width: random.double(1...100).rounded(), height: random.double(1...200).rounded())
            let direction = input.layoutDirection
            let expected = BruteForceAnchor(old, direction: direction, offset: offset, anchoring: effective) {
                _ in true
            }
            let result = try live.invalidate(
                InvalidationContext(itemSizes: [IndexPath(section: section, item: item): size], contentOffset: offset)
            )
            guard expected.indexPath != nil || effective == .bottom else {
                #expect(result.contentOffsetAdjustment == .zero)
                continue
            }
            let offsetAfter = expected.expectedOffset(in: live.prepared, newIndexPath: expected.indexPath, from: offset)
            #expect(isClose(offset.x + result.contentOffsetAdjustment.x, offsetAfter.x), "seed \(seed)")
            #expect(isClose(offset.y + result.contentOffsetAdjustment.y, offsetAfter.y), "seed \(seed)")
        }
    }

    @Test(arguments: [LayoutKind.flow, .waterfall, .justified, .compositional, .line], [ScrollAnchoring.top, .bottom])
    func aCommittedTransitionKeepsTheAnchor(target: LayoutKind, anchoring: ScrollAnchoring) throws {
        for seed in 0..<40 as Range<UInt64> {
            var random = RandomLayouts(seed: seed &+ 400)
            let (input, configuration) = random.layout(kind: .flow)
            let old = try prepareLayout(input, configuration: configuration)
            let new = try prepareLayout(input, configuration: .defaults(for: target))
            let isVertical = old.axis == .vertical
            let length = isVertical ? old.contentSize.height : old.contentSize.width
            let viewportLength = isVertical ? input.viewport.height : input.viewport.width
            let position = random.double(0...Swift.max(0, length - viewportLength))
            let offset = isVertical ? Point(x: 0, y: position) : Point(x: position, y: 0)
            let direction = input.layoutDirection
            let expected = BruteForceAnchor(old, direction: direction, offset: offset, anchoring: anchoring) {
                _ in true
            }
            let answer = LiveLayout.anchoredContentOffset(
                from: old,
                to: new,
                contentOffset: offset,
                anchoring: anchoring
            )
            let offsetAfter = expected.expectedOffset(in: new, newIndexPath: expected.indexPath, from: offset)
            #expect(isClose(answer.x, offsetAfter.x) && isClose(answer.y, offsetAfter.y), "seed \(seed)")
        }
    }

    /// One column of 300 × 50 items, 10 apart, in a 320 × 400 viewport.
    private func column(count: Int, anchoring: ScrollAnchoring = .top) throws -> LiveLayout {
        var flow = FlowLayout.Configuration()
        flow.itemSize = Size(width: 300, height: 50)
        flow.anchor = anchoring
        return try LiveLayout(
            input: LayoutInput(viewport: Size(width: 320, height: 400), sections: [SectionInput(count: count)]),
            configuration: .flow(flow)
        )
    }

    private func insertions(_ items: Range<Int>, offset: Point) -> BatchUpdates {
        BatchUpdates(
            insertItems: items.map { BatchUpdates.ItemChange(indexPath: IndexPath(section: 0, item: $0)) },
            contentOffset: offset
        )
    }

    @Test func prependingTenItemsMovesTheOffsetByTheirHeightAndSpacing() throws {
        var live = try self.column(count: 100)
        let result = try live.performBatchUpdates(self.insertions(0..<10, offset: Point(x: 0, y: 1234)))
        #expect(result.contentOffset == Point(x: 0, y: 1834))
        #expect(result.contentOffsetAdjustment == Point(x: 0, y: 600))
    }

    @Test func withoutAnOffsetTheLayoutsOwnIsAnchored() throws {
        var live = try self.column(count: 100)
        let result = try live.performBatchUpdates(self.insertions(0..<3, offset: .zero))
        var again = try self.column(count: 100)
        let changes = (0..<3).map { BatchUpdates.ItemChange(indexPath: IndexPath(section: 0, item: $0)) }
        let implicit = try again.performBatchUpdates(BatchUpdates(insertItems: changes))
        #expect(result.contentOffset == Point(x: 0, y: 180))
        #expect(implicit.contentOffset == result.contentOffset)
    }

    @Test func deletingTheFirstVisibleItemAnchorsTheNextOne() throws {
        var live = try self.column(count: 100)
        // At 130 items 2 (120–170) and later are visible; item 2 goes, item 3 (180) keeps its place, now at 120.
        let result = try live.performBatchUpdates(
            BatchUpdates(deleteItems: [IndexPath(section: 0, item: 2)], contentOffset: Point(x: 0, y: 130))
        )
        #expect(result.contentOffset == Point(x: 0, y: 130 - 60 + 0))
    }

    @Test func aBottomAnchoredViewportAtTheEndFollowsAppendedItems() throws {
        var live = try self.column(count: 20, anchoring: .bottom)
        // 20 items: 1190 high, the end at 790.
        let result = try live.performBatchUpdates(self.insertions(20..<25, offset: Point(x: 0, y: 789.5)))
        #expect(result.contentOffset == Point(x: 0, y: 1090))
    }

    @Test func aBottomAnchoredViewportAwayFromTheEndKeepsTheLastVisibleItem() throws {
        var live = try self.column(count: 20, anchoring: .bottom)
        let appended = try live.performBatchUpdates(self.insertions(20..<25, offset: Point(x: 0, y: 500)))
        #expect(appended.contentOffset == Point(x: 0, y: 500))
        let prepended = try live.performBatchUpdates(self.insertions(0..<2, offset: Point(x: 0, y: 500)))
        #expect(prepended.contentOffset == Point(x: 0, y: 620))
    }

    @Test func aTopAnchoredViewportAtTheEndStaysPutWhenItemsAreAppended() throws {
        var live = try self.column(count: 20)
        let result = try live.performBatchUpdates(self.insertions(20..<25, offset: Point(x: 0, y: 790)))
        #expect(result.contentOffset == Point(x: 0, y: 790))
    }

    /// `configuration` with its kind's `anchor` set, for the kinds that have one.
    static func with(_ anchoring: ScrollAnchoring, _ configuration: LayoutConfiguration) -> LayoutConfiguration {
        switch configuration {
        case .flow(var flow):
            flow.anchor = anchoring
            return .flow(flow)
        case .waterfall(var waterfall):
            waterfall.anchor = anchoring
            return .waterfall(waterfall)
        case .compositional(var compositional):
            compositional.anchor = anchoring
            return .compositional(compositional)
        default:
            return configuration
        }
    }
}
