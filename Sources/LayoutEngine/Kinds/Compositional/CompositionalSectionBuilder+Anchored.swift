extension CompositionalSectionBuilder {
    /// The supplementaries of each cell of one repetition of `group` (structured as `node`) and of the group
    /// itself, or `nil` when neither has any.
    ///
    /// - Complexity: O(cells of one repetition).
    ///
    /// - Throws: ``LayoutError/invalidParameter(name:section:)`` (`section/group`) when one repetition's cells
    ///   carry more than ``CompositionalGroupLayout/maximumLeafCount`` supplementaries together.
    static func anchoredPlan(
        _ node: CompositionalGroupLayout.Node,
        group: CompositionalLayout.Group,
        section: Int
    ) throws(LayoutError) -> CompositionalEffects.Anchored? {
        var items: [CompositionalLayout.SupplementaryItem] = []
        var starts: [Int32] = [0]
        var nestedItems: [CompositionalLayout.SupplementaryItem] = []
        var slots: [CompositionalEffects.Anchored.NestedSlot] = []
        var hasAny = !group.supplementaryItems.isEmpty
        // Nested groups are met in the order ``CompositionalGroupLayout/place`` records their frames in.
        func walk(_ node: CompositionalGroupLayout.Node, isTopLevel: Bool) {
            switch node {
            case .item(let item):
                items.append(contentsOf: item.supplementaryItems)
                hasAny = hasAny || !item.supplementaryItems.isEmpty
                starts.append(Int32(items.count))
            case .group(let nested, let children, let leafCount):
                if !isTopLevel, !nested.supplementaryItems.isEmpty {
                    let first = nestedItems.count
                    nestedItems.append(contentsOf: nested.supplementaryItems)
                    slots.append(.init(firstLeaf: starts.count - 1, items: first..<nestedItems.count))
                    hasAny = true
                }
                if case .custom = nested.layout {
                    // A custom group's cells are frames, without supplementaries.
                    starts.append(contentsOf: repeatElement(Int32(items.count), count: leafCount))
                } else {
                    for child in children { walk(child, isTopLevel: false) }
                }
            }
        }
        // Count before flattening: a repetition of many cells with many badges each would not fit in memory.
        guard Self.supplementaryCount(node) <= CompositionalGroupLayout.maximumLeafCount else {
            throw .invalidParameter(name: "section/group", section: section)
        }
        walk(node, isTopLevel: true)
        guard hasAny else { return nil }
        var plan = CompositionalEffects.Anchored(
            items: items,
            leafStarts: starts,
            groupItems: group.supplementaryItems,
            groupFrames: []
        )
        plan.nestedItems = nestedItems
        plan.nestedSlots = slots
        return plan
    }

    /// The number of supplementaries anchored to the cells under `node`, without building anything.
    private static func supplementaryCount(_ node: CompositionalGroupLayout.Node) -> Int {
        switch node {
        case .item(let item): return item.supplementaryItems.count
        case .group(let group, let children, _):
            if case .custom = group.layout { return group.supplementaryItems.count }
            // A nested group's own supplementaries count too (the top-level group's are not the cells').
            var total = 0
            for child in children {
                total += Self.supplementaryCount(child)
                if case .group(let nested, _, _) = child { total += nested.supplementaryItems.count }
                // Stop counting once past any limit a caller may check.
                if total > CompositionalGroupLayout.maximumLeafCount { return total }
            }
            return total
        }
    }

    /// Completes a section's anchored plan once its cells are placed: how far supplementaries reach past their
    /// containers along `axis` (what rect queries widen their search by), and a rectangle holding every one of
    /// them, relative to the section.
    ///
    /// - Parameters:
    ///   - plan: The template's plan (``anchoredPlan(_:group:)``).
    ///   - frames: The section's cells, relative to the section.
    ///   - cellBounds: The cells' bounds (their index's), relative to the section.
    ///   - template: The template's cells: when no cell was measured every repetition is a copy of them, so the
    ///     reach is measured on them alone.
    ///   - isMeasured: Whether cells may differ from the template's (listed sizes in a group with an estimate).
    ///   - groupFrames: Every repetition's frame, when the group or a nested group has supplementaries.
    ///   - nestedFrames: Every repetition's nested groups' frames (``CompositionalEffects/Anchored/nestedFrames``).
    ///   - axis: The axis the section's index runs along.
    /// - Complexity: O(cells of one repetition), or O(cells of the section) when measured; plus O(repetitions)
    ///   with group supplementaries.
    static func finish(
        _ plan: CompositionalEffects.Anchored,
        frames: [Rect],
        cellBounds: Rect?,
        template: [Rect],
        isMeasured: Bool,
        groupFrames: [Rect],
        nestedFrames: [Rect] = [],
        measuredSizes: [SectionInput.AnchoredSize] = [],
        axis: Axis
    ) -> (anchored: CompositionalEffects.Anchored, bounds: Rect?) {
        var anchored = plan
        anchored.groupFrames = groupFrames
        anchored.nestedFrames = nestedFrames
        anchored.measured = Self.measured(measuredSizes, of: anchored, frames: frames)
        // Overhangs past the cells' bounds on each side: left, top, right, bottom.
        var overhang = (0.0, 0.0, 0.0, 0.0)
        let checked = isMeasured ? frames : template
        if !anchored.items.isEmpty {
            for (item, cell) in checked.enumerated() {
                for index in anchored.supplementaries(ofItem: item) {
                    Self.grow(&overhang, anchored.items[index].frame(in: cell), past: cell)
                }
            }
        }
        for measured in anchored.measured where !measured.isGroup {
            Self.grow(&overhang, measured.frame, past: frames[measured.item])
        }
        if !isMeasured, !anchored.items.isEmpty {
            var relative: [Rect] = []
            relative.reserveCapacity(anchored.items.count)
            for (leaf, cell) in template.enumerated() where leaf < anchored.cellsPerGroup {
                for index in anchored.supplementaries(ofItem: leaf) {
                    relative.append(anchored.items[index].frame(in: cell).offsetBy(dx: -cell.minX, dy: -cell.minY))
                }
            }
            anchored.relativeFrames = relative
        }
        anchored.cellMargin = Swift.max(overhang.0, overhang.1, overhang.2, overhang.3)
        anchored.reachBefore = axis == .vertical ? overhang.1 : overhang.0
        anchored.reachAfter = axis == .vertical ? overhang.3 : overhang.2
        var bounds: Rect?
        if let cells = cellBounds, !anchored.items.isEmpty {
            bounds = Rect(
                x: cells.minX - overhang.0,
                y: cells.minY - overhang.1,
                width: cells.width + overhang.0 + overhang.2,
                height: cells.height + overhang.1 + overhang.3
            )
        }
        // A group supplementary widens the reach along the axis, the margin past its repetition's first cell, and
        // the bounds.
        func widen(_ frame: Rect, group: Rect, first: Rect) {
            var past = (0.0, 0.0, 0.0, 0.0)
            Self.grow(&past, frame, past: first)
            anchored.cellMargin = Swift.max(anchored.cellMargin, past.0, past.1, past.2, past.3)
            let leading = axis.leading(group)
            anchored.groupReachBefore = Swift.max(anchored.groupReachBefore, leading - axis.leading(frame))
            anchored.groupReachAfter = Swift.max(anchored.groupReachAfter, axis.trailing(frame) - leading)
            bounds = bounds.map { $0.union(frame) } ?? frame
        }
        let perGroup = anchored.cellsPerGroup
        for (repetition, group) in groupFrames.enumerated() {
            let first = repetition * perGroup < frames.count ? frames[repetition * perGroup] : group
            for item in anchored.groupItems { widen(item.frame(in: group), group: group, first: first) }
            // A nested group's supplementaries have its first cell's index path; one without cells has none.
            for slot in anchored.nestedSlots where repetition * perGroup + slot.firstLeaf < frames.count {
                let cell = frames[repetition * perGroup + slot.firstLeaf]
                anchored.forEachGroupSupplementary(repetition: repetition, leaf: slot.firstLeaf) {
                    (index, item, container) in
                    guard index >= anchored.groupItems.count else { return }
                    widen(item.frame(in: container), group: group, first: cell)
                }
            }
        }
        for measured in anchored.measured where measured.isGroup {
            widen(measured.frame, group: groupFrames[measured.item / perGroup], first: frames[measured.item])
        }
        return (anchored, bounds)
    }

    /// Grows `overhang` (left, top, right, bottom) to how far `frame` reaches past `container` on each side.
    @inline(__always)
    private static func grow(_ overhang: inout (Double, Double, Double, Double), _ frame: Rect, past container: Rect) {
        overhang.0 = Swift.max(overhang.0, container.minX - frame.minX)
        overhang.1 = Swift.max(overhang.1, container.minY - frame.minY)
        overhang.2 = Swift.max(overhang.2, frame.maxX - container.maxX)
        overhang.3 = Swift.max(overhang.3, frame.maxY - container.maxY)
    }

    /// The measured supplementaries among `sizes` (the section's ``SectionInput/anchoredSizes``) with their frames
    /// relative to the section, in ``CompositionalEffects/Anchored/measured``'s order; a size naming no
    /// supplementary of the section, or none with an estimated dimension, is left out.
    ///
    /// - Complexity: O(m × supplementaries of one cell) for m sizes.
    static func measured(
        _ sizes: [SectionInput.AnchoredSize],
        of anchored: CompositionalEffects.Anchored,
        frames: [Rect]
    ) -> [CompositionalEffects.Anchored.Measured] {
        var result: [CompositionalEffects.Anchored.Measured] = []
        let perGroup = anchored.cellsPerGroup
        for entry in sizes where frames.indices.contains(entry.item) && perGroup > 0 {
            if !anchored.items.isEmpty {
                for index in anchored.supplementaries(ofItem: entry.item) {
                    let item = anchored.items[index]
                    guard item.kind == entry.kind, item.size.width.isEstimated || item.size.height.isEstimated
                    else { continue }
                    let frame = item.frame(in: frames[entry.item], measured: entry.size)
                    result.append(.init(item: entry.item, isGroup: false, index: index, frame: frame))
                }
            }
            let repetition = entry.item / perGroup
            guard repetition < anchored.groupFrames.count else { continue }
            anchored.forEachGroupSupplementary(repetition: repetition, leaf: entry.item % perGroup) {
                (index, item, container) in
                guard item.kind == entry.kind, item.size.width.isEstimated || item.size.height.isEstimated
                else { return }
                let frame = item.frame(in: container, measured: entry.size)
                result.append(.init(item: entry.item, isGroup: true, index: index, frame: frame))
            }
        }
        result.sort { $0.precedes(item: $1.item, isGroup: $1.isGroup, index: $1.index) }
        return result
    }
}

extension SectionInput.Items {
    /// Whether the items are listed sizes (which may be measured ones) rather than a count.
    var isSizes: Bool {
        if case .sizes = self { return true }
        return false
    }
}
