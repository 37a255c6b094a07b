extension BatchPlan {
    /// The items of a touched section: survivors in their old order, with inserted and moved-in items at their
    /// fixed new indexes, reloaded sizes applied; a `count` section stays a count when nothing gives a size.
    ///
    /// Survivors are copied in runs between the changes, so the cost is one pass over the section's sizes (none
    /// for a section that stays a count without reloads).
    ///
    /// - Complexity: O(n + u) for a section of n items and u changes; O(u) when it stays a count.
    mutating func merge(
        old: Int,
        new newIndex: Int,
        input: LayoutInput,
        configuration: LayoutConfiguration,
        count: Int,
        removed: [Int],
        fixed: [(item: Int, what: Fixed)],
        reloads: [(item: Int, size: Size?)]
    ) -> SectionInput.Items {
        let oldSection = input.sections[old]
        let standard = LiveLayout.defaultSize(of: oldSection, kind: configuration, viewport: input.viewport)
        let oldCount = oldSection.itemCount
        var staysCount = false
        if case .count = oldSection.items {
            staysCount =
                reloads.allSatisfy { $0.size == nil }
                && fixed.allSatisfy {
                    switch $0.what {
                    case .insert(let size): return size == nil
                    case .move(let from): return from.section == old
                    }
                }
        }
        if staysCount && reloads.isEmpty { return .count(count) }
        var sizes: [Size] = []
        if !staysCount { sizes.reserveCapacity(count) }
        var item = 0
        var oldItem = 0
        var nextFixed = 0
        var nextRemoved = 0
        var nextReload = 0
        while item < count {
            if nextFixed < fixed.count && fixed[nextFixed].item == item {
                if !staysCount {
                    switch fixed[nextFixed].what {
                    case .insert(let size): sizes.append(size ?? standard)
                    case .move(let from): sizes.append(LiveLayout.size(at: from, in: input, kind: configuration))
                    }
                }
                item += 1
                nextFixed += 1
                continue
            }
            if nextRemoved < removed.count && removed[nextRemoved] == oldItem {
                oldItem += 1
                nextRemoved += 1
                continue
            }
            let fixedAt = nextFixed < fixed.count ? fixed[nextFixed].item : count
            let removedAt = nextRemoved < removed.count ? removed[nextRemoved] : oldCount
            let run = Swift.min(fixedAt - item, removedAt - oldItem)
            precondition(run > 0, "a checked batch leaves exactly enough survivors")
            if !staysCount {
                switch oldSection.items {
                case .count: sizes.append(contentsOf: repeatElement(standard, count: run))
                case .sizes(let oldSizes): sizes.append(contentsOf: oldSizes[oldItem..<(oldItem + run)])
                }
            }
            while nextReload < reloads.count && reloads[nextReload].item < oldItem + run {
                let reload = reloads[nextReload]
                let newItem = item + (reload.item - oldItem)
                self.recordReload(
                    old: IndexPath(section: old, item: reload.item),
                    new: IndexPath(section: newIndex, item: newItem)
                )
                if let size = reload.size { sizes[newItem] = size }
                nextReload += 1
            }
            oldItem += run
            item += run
        }
        return staysCount ? .count(count) : .sizes(sizes)
    }
}
