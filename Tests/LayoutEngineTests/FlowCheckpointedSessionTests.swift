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
            let last = counts[section] - 1
            let item = random.bool() ? random.int(0...last) : Swift.max(0, last - random.int(0...2))
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
            CheckpointedSessionTests.expectEqual(live.prepared, fresh, section: section, &random)
        }
    }
}
