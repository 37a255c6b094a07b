@testable import LayoutEngine
import Testing

/// ``PreparedLayout/forEachAttribute(contentOffset:orthogonalOffsets:plainCell:_:)`` hands the cells drawn with the
/// default attributes over as an index path and a frame: together with the other elements, in the same order, they
/// are exactly what ``PreparedLayout/forEachAttribute(contentOffset:orthogonalOffsets:_:)`` gives.
@Suite struct PlainCellVisitTests {
    /// Every element of `layout` through the split visit, each plain cell made into its attributes, and how many
    /// came as plain cells.
    static func splitVisit(_ layout: PreparedLayout, contentOffset: Point) -> ([LayoutAttributes], Int) {
        var elements: [LayoutAttributes] = []
        var plain = 0
        withUnsafeMutablePointer(to: &elements) { elements in
            layout.forEachAttribute(
                contentOffset: contentOffset,
                plainCell: { indexPath, frame in
                    let cell = LayoutAttributes(category: .cell, kind: nil, indexPath: indexPath, frame: frame)
                    elements.pointee.append(cell)
                    plain += 1
                },
                { elements.pointee.append($0) }
            )
        }
        return (elements, plain)
    }

    /// A random flow configuration and input: one to four sections, each of `counts` items by count or of `sized`
    /// items with listed sizes, either direction.
    static func randomFlowInput(
        _ random: inout RandomLayouts, counts: ClosedRange<Int>, sized: ClosedRange<Int>
    ) -> (FlowLayout.Configuration, LayoutInput) {
        let flow = GridFramesTests.randomFlow(&random)
        let direction: LayoutDirection = random.bool() ? .rightToLeft : .leftToRight
        let sections = (0..<random.int(1...4)).map { _ in
            random.bool()
                ? SectionInput(count: random.int(counts))
                : SectionInput(
                    items: .sizes((0..<random.int(sized)).map { _ in
                        Size(width: random.double(1...120), height: random.double(1...80))
                    })
                )
        }
        let input = LayoutInput(
            viewport: Size(width: random.double(200...900), height: random.double(300...900)),
            layoutDirection: direction,
            sections: sections
        )
        return (flow, input)
    }

    @Test(arguments: 0..<30)
    func aFlowLayoutsPlainCellsAndOtherElementsAreAllItsAttributes(seed: Int) throws {
        var random = RandomLayouts(seed: UInt64(seed) &+ 7_100)
        let (flow, input) = Self.randomFlowInput(&random, counts: 0...300, sized: 0...60)
        let direction = input.layoutDirection
        let sections = input.sections
        let layout = try prepare(input, .flow(flow))
        let offset = Point(x: 0, y: random.double(0...400))
        let (elements, plain) = Self.splitVisit(layout, contentOffset: offset)
        #expect(elements == layout.allAttributes(contentOffset: offset))
        // Left to right, every cell of a flow layout is plain; mirrored, none is.
        let cells = sections.reduce(0) { $0 + $1.itemCount }
        #expect(plain == (direction == .leftToRight ? cells : 0))
    }

    @Test(arguments: [LayoutKind.line, .stack, .circle, .cover, .rotary, .pagecover, .waterfall, .justified])
    func otherKindsGiveAllTheirAttributesThroughTheSplitVisit(kind: LayoutKind) throws {
        let input = LayoutInput(
            viewport: Size(width: 390, height: 844),
            contentOffset: Point(x: 40, y: 120),
            sections: [SectionInput(count: 25), SectionInput(count: 7)]
        )
        let layout = try prepare(input, .defaults(for: kind))
        let (elements, _) = Self.splitVisit(layout, contentOffset: input.contentOffset)
        #expect(elements == layout.allAttributes(contentOffset: input.contentOffset))
        #expect(elements.count == layout.elementCount)
    }

    /// The split visit against a path that hands no cell over as plain: a rect query over the whole content gives
    /// every element as attributes made by the section's cell context, in the same order.
    @Test(arguments: 0..<20)
    func theSplitVisitGivesWhatARectQueryOverEverythingGives(seed: Int) throws {
        var random = RandomLayouts(seed: UInt64(seed) &+ 9_300)
        var flow = GridFramesTests.randomFlow(&random)
        // Pinned headers are drawn where the offset puts them, which a rect query tests: keep them in place.
        flow.sectionHeadersPinToVisibleBounds = false
        // A background inset past its section is empty, which no rect intersects.
        flow.sectionBackground = nil
        let sections = (0..<random.int(1...5)).map { _ in
            random.bool()
                ? SectionInput(count: random.int(0...80))
                : SectionInput(
                    items: .sizes((0..<random.int(0...40)).map { _ in
                        Size(width: random.double(1...120), height: random.double(1...80))
                    })
                )
        }
        let input = LayoutInput(
            viewport: Size(width: random.double(200...900), height: random.double(300...900)),
            sections: sections
        )
        let layout = try prepare(input, .flow(flow))
        let (elements, plain) = Self.splitVisit(layout, contentOffset: .zero)
        let everything = Rect(
            x: -1,
            y: -1,
            width: layout.contentSize.width + 2,
            height: layout.contentSize.height + 2
        )
        #expect(elements == layout.attributes(in: everything, contentOffset: .zero))
        #expect(plain == sections.reduce(0) { $0 + $1.itemCount })
    }
}
