import LayoutEngine
import Testing

/// A `justified` session lays a section out again from the last checkpoint (every 16th row) before a change, and
/// the result is always what preparing the same input from scratch gives, to the last bit.
@Suite struct JustifiedResumeTests {
    /// A random configuration: breakout rows, widow styles, hidden widows, a row limit, padding and spacing that
    /// do not add up exactly in floating point.
    static func configuration(_ random: inout RandomLayouts) -> JustifiedLayout.Configuration {
        var configuration = JustifiedLayout.Configuration()
        configuration.targetRowHeight = random.double(60...200)
        configuration.targetRowHeightTolerance = random.double(0...0.4)
        configuration.horizontalSpacing = random.double(0...12)
        configuration.verticalSpacing = random.double(0...12)
        configuration.containerPadding = EdgeInsets(all: random.double(0...15))
        if random.bool() { configuration.fullWidthBreakoutRowCadence = random.int(2...7) }
        configuration.widowLayoutStyle = [.left, .justify, .center][random.int(0...2)]
        configuration.showWidows = random.int(0...3) > 0
        if random.int(0...4) == 0 { configuration.maxNumRows = random.int(40...400) }
        return configuration
    }

    static func photo(_ random: inout RandomLayouts) -> Size {
        Size(width: random.double(100...4000).rounded(), height: random.double(100...3000).rounded())
    }

    @Test func resizesAndUpdatesOfLargeSectionsEqualAFreshPrepare() throws {
        for seed in 0..<24 as Range<UInt64> {
            var random = RandomLayouts(seed: seed &* 104_729 &+ 11)
            let justified = Self.configuration(&random)
            let configuration = LayoutConfiguration.justified(justified)
            let sections = (0..<random.int(1...3)).map { _ in
                SectionInput(
                    items: .sizes((0..<random.int(0...3000)).map { _ in Self.photo(&random) }),
                    header: random.bool() ? Size(width: 1, height: random.double(1...60)) : nil
                )
            }
            let input = LayoutInput(viewport: Size(width: random.double(300...1400).rounded(), height: 800), sections: sections)
            var live = try LiveLayout(input: input, configuration: configuration)
            for _ in 0..<6 {
                let nonEmpty = live.input.sections.indices.filter { live.input.sections[$0].itemCount > 0 }
                guard let section = nonEmpty.randomElement(using: &random.generator) else { break }
                let count = live.input.sections[section].itemCount
                if random.int(0...2) == 0 {
                    // Delete one item and insert one, both near the section's end.
                    let deleted = random.int(Swift.max(0, count - 40)...(count - 1))
                    var updates = BatchUpdates()
                    updates.deleteItems = [IndexPath(section: section, item: deleted)]
                    updates.insertItems = [
                        .init(indexPath: IndexPath(section: section, item: deleted), size: Self.photo(&random))
                    ]
                    _ = try live.performBatchUpdates(updates)
                } else {
                    var sizes: [IndexPath: Size] = [:]
                    for _ in 0..<random.int(1...3) {
                        sizes[IndexPath(section: section, item: random.int(0...(count - 1)))] = Self.photo(&random)
                    }
                    _ = try live.invalidate(InvalidationContext(itemSizes: sizes))
                }
                let expected = try prepare(live.input, configuration)
                #expect(live.prepared == expected, "seed \(seed)")
                #expect(live.prepared.widowCount == expected.widowCount)
            }
        }
    }

    @Test func aResizeNearTheEndPlacesOnlyTheLastRowsAgain() throws {
        var random = RandomLayouts(seed: 2026)
        let sizes = (0..<10_000).map { _ in Self.photo(&random) }
        let input = LayoutInput(viewport: Size(width: 1060, height: 800), sections: [SectionInput(items: .sizes(sizes))])
        var live = try LiveLayout(input: input, configuration: .justified(.init()))
        let before = cellFrames(live.prepared)
        let result = try live.invalidate(
            InvalidationContext(itemSizes: [IndexPath(section: 0, item: 9_990): Size(width: 3000, height: 1000)])
        )
        // A section given by sizes is checkpointed: from the last block where the running extremes were kept
        // (every 1,024 items) at or before the row of the block before the resized photo, and the 10 after it.
        #expect(result.recomputedItemCount > 10 && result.recomputedItemCount <= 1_024 + 2 * 32 + 12 + 10)
        let after = cellFrames(live.prepared)
        let kept = 10_000 - result.recomputedItemCount
        #expect(after[..<kept] == before[..<kept])
        #expect(live.prepared == (try prepare(live.input, .justified(.init()))))
        // A resize of the first photo places everything again.
        let first = try live.invalidate(
            InvalidationContext(itemSizes: [IndexPath(section: 0, item: 0): Size(width: 1000, height: 3000)])
        )
        #expect(first.recomputedItemCount == 10_000)
        #expect(live.prepared == (try prepare(live.input, .justified(.init()))))
    }

    @Test func aResizedFirstPhotoOfACheckpointRowMayJoinTheRowBefore() throws {
        // A row's first photo decided where the row before it ended (a photo that would overfill a row starts the
        // next one), so the checkpoint at that photo is not valid once it changes.
        var random = RandomLayouts(seed: 77)
        let sizes = (0..<2_000).map { _ in Self.photo(&random) }
        let input = LayoutInput(viewport: Size(width: 1060, height: 800), sections: [SectionInput(items: .sizes(sizes))])
        let frames = cellFrames(try prepare(input, .justified(.init())))
        let rowStarts = [0] + (1..<frames.count).filter { frames[$0].minY != frames[$0 - 1].minY }
        for row in stride(from: 16, to: Swift.min(rowStarts.count, 100), by: 16) {
            var live = try LiveLayout(input: input, configuration: .justified(.init()))
            let item = rowStarts[row]
            // A narrow portrait fits in what is left of the row before.
            _ = try live.invalidate(
                InvalidationContext(itemSizes: [IndexPath(section: 0, item: item): Size(width: 100, height: 3000)])
            )
            #expect(live.prepared == (try prepare(live.input, .justified(.init()))), "row \(row)")
        }
    }

    @Test(arguments: [50, 98, 194])
    func aWidowRowAtACheckpointTakesTheHeightOfTheRowBefore(count: Int) throws {
        // Three squares a row at the defaults in 1,060 points: `count` = 3 × 16k + 2 ends on a widow row that starts
        // at the checkpoint of row 16k; resizing its last square (still a square: still a widow) resumes there.
        let input = LayoutInput(viewport: Size(width: 1060, height: 800), sections: [SectionInput(count: count)])
        var live = try LiveLayout(input: input, configuration: .justified(.init()))
        #expect(live.prepared.widowCount == 2)
        let result = try live.invalidate(
            InvalidationContext(itemSizes: [IndexPath(section: 0, item: count - 1): Size(width: 2, height: 2)])
        )
        #expect(result.recomputedItemCount == 2)
        #expect(live.prepared.widowCount == 2)
        #expect(live.prepared == (try prepare(live.input, .justified(.init()))))
    }

    @Test func resizingTheLastPhotoOfEverySectionLengthEqualsAFreshPrepare() throws {
        // Among these lengths, some end on a widow row that starts at a checkpoint: it takes the height of the row
        // before, which the checkpoint kept.
        var random = RandomLayouts(seed: 5)
        let photos = (0..<400).map { _ in Self.photo(&random) }
        for count in 1...photos.count {
            let input = LayoutInput(
                viewport: Size(width: 900, height: 800),
                sections: [SectionInput(items: .sizes(Array(photos[..<count])))]
            )
            var live = try LiveLayout(input: input, configuration: .justified(.init()))
            _ = try live.invalidate(
                InvalidationContext(itemSizes: [IndexPath(section: 0, item: count - 1): Size(width: 640, height: 480)])
            )
            #expect(live.prepared == (try prepare(live.input, .justified(.init()))), "\(count) photos")
        }
    }
}
