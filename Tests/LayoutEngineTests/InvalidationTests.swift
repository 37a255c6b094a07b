import LayoutEngine
import Testing

/// The input with `sizes` applied, `count` sections turned into lists: what a client would send from scratch.
func applying(_ sizes: [IndexPath: Size], to input: LayoutInput, defaultSize: (SectionInput) -> Size) -> LayoutInput {
    var result = input
    for (indexPath, size) in sizes {
        var section = result.sections[indexPath.section]
        var list: [Size]
        switch section.items {
        case .count(let count): list = Array(repeating: defaultSize(section), count: count)
        case .sizes(let sizes): list = sizes
        }
        list[indexPath.item] = size
        section.items = .sizes(list)
        result.sections[indexPath.section] = section
    }
    return result
}

/// The size a `count` section's items have, as a kind reads it.
func defaultItemSize(_ configuration: LayoutConfiguration, viewport: Size) -> (SectionInput) -> Size {
    { section in
        switch configuration {
        case .flow(let flow): return section.overrides.itemSize ?? flow.itemSize
        case .waterfall, .justified: return Size(width: 1, height: 1)
        case .line(let line): return section.overrides.itemSize ?? line.itemSize
        case .stack(let stack): return section.overrides.itemSize ?? stack.itemSize
        case .circle(let circle): return section.overrides.itemSize ?? circle.itemSize
        case .cover(let cover): return cover.resolvedItemSize(viewport: viewport)
        case .rotary(let rotary): return rotary.itemSize
        case .pagecover: return viewport
        case .compositional: return .zero
        case .custom: preconditionFailure("the built-in kinds only")
        }
    }
}

@Suite struct InvalidationTests {
    @Test(arguments: [LayoutKind.flow, .waterfall, .line, .stack, .circle, .cover, .rotary, .pagecover, .justified, .compositional])
    func resizingItemsEqualsPreparingTheResizedInputFromScratch(kind: LayoutKind) throws {
        for seed in 0..<150 as Range<UInt64> {
            var random = RandomLayouts(seed: seed &* 7919 &+ UInt64(kind.rawValue.count))
            let (input, configuration) = random.layout(kind: kind)
            var live = try LiveLayout(input: input, configuration: configuration)
            let nonEmpty = input.sections.indices.filter { input.sections[$0].itemCount > 0 }
            guard !nonEmpty.isEmpty else { continue }
            var sizes: [IndexPath: Size] = [:]
            for _ in 0..<random.int(1...3) {
                let section = nonEmpty[random.int(0...(nonEmpty.count - 1))]
                let item = random.int(0...(input.sections[section].itemCount - 1))
                sizes[IndexPath(section: section, item: item)] = Size(
                    width: random.double(1...(input.viewport.width / 2)).rounded(),
                    height: random.double(1...150).rounded()
                )
            }
            let before = live.prepared
            let result = try live.invalidate(InvalidationContext(itemSizes: sizes))
            let expectedInput = applying(sizes, to: input, defaultSize: defaultItemSize(configuration, viewport: input.viewport))
            let expected = try prepare(expectedInput, configuration)
            #expect(live.prepared.allAttributes(contentOffset: .zero) == expected.allAttributes(contentOffset: .zero))
            #expect(live.prepared.contentSize == expected.contentSize)
            #expect(live.prepared == expected)
            #expect(
                result.contentSizeAdjustment
                    == Size(
                        width: expected.contentSize.width - before.contentSize.width,
                        height: expected.contentSize.height - before.contentSize.height
                    )
            )
            // A random viewport query agrees too (the indexes were rebuilt).
            let rect = random.rect(in: expected.contentSize)
            #expect(
                live.prepared.attributes(in: rect, contentOffset: .zero)
                    == expected.attributes(in: rect, contentOffset: .zero)
            )
        }
    }

    @Test func resizingOneItemRecomputesOnlyFromItsLineAndMovesLaterSections() throws {
        var flow = FlowLayout.Configuration()
        flow.itemSize = Size(width: 100, height: 50)
        let input = LayoutInput(
            viewport: Size(width: 320, height: 600),
            sections: [SectionInput(count: 30), SectionInput(count: 1000)]
        )
        var live = try LiveLayout(input: input, configuration: .flow(flow))
        let later = live.prepared.attributesForItem(at: IndexPath(section: 1, item: 500), contentOffset: .zero)!
        // Three items a line: item 25 is on the line starting at item 24.
        let result = try live.invalidate(
            InvalidationContext(itemSizes: [IndexPath(section: 0, item: 25): Size(width: 100, height: 80)])
        )
        #expect(result.recomputedItemCount == 30 - 24)
        #expect(result.contentSizeAdjustment == Size(width: 0, height: 30))
        let moved = live.prepared.attributesForItem(at: IndexPath(section: 1, item: 500), contentOffset: .zero)!
        #expect(moved.frame == later.frame.offsetBy(dx: 0, dy: 30))
    }

    @Test func resizingAWaterfallItemRecomputesFromThatItem() throws {
        let input = LayoutInput(viewport: Size(width: 340, height: 600), sections: [SectionInput(count: 100)])
        var live = try LiveLayout(input: input, configuration: .waterfall(.init()))
        let result = try live.invalidate(
            InvalidationContext(itemSizes: [IndexPath(section: 0, item: 90): Size(width: 1, height: 2)])
        )
        #expect(result.recomputedItemCount == 10)
        let expected = try prepare(
            applying([IndexPath(section: 0, item: 90): Size(width: 1, height: 2)], to: input) { _ in
                Size(width: 1, height: 1)
            },
            .waterfall(.init())
        )
        #expect(live.prepared == expected)
    }

    @Test func aSizeEqualToTheCurrentOneRecomputesNothing() throws {
        let input = LayoutInput(sections: [SectionInput(count: 10)])
        var live = try LiveLayout(input: input, configuration: .flow(.init()))
        let result = try live.invalidate(
            InvalidationContext(itemSizes: [IndexPath(section: 0, item: 3): Size(width: 50, height: 50)])
        )
        #expect(result.recomputedItemCount == 0)
        #expect(live.input == input)
    }

    @Test(arguments: [LayoutKind.flow, .waterfall, .justified])
    func aViewportChangeAcrossTheScrollAxisLaysOutAgainAndAlongItRecomputesNothing(kind: LayoutKind) throws {
        for seed in 0..<40 as Range<UInt64> {
            var random = RandomLayouts(seed: seed &+ 1000)
            let (input, configuration) = random.layout(kind: kind)
            var live = try LiveLayout(input: input, configuration: configuration)
            var isVertical = true
            if case .flow(let flow) = configuration { isVertical = flow.scrollDirection == .vertical }
            var along = input.viewport
            if isVertical { along.height += 100 } else { along.width += 100 }
            let first = try live.invalidate(InvalidationContext(viewport: along))
            #expect(first.recomputedItemCount == 0)
            var expectedInput = input
            expectedInput.viewport = along
            #expect(live.prepared == (try prepare(expectedInput, configuration)))
            var across = along
            if isVertical { across.width += 37 } else { across.height += 37 }
            let second = try live.invalidate(InvalidationContext(viewport: across))
            expectedInput.viewport = across
            let expected = try prepare(expectedInput, configuration)
            #expect(live.prepared == expected)
            #expect(second.recomputedItemCount == expected.elementCount)
        }
    }

    @Test func invalidatingEverythingPreparesAgain() throws {
        let input = LayoutInput(sections: [SectionInput(count: 10)])
        var live = try LiveLayout(input: input, configuration: .line(.init()))
        let result = try live.invalidate(InvalidationContext(viewport: Size(width: 500, height: 300)))
        #expect(result.contentSizeAdjustment.height == 300 - 667)
        var expected = input
        expected.viewport = Size(width: 500, height: 300)
        #expect(live.prepared == (try prepare(expected, .line(.init()))))
        let again = try live.invalidate(InvalidationContext(invalidatesEverything: true))
        #expect(again.contentSizeAdjustment == .zero)
    }

    @Test func errorsNameTheItemAndLeaveTheLayoutAsItWas() throws {
        let input = LayoutInput(sections: [SectionInput(count: 10), SectionInput(count: 2)])
        var live = try LiveLayout(input: input, configuration: .waterfall(.init()))
        let before = live
        #expect(throws: LayoutError.noSuchItem(section: 1, item: 2)) {
            try live.invalidate(
                InvalidationContext(itemSizes: [IndexPath(section: 1, item: 2): Size(width: 1, height: 1)])
            )
        }
        #expect(throws: LayoutError.noSuchItem(section: 2, item: 0)) {
            try live.invalidate(
                InvalidationContext(itemSizes: [IndexPath(section: 2, item: 0): Size(width: 1, height: 1)])
            )
        }
        #expect(throws: LayoutError.invalidItemSize(section: 0, item: 4)) {
            try live.invalidate(
                InvalidationContext(itemSizes: [
                    IndexPath(section: 0, item: 4): Size(width: 0, height: 1),
                    IndexPath(section: 0, item: 1): Size(width: 3, height: 1),
                ])
            )
        }
        #expect(throws: LayoutError.invalidViewport) {
            try live.invalidate(InvalidationContext(viewport: Size(width: -1, height: 3)))
        }
        #expect(live == before)
    }
}
