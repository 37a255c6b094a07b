@testable import LayoutEngine
import Testing

/// Sessions whose flow sections are checkpointed: every invalidation (of items, or of a header or footer) and batch
/// update resumes from a checkpoint, stays checkpointed, and leaves the layout a fresh prepare would give.
@Suite struct FlowCheckpointedSessionTests {
    @Test(arguments: 0..<30)
    func invalidationsAndUpdatesEqualAFreshPrepare(seed: Int) throws {
        var random = RandomLayouts(seed: UInt64(seed) &+ 7_500)
        let flow = FlowCheckpointedFramesTests.randomFlow(&random)
        var live = try LiveLayout(input: FlowCheckpointedFramesTests.randomInput(&random), configuration: .flow(flow))
        // A `count` section given sizes by an invalidation resumes at a line of its grid and stores its frames.
        let listed = live.prepared.sections.indices.filter { live.prepared.sections[$0].frames.checkpointed != nil }
        for step in 0..<8 {
            let counts = live.input.sections.map(\.itemCount)
            guard let section = counts.indices.filter({ counts[$0] > 0 }).randomElement(using: &random.generator)
            else { break }
            let item = random.bool() ? random.int(0...(counts[section] - 1)) : Swift.max(0, counts[section] - random.int(1...3))
            let size = FlowCheckpointedFramesTests.randomSizes(1, &random)[0]
            switch step % 4 {
            case 0:
                _ = try live.invalidate(InvalidationContext(itemSizes: [IndexPath(section: section, item: item): size]))
            case 1:
                let inserted = BatchUpdates.ItemChange(indexPath: IndexPath(section: section, item: item), size: size)
                _ = try live.performBatchUpdates(
                    BatchUpdates(
                        deleteItems: [IndexPath(section: section, item: counts[section] - 1)],
                        insertItems: [inserted]
                    )
                )
            case 2:
                // A measured header or footer (when the section has one): the section is laid out again whole.
                let kind = random.bool() ? ElementKind.header : .footer
                let element = SupplementaryIndexPath(kind: kind, indexPath: IndexPath(section: section, item: 0))
                let measured = Size(width: random.double(5...300), height: random.double(5...80))
                _ = try? live.invalidate(InvalidationContext(supplementarySizes: [element: measured]))
            default:
                // Several items from one place on: the lines before stay, the ones after are laid out again.
                var sizes: [IndexPath: Size] = [:]
                for offset in 0..<random.int(1...40) where item + offset < counts[section] {
                    sizes[IndexPath(section: section, item: item + offset)] =
                        FlowCheckpointedFramesTests.randomSizes(1, &random)[0]
                }
                _ = try live.invalidate(InvalidationContext(itemSizes: sizes))
            }
            let fresh = try prepare(live.input, .flow(flow))
            if listed.contains(section) {
                #expect(live.prepared.sections[section].frames.checkpointed != nil)
                #expect(fresh.sections[section].frames.checkpointed != nil)
            }
            #expect(
                CheckpointedFramesTests.bits(live.prepared.sections[section].frames.array)
                    == CheckpointedFramesTests.bits(fresh.sections[section].frames.array))
            #expect(live.prepared == fresh)
            #expect(live.prepared.sections[section].extent == fresh.sections[section].extent)
            #expect(live.prepared.sections[section].index.bounds == fresh.sections[section].index.bounds)
            #expect(live.prepared.contentSize == fresh.contentSize)
            #expect(live.prepared.allAttributes(contentOffset: .zero) == fresh.allAttributes(contentOffset: .zero))
            let rect = random.rect(in: fresh.contentSize)
            #expect(
                live.prepared.attributes(in: rect, contentOffset: .zero)
                    == fresh.allAttributes(contentOffset: .zero).filter { $0.frame.intersects(rect) })
        }
    }

    @Test func aResizeNearTheEndRecomputesFromTheCheckpointBeforeIt() throws {
        let sizes = (0..<100_000).map { Size(width: 40 + Double($0 % 7), height: 30 + Double($0 % 11)) }
        let input = LayoutInput(sections: [SectionInput(items: .sizes(sizes))])
        var live = try LiveLayout(input: input, configuration: .flow(.init()))
        let item = 99_990
        let resized = [IndexPath(section: 0, item: item): Size(width: 10, height: 70)]
        let result = try live.invalidate(InvalidationContext(itemSizes: resized))
        // From the last block where the running extremes were kept (every 1,024 items), not the whole section.
        #expect(result.recomputedItemCount > 100_000 - item && result.recomputedItemCount <= 100_000 - item + 1_100)
        #expect(live.prepared.sections[0].frames.checkpointed != nil)
        #expect(live.prepared == (try prepare(live.input, .flow(.init()))))
        #expect(live.heapBytes <= 100_000 * 20)
    }
}
