extension BatchPlan {
    /// The items of a touched section: survivors in their old order, with inserted and moved-in items at their
    /// fixed new indexes, reloaded sizes applied; a `count` section stays a count when nothing gives a size.
    ///
    /// Survivors are copied in runs between the changes, so the cost is one pass over the section's sizes (none
    /// for a section that stays a count without reloads). With `first` (at most the first changed item, where old
    /// and new items still coincide), a section that lists sizes gets only its items from `first` on.
    ///
    /// - Complexity: O(n − `first` + u) for a section of n items and u changes; O(u) when it stays a count.
    mutating func merge(
        old: Int,
        new newIndex: Int,
        input: LayoutInput,
        configuration: LayoutConfiguration,
        count: Int,
        from first: Int = 0,
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
        // Only a section listing sizes starts past 0 (a count's items are all made or none).
        let start = oldSection.items.isSizes ? first : 0
        if !staysCount { sizes.reserveCapacity(count - start) }
        var item = start
        var oldItem = start
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
                if let size = reload.size { sizes[newItem - start] = size }
                nextReload += 1
            }
            oldItem += run
            item += run
        }
        return staysCount ? .count(count) : .sizes(sizes)
    }
}

extension BatchPlan {
    /// A section's new items from ``first`` on, to replace its old items from there (which are the same before).
    struct SizesSplice {
        /// The first item replaced: every item before it is the old one.
        let first: Int
        /// The new items from ``first`` to the section's end.
        let tail: [Size]
    }

    /// Gives new section `section` its sizes: `old`'s items up to the splice's first, then the splice's tail,
    /// written into `old`'s array (taken out of `input`, which is left listing no sizes for it), in place when
    /// nothing else holds that array.
    ///
    /// - Complexity: O(items from the splice's first on of both sections), or O(n) when the array is shared.
    func splice(_ section: Int, into sections: inout [SectionInput], from input: inout LayoutInput) {
        guard let splice = self.splices[section], let old = self.reused[section],
            case .sizes(var sizes) = input.sections[old].items
        else { preconditionFailure("a spliced section continues one listing sizes") }
        // Drop the input's reference first so that the array is unique and changes in place.
        input.sections[old].items = .count(0)
        sizes.removeSubrange(splice.first...)
        // Grown to exactly what it holds, as a merged array was: appending would double it, and a session's sizes
        // count by their capacity.
        let count = sizes.count + splice.tail.count
        if count > sizes.capacity { sizes.reserveCapacity(count) }
        sizes.append(contentsOf: splice.tail)
        sections[section].items = .sizes(sizes)
    }
}

/// A kind whose sessions splice a batch's sizes into a touched section's array in place
/// (``BatchPlan/splice(_:into:from:)``) rather than build a new one, and check only what the splice brings.
///
/// A batch then costs what its changed items cost: a deletion near the end of a million sizes neither copies nor
/// checks the others.
protocol SplicesBatchSizes {
    /// Checks the sizes of new section `section` — `kept`'s items before the splice's first, then its tail — and
    /// throws what checking the whole section as a new layout would (the same first bad item), reading the kept
    /// items only when a session may hold one a new layout refuses.
    ///
    /// - Throws: ``LayoutError``.
    static func checkSplicedSizes(
        _ splice: BatchPlan.SizesSplice, kept: [Size], section: Int, configuration: LayoutConfiguration
    ) throws(LayoutError)
}
