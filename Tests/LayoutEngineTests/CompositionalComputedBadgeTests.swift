@testable import LayoutEngine
import Testing

/// A `compositional` section given by `count` whose items carry badges (supplementaries anchored to cells, none to
/// groups, none measured) keeps its cells as a ``RepeatedGroupGeometry``, and its rect queries take the computed
/// short path: they answer what the same section with stored frames answers (a measured size for a kind it does not
/// have keeps its frames stored and changes nothing else), bit for bit, and what a scan of every element keeps, in
/// both scroll and writing directions, with repetition starts that are a product of the pitch and ones replayed
/// from checkpoints.
@Suite struct CompositionalComputedBadgeTests {
    typealias C = CompositionalLayout

    @Test(arguments: [FlowLayout.ScrollDirection.vertical, .horizontal], [LayoutDirection.leftToRight, .rightToLeft])
    func computedBadgeSectionsAnswerAsStoredOnesAndAScan(
        direction: FlowLayout.ScrollDirection,
        writing: LayoutDirection
    ) throws {
        var random = RandomLayouts(seed: direction == .vertical ? 0xC0B4D6E : 0xC0B4D6F)
        var (products, replays) = (0, 0)
        for _ in 0..<30 {
            var configuration = C.Configuration()
            configuration.scrollDirection = direction
            configuration.section = RepeatedGroupFramesTests.randomSection(&random, isVertical: direction == .vertical)
            // Badges on every item, nested groups' too; none on a group (a group's keeps every repetition's frame).
            configuration.section.group = CompositionalAnchoredTests.badged(
                configuration.section.group, &random, isTopLevel: false)
            let counts = (0..<random.int(1...3)).map { _ in random.int(0...600) }
            let viewport = Size(width: random.double(250...900).rounded(), height: random.double(300...900).rounded())
            let computed = try prepare(
                .counted(counts, viewport: viewport, direction: writing),
                .compositional(configuration)
            )
            var storing = LayoutInput.counted(counts, viewport: viewport, direction: writing)
            for section in storing.sections.indices where counts[section] > 0 {
                storing.sections[section].anchoredSizes = [
                    .init(item: 0, kind: ElementName("unknown")!, size: Size(width: 1, height: 1)),
                ]
            }
            let stored = try prepare(storing, .compositional(configuration))
            for (section, count) in counts.enumerated() where count > 0 {
                let geometry = try #require(computed.sections[section].frames.repeatedGroup)
                if geometry.groups.pitch != nil { products += 1 } else { replays += 1 }
                #expect(stored.sections[section].frames.isStored)
                #expect(computed.sections[section].frames.array == stored.sections[section].frames.array)
                #expect(computed.sections[section].extent == stored.sections[section].extent)
            }
            #expect(computed.contentSize == stored.contentSize)
            let all = computed.allAttributes(contentOffset: .zero)
            #expect(all == stored.allAttributes(contentOffset: .zero))
            #expect(all.contains { $0.kind?.isNamed == true } || counts.allSatisfy { $0 == 0 })
            for _ in 0..<25 {
                // Rects around the content, some wider than it, some of no width or height (edges that only touch).
                let size = Size(width: computed.contentSize.width + 200, height: computed.contentSize.height + 200)
                var rect = random.rect(in: size).offsetBy(dx: -100, dy: -100)
                if random.int(0...5) == 0 { rect.size.height = 0 }
                let found = computed.attributes(in: rect, contentOffset: .zero)
                #expect(found == stored.attributes(in: rect, contentOffset: .zero))
                #expect(found == all.filter { $0.frame.intersects(rect) })
            }
        }
        // Both ways of finding where repetitions start were exercised.
        #expect(products > 0 && replays > 0)
    }

    @Test func candidateItemsFromThePitchEqualTheBinarySearchs() throws {
        var random = RandomLayouts(seed: 0xB4D6E5)
        var checked = 0
        for _ in 0..<40 {
            var configuration = C.Configuration()
            let isVertical = random.bool()
            configuration.scrollDirection = isVertical ? .vertical : .horizontal
            configuration.section = RepeatedGroupFramesTests.randomSection(&random, isVertical: isVertical)
            let count = random.int(1...5_000)
            let layout = try prepare(
                .counted([count], viewport: Size(width: 390, height: 844), direction: .leftToRight),
                .compositional(configuration)
            )
            let geometry = try #require(layout.sections[0].frames.repeatedGroup)
            let length = isVertical ? layout.contentSize.height : layout.contentSize.width
            for _ in 0..<200 {
                let lo = random.double(-200...(length + 200))
                let hi = random.bool() ? lo + random.double(0...1_000) : random.double(-200...(length + 200))
                #expect(geometry.anchoredCandidateItems(from: lo, to: hi) == geometry.candidateItems(from: lo, to: hi))
            }
            for (lo, hi) in [(-Double.infinity, Double.infinity), (0, 0), (length, length + 1), (-1e300, 1e300)] {
                #expect(geometry.anchoredCandidateItems(from: lo, to: hi) == geometry.candidateItems(from: lo, to: hi))
            }
            if geometry.groups.pitch != nil { checked += 1 }
        }
        #expect(checked > 0)
    }
}
