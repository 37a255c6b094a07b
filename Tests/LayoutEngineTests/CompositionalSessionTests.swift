import Testing

@testable import LayoutEngine

/// A `compositional` session kept up to date through invalidations and batch updates: only touched sections are
/// laid out again, later ones move, and the result is always what preparing the same input from scratch gives.
@Suite struct CompositionalSessionTests {
    typealias C = CompositionalLayout

    /// The address of each section's frames, to tell a kept section (same storage) from a rebuilt one.
    static func frameStorage(_ layout: PreparedLayout) -> [UnsafeRawPointer?] {
        layout.sections.map { section in
            // Computed frames: their template's storage, which a rebuilt section does not share.
            (section.frames.repeatedGroup?.cells ?? section.frames.array).withUnsafeBufferPointer {
                UnsafeRawPointer($0.baseAddress)
            }
        }
    }

    /// Every element, orthogonal sections scrolled by `offsets`, and the layout's content size.
    static func expectSame(_ live: PreparedLayout, _ expected: PreparedLayout, offsets: [Double] = []) {
        #expect(live.contentSize == expected.contentSize)
        #expect(
            live.allAttributes(contentOffset: .zero, orthogonalOffsets: offsets)
                == expected.allAttributes(contentOffset: .zero, orthogonalOffsets: offsets)
        )
        #expect(live == expected)
    }

    /// A random measured size for an item or a supplementary.
    static func measured(_ random: inout RandomLayouts, viewport: Size) -> Size {
        Size(width: random.double(1...(viewport.width / 2)).rounded(), height: random.double(1...150).rounded())
    }

    @Test func manyResizesAndMeasuredSupplementariesRelayOutOnlyTheirSections() throws {
        for seed in 0..<60 as Range<UInt64> {
            var random = RandomLayouts(seed: seed &* 6151 &+ 3)
            var (input, configuration) = random.layout(kind: .compositional)
            // More sections than the generator's few, so that most are left alone.
            input.sections += random.sections(maximumWidth: input.viewport.width / 2)
            input.sections += random.sections(maximumWidth: input.viewport.width / 2)
            guard case .compositional(let compositional) = configuration else { return }
            var live = try LiveLayout(input: input, configuration: configuration)
            for _ in 0..<8 {
                var context = InvalidationContext()
                var touched = Set<Int>()
                // Touched sections a measured header or footer builds again whole; the others may resume.
                var whole = Set<Int>()
                var resizedItem: Int?
                let section = random.int(0...(live.input.sections.count - 1))
                let count = live.input.sections[section].itemCount
                let description = live.input.sections[section].overrides.compositionalSection ?? compositional.section
                if count > 0, random.bool() {
                    let indexPath = IndexPath(section: section, item: random.int(0...(count - 1)))
                    let size = Self.measured(&random, viewport: input.viewport)
                    context.itemSizes[indexPath] = size
                    // Measured sizes matter only where the group has an estimated dimension.
                    if LiveLayout.size(at: indexPath, in: live.input, kind: configuration) != size,
                        CompositionalSectionBuilder.hasEstimate(description.group)
                    {
                        touched.insert(section)
                        resizedItem = indexPath.item
                    }
                }
                let isVertical = compositional.scrollDirection == .vertical
                for supplementary in description.boundarySupplementaryItems where random.bool() {
                    // Headers and footers are measured; side items are not.
                    guard let role = supplementary.role(isVertical: isVertical), role == .header || role == .footer
                    else { continue }
                    let element = SupplementaryIndexPath(
                        kind: role == .header ? .header : .footer,
                        indexPath: IndexPath(section: section, item: 0)
                    )
                    let size = Self.measured(&random, viewport: input.viewport)
                    context.supplementarySizes[element] = size
                    let current =
                        element.kind == .header
                        ? live.input.sections[section].header : live.input.sections[section].footer
                    let isEstimated = supplementary.size.width.isEstimated || supplementary.size.height.isEstimated
                    if current ?? .zero != size, isEstimated {
                        touched.insert(section)
                        whole.insert(section)
                    }
                }
                if random.bool() { context.contentOffset = Point(x: 0, y: random.double(0...400).rounded()) }
                let before = live.prepared
                let storage = Self.frameStorage(before)
                let result = try live.invalidate(context)
                let expected = try prepare(live.input, configuration)
                Self.expectSame(live.prepared, expected, offsets: [30, 0, 55, 12, 7])
                // A section only resized places again at least the cells from the resized item on (more from the
                // checkpoint before it, all of them when it cannot resume); one with a measured supplementary, all.
                let most = touched.isEmpty ? 0 : count
                let least = whole.isEmpty ? most - (resizedItem ?? 0) : most
                #expect(result.recomputedItemCount >= least && result.recomputedItemCount <= most)
                // Untouched sections kept their frames' storage: they moved without being laid out again.
                let after = Self.frameStorage(live.prepared)
                for index in live.input.sections.indices where !touched.contains(index) {
                    #expect(after[index] == storage[index])
                }
                // Without a content offset there is nothing to anchor: no adjustment.
                let anchored = context.contentOffset.map {
                    InvalidationResult.contentOffsetAdjustment(from: before, to: expected, contentOffset: $0)
                }
                #expect(result.contentOffsetAdjustment == anchored ?? .zero)
            }
        }
    }

    @Test func resizingAnItemOfTheLastSectionRecomputesOnlyThatSection() throws {
        let item = C.Item(size: .init(width: .fractionalWidth(0.5), height: .estimated(40)))
        var configuration = C.Configuration()
        configuration.section = C.Section(
            group: C.Group(size: .init(width: .fractionalWidth(1), height: .estimated(40)), subitems: [.item(item)])
        )
        configuration.interSectionSpacing = 12
        let input = LayoutInput(
            viewport: Size(width: 300, height: 600),
            sections: Array(repeating: SectionInput(count: 20), count: 50)
        )
        var live = try LiveLayout(input: input, configuration: .compositional(configuration))
        let first = live.prepared.attributesForItem(at: IndexPath(section: 0, item: 0), contentOffset: .zero)
        let result = try live.invalidate(
            InvalidationContext(itemSizes: [IndexPath(section: 48, item: 3): Size(width: 150, height: 100)])
        )
        #expect(result.recomputedItemCount == 20)
        #expect(result.contentSizeAdjustment == Size(width: 0, height: 60))
        #expect(live.prepared.attributesForItem(at: IndexPath(section: 0, item: 0), contentOffset: .zero) == first)
        let later = try #require(
            live.prepared.attributesForItem(at: IndexPath(section: 49, item: 0), contentOffset: .zero)
        )
        // 48 sections of 10 rows of 40 points before, 12 apart, and section 48 now 60 points longer.
        #expect(later.frame.minY == 49 * 400 + 49 * 12 + 60)
        Self.expectSame(live.prepared, try prepare(live.input, .compositional(configuration)))
    }

    @Test func aMeasuredSizeWithNoEstimateToReplaceIsKeptButRecomputesNothing() throws {
        var live = try LiveLayout(
            input: LayoutInput(sections: [SectionInput(count: 10), SectionInput(count: 3)]),
            configuration: .compositional(CompositionalLayoutTests.grid())
        )
        let before = live.prepared
        let result = try live.invalidate(
            InvalidationContext(itemSizes: [IndexPath(section: 0, item: 2): Size(width: 10, height: 300)])
        )
        #expect(result.recomputedItemCount == 0)
        #expect(result.contentSizeAdjustment == .zero)
        #expect(live.prepared == before)
        #expect(
            LiveLayout.size(at: IndexPath(section: 0, item: 2), in: live.input, kind: live.configuration)
                == Size(width: 10, height: 300)
        )
    }

    @Test func aMeasuredHeaderMovesItsSectionsCellsAndLaterSections() throws {
        var configuration = CompositionalLayoutTests.pinnedList()
        configuration.interSectionSpacing = 10
        let input = LayoutInput(
            viewport: Size(width: 375, height: 667),
            sections: Array(repeating: SectionInput(count: 3), count: 30)
        )
        var live = try LiveLayout(input: input, configuration: .compositional(configuration))
        let header = IndexPath(section: 1, item: 0)
        let oldHeader = try #require(
            live.prepared.attributesForSupplementaryElement(ofKind: .header, at: header, contentOffset: .zero)
        )
        let oldCell = try #require(
            live.prepared.attributesForItem(at: IndexPath(section: 1, item: 0), contentOffset: .zero)
        )
        let oldLater = try #require(
            live.prepared.attributesForItem(at: IndexPath(section: 3, item: 2), contentOffset: .zero)
        )
        let result = try live.invalidate(
            InvalidationContext(
                supplementarySizes: [
                    SupplementaryIndexPath(kind: .header, indexPath: header): Size(width: 0, height: 70)
                ],
                contentOffset: Point(x: 0, y: oldLater.frame.minY)
            )
        )
        #expect(result.recomputedItemCount == 3)
        #expect(result.contentSizeAdjustment == Size(width: 0, height: 26))
        // The anchor, a cell of a later section, stays where the user sees it.
        #expect(result.contentOffsetAdjustment == Point(x: 0, y: 26))
        let newHeader = try #require(
            live.prepared.attributesForSupplementaryElement(ofKind: .header, at: header, contentOffset: .zero)
        )
        #expect(
            newHeader.frame
                == Rect(x: oldHeader.frame.minX, y: oldHeader.frame.minY, width: oldHeader.frame.width, height: 70)
        )
        let newCell = try #require(
            live.prepared.attributesForItem(at: IndexPath(section: 1, item: 0), contentOffset: .zero)
        )
        #expect(newCell.frame == oldCell.frame.offsetBy(dx: 0, dy: 26))
        #expect(live.input.sections[1].header == Size(width: 0, height: 70))
        Self.expectSame(live.prepared, try prepare(live.input, .compositional(configuration)))
        // The same size again changes nothing.
        let again = try live.invalidate(
            InvalidationContext(supplementarySizes: [
                SupplementaryIndexPath(kind: .header, indexPath: header): Size(width: 0, height: 70)
            ])
        )
        #expect(again.recomputedItemCount == 0)
    }

    @Test func orthogonalSectionsKeepTheirGroupsWhenTheyMove() throws {
        var configuration = CompositionalLayoutTests.orthogonal(.groupPaging)
        let estimated = C.Item(size: .init(width: .fractionalWidth(1), height: .estimated(40)))
        var list = C.Section(
            group: C.Group(
                size: .init(width: .fractionalWidth(1), height: .estimated(40)),
                subitems: [.item(estimated)]
            )
        )
        list.boundarySupplementaryItems = [
            C.BoundarySupplementaryItem(
                alignment: .top,
                size: .init(width: .fractionalWidth(1), height: .estimated(30))
            )
        ]
        configuration.interSectionSpacing = 8
        var first = SectionInput(count: 4)
        first.overrides.compositionalSection = list
        let input = LayoutInput(sections: [first, SectionInput(count: 9), SectionInput(count: 6)])
        var live = try LiveLayout(input: input, configuration: .compositional(configuration))
        let snapBefore = live.prepared.targetOrthogonalOffset(forProposedOffset: 400, velocity: 0, section: 2)
        _ = try live.invalidate(
            InvalidationContext(
                itemSizes: [IndexPath(section: 0, item: 1): Size(width: 375, height: 90)],
                supplementarySizes: [
                    SupplementaryIndexPath(kind: .header, indexPath: IndexPath(section: 0, item: 0)): Size(
                        width: 375,
                        height: 50
                    )
                ]
            )
        )
        let expected = try prepare(live.input, .compositional(configuration))
        Self.expectSame(live.prepared, expected, offsets: [0, 140, 260])
        #expect(live.prepared.targetOrthogonalOffset(forProposedOffset: 400, velocity: 0, section: 2) == snapBefore)
        let rect = Rect(x: 0, y: 300, width: 375, height: 400)
        #expect(
            live.prepared.attributes(in: rect, contentOffset: .zero, orthogonalOffsets: [0, 140, 260])
                == expected.attributes(in: rect, contentOffset: .zero, orthogonalOffsets: [0, 140, 260])
        )
    }

    @Test func aBatchLeavesTheSectionsItDoesNotTouchAsTheyWere() throws {
        for seed in 0..<40 as Range<UInt64> {
            var random = RandomLayouts(seed: seed &* 31 &+ 5)
            var (input, configuration) = random.layout(kind: .compositional)
            input.sections += random.sections(maximumWidth: input.viewport.width / 2)
            var live = try LiveLayout(input: input, configuration: configuration)
            for _ in 0..<4 {
                let sections = live.input.sections
                let target = random.int(0...(sections.count - 1))
                var updates = BatchUpdates()
                var inserted: Int?
                if random.int(0...2) == 0 {
                    var section = SectionInput(count: random.int(0...6))
                    section.header = Size(width: 0, height: random.double(0...60).rounded())
                    let index = random.int(0...sections.count)
                    updates.insertSections = [.init(index: index, section: section)]
                    inserted = index
                }
                // New index of each old section: after the inserted one, one further.
                func new(_ old: Int) -> Int { inserted.map { old >= $0 ? old + 1 : old } ?? old }
                let count = sections[target].itemCount
                if count > 0, random.bool() {
                    updates.deleteItems = [IndexPath(section: target, item: random.int(0...(count - 1)))]
                } else {
                    let size = Self.measured(&random, viewport: input.viewport)
                    updates.insertItems = [.init(indexPath: IndexPath(section: new(target), item: 0), size: size)]
                }
                let storage = Self.frameStorage(live.prepared)
                _ = try live.performBatchUpdates(updates)
                Self.expectSame(live.prepared, try prepare(live.input, configuration), offsets: [20, 40, 0, 10])
                let after = Self.frameStorage(live.prepared)
                for old in sections.indices where old != target {
                    #expect(after[new(old)] == storage[old])
                }
            }
        }
    }

    @Test func aBatchIsRefusedExactlyWhenPreparingItsResultWouldBe() throws {
        // Own groups of 100,000 one-point cells: with the shared one-cell template, nine fit the budget, ten do not.
        var huge = SectionInput(count: 1)
        huge.overrides.compositionalSection = C.Section(
            group: C.Group(
                size: .init(width: .absolute(100_000), height: .absolute(1)),
                subitems: [.item(C.Item(size: .init(width: .absolute(1), height: .absolute(1))))]
            )
        )
        let input = LayoutInput(sections: [SectionInput(count: 2)] + Array(repeating: huge, count: 9))
        var live = try LiveLayout(input: input, configuration: .compositional(C.Configuration()))
        let before = live
        let tooMany = BatchUpdates(insertSections: [.init(index: 3, section: huge)])
        var refused = input
        refused.sections.insert(huge, at: 3)
        #expect(throws: LayoutError.invalidParameter(name: "section/group", section: 10)) {
            try prepare(refused, .compositional(C.Configuration()))
        }
        #expect(throws: UpdateError.invalidLayout(.invalidParameter(name: "section/group", section: 10))) {
            try live.performBatchUpdates(tooMany)
        }
        #expect(live == before)
        // Sections of the layout's own description share its template: inserting one costs nothing more.
        _ = try live.performBatchUpdates(BatchUpdates(insertSections: [.init(index: 5, section: SectionInput(count: 3))]))
        Self.expectSame(live.prepared, try prepare(live.input, .compositional(C.Configuration())))
    }

    @Test func supplementarySizesAreCheckedAndOtherKindsRefuseThem() throws {
        var live = try LiveLayout(
            input: LayoutInput(sections: [SectionInput(count: 2), SectionInput(count: 1)]),
            configuration: .compositional(CompositionalLayoutTests.orthogonal())
        )
        let before = live
        func measuring(_ kind: ElementKind, _ section: Int, _ item: Int = 0, _ size: Size = Size(width: 10, height: 10))
            -> InvalidationContext
        {
            InvalidationContext(supplementarySizes: [
                SupplementaryIndexPath(kind: kind, indexPath: IndexPath(section: section, item: item)): size
            ])
        }
        #expect(throws: LayoutError.noSuchSupplementary(kind: .footer, section: 0, item: 0)) {
            try live.invalidate(measuring(.footer, 0))
        }
        #expect(throws: LayoutError.noSuchSupplementary(kind: .header, section: 2, item: 0)) {
            try live.invalidate(measuring(.header, 2))
        }
        #expect(throws: LayoutError.noSuchSupplementary(kind: .header, section: 0, item: 1)) {
            try live.invalidate(measuring(.header, 0, 1))
        }
        #expect(throws: LayoutError.noSuchSupplementary(kind: .background, section: 0, item: 0)) {
            try live.invalidate(measuring(.background, 0))
        }
        #expect(throws: LayoutError.invalidHeaderSize(section: 1)) {
            try live.invalidate(measuring(.header, 1, 0, Size(width: -1, height: 3)))
        }
        #expect(live == before)
        var flow = try LiveLayout(
            input: LayoutInput(sections: [SectionInput(items: .count(2))]),
            configuration: .flow(.init())
        )
        #expect(throws: LayoutError.noSuchSupplementary(kind: .header, section: 0, item: 0)) {
            try flow.invalidate(measuring(.header, 0))
        }
    }
}
