/// A checked batch update: the new sections' input, which old section each continues, and where reloaded items go.
struct BatchPlan {
    /// An item placed at a fixed new index: inserted, or moved in.
    enum Fixed {
        case insert(Size?)
        case move(from: IndexPath)
    }

    /// The sections after the update.
    private(set) var sections: [SectionInput] = []
    /// For each new section, the old section it continues (so its layout can be reused or resumed), or `nil`.
    private(set) var reused: [Int?] = []
    /// For each new section, the first item that differs from its old section (items before it are the same, at
    /// the same index), or `nil` when nothing does.
    private(set) var firstChanged: [Int?] = []
    /// For each new section, the old section it continues, or `nil` for an inserted section.
    private(set) var continues: [Int?] = []
    /// Each reloaded item's old and new index paths, in new index path order.
    private(set) var reloads: [(old: IndexPath, new: IndexPath)] = []

    /// The old indexes of the sections the batch moves (``BatchUpdates/moveSections``).
    private(set) var movedSections = Set<Int>()
    /// For each old section, the new section that continues it; `nil` for a deleted one.
    private(set) var newSections: [Int?] = []
    /// By old section, the items that leave their place (deleted or moved away), in ascending order.
    private var removedItems: [Int: [Int]] = [:]
    /// By new section, the items placed at a fixed index (inserted or moved in), in ascending order.
    private var fixedItems: [Int: [Int]] = [:]
    /// By new section, the new items of a section whose sizes are spliced into its old array (see
    /// ``init(_:input:configuration:splicesSizes:)``); that section's ``sections`` entry holds `.count` of its
    /// new item count until ``splice(_:into:from:)`` puts the sizes back.
    private(set) var splices: [Int: SizesSplice] = [:]

    /// Where an old item that stays (neither deleted, moved, nor in a deleted section) is after the update; `nil`
    /// for one that does not stay. A reloaded item stays.
    ///
    /// The survivors of a section keep their order and fill, in it, the new indexes no insertion or move takes.
    ///
    /// - Complexity: O(log r + f) for r items removed from its section and f placed in its new section.
    func newIndexPath(of old: IndexPath) -> IndexPath? {
        guard self.newSections.indices.contains(old.section), let section = self.newSections[old.section] else {
            return nil
        }
        let removed = self.removedItems[old.section] ?? []
        // The number of removed items before this one, by binary search.
        let low = (0..<removed.count).partitioningIndex { removed[$0] >= old.item }
        if low < removed.count && removed[low] == old.item { return nil }
        var slot = old.item - low
        for fixed in self.fixedItems[section] ?? [] {
            guard fixed <= slot else { break }
            slot += 1
        }
        return IndexPath(section: section, item: slot)
    }

    /// Records where a reloaded item goes.
    mutating func recordReload(old: IndexPath, new: IndexPath) {
        self.reloads.append((old, new))
    }

    /// Checks `updates` against `input` and computes the new sections.
    ///
    /// With `splicesSizes`, a touched section that keeps listing sizes gets only its new items from the first
    /// changed one on (``splices``), not a whole new array: the caller splices them into the old array in place
    /// (``splice(_:into:from:)``) once the batch is checked.
    ///
    /// - Throws: ``UpdateError`` naming the first offending entry.
    /// - Complexity: O(u log u + Σ items of touched sections) for u updates, plus O(number of sections); with
    ///   `splicesSizes`, O(u log u + Σ items from the first change on of touched sections + number of sections).
    init(
        _ updates: BatchUpdates, input: LayoutInput, configuration: LayoutConfiguration, splicesSizes: Bool = false
    ) throws(UpdateError) {
        let oldCount = input.sections.count
        var deletedSections = Set<Int>()
        for (position, section) in updates.deleteSections.enumerated() {
            guard section >= 0, section < oldCount else {
                throw .sectionOutOfRange(list: .deleteSections, position: position)
            }
            guard deletedSections.insert(section).inserted else {
                throw .duplicate(list: .deleteSections, position: position)
            }
        }
        let newCount = oldCount - deletedSections.count + updates.insertSections.count
        var insertedSections: [Int: SectionInput] = [:]
        for (position, insertion) in updates.insertSections.enumerated() {
            guard insertion.index >= 0, insertion.index < newCount else {
                throw .sectionOutOfRange(list: .insertSections, position: position)
            }
            guard insertedSections.updateValue(insertion.section, forKey: insertion.index) == nil else {
                throw .duplicate(list: .insertSections, position: position)
            }
        }
        // Moved sections, by new index: their old index.
        var sectionsMovedTo: [Int: Int] = [:]
        for (position, move) in updates.moveSections.enumerated() {
            guard move.from >= 0, move.from < oldCount, move.to >= 0, move.to < newCount else {
                throw .sectionOutOfRange(list: .moveSections, position: position)
            }
            guard !deletedSections.contains(move.from) else {
                throw .conflict(list: .moveSections, position: position, with: .deleteSections)
            }
            guard insertedSections[move.to] == nil else {
                throw .conflict(list: .moveSections, position: position, with: .insertSections)
            }
            guard self.movedSections.insert(move.from).inserted,
                sectionsMovedTo.updateValue(move.from, forKey: move.to) == nil
            else { throw .duplicate(list: .moveSections, position: position) }
        }
        // Inserted and moved sections take their new indexes; the others fill the rest in their old order.
        var nextOld = 0
        for section in 0..<newCount {
            if insertedSections[section] != nil {
                self.continues.append(nil)
                continue
            }
            if let old = sectionsMovedTo[section] {
                self.continues.append(old)
                continue
            }
            while deletedSections.contains(nextOld) || self.movedSections.contains(nextOld) { nextOld += 1 }
            self.continues.append(nextOld)
            nextOld += 1
        }

        func checkOld(_ indexPath: IndexPath, _ list: UpdateError.List, _ position: Int) throws(UpdateError) {
            guard indexPath.section >= 0, indexPath.section < oldCount, indexPath.item >= 0,
                indexPath.item < input.sections[indexPath.section].itemCount
            else { throw .itemOutOfRange(list: list, position: position) }
            guard !deletedSections.contains(indexPath.section) else {
                throw .conflict(list: list, position: position, with: .deleteSections)
            }
        }
        func checkNew(_ indexPath: IndexPath, _ list: UpdateError.List, _ position: Int) throws(UpdateError) {
            guard indexPath.section >= 0, indexPath.section < newCount, indexPath.item >= 0 else {
                throw .itemOutOfRange(list: list, position: position)
            }
            guard insertedSections[indexPath.section] == nil else {
                throw .conflict(list: list, position: position, with: .insertSections)
            }
        }

        // Old index paths leaving their place (deleted or moved away), by old section.
        var removed: [Int: [Int]] = [:]
        var deleted = Set<IndexPath>()
        for (position, indexPath) in updates.deleteItems.enumerated() {
            try checkOld(indexPath, .deleteItems, position)
            guard deleted.insert(indexPath).inserted else { throw .duplicate(list: .deleteItems, position: position) }
            removed[indexPath.section, default: []].append(indexPath.item)
        }
        var reloaded: [IndexPath: Size?] = [:]
        var reloadsBySection: [Int: [(item: Int, size: Size?)]] = [:]
        for (position, change) in updates.reloadItems.enumerated() {
            try checkOld(change.indexPath, .reloadItems, position)
            guard !deleted.contains(change.indexPath) else {
                throw .conflict(list: .reloadItems, position: position, with: .deleteItems)
            }
            guard reloaded.updateValue(change.size, forKey: change.indexPath) == nil else {
                throw .duplicate(list: .reloadItems, position: position)
            }
            reloadsBySection[change.indexPath.section, default: []].append((change.indexPath.item, change.size))
        }
        // Items at fixed new index paths, by new section, with their list and position for errors.
        var fixed: [Int: [(item: Int, what: Fixed, list: UpdateError.List, position: Int)]] = [:]
        var movedFrom = Set<IndexPath>()
        var movedTo = Set<IndexPath>()
        for (position, move) in updates.moveItems.enumerated() {
            try checkOld(move.from, .moveItems, position)
            guard !deleted.contains(move.from) else {
                throw .conflict(list: .moveItems, position: position, with: .deleteItems)
            }
            guard reloaded.index(forKey: move.from) == nil else {
                throw .conflict(list: .moveItems, position: position, with: .reloadItems)
            }
            try checkNew(move.to, .moveItems, position)
            guard movedFrom.insert(move.from).inserted, movedTo.insert(move.to).inserted else {
                throw .duplicate(list: .moveItems, position: position)
            }
            removed[move.from.section, default: []].append(move.from.item)
            fixed[move.to.section, default: []].append((move.to.item, .move(from: move.from), .moveItems, position))
        }
        var inserted = Set<IndexPath>()
        for (position, change) in updates.insertItems.enumerated() {
            try checkNew(change.indexPath, .insertItems, position)
            guard !movedTo.contains(change.indexPath) else {
                throw .conflict(list: .insertItems, position: position, with: .moveItems)
            }
            guard inserted.insert(change.indexPath).inserted else {
                throw .duplicate(list: .insertItems, position: position)
            }
            fixed[change.indexPath.section, default: []].append(
                (change.indexPath.item, .insert(change.size), .insertItems, position)
            )
        }

        self.newSections = [Int?](repeating: nil, count: oldCount)
        for (section, old) in self.continues.enumerated() {
            if let old { self.newSections[old] = section }
        }
        self.removedItems = removed.mapValues { $0.sorted() }
        self.fixedItems = fixed.mapValues { $0.map(\.item).sorted() }

        if let expected = updates.expectedItemCounts, expected.count != newCount {
            throw .sectionCountMismatch(expected: expected.count, actual: newCount)
        }
        for section in 0..<newCount {
            guard let old = self.continues[section] else {
                let insertedSection = insertedSections[section]!
                if let expected = updates.expectedItemCounts?[section], expected != insertedSection.itemCount {
                    throw .itemCountMismatch(section: section, expected: expected, actual: insertedSection.itemCount)
                }
                self.sections.append(insertedSection)
                self.reused.append(nil)
                self.firstChanged.append(nil)
                continue
            }
            let removedItems = (removed[old] ?? []).sorted()
            let fixedItems = (fixed[section] ?? []).sorted { $0.item < $1.item }
            let count = input.sections[old].itemCount - removedItems.count + fixedItems.count
            for entry in fixedItems where entry.item >= count {
                throw .itemOutOfRange(list: entry.list, position: entry.position)
            }
            if let expected = updates.expectedItemCounts?[section], expected != count {
                throw .itemCountMismatch(section: section, expected: expected, actual: count)
            }
            let reloadItems = (reloadsBySection[old] ?? []).sorted { $0.item < $1.item }
            guard !removedItems.isEmpty || !fixedItems.isEmpty || !reloadItems.isEmpty else {
                self.sections.append(input.sections[old])
                self.reused.append(old)
                self.firstChanged.append(nil)
                continue
            }
            self.reused.append(old)
            // Before the first removal, insertion or reload, new and old items coincide.
            let first = [removedItems.first, fixedItems.first?.item, reloadItems.first?.item].compactMap { $0 }.min()
            self.firstChanged.append(first)
            var updated = input.sections[old]
            // A section listing sizes spliced in place: only its items from the first change on are made.
            let splices = splicesSizes && updated.items.isSizes
            let from = splices ? first ?? 0 : 0
            updated.items = self.merge(
                old: old,
                new: section,
                input: input,
                configuration: configuration,
                count: count,
                from: from,
                removed: removedItems,
                fixed: fixedItems.map { ($0.item, $0.what) },
                reloads: reloadItems
            )
            if splices, case .sizes(let tail) = updated.items {
                self.splices[section] = SizesSplice(first: from, tail: tail)
                updated.items = .count(count)
            }
            self.sections.append(updated)
        }
        if input.sections.contains(where: { !$0.anchoredSizes.isEmpty }) {
            self.moveAnchoredSizes(updates, input: input)
        }
    }
}

extension BatchPlan {
    /// Moves `compositional`'s measured anchored sizes (``SectionInput/anchoredSizes``) with their items: in every
    /// section whose items changed, each survivor's and each moved-in item's measured sizes under its new item;
    /// those of deleted items are dropped. Sections whose items did not change keep theirs; inserted sections keep
    /// the ones they were given.
    ///
    /// - Complexity: O(m log m + u) for m measured sizes and u explicit moves.
    mutating func moveAnchoredSizes(_ updates: BatchUpdates, input: LayoutInput) {
        var touched = Set<Int>()
        for (section, first) in self.firstChanged.enumerated() where first != nil && self.continues[section] != nil {
            touched.insert(section)
            self.sections[section].anchoredSizes = []
        }
        guard !touched.isEmpty else { return }
        var moves: [IndexPath: IndexPath] = [:]
        for move in updates.moveItems { moves[move.from] = move.to }
        for (old, section) in input.sections.enumerated() where !section.anchoredSizes.isEmpty {
            for entry in section.anchoredSizes {
                let from = IndexPath(section: old, item: entry.item)
                guard let to = moves[from] ?? self.newIndexPath(of: from), touched.contains(to.section) else {
                    continue
                }
                self.sections[to.section].anchoredSizes.append(
                    SectionInput.AnchoredSize(item: to.item, kind: entry.kind, size: entry.size)
                )
            }
        }
        for section in touched { self.sections[section].anchoredSizes.sort() }
    }
}
