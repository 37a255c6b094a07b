@testable import LayoutEngine
import Testing

/// A flow section given by `count` whose count changes (a batch update) resumes its grid at the changed item's line:
/// the grid is the one a fresh build gives, and the session answers as a fresh prepare.
@Suite struct FlowGridResumeTests {
    @Test(arguments: 0..<30)
    func aResumedGridEqualsAFreshGrid(seed: Int) throws {
        var random = RandomLayouts(seed: UInt64(seed) &+ 6_600)
        let flow = GridFramesTests.randomFlow(&random)
        let viewport = Size(width: random.double(200...900), height: random.double(300...900))
        let old = random.int(1...3_000)
        let new = Swift.max(1, old + random.int(-40...40))
        let item = random.int(0...(Swift.min(old, new) - 1))
        func builder(_ count: Int) throws -> (FlowSectionBuilder, FlowSectionBuilder.Line) {
            let input = LayoutInput(viewport: viewport, sections: [SectionInput(count: count)])
            let builder = try FlowLayout.makeSectionBuilder(input, configuration: flow, section: 0)
            let start = FlowSectionBuilder.Line(first: 0, v: builder.bodyStart + builder.topInset, lineEndBefore: 0)
            return (builder, start)
        }
        let (oldBuilder, oldStart) = try builder(old)
        let (newBuilder, newStart) = try builder(new)
        let previous = oldBuilder.buildGrid(UniformItemSizes(size: flow.itemSize, count: old), start: oldStart)
        let fresh = newBuilder.buildGrid(UniformItemSizes(size: flow.itemSize, count: new), start: newStart)
        guard let previous, let fresh else { return }
        let resumed = newBuilder.resumeGrid(
            UniformItemSizes(size: flow.itemSize, count: new),
            previous: previous.geometry,
            from: item
        )
        let line = Swift.min(item, old - 1, new - 1) / previous.geometry.columns
        #expect((resumed == nil) == (line == 0))
        guard let resumed else { return }
        #expect(resumed.geometry == fresh.geometry)
        #expect(resumed.v == fresh.v && resumed.lineEnd == fresh.lineEnd)
        #expect(resumed.first == line * previous.geometry.columns)
    }

    @Test(arguments: 0..<20)
    func batchUpdatesOfACountSectionMatchAFreshPrepare(seed: Int) throws {
        var random = RandomLayouts(seed: UInt64(seed) &+ 6_700)
        let flow = GridFramesTests.randomFlow(&random)
        let viewport = Size(width: random.double(200...900), height: random.double(300...900))
        let input = LayoutInput(
            viewport: viewport,
            layoutDirection: random.bool() ? .rightToLeft : .leftToRight,
            sections: [SectionInput(count: random.int(0...50)), SectionInput(count: random.int(1...2_000))]
        )
        var live = try LiveLayout(input: input, configuration: .flow(flow))
        for _ in 0..<6 {
            let count = live.input.sections[1].itemCount
            var updates = BatchUpdates()
            if count > 1, random.bool() {
                updates.deleteItems = [IndexPath(section: 1, item: random.int(0...(count - 1)))]
            } else {
                updates.insertItems = [.init(indexPath: IndexPath(section: 1, item: random.int(0...count)))]
            }
            _ = try live.performBatchUpdates(updates)
            let fresh = try prepare(live.input, .flow(flow))
            #expect(live.prepared.sections[1].frames.grid != nil)
            #expect(live.prepared == fresh)
            #expect(live.prepared.allAttributes(contentOffset: .zero) == fresh.allAttributes(contentOffset: .zero))
            for _ in 0..<5 {
                let rect = random.rect(in: fresh.contentSize)
                #expect(
                    live.prepared.attributes(in: rect, contentOffset: rect.origin)
                        == fresh.attributes(in: rect, contentOffset: rect.origin)
                )
            }
        }
    }
}
