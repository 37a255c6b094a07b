import LayoutEngine
import Testing

/// Flow's self-sizing: `estimatedItemSize` for cells and measured headers and footers, each checked against a flow
/// prepared from scratch with the sizes written out.
@Suite struct FlowSelfSizingTests {
    /// A random flow layout (either direction, either writing direction) with an estimate.
    static func randomEstimated(_ random: inout RandomLayouts) -> (LayoutInput, FlowLayout.Configuration) {
        let (input, configuration) = random.layout(kind: .flow)
        guard case .flow(var flow) = configuration else { preconditionFailure("a flow layout") }
        flow.estimatedItemSize = Size(
            width: random.double(20...120).rounded(),
            height: random.double(20...90).rounded()
        )
        return (input, flow)
    }

    /// `input` with every item's size written out: the estimate for `count` sections (or the section's item size).
    static func writtenOut(_ input: LayoutInput, _ flow: FlowLayout.Configuration) -> LayoutInput {
        var result = input
        for index in result.sections.indices {
            if case .count(let count) = result.sections[index].items {
                let size = result.sections[index].overrides.itemSize ?? flow.estimatedItemSize ?? flow.itemSize
                result.sections[index].items = .sizes(Array(repeating: size, count: count))
            }
        }
        return result
    }

    /// The first visible cell at `offset` by a scan of every cell: the lowest index path crossing the leading edge,
    /// else the lowest visible one (vertical layouts).
    static func anchor(in layout: PreparedLayout, at offset: Double) -> LayoutAttributes? {
        let visible = layout.allAttributes(contentOffset: .zero).filter {
            $0.category == .cell && $0.frame.maxY > offset && $0.frame.minY < offset + layout.viewport.height
        }
        let crossing = visible.filter { $0.frame.minY <= offset && offset < $0.frame.maxY }
        return (crossing.min { $0.indexPath < $1.indexPath }) ?? visible.min { $0.indexPath < $1.indexPath }
    }

    @Test func itemsWithoutASizeAreLaidOutAtTheEstimateUntilMeasured() throws {
        for seed in 0..<150 as Range<UInt64> {
            var random = RandomLayouts(seed: seed &* 31 &+ 5)
            let (input, flow) = Self.randomEstimated(&random)
            var live = try LiveLayout(input: input, configuration: .flow(flow))
            let estimated = try prepare(Self.writtenOut(input, flow), .flow(flow))
            #expect(live.prepared.allAttributes(contentOffset: .zero) == estimated.allAttributes(contentOffset: .zero))
            // The client measures a few cells, seen from some offset.
            var measured: [IndexPath: Size] = [:]
            for _ in 0..<random.int(1...6) {
                let nonEmpty = input.sections.indices.filter { input.sections[$0].itemCount > 0 }
                guard let section = nonEmpty.randomElement(using: &random.generator) else { break }
                let item = random.int(0...(input.sections[section].itemCount - 1))
                measured[IndexPath(section: section, item: item)] = Size(
                    width: random.double(10...150).rounded(),
                    height: random.double(10...150).rounded()
                )
            }
            let isVertical = flow.scrollDirection == .vertical
            let offset = isVertical ? random.double(0...Swift.max(0, estimated.contentSize.height - 100)).rounded() : 0
            let before = live.prepared
            let result = try live.invalidate(
                InvalidationContext(itemSizes: measured, contentOffset: Point(x: 0, y: offset))
            )
            let expected = try prepare(
                applying(measured, to: Self.writtenOut(input, flow), defaultSize: { _ in .zero }),
                .flow(flow)
            )
            #expect(live.prepared.allAttributes(contentOffset: .zero) == expected.allAttributes(contentOffset: .zero))
            #expect(
                result.contentSizeAdjustment
                    == Size(
                        width: expected.contentSize.width - before.contentSize.width,
                        height: expected.contentSize.height - before.contentSize.height
                    )
            )
            guard isVertical, let anchor = Self.anchor(in: before, at: offset) else { continue }
            let moved = try #require(expected.attributesForItem(at: anchor.indexPath, contentOffset: .zero))
            let maximum = Swift.max(0, expected.contentSize.height - expected.viewport.height)
            let target = Swift.min(maximum, Swift.max(0, offset + moved.frame.minY - anchor.frame.minY))
            #expect(isClose(result.contentOffsetAdjustment.y, target - offset), "seed \(seed)")
        }
    }

    @Test func itemsInsertedWithoutASizeTakeTheEstimate() throws {
        var flow = FlowLayout.Configuration()
        flow.estimatedItemSize = Size(width: 320, height: 44)
        var live = try LiveLayout(
            input: LayoutInput(viewport: Size(width: 320, height: 480), sections: [SectionInput(count: 3)]),
            configuration: .flow(flow)
        )
        #expect(live.prepared.contentSize.height == 3 * 44 + 2 * 10)
        _ = try live.performBatchUpdates(BatchUpdates(insertItems: [.init(indexPath: IndexPath(section: 0, item: 0))]))
        #expect(live.input.sections[0].items == .count(4), "the estimate stays a count")
        #expect(live.prepared.contentSize.height == 4 * 44 + 3 * 10)
        let result = try live.invalidate(
            InvalidationContext(itemSizes: [IndexPath(section: 0, item: 1): Size(width: 320, height: 100)])
        )
        #expect(result.contentSizeAdjustment == Size(width: 0, height: 56))
        let third = try #require(
            live.prepared.attributesForItem(at: IndexPath(section: 0, item: 2), contentOffset: .zero)
        )
        #expect(third.frame.minY == 164, "44 + 10 + 100 + 10")
    }

    @Test(arguments: [Size(width: 0, height: 10), Size(width: 10, height: 0), Size(width: -1, height: 5)])
    func anEstimateMustBePositive(estimate: Size) {
        var flow = FlowLayout.Configuration()
        flow.estimatedItemSize = estimate
        #expect(throws: LayoutError.invalidParameter(name: "estimatedItemSize", section: nil)) {
            _ = try prepareLayout(LayoutInput(sections: [SectionInput(count: 1)]), configuration: .flow(flow))
        }
    }

    @Test func measuredHeadersAndFootersReplaceTheirEstimates() throws {
        for seed in 0..<150 as Range<UInt64> {
            var random = RandomLayouts(seed: seed &* 131 &+ 9)
            let (input, configuration) = random.layout(kind: .flow)
            guard case .flow(let flow) = configuration else { preconditionFailure("a flow layout") }
            var live = try LiveLayout(input: input, configuration: configuration)
            let isVertical = flow.scrollDirection == .vertical
            var sizes: [SupplementaryIndexPath: Size] = [:]
            var expectedInput = input
            for section in input.sections.indices {
                for kind in [ElementKind.header, .footer] {
                    let element = SupplementaryIndexPath(kind: kind, indexPath: IndexPath(section: section, item: 0))
                    let has =
                        live.prepared.attributesForSupplementaryElement(
                            ofKind: kind,
                            at: element.indexPath,
                            contentOffset: .zero
                        ) != nil
                    guard has, random.bool() else { continue }
                    let length = random.double(1...90).rounded()
                    let size = isVertical ? Size(width: 0, height: length) : Size(width: length, height: 0)
                    sizes[element] = size
                    if kind == .header {
                        expectedInput.sections[section].header = size
                    } else {
                        expectedInput.sections[section].footer = size
                    }
                }
            }
            // Cells measured in the same pass.
            var cells: [IndexPath: Size] = [:]
            if let section = input.sections.indices.first(where: { input.sections[$0].itemCount > 1 }) {
                cells[IndexPath(section: section, item: 1)] = Size(width: 33, height: 27)
            }
            let before = live.prepared
            let result = try live.invalidate(InvalidationContext(itemSizes: cells, supplementarySizes: sizes))
            let expected = try prepare(
                applying(
                    cells,
                    to: expectedInput,
                    defaultSize: defaultItemSize(configuration, viewport: input.viewport)
                ),
                configuration
            )
            #expect(live.prepared.allAttributes(contentOffset: .zero) == expected.allAttributes(contentOffset: .zero))
            #expect(live.prepared == expected)
            #expect(result.contentSizeAdjustment.height == expected.contentSize.height - before.contentSize.height)
        }
    }

    @Test func aSectionWithoutAHeaderHasNoneToMeasure() throws {
        var live = try LiveLayout(
            input: LayoutInput(sections: [
                SectionInput(count: 2), SectionInput(items: .count(2), header: Size(width: 0, height: 20)),
            ]),
            configuration: .flow(.init())
        )
        let missing = SupplementaryIndexPath(kind: .header, indexPath: IndexPath(section: 0, item: 0))
        #expect(throws: LayoutError.noSuchSupplementary(kind: .header, section: 0, item: 0)) {
            _ = try live.invalidate(InvalidationContext(supplementarySizes: [missing: Size(width: 0, height: 40)]))
        }
        let header = SupplementaryIndexPath(kind: .header, indexPath: IndexPath(section: 1, item: 0))
        let result = try live.invalidate(
            InvalidationContext(
                supplementarySizes: [header: Size(width: 375, height: 64)],
                contentOffset: Point(x: 0, y: 200)
            )
        )
        #expect(result.contentSizeAdjustment == Size(width: 0, height: 44))
        let first = try #require(
            live.prepared.attributesForItem(at: IndexPath(section: 1, item: 0), contentOffset: .zero)
        )
        #expect(first.frame.minY == 114, "section 0's line of 50, then the measured header of 64")
    }
}
