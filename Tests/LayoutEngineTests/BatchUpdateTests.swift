import LayoutEngine
import Testing

/// A naive model of UIKit's batch semantics, to check the engine against.
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
    let inserted = Dictionary(uniqueKeysWithValues: updates.insertSections.map { ($0.index, $0.section) })
    let newCount = input.sections.count - deletedSections.count + inserted.count
    var survivors = input.sections.indices.filter { !deletedSections.contains($0) }.makeIterator()
    var result = input
    result.sections = []
    let removed = Set(updates.deleteItems).union(updates.moveItems.map(\.from))
    let reloads = Dictionary(uniqueKeysWithValues: updates.reloadItems.map { ($0.indexPath, $0.size) })
    for section in 0..<newCount {
        if let insertedSection = inserted[section] {
            result.sections.append(insertedSection)
            continue
        }
        let old = survivors.next()!
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

/// A random consistent batch for `input`.
private func randomBatch(_ random: inout RandomLayouts, _ input: LayoutInput) -> BatchUpdates {
    var updates = BatchUpdates()
    let oldCount = input.sections.count
    if oldCount > 1 && random.int(0...3) == 0 { updates.deleteSections = [random.int(0...(oldCount - 1))] }
    let survivors = (0..<oldCount).filter { !updates.deleteSections.contains($0) }
    var newCount = survivors.count
    if random.int(0...3) == 0 {
        let index = random.int(0...newCount)
        var section = SectionInput(count: random.int(0...5))
        section.header = Size(width: 10, height: 12)
        updates.insertSections = [.init(index: index, section: section)]
        newCount += 1
    }
    let insertedIndex = updates.insertSections.first?.index
    let targets = (0..<newCount).filter { $0 != insertedIndex }
    var newOfOld: [Int: Int] = [:]
    for (old, new) in zip(survivors, targets) { newOfOld[old] = new }
    var finalCounts: [Int: Int] = [:]
    var movesIn: [Int: [IndexPath]] = [:]
    for old in survivors {
        var items = Array(0..<input.sections[old].itemCount)
        items.shuffle(using: &random.generator)
        let deletes = random.int(0...Swift.min(3, items.count))
        updates.deleteItems += items.prefix(deletes).map { IndexPath(section: old, item: $0) }
        items.removeFirst(deletes)
        let reloads = random.int(0...Swift.min(2, items.count))
        updates.reloadItems += items.prefix(reloads).map {
            .init(indexPath: IndexPath(section: old, item: $0), size: random.bool() ? nil : Size(width: 30, height: 20))
        }
        items.removeFirst(reloads)
        let moves = random.int(0...Swift.min(2, items.count))
        for item in items.prefix(moves) {
            movesIn[targets[random.int(0...(targets.count - 1))], default: []].append(
                IndexPath(section: old, item: item)
            )
        }
        finalCounts[newOfOld[old]!] = input.sections[old].itemCount - deletes - moves
    }
    for target in targets {
        let moved = movesIn[target] ?? []
        let inserts = random.int(0...3)
        let count = finalCounts[target]! + moved.count + inserts
        var positions = Array(0..<count)
        positions.shuffle(using: &random.generator)
        for (from, to) in zip(moved, positions) {
            updates.moveItems.append(.init(from: from, to: IndexPath(section: target, item: to)))
        }
        for position in positions.dropFirst(moved.count).prefix(inserts) {
            let size: Size? = random.bool() ? nil : Size(width: random.double(5...60).rounded(), height: 33)
            updates.insertItems.append(.init(indexPath: IndexPath(section: target, item: position), size: size))
        }
    }
    return updates
}

@Suite struct BatchUpdateTests {
    @Test(arguments: [LayoutKind.flow, .waterfall, .line, .stack, .circle, .cover, .rotary, .pagecover, .justified, .compositional])
    func aConsistentBatchEqualsPreparingTheEditedInputFromScratch(kind: LayoutKind) throws {
        for seed in 0..<120 as Range<UInt64> {
            var random = RandomLayouts(seed: seed &* 104_729 &+ 17)
            let (input, configuration) = random.layout(kind: kind)
            var live = try LiveLayout(input: input, configuration: configuration)
            let updates = randomBatch(&random, input)
            let before = live.prepared
            let result = try live.performBatchUpdates(updates)
            let expected = try prepare(reference(updates, input, configuration), configuration)
            #expect(live.prepared.allAttributes(contentOffset: .zero) == expected.allAttributes(contentOffset: .zero))
            #expect(live.prepared == (try prepare(live.input, configuration)))
            #expect(result.moved == updates.moveItems)
            #expect(result.contentSizeAdjustment.height == expected.contentSize.height - before.contentSize.height)
            let deleted = result.disappearing.filter { $0.category == .cell }.map(\.indexPath)
            #expect(
                Set(deleted)
                    == Set(updates.deleteItems + updates.reloadItems.map(\.indexPath)).union(
                        updates.deleteSections.flatMap { section in
                            (0..<input.sections[section].itemCount).map { IndexPath(section: section, item: $0) }
                        }
                    )
            )
            #expect(result.disappearing.allSatisfy { $0.alpha == 0 })
            #expect(result.appearing.allSatisfy { $0.alpha == 0 })
            // Everything but alpha is the layout's own (whose alpha is 1 except where the kind dims: cover, rotary).
            for attributes in result.appearing where attributes.category == .cell {
                let final = expected.attributesForItem(at: attributes.indexPath, contentOffset: .zero)
                var faded = final
                faded?.alpha = 0
                #expect(faded == attributes)
            }
            for attributes in result.disappearing where attributes.category == .cell {
                let initial = before.attributesForItem(at: attributes.indexPath, contentOffset: .zero)
                var faded = initial
                faded?.alpha = 0
                #expect(faded == attributes)
            }
        }
    }

    @Test func aCountSectionStaysACountWhenNoInsertionGivesASize() throws {
        var live = try LiveLayout(
            input: LayoutInput(sections: [SectionInput(count: 10)]),
            configuration: .flow(.init())
        )
        _ = try live.performBatchUpdates(
            BatchUpdates(
                deleteItems: [IndexPath(section: 0, item: 3)],
                insertItems: [.init(indexPath: IndexPath(section: 0, item: 0))],
                moveItems: [.init(from: IndexPath(section: 0, item: 1), to: IndexPath(section: 0, item: 9))]
            )
        )
        #expect(live.input.sections[0].items == .count(10))
        _ = try live.performBatchUpdates(
            BatchUpdates(insertItems: [
                .init(indexPath: IndexPath(section: 0, item: 10), size: Size(width: 5, height: 5))
            ])
        )
        #expect(live.input.sections[0].itemCount == 11)
        guard case .sizes(let sizes) = live.input.sections[0].items else {
            Issue.record("expected sizes")
            return
        }
        #expect(sizes.last == Size(width: 5, height: 5))
        #expect(sizes.first == Size(width: 50, height: 50))
    }

    @Test func insertedAndDeletedSectionsBringTheirHeadersFootersAndBackgrounds() throws {
        var flow = FlowLayout.Configuration()
        flow.sectionBackground = EdgeInsets(all: 2)
        let section = SectionInput(
            items: .count(2),
            header: Size(width: 0, height: 20),
            footer: Size(width: 0, height: 10)
        )
        var live = try LiveLayout(
            input: LayoutInput(viewport: Size(width: 200, height: 400), sections: [section, section]),
            configuration: .flow(flow)
        )
        let old = live.prepared
        let result = try live.performBatchUpdates(
            BatchUpdates(
                deleteSections: [0],
                insertSections: [.init(index: 1, section: section)],
                deleteItems: [IndexPath(section: 1, item: 0)]
            )
        )
        #expect(
            result.disappearing.map(\.indexPath)
                == [[0, 0], [0, 0], [0, 0], [0, 1], [0, 0], [1, 0]].map {
                    IndexPath(section: $0[0], item: $0[1])
                }
        )
        #expect(result.disappearing.map(\.kind) == [.background, .header, nil, nil, .footer, nil])
        #expect(
            result.disappearing[0].frame
                == old.attributesForDecorationElement(
                    ofKind: .background,
                    at: IndexPath(section: 0, item: 0),
                    contentOffset: .zero
                )!.frame
        )
        #expect(result.appearing.map(\.kind) == [.background, .header, nil, nil, .footer])
        #expect(result.appearing.allSatisfy { $0.indexPath.section == 1 })
        let header = live.prepared.attributesForSupplementaryElement(
            ofKind: .header,
            at: IndexPath(section: 1, item: 0),
            contentOffset: .zero
        )!
        #expect(result.appearing[1].frame == header.frame)
        // Every section is 20 + one line of 50 + 10 before and after (two items share a line; one remains).
        #expect(result.contentSizeAdjustment == .zero)
        #expect(live.prepared.contentSize.height == 160)
    }
}
