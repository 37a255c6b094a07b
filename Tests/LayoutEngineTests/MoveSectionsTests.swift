import LayoutEngine
import Testing

/// UIKit's batch semantics with section moves, written naively to check the engine against: the new sections
/// (inserted and moved ones at their new indexes, the others in their old order in the rest), then the items.
private func reference(_ updates: BatchUpdates, _ input: LayoutInput, _ configuration: LayoutConfiguration)
    -> LayoutInput
{
    let standard = defaultItemSize(configuration, viewport: input.viewport)
    func sizes(_ section: SectionInput) -> [Size] {
        switch section.items {
        case .count(let count): return Array(repeating: standard(section), count: count)
        case .sizes(let sizes): return sizes
        }
    }
    let deletedSections = Set(updates.deleteSections)
    let movedAway = Set(updates.moveSections.map(\.from))
    let movedTo = Dictionary(uniqueKeysWithValues: updates.moveSections.map { ($0.to, $0.from) })
    let inserted = Dictionary(uniqueKeysWithValues: updates.insertSections.map { ($0.index, $0.section) })
    let newCount = input.sections.count - deletedSections.count + inserted.count
    var staying = input.sections.indices.filter { !deletedSections.contains($0) && !movedAway.contains($0) }
        .makeIterator()
    var result = input
    result.sections = []
    let removed = Set(updates.deleteItems).union(updates.moveItems.map(\.from))
    let reloads = Dictionary(uniqueKeysWithValues: updates.reloadItems.map { ($0.indexPath, $0.size) })
    for section in 0..<newCount {
        if let insertedSection = inserted[section] {
            result.sections.append(insertedSection)
            continue
        }
        let old = movedTo[section] ?? staying.next()!
        var list: [Size] = []
        for (item, size) in sizes(input.sections[old]).enumerated() {
            let indexPath = IndexPath(section: old, item: item)
            if removed.contains(indexPath) { continue }
            list.append((reloads[indexPath] ?? nil) ?? size)
        }
        var fixed: [(Int, Size)] = updates.insertItems.filter { $0.indexPath.section == section }.map {
            ($0.indexPath.item, $0.size ?? standard(input.sections[old]))
        }
        for move in updates.moveItems where move.to.section == section {
            fixed.append((move.to.item, sizes(input.sections[move.from.section])[move.from.item]))
        }
        for (item, size) in fixed.sorted(by: { $0.0 < $1.0 }) { list.insert(size, at: item) }
        var updated = input.sections[old]
        updated.items = .sizes(list)
        result.sections.append(updated)
    }
    return result
}

/// A random consistent batch for `input` that moves sections, sometimes with section deletions and insertions and
/// item changes in the moved sections; also the new section of each old one.
private func randomSectionBatch(_ random: inout RandomLayouts, _ input: LayoutInput) -> (BatchUpdates, [Int: Int]) {
    var updates = BatchUpdates()
    let oldCount = input.sections.count
    if oldCount > 2 && random.int(0...3) == 0 { updates.deleteSections = [random.int(0...(oldCount - 1))] }
    var survivors = (0..<oldCount).filter { !updates.deleteSections.contains($0) }
    var newCount = survivors.count
    if random.int(0...3) == 0 {
        var section = SectionInput(count: random.int(0...5))
        section.header = Size(width: 10, height: 12)
        updates.insertSections = [.init(index: random.int(0...newCount), section: section)]
        newCount += 1
    }
    let insertedIndex = updates.insertSections.first?.index
    var free = (0..<newCount).filter { $0 != insertedIndex }
    free.shuffle(using: &random.generator)
    survivors.shuffle(using: &random.generator)
    let moves = random.int(1...Swift.max(1, Swift.min(3, survivors.count)))
    var newOfOld: [Int: Int] = [:]
    for (old, new) in zip(survivors.prefix(moves), free.prefix(moves)) {
        updates.moveSections.append(.init(from: old, to: new))
        newOfOld[old] = new
    }
    let rest = (0..<newCount).filter { $0 != insertedIndex && !free.prefix(moves).contains($0) }
    let staying = (0..<oldCount).filter { !updates.deleteSections.contains($0) && newOfOld[$0] == nil }
    for (old, new) in zip(staying, rest) { newOfOld[old] = new }
    // Item changes in some surviving sections, by old index path (deletions, reloads) and new (insertions).
    for (old, new) in newOfOld.sorted(by: { $0.key < $1.key }) where random.int(0...2) == 0 {
        let count = input.sections[old].itemCount
        var items = Array(0..<count)
        items.shuffle(using: &random.generator)
        let deletes = random.int(0...Swift.min(2, count))
        updates.deleteItems += items.prefix(deletes).map { IndexPath(section: old, item: $0) }
        if count > deletes, random.bool() {
            updates.reloadItems.append(.init(indexPath: IndexPath(section: old, item: items[deletes])))
        }
        if random.bool() {
            let size: Size? = random.bool() ? nil : Size(width: 30, height: 20)
            let item = random.int(0...(count - deletes))
            updates.insertItems.append(.init(indexPath: IndexPath(section: new, item: item), size: size))
        }
    }
    // Sometimes an item moves to the end of another section, by old index path and new.
    // A source without an insertion: moving an item out must not leave an insertion past its section's end.
    let sources = newOfOld.keys.sorted().filter { old in
        !updates.insertItems.contains { $0.indexPath.section == newOfOld[old] }
    }.filter { old in
        (0..<input.sections[old].itemCount).contains { item in
            let indexPath = IndexPath(section: old, item: item)
            return !updates.deleteItems.contains(indexPath)
                && !updates.reloadItems.contains { $0.indexPath == indexPath }
        }
    }
    if let from = sources.randomElement(using: &random.generator), random.bool(),
        let (targetOld, target) = newOfOld.filter({ $0.key != from }).randomElement(using: &random.generator)
    {
        let item = (0..<input.sections[from].itemCount).first { item in
            let indexPath = IndexPath(section: from, item: item)
            return !updates.deleteItems.contains(indexPath)
                && !updates.reloadItems.contains { $0.indexPath == indexPath }
        }!
        let deleted = updates.deleteItems.filter { $0.section == targetOld }.count
        let inserted = updates.insertItems.filter { $0.indexPath.section == target }.count
        let end = input.sections[targetOld].itemCount - deleted + inserted
        updates.moveItems.append(
            .init(from: IndexPath(section: from, item: item), to: IndexPath(section: target, item: end))
        )
    }
    return (updates, newOfOld)
}

@Suite struct MoveSectionsTests {
    static let kinds: [LayoutKind] = [
        .flow, .waterfall, .line, .stack, .circle, .cover, .rotary, .pagecover, .justified, .compositional,
    ]

    @Test(arguments: Self.kinds)
    func movingSectionsEqualsLayingOutTheNewOrderFromScratch(kind: LayoutKind) throws {
        // How many batches also moved items, deleted or inserted sections: the generator must produce each.
        var mixed = (items: 0, deletions: 0, insertions: 0)
        for seed in 0..<80 as Range<UInt64> {
            var random = RandomLayouts(seed: seed &* 7_919 &+ 3)
            var (input, configuration) = random.layout(kind: kind)
            while input.sections.count < 3 { input.sections += random.sections(maximumWidth: input.viewport.width / 2) }
            var live = try LiveLayout(input: input, configuration: configuration)
            let before = live.prepared
            let (updates, newOfOld) = randomSectionBatch(&random, input)
            let result = try live.performBatchUpdates(updates)
            mixed.items += updates.moveItems.isEmpty ? 0 : 1
            mixed.deletions += updates.deleteSections.isEmpty ? 0 : 1
            mixed.insertions += updates.insertSections.isEmpty ? 0 : 1
            let expected = try prepare(reference(updates, input, configuration), configuration)
            #expect(live.prepared.allAttributes(contentOffset: .zero) == expected.allAttributes(contentOffset: .zero))
            #expect(live.prepared == (try prepare(live.input, configuration)))
            #expect(result.contentSizeAdjustment.height == expected.contentSize.height - before.contentSize.height)
            // Every item of a moved section that stays is moved, from its old index path to its new one.
            let deleted = Set(updates.deleteItems)
            let reloaded = Set(updates.reloadItems.map(\.indexPath))
            var moves = updates.moveItems
            for move in updates.moveSections {
                let inserted =
                    updates.insertItems.filter { $0.indexPath.section == move.to }.map(\.indexPath.item)
                    + updates.moveItems.filter { $0.to.section == move.to }.map(\.to.item)
                var item = 0
                for old in 0..<input.sections[move.from].itemCount {
                    let from = IndexPath(section: move.from, item: old)
                    if deleted.contains(from) || updates.moveItems.contains(where: { $0.from == from }) { continue }
                    while inserted.contains(item) { item += 1 }
                    if !reloaded.contains(from) {
                        moves.append(.init(from: from, to: IndexPath(section: move.to, item: item)))
                    }
                    item += 1
                }
            }
            #expect(result.moved == moves)
            // Each moved element animates from its old attributes, under its new index path.
            for attributes in result.movedFrom {
                let new = attributes.indexPath
                let old: IndexPath
                if attributes.category == .cell {
                    old = try #require(moves.first { $0.to == new }).from
                } else {
                    old = IndexPath(
                        section: try #require(updates.moveSections.first { $0.to == new.section }).from,
                        item: 0
                    )
                }
                var initial = before.allAttributes(contentOffset: .zero).first {
                    $0.indexPath == old && $0.category == attributes.category && $0.kind == attributes.kind
                }
                initial?.indexPath = new
                #expect(initial == attributes)
            }
            let movedCells = result.movedFrom.filter { $0.category == .cell }.map(\.indexPath)
            #expect(movedCells == moves.map(\.to))
            let movedOthers = result.movedFrom.filter { $0.category != .cell }.count
            let expectedOthers = updates.moveSections.reduce(0) { count, move in
                count
                    + before.allAttributes(contentOffset: .zero).filter {
                        $0.category != .cell && $0.indexPath.section == move.from
                    }.count
            }
            #expect(movedOthers == expectedOthers)
            #expect(newOfOld.count == input.sections.count - updates.deleteSections.count)
        }
        #expect(mixed.items > 0 && mixed.deletions > 0 && mixed.insertions > 0, "\(mixed)")
    }

    @Test func aMovedSectionWithoutItemChangesKeepsItsFramesAndOnlyMoves() throws {
        let sections = [
            SectionInput(items: .count(12), header: Size(width: 0, height: 30)),
            SectionInput(items: .sizes([Size(width: 100, height: 70), Size(width: 40, height: 20)])),
            SectionInput(items: .count(5), footer: Size(width: 0, height: 10)),
        ]
        var live = try LiveLayout(
            input: LayoutInput(viewport: Size(width: 320, height: 480), sections: sections),
            configuration: .flow(.init())
        )
        let before = live.prepared
        let result = try live.performBatchUpdates(BatchUpdates(moveSections: [.init(from: 0, to: 2)]))
        #expect(live.input.sections == [sections[1], sections[2], sections[0]])
        let header = try #require(
            live.prepared.attributesForSupplementaryElement(
                ofKind: .header,
                at: IndexPath(section: 2, item: 0),
                contentOffset: .zero
            )
        )
        // Sections 1 and 2 before it: one line of 70, then one line of 50 and a 10-point footer.
        let shift = 70.0 + 50 + 10
        #expect(header.frame.minY == shift)
        for item in 0..<12 {
            let old = try #require(
                before.attributesForItem(at: IndexPath(section: 0, item: item), contentOffset: .zero)
            )
            let new = try #require(
                live.prepared.attributesForItem(at: IndexPath(section: 2, item: item), contentOffset: .zero)
            )
            #expect(new.frame == old.frame.offsetBy(dx: 0, dy: shift))
        }
        #expect(result.moved.count == 12)
        #expect(result.movedFrom.map(\.kind) == [.header] + Array(repeating: nil, count: 12))
        #expect(result.appearing.isEmpty && result.disappearing.isEmpty)
        #expect(result.contentSizeAdjustment == .zero)
    }

    @Test func theAnchorIsAVisibleCellOutsideTheMovedSections() throws {
        // Three sections of 10 rows of 50 points, 10 apart (one item per row): each 590 long.
        let sections = (0..<3).map { _ in SectionInput(items: .count(10)) }
        var flow = FlowLayout.Configuration()
        flow.itemSize = Size(width: 300, height: 50)
        var live = try LiveLayout(
            input: LayoutInput(viewport: Size(width: 320, height: 200), sections: sections),
            configuration: .flow(flow)
        )
        // Seen from 600, the cell crossing the top edge is [1, 0] (590…640); [0, 9] is visible but moves. Moving
        // section 0 to the end brings section 1 to the top: the offset follows it by 590.
        var result = try live.performBatchUpdates(
            BatchUpdates(moveSections: [.init(from: 0, to: 2)], contentOffset: Point(x: 0, y: 600))
        )
        #expect(result.contentOffset == Point(x: 0, y: 10))
        #expect(result.contentOffsetAdjustment == Point(x: 0, y: -590))
        // Seen from 10 only section 0's cells are visible; moving it leaves no anchor, and the offset stays.
        result = try live.performBatchUpdates(
            BatchUpdates(moveSections: [.init(from: 0, to: 1)], contentOffset: Point(x: 0, y: 10))
        )
        #expect(result.contentOffset == Point(x: 0, y: 10))
        #expect(result.contentOffsetAdjustment == .zero)
    }

    static let refusals: [(BatchUpdates, UpdateError)] = [
        (BatchUpdates(moveSections: [.init(from: 3, to: 0)]), .sectionOutOfRange(list: .moveSections, position: 0)),
        (
            BatchUpdates(moveSections: [.init(from: 0, to: 1), .init(from: 1, to: 3)]),
            .sectionOutOfRange(list: .moveSections, position: 1)
        ),
        (
            BatchUpdates(deleteSections: [1], moveSections: [.init(from: 0, to: 2)]),
            .sectionOutOfRange(list: .moveSections, position: 0)
        ),
        (
            BatchUpdates(deleteSections: [1], moveSections: [.init(from: 1, to: 0)]),
            .conflict(list: .moveSections, position: 0, with: .deleteSections)
        ),
        (
            BatchUpdates(
                insertSections: [.init(index: 2, section: SectionInput(count: 1))],
                moveSections: [.init(from: 0, to: 2)]
            ),
            .conflict(list: .moveSections, position: 0, with: .insertSections)
        ),
        (
            BatchUpdates(moveSections: [.init(from: 0, to: 1), .init(from: 0, to: 2)]),
            .duplicate(list: .moveSections, position: 1)
        ),
        (
            BatchUpdates(moveSections: [.init(from: 0, to: 2), .init(from: 1, to: 2)]),
            .duplicate(list: .moveSections, position: 1)
        ),
        (
            BatchUpdates(moveSections: [.init(from: 0, to: 2)], expectedItemCounts: [2, 3, 4]),
            .itemCountMismatch(section: 0, expected: 2, actual: 3)
        ),
        (
            BatchUpdates(
                insertItems: [.init(indexPath: IndexPath(section: 2, item: 5))],
                moveSections: [.init(from: 0, to: 2)]
            ),
            .itemOutOfRange(list: .insertItems, position: 0)
        ),
    ]

    @Test(arguments: 0..<Self.refusals.count)
    func anInconsistentSectionMoveIsRefusedAndChangesNothing(index: Int) throws {
        let (updates, error) = Self.refusals[index]
        let sections = [SectionInput(count: 2), SectionInput(count: 3), SectionInput(count: 4)]
        var live = try LiveLayout(input: LayoutInput(sections: sections), configuration: .flow(.init()))
        let before = live
        #expect(throws: error) { _ = try live.performBatchUpdates(updates) }
        #expect(live == before)
    }

    @Test func itemChangesInAMovedSectionUseOldIndexPathsForDeletionsAndNewOnesForInsertions() throws {
        let sections = [SectionInput(count: 2), SectionInput(count: 3), SectionInput(count: 4)]
        var live = try LiveLayout(input: LayoutInput(sections: sections), configuration: .flow(.init()))
        let result = try live.performBatchUpdates(
            BatchUpdates(
                deleteItems: [IndexPath(section: 0, item: 1)],
                insertItems: [.init(indexPath: IndexPath(section: 2, item: 0), size: Size(width: 20, height: 20))],
                moveSections: [.init(from: 0, to: 2)],
                expectedItemCounts: [3, 4, 2]
            )
        )
        #expect(live.input.sections[2].items == .sizes([Size(width: 20, height: 20), Size(width: 50, height: 50)]))
        #expect(result.moved == [.init(from: IndexPath(section: 0, item: 0), to: IndexPath(section: 2, item: 1))])
        #expect(result.disappearing.map(\.indexPath) == [IndexPath(section: 0, item: 1)])
        #expect(result.appearing.map(\.indexPath) == [IndexPath(section: 2, item: 0)])
    }
}
