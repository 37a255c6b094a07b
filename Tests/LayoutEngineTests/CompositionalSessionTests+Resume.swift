import Testing

@testable import LayoutEngine

/// A measured item size in a large `compositional` section resumes at the checkpoint before its group repetition:
/// the result is still exactly what preparing from scratch gives.
extension CompositionalSessionTests {
    /// A plain section of self-sizing rows: groups of `perGroup` items with estimated heights, laid out along the
    /// layout's scroll axis, with spacings and insets that floating-point sums do not add up exactly.
    static func selfSizing(_ random: inout RandomLayouts, isVertical: Bool) -> C.Section {
        let perGroup = random.int(1...3)
        let estimate = C.Dimension.estimated(random.double(20...60).rounded() + 0.3)
        let item =
            isVertical
            ? C.Item(size: .init(width: .fractionalWidth(1 / Double(perGroup)), height: estimate))
            : C.Item(size: .init(width: estimate, height: .fractionalHeight(1 / Double(perGroup))))
        var group =
            isVertical
            ? C.Group(size: .init(width: .fractionalWidth(1), height: estimate), subitems: [.item(item)])
            : C.Group(size: .init(width: estimate, height: .fractionalHeight(1)), subitems: [.item(item)])
        group.count = perGroup
        var section = C.Section(group: group)
        section.interGroupSpacing = random.double(0...9).rounded() + 0.1
        section.contentInsets = C.DirectionalInsets(top: 3.7, leading: 5, bottom: 11.3, trailing: 2)
        var boundary: [C.BoundarySupplementaryItem] = []
        if random.bool() {
            boundary.append(
                isVertical
                    ? .init(alignment: .top, size: .init(width: .fractionalWidth(1), height: .estimated(30)))
                    : .init(alignment: .leading, size: .init(width: .estimated(30), height: .fractionalHeight(1)))
            )
        }
        if random.bool() {
            boundary.append(
                isVertical
                    ? .init(alignment: .bottom, size: .init(width: .fractionalWidth(1), height: .absolute(17.1)))
                    : .init(alignment: .trailing, size: .init(width: .absolute(17.1), height: .fractionalHeight(1)))
            )
        }
        section.boundarySupplementaryItems = boundary
        if random.bool() { section.background = C.DirectionalInsets(top: 1, leading: 2, bottom: 3, trailing: 4) }
        return section
    }

    @Test func resizesInLargeSectionsResumeAtTheirRepetitionAndMatchAFreshPrepare() throws {
        for seed in 0..<16 as Range<UInt64> {
            var random = RandomLayouts(seed: seed &* 7919 &+ 11)
            let isVertical = seed % 4 != 3
            var configuration = C.Configuration()
            configuration.scrollDirection = isVertical ? .vertical : .horizontal
            configuration.section = Self.selfSizing(&random, isVertical: isVertical)
            configuration.interSectionSpacing = 6.6
            let count = random.int(500...4_000)
            // The huge section starts as counted (nothing measured) or as listed sizes, some measured.
            var huge = SectionInput(count: count)
            if random.bool() {
                huge.items = .sizes(
                    (0..<count).map { _ in
                        random.int(0...3) == 0 ? Self.measured(&random, viewport: Size(width: 375, height: 667)) : .zero
                    }
                )
            }
            let input = LayoutInput(
                viewport: Size(width: 375, height: 667),
                sections: [SectionInput(count: 3), huge, SectionInput(count: 5)]
            )
            var live = try LiveLayout(input: input, configuration: .compositional(configuration))
            var measuredItems: [Int] = []
            for _ in 0..<10 {
                var context = InvalidationContext()
                // A measured repetition back to zero (unmeasured, the template again), or a new measured size,
                // anywhere in the section, sometimes two at once.
                for _ in 0...random.int(0...1) {
                    let item: Int
                    let size: Size
                    if !measuredItems.isEmpty, random.int(0...2) == 0 {
                        item = measuredItems.remove(at: random.int(0...(measuredItems.count - 1)))
                        size = .zero
                    } else {
                        item = random.int(0...(count - 1))
                        size = Self.measured(&random, viewport: input.viewport)
                        measuredItems.append(item)
                    }
                    context.itemSizes[IndexPath(section: 1, item: item)] = size
                }
                // The first item whose size changes (a size equal to the current one changes nothing).
                let first = context.itemSizes.filter { indexPath, size in
                    LiveLayout.size(at: indexPath, in: live.input, kind: live.configuration) != size
                }.keys.map(\.item).min()
                let before = cellFrames(live.prepared)
                let result = try live.invalidate(context)
                let expected = try prepare(live.input, .compositional(configuration))
                Self.expectSame(live.prepared, expected, offsets: [0, 0, 0])
                // Placed again: from the checkpoint at or before the first resized item's repetition on, no more.
                let perGroup = configuration.section.group.count ?? 1
                let stride = CompositionalSectionBuilder.checkpointStride
                let resumedAt = first.map { $0 / perGroup / stride * stride * perGroup } ?? count
                #expect(result.recomputedItemCount == count - resumedAt)
                let after = cellFrames(live.prepared)
                // Every cell before the resumed repetition keeps its frame.
                for index in 0..<(3 + resumedAt) { #expect(after[index] == before[index]) }
                let checkpoints = live.records.records(as: CompositionalLayout.SectionRecord.self)[1].checkpoints
                // Unmeasured again (a count): the closed form, whose starts stand for the checkpoints.
                let isComputed = live.prepared.sections[1].frames.repeatedGroup != nil
                #expect(
                    isComputed
                        ? checkpoints.isEmpty
                        : checkpoints.count == ((count + perGroup - 1) / perGroup + stride - 1) / stride
                )
            }
        }
    }

    @Test func aResizeNearTheEndOfALongListPlacesOnlyItsLastRepetitions() throws {
        var configuration = C.Configuration()
        let row = C.Item(size: .init(width: .fractionalWidth(1), height: .estimated(44)))
        configuration.section = C.Section(
            group: C.Group(size: .init(width: .fractionalWidth(1), height: .estimated(44)), subitems: [.item(row)])
        )
        configuration.section.interGroupSpacing = 0.1
        configuration.section.boundarySupplementaryItems = [
            C.BoundarySupplementaryItem(
                alignment: .top,
                size: .init(width: .fractionalWidth(1), height: .estimated(30))
            )
        ]
        let sizes = (0..<10_000).map { Size(width: 375, height: Double(30 + $0 % 91)) }
        let input = LayoutInput(viewport: Size(width: 375, height: 812), sections: [SectionInput(items: .sizes(sizes))])
        var live = try LiveLayout(input: input, configuration: .compositional(configuration))
        // A copy of its own, so that the section's frames stay uniquely referenced.
        let before = live.prepared.sections[0].frames.map { $0 }
        let storage = Self.frameStorage(live.prepared)
        let result = try live.invalidate(
            InvalidationContext(itemSizes: [IndexPath(section: 0, item: 9_990): Size(width: 375, height: 200)])
        )
        // Item 9,990's checkpoint is repetition 9,984: 16 cells placed again, not 10,000.
        #expect(result.recomputedItemCount == 16)
        // Item 9,990 was 101 points high.
        #expect(isClose(result.contentSizeAdjustment.height, 99, tolerance: 1e-6))
        let after = live.prepared.sections[0].frames.array
        #expect(after[..<9_984] == before[..<9_984])
        #expect(after[9_984..<9_990] == before[9_984..<9_990])
        #expect(after[9_990].height == 200)
        #expect(isClose(after[9_991].minY, before[9_991].minY + 99, tolerance: 1e-6))
        // The checkpoints cost one Double per 16 rows: half a byte a row, next to the frames' and index's 35.
        let checkpoints = live.records.records(as: CompositionalLayout.SectionRecord.self)[0].checkpoints
        #expect(checkpoints.count == 625 && checkpoints.first == 30)
        #expect(Double(checkpoints.capacity * MemoryLayout<Double>.stride) / 10_000 <= 0.55)
        // The frames were rewritten in place, not copied.
        #expect(Self.frameStorage(live.prepared) == storage)
        Self.expectSame(live.prepared, try prepare(live.input, .compositional(configuration)))
        // A measured header moves every group: the section is built again whole.
        let header = SupplementaryIndexPath(kind: .header, indexPath: IndexPath(section: 0, item: 0))
        let measured = try live.invalidate(
            InvalidationContext(supplementarySizes: [header: Size(width: 375, height: 50)])
        )
        #expect(measured.recomputedItemCount == 10_000)
        Self.expectSame(live.prepared, try prepare(live.input, .compositional(configuration)))
    }
}
