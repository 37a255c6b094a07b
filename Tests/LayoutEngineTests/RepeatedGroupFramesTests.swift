@testable import LayoutEngine
import Testing

/// A `compositional` section given by `count` (one group repeated, none measured) keeps its frames as a
/// ``RepeatedGroupGeometry``: its answers equal those of the same section with every item listed unmeasured (whose
/// frames are stored), bit for bit, rect queries find what a scan finds, and a measured item stores the frames.
@Suite struct RepeatedGroupFramesTests {
    typealias C = CompositionalLayout

    /// A random section whose group has an estimated height (so listed zero sizes take the stored path).
    static func randomSection(_ random: inout RandomLayouts, isVertical: Bool) -> C.Section {
        var section = random.compositionalSection(isVertical: isVertical)
        if isVertical {
            section.group.size.height = .estimated(random.double(20...90).rounded() + (random.bool() ? 0.3 : 0))
        } else {
            section.group.size.width = .estimated(random.double(40...200).rounded() + (random.bool() ? 0.3 : 0))
        }
        section.interGroupSpacing = random.bool() ? random.double(0...20) : random.double(0...20).rounded()
        section.orthogonalScrollingBehavior = .none
        return section
    }

    @Test(arguments: [FlowLayout.ScrollDirection.vertical, .horizontal], [LayoutDirection.leftToRight, .rightToLeft])
    func computedFramesEqualStoredFrames(direction: FlowLayout.ScrollDirection, writing: LayoutDirection) throws {
        var random = RandomLayouts(seed: direction == .vertical ? 0x6A0 : 0x6A1)
        for _ in 0..<25 {
            var configuration = C.Configuration()
            configuration.scrollDirection = direction
            configuration.section = Self.randomSection(&random, isVertical: direction == .vertical)
            let counts = (0..<random.int(1...3)).map { _ in random.int(0...1_500) }
            let viewport = Size(width: random.double(250...900), height: random.double(300...900))
            let computed = try prepare(
                .counted(counts, viewport: viewport, direction: writing),
                .compositional(configuration)
            )
            let stored = try prepare(
                .counted(counts, listing: .zero, viewport: viewport, direction: writing),
                .compositional(configuration)
            )
            for (section, count) in counts.enumerated() {
                #expect((computed.sections[section].frames.repeatedGroup != nil) == (count > 0))
                #expect(stored.sections[section].frames.isStored)
                #expect(computed.sections[section].frames.array == stored.sections[section].frames.array)
                #expect(computed.sections[section].extent == stored.sections[section].extent)
                #expect(computed.sections[section].index.bounds == stored.sections[section].index.bounds)
            }
            #expect(computed.contentSize == stored.contentSize)
            #expect(computed.allAttributes(contentOffset: .zero) == stored.allAttributes(contentOffset: .zero))
            for _ in 0..<20 {
                let rect = random.rect(in: computed.contentSize)
                let answer = computed.attributes(in: rect, contentOffset: rect.origin)
                #expect(answer == stored.attributes(in: rect, contentOffset: rect.origin))
                // A scan of every cell's stored frame against the rect in stored space.
                let local = computed.storedRect(rect)
                let scanned = counts.indices.flatMap { section in
                    let origin = computed.sections[section].origin
                    let frames = computed.sections[section].frames
                    return frames.indices.filter {
                        frames[$0].offsetBy(dx: origin.x, dy: origin.y).intersects(local)
                    }.map { IndexPath(section: section, item: $0) }
                }
                #expect(answer.filter { $0.category == .cell }.map(\.indexPath) == scanned)
                let velocity = Point(x: random.double(-900...900), y: random.double(-900...900))
                #expect(
                    computed.targetContentOffset(forProposedContentOffset: rect.origin, velocity: velocity)
                        == stored.targetContentOffset(forProposedContentOffset: rect.origin, velocity: velocity)
                )
            }
        }
    }

    @Test func aMillionItemListKeepsNoFramesAndAnswersLikeAScan() throws {
        var configuration = C.Configuration()
        let row = C.Item(size: .init(width: .fractionalWidth(1), height: .absolute(44)))
        configuration.section = C.Section(
            group: C.Group(size: .init(width: .fractionalWidth(1), height: .absolute(44)), subitems: [.item(row)])
        )
        configuration.section.interGroupSpacing = 0.5
        let input = LayoutInput(viewport: Size(width: 390, height: 844), sections: [SectionInput(count: 1_000_000)])
        let live = try LiveLayout(input: input, configuration: .compositional(configuration))
        let geometry = try #require(live.prepared.sections[0].frames.repeatedGroup)
        #expect(geometry.groups.pitch != nil, "whole halves: every repetition by a product")
        #expect(live.heapBytes < 100_000)
        let rect = Rect(x: 0, y: 22_000_000, width: 390, height: 844)
        let answer = live.prepared.attributes(in: rect, contentOffset: rect.origin).map(\.indexPath.item)
        let scanned = (0..<1_000_000).filter { geometry.frame($0).intersects(rect) }
        #expect(answer == scanned && !answer.isEmpty)
    }

    @Test func aMeasuredItemStoresTheFramesAndMatchesAFreshLayout() throws {
        var random = RandomLayouts(seed: 0x6A2)
        for _ in 0..<10 {
            var configuration = C.Configuration()
            configuration.section = Self.randomSection(&random, isVertical: true)
            let count = random.int(50...900)
            let input = LayoutInput(sections: [SectionInput(count: 30), SectionInput(count: count)])
            var live = try LiveLayout(input: input, configuration: .compositional(configuration))
            #expect(live.prepared.sections[1].frames.repeatedGroup != nil)
            let item = random.int(0...(count - 1))
            let resized = [IndexPath(section: 1, item: item): Size(width: 70, height: random.double(10...120))]
            let result = try live.invalidate(InvalidationContext(itemSizes: resized))
            let perGroup = live.prepared.sections[0].frames.repeatedGroup?.cells.count ?? 1
            let stride = CompositionalSectionBuilder.checkpointStride
            #expect(result.recomputedItemCount <= count - item / perGroup / stride * stride * perGroup)
            #expect(live.prepared.sections[1].frames.isStored)
            #expect(live.prepared.sections[0].frames.repeatedGroup != nil)
            let fresh = try prepare(live.input, .compositional(configuration))
            #expect(live.prepared.allAttributes(contentOffset: .zero) == fresh.allAttributes(contentOffset: .zero))
            #expect(live.prepared.contentSize == fresh.contentSize)
        }
    }
}
