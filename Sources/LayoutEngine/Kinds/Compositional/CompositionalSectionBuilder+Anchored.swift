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
        var hasAny = !group.supplementaryItems.isEmpty
        func walk(_ node: CompositionalGroupLayout.Node) {
            switch node {
            case .item(let item):
                items.append(contentsOf: item.supplementaryItems)
                hasAny = hasAny || !item.supplementaryItems.isEmpty
                starts.append(Int32(items.count))
            case .group(let nested, let children, let leafCount):
                if case .custom = nested.layout {
                    // A custom group's cells are frames, without supplementaries.
                    starts.append(contentsOf: repeatElement(Int32(items.count), count: leafCount))
                } else {
                    for child in children { walk(child) }
                }
            }
        }
        // Count before flattening: a repetition of many cells with many badges each would not fit in memory.
        guard Self.supplementaryCount(node) <= CompositionalGroupLayout.maximumLeafCount else {
            throw .invalidParameter(name: "section/group", section: section)
        }
        walk(node)
        guard hasAny else { return nil }
        return CompositionalEffects.Anchored(
            items: items,
            leafStarts: starts,
            groupItems: group.supplementaryItems,
            groupFrames: []
        )
    }

    /// The number of supplementaries anchored to the cells under `node`, without building anything.
    private static func supplementaryCount(_ node: CompositionalGroupLayout.Node) -> Int {
        switch node {
        case .item(let item): return item.supplementaryItems.count
        case .group(let group, let children, _):
            if case .custom = group.layout { return 0 }
            var total = 0
            for child in children {
                total += Self.supplementaryCount(child)
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
    ///   - groupFrames: Every repetition's frame, when the group has supplementaries.
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
        axis: Axis
    ) -> (anchored: CompositionalEffects.Anchored, bounds: Rect?) {
        var anchored = plan
        anchored.groupFrames = groupFrames
        // Overhangs past the cells' bounds on each side: left, top, right, bottom.
        var overhang = (0.0, 0.0, 0.0, 0.0)
        let checked = isMeasured ? frames : template
        if !anchored.items.isEmpty {
            for (item, cell) in checked.enumerated() {
                for index in anchored.supplementaries(ofItem: item) {
                    let frame = anchored.items[index].frame(in: cell)
                    overhang.0 = Swift.max(overhang.0, cell.minX - frame.minX)
                    overhang.1 = Swift.max(overhang.1, cell.minY - frame.minY)
                    overhang.2 = Swift.max(overhang.2, frame.maxX - cell.maxX)
                    overhang.3 = Swift.max(overhang.3, frame.maxY - cell.maxY)
                }
            }
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
        for group in groupFrames {
            for item in anchored.groupItems {
                let frame = item.frame(in: group)
                let leading = axis.leading(group)
                anchored.groupReachBefore = Swift.max(anchored.groupReachBefore, leading - axis.leading(frame))
                anchored.groupReachAfter = Swift.max(anchored.groupReachAfter, axis.trailing(frame) - leading)
                bounds = bounds.map { $0.union(frame) } ?? frame
            }
        }
        return (anchored, bounds)
    }
}

extension SectionInput.Items {
    /// Whether the items are listed sizes (which may be measured ones) rather than a count.
    var isSizes: Bool {
        if case .sizes = self { return true }
        return false
    }
}
