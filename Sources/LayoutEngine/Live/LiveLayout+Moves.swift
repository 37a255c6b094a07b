extension LiveLayout {
    /// A batch's moves and the attributes to animate them from (``UpdateResult/moved``,
    /// ``UpdateResult/movedFrom``), read from the layout before the batch.
    ///
    /// - Parameters:
    ///   - updates: The batch.
    ///   - plan: The checked batch.
    ///   - reloaded: The old index paths of reloaded items (they disappear and appear, they do not move).
    ///   - layout: The layout before the batch.
    ///   - offset: The content offset effects are computed at.
    /// - Returns: The item moves and, ordered as them, every moved element's attributes before the batch under its
    ///   index path after it.
    /// - Complexity: O(m + Σ items of moved sections × log u) for m explicit moves and u changes per section.
    static func moves(
        of updates: BatchUpdates,
        plan: BatchPlan,
        reloaded: Set<IndexPath>,
        in layout: PreparedLayout,
        offset: Point
    ) -> (moved: [BatchUpdates.ItemMove], movedFrom: [LayoutAttributes]) {
        var moved = updates.moveItems
        var movedFrom: [LayoutAttributes] = []
        var count = updates.moveItems.count
        for move in updates.moveSections { count += layout.numberOfItems(inSection: move.from) + 4 }
        moved.reserveCapacity(count)
        movedFrom.reserveCapacity(count)
        for move in updates.moveItems {
            if var cell = layout.attributesForItem(at: move.from, contentOffset: offset) {
                cell.indexPath = move.to
                movedFrom.append(cell)
            }
            Self.appendAnchored(move.from, in: layout, as: move.to, to: &movedFrom)
        }
        for move in updates.moveSections {
            guard let section = plan.newSections[move.from] else { continue }
            let old = IndexPath(section: move.from, item: 0)
            let new = IndexPath(section: section, item: 0)
            Self.appendDecorations(of: move.from, in: layout, as: section, to: &movedFrom)
            var leading: [LayoutAttributes?] = [
                layout.attributesForDecorationElement(ofKind: .background, at: old, contentOffset: offset),
                layout.attributesForSupplementaryElement(ofKind: .header, at: old, contentOffset: offset),
            ]
            for kind in ElementKind.sideSupplementaries {
                leading.append(layout.attributesForSupplementaryElement(ofKind: kind, at: old, contentOffset: offset))
            }
            for case var attributes? in leading {
                attributes.indexPath = new
                movedFrom.append(attributes)
            }
            for item in 0..<layout.numberOfItems(inSection: move.from) {
                let from = IndexPath(section: move.from, item: item)
                guard !reloaded.contains(from), let to = plan.newIndexPath(of: from) else { continue }
                moved.append(BatchUpdates.ItemMove(from: from, to: to))
                if var cell = layout.attributesForItem(at: from, contentOffset: offset) {
                    cell.indexPath = to
                    movedFrom.append(cell)
                }
                Self.appendAnchored(from, in: layout, as: to, to: &movedFrom)
            }
            if var footer = layout.attributesForSupplementaryElement(ofKind: .footer, at: old, contentOffset: offset) {
                footer.indexPath = new
                movedFrom.append(footer)
            }
        }
        return (moved, movedFrom)
    }
}
