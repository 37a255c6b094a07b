@testable import LayoutEngine
import Testing

/// ``PreparedLayout/forEachAttribute(in:contentOffset:orthogonalOffsets:plainCell:_:)`` hands the plain cells a rect
/// query finds over as an index path and a frame: together with the other elements, in the same order, they are
/// exactly what ``PreparedLayout/attributes(in:contentOffset:orthogonalOffsets:)`` gives.
@Suite struct PlainCellRectVisitTests {
    /// The elements of `layout` in `rect` through the split rect visit, each plain cell made into its attributes,
    /// and how many came as plain cells.
    static func splitVisit(_ layout: PreparedLayout, in rect: Rect, contentOffset: Point) -> ([LayoutAttributes], Int) {
        var elements: [LayoutAttributes] = []
        var plain = 0
        withUnsafeMutablePointer(to: &elements) { elements in
            layout.forEachAttribute(
                in: rect,
                contentOffset: contentOffset,
                plainCell: { indexPath, frame in
                    elements.pointee.append(LayoutAttributes(category: .cell, kind: nil, indexPath: indexPath, frame: frame))
                    plain += 1
                },
                { elements.pointee.append($0) }
            )
        }
        return (elements, plain)
    }

    /// A random rect over `layout`'s content, now and then reaching past its ends.
    static func randomRect(_ random: inout RandomLayouts, over layout: PreparedLayout) -> Rect {
        let size = layout.contentSize
        return Rect(
            x: random.double(-50...max(0, size.width)),
            y: random.double(-50...max(0, size.height)),
            width: random.double(1...900),
            height: random.double(1...900)
        )
    }

    /// Expects a dozen random rects over `layout` to give the same elements split as the attributes query, none of
    /// them plain cells when it is mirrored (`direction`).
    ///
    /// - Returns: How many plain cells they found.
    static func expectTheSameElementsSplit(
        _ layout: PreparedLayout, direction: LayoutDirection, _ random: inout RandomLayouts
    ) -> Int {
        var plainSeen = 0
        for _ in 0..<12 {
            let rect = Self.randomRect(&random, over: layout)
            let offset = Point(x: 0, y: random.double(0...400))
            let (elements, plain) = Self.splitVisit(layout, in: rect, contentOffset: offset)
            #expect(elements == layout.attributes(in: rect, contentOffset: offset))
            if direction == .rightToLeft { #expect(plain == 0) }
            plainSeen += plain
        }
        return plainSeen
    }

    @Test(arguments: 0..<30)
    func aFlowLayoutsRectQueryGivesTheSameElementsSplit(seed: Int) throws {
        var random = RandomLayouts(seed: UInt64(seed) &+ 9_300)
        let (flow, input) = PlainCellVisitTests.randomFlowInput(&random, counts: 0...400, sized: 0...80)
        let plainSeen = Self.expectTheSameElementsSplit(
            try prepare(input, .flow(flow)), direction: input.layoutDirection, &random)
        // Left to right, a flow's cells are plain: a dozen rects over a non-empty layout find some of them.
        if input.layoutDirection == .leftToRight, input.sections.contains(where: { $0.itemCount > 0 }) {
            #expect(plainSeen > 0)
        }
    }

    @Test(arguments: [LayoutKind.flow, .line, .stack, .circle, .cover, .rotary, .pagecover, .waterfall, .justified])
    func everyKindsRectQueryGivesTheSameElementsSplit(kind: LayoutKind) throws {
        let input = LayoutInput(
            viewport: Size(width: 390, height: 844),
            contentOffset: Point(x: 40, y: 120),
            sections: [SectionInput(count: 250), SectionInput(count: 70)]
        )
        let layout = try prepare(input, .defaults(for: kind))
        var random = RandomLayouts(seed: 77)
        for _ in 0..<40 {
            let rect = Self.randomRect(&random, over: layout)
            let (elements, _) = Self.splitVisit(layout, in: rect, contentOffset: input.contentOffset)
            #expect(elements == layout.attributes(in: rect, contentOffset: input.contentOffset))
        }
    }

    /// Sections of replayed frames (given by sizes: ``CheckpointedFrames``) are searched without their index copied;
    /// a `justified` section's shown cells come as plain cells too, its hidden ones (widows left out, rows past the
    /// limit) as attributes: the same elements as the attributes query, for every kind that replays.
    @Test(arguments: 0..<16)
    func sectionsOfReplayedFramesGiveTheSameElementsSplit(seed: Int) throws {
        var random = RandomLayouts(seed: UInt64(seed) &+ 9_400)
        let input = JustifiedCheckpointTests.input(&random)
        let configurations: [LayoutConfiguration] = [
            .justified(JustifiedCheckpointTests.configuration(&random)), .defaults(for: .waterfall),
            .defaults(for: .flow),
        ]
        for configuration in configurations {
            let layout = try prepare(input, configuration)
            let replayed = (0..<layout.numberOfSections).filter { layout.sections[$0].frames.checkpointed != nil }
            #expect(replayed.count == input.sections.filter { $0.itemCount > 0 }.count)
            _ = Self.expectTheSameElementsSplit(layout, direction: input.layoutDirection, &random)
            // A rect over the whole content finds every shown cell as a plain one, left to right.
            let whole = Rect(x: -1, y: -1, width: layout.contentSize.width + 2, height: layout.contentSize.height + 2)
            let (elements, plain) = Self.splitVisit(layout, in: whole, contentOffset: .zero)
            #expect(elements == layout.attributes(in: whole, contentOffset: .zero))
            if input.layoutDirection == .leftToRight {
                let shown = elements.filter { $0.category == .cell && !$0.isHidden }.count
                #expect(plain == shown, "\(configuration.kind)")
            }
        }
    }
}
