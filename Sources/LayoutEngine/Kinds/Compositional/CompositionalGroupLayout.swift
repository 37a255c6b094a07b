/// Lays out one repetition of a compositional group: the frames of its cells, relative to the group's origin.
///
/// Two phases keep self-sizing simple. The *structure* (which subitems a group holds, including the copies that
/// fill a row or column) is decided once, at the estimates. *Placement* then sizes every item, replacing an
/// estimated dimension by the length the client measured for that cell when there is one, and sizes a group's
/// estimated dimension by what its subitems need; so a measured cell changes frames but never which cells a
/// repetition holds.
struct CompositionalGroupLayout {
    /// The most cells one repetition of a group may hold: a group of tiny items in a huge row stops here.
    static let maximumLeafCount = 100_000

    /// A group's structure: its subitems in order, copies included, each with its nested structure.
    indirect enum Node {
        case item(CompositionalLayout.Item)
        case group(CompositionalLayout.Group, children: [Node], leafCount: Int)

        /// The number of cells under this node.
        var leafCount: Int {
            switch self {
            case .item: return 1
            case .group(_, _, let count): return count
            }
        }

        var size: CompositionalLayout.LayoutSize {
            switch self {
            case .item(let item): return item.size
            case .group(let group, _, _): return group.size
            }
        }

        var edgeSpacing: CompositionalLayout.EdgeSpacing {
            switch self {
            case .item(let item): return item.edgeSpacing
            case .group(let group, _, _): return group.edgeSpacing
            }
        }
    }

    /// Decides the structure of `group` in a slot of size `size` (the estimates' layout).
    ///
    /// - Throws: ``LayoutError/invalidParameter(name:section:)`` (`group`) for a group holding no cell or more
    ///   than ``maximumLeafCount``.
    static func structure(
        of group: CompositionalLayout.Group,
        size: Size,
        section: Int
    ) throws(LayoutError) -> Node {
        let content = group.contentInsets.inset(Rect(origin: .zero, size: size)).size
        let isHorizontal = group.layout == .horizontal
        var children: [Node] = []
        var leaves = 0
        func append(_ element: CompositionalLayout.Element, childSize: Size) throws(LayoutError) {
            let node: Node
            switch element {
            case .item(let item): node = .item(item)
            case .group(let nested): node = try Self.structure(of: nested, size: childSize, section: section)
            }
            leaves += node.leafCount
            guard leaves <= Self.maximumLeafCount else {
                throw .invalidParameter(name: "section/group", section: section)
            }
            children.append(node)
        }
        switch group.layout {
        case .custom(let frames):
            guard !frames.isEmpty, frames.count <= Self.maximumLeafCount else {
                throw .invalidParameter(name: "section/group", section: section)
            }
            return .group(group, children: [], leafCount: frames.count)
        case .horizontal, .vertical:
            guard let first = group.subitems.first else {
                throw .invalidParameter(name: "section/group", section: section)
            }
            if let count = group.count {
                let childSize = Self.countedSize(of: first, count: count, group: group, content: content)
                for _ in 0..<count { try append(first, childSize: childSize) }
            } else {
                let length = isHorizontal ? content.width : content.height
                let spacing = group.interItemSpacing?.minimum ?? 0
                var used = 0.0
                var index = 0
                // The first pass places every subitem; later passes repeat them while the next one fits.
                while true {
                    let element = group.subitems[index % group.subitems.count]
                    let childSize = element.size.resolved(in: content)
                    let edges = element.edgeSpacing
                    let slot =
                        (isHorizontal ? childSize.width : childSize.height)
                        + ((isHorizontal ? edges.leading : edges.top)?.minimum ?? 0)
                        + ((isHorizontal ? edges.trailing : edges.bottom)?.minimum ?? 0)
                    let next = used + (index == 0 ? 0 : spacing) + slot
                    if index >= group.subitems.count {
                        // A repetition that makes no progress would never end.
                        guard slot > 0, next <= length + 1e-9 else { break }
                    }
                    try append(element, childSize: childSize)
                    used = next
                    index += 1
                }
            }
            guard leaves > 0 else { throw .invalidParameter(name: "section/group", section: section) }
            return .group(group, children: children, leafCount: leaves)
        }
    }

    /// The size of each of `count` copies of `element` filling `group` along its axis.
    static func countedSize(
        of element: CompositionalLayout.Element,
        count: Int,
        group: CompositionalLayout.Group,
        content: Size
    ) -> Size {
        var size = element.size.resolved(in: content)
        let copies = Double(Swift.max(1, count))
        let spacing = (group.interItemSpacing?.minimum ?? 0) * (copies - 1)
        let edges = element.edgeSpacing
        if group.layout == .horizontal {
            let margins = ((edges.leading?.minimum ?? 0) + (edges.trailing?.minimum ?? 0)) * copies
            size.width = Swift.max(0, (content.width - spacing - margins) / copies)
        } else {
            let margins = ((edges.top?.minimum ?? 0) + (edges.bottom?.minimum ?? 0)) * copies
            size.height = Swift.max(0, (content.height - spacing - margins) / copies)
        }
        return size
    }

    /// Places a group's cells for a slot of `size` at the origin, appending their frames to `frames`.
    ///
    /// - Parameters:
    ///   - node: The group's structure (``Node/group(_:children:leafCount:)``).
    ///   - size: The group's size, with estimated dimensions at their estimates.
    ///   - firstLeaf: The index of the group's first cell, for `measured`.
    ///   - measured: The size the client measured for a cell, or `nil`.
    ///   - frames: Receives the cells' frames, in order.
    ///   - groups: Receives the frame of every nested group (not this one) that has supplementary items, in the
    ///     order the group's structure lists them, a group before the groups nested in it (the order of
    ///     ``CompositionalEffects/Anchored/nestedSlots``).
    /// - Returns: The group's actual size: an estimated dimension becomes what the subitems need.
    static func place(
        _ node: Node,
        size: Size,
        firstLeaf: Int,
        measured: (Int) -> Size?,
        into frames: inout [Rect],
        groups: inout [Rect]
    ) -> Size {
        guard case .group(let group, let children, _) = node else { return size }
        let insets = group.contentInsets
        let content = insets.inset(Rect(origin: .zero, size: size))
        if case .custom(let custom) = group.layout {
            for frame in custom { frames.append(frame.offsetBy(dx: content.minX, dy: content.minY)) }
            return size
        }
        let isHorizontal = group.layout == .horizontal
        let countedSize = group.count.flatMap { count in
            group.subitems.first.map { Self.countedSize(of: $0, count: count, group: group, content: content.size) }
        }
        // Size every child; nested groups are placed at the origin into one shared array (a run per group child,
        // in order) and moved afterwards, so a group of items allocates nothing but its sizes.
        var sizes: [Size] = []
        var nested: [Rect] = []
        var runs: [Range<Int>] = []
        // The frames of groups nested in the group children, and each child's run of them.
        var nestedGroups: [Rect] = []
        var groupRuns: [Range<Int>] = []
        sizes.reserveCapacity(children.count)
        var leaf = firstLeaf
        for child in children {
            var childSize = countedSize ?? child.size.resolved(in: content.size)
            switch child {
            case .item(let item):
                if let real = measured(leaf) {
                    if item.size.width.isEstimated, real.width > 0 { childSize.width = real.width }
                    if item.size.height.isEstimated, real.height > 0 { childSize.height = real.height }
                }
            case .group:
                let (start, groupStart) = (nested.count, nestedGroups.count)
                childSize = Self.place(
                    child, size: childSize, firstLeaf: leaf, measured: measured, into: &nested, groups: &nestedGroups)
                runs.append(start..<nested.count)
                groupRuns.append(groupStart..<nestedGroups.count)
            }
            sizes.append(childSize)
            leaf += child.leafCount
        }
        // Along the group's axis: minimum spacings first, then leftover room to the flexible ones.
        let mainLength = isHorizontal ? content.width : content.height
        let isMainEstimated = isHorizontal ? group.size.width.isEstimated : group.size.height.isEstimated
        var used = 0.0
        var flexibleSlots = 0
        let between = group.interItemSpacing
        for (index, child) in children.enumerated() {
            let edges = child.edgeSpacing
            let before = isHorizontal ? edges.leading : edges.top
            let after = isHorizontal ? edges.trailing : edges.bottom
            used += (isHorizontal ? sizes[index].width : sizes[index].height)
            used += (before?.minimum ?? 0) + (after?.minimum ?? 0)
            flexibleSlots += (before?.isFlexible == true ? 1 : 0) + (after?.isFlexible == true ? 1 : 0)
            if index > 0 {
                used += between?.minimum ?? 0
                if between?.isFlexible == true { flexibleSlots += 1 }
            }
        }
        let leftover = isMainEstimated ? 0 : mainLength - used
        let share = flexibleSlots > 0 && leftover > 0 ? leftover / Double(flexibleSlots) : 0
        func length(_ spacing: CompositionalLayout.Spacing?) -> Double {
            guard let spacing else { return 0 }
            return spacing.minimum + (spacing.isFlexible ? share : 0)
        }
        let crossLength = isHorizontal ? content.height : content.width
        let isCrossEstimated = isHorizontal ? group.size.height.isEstimated : group.size.width.isEstimated
        var position = isHorizontal ? content.minX : content.minY
        var crossNeeded = 0.0
        var run = 0
        for (index, child) in children.enumerated() {
            let edges = child.edgeSpacing
            if index > 0 { position += length(between) }
            position += length(isHorizontal ? edges.leading : edges.top)
            let childSize = sizes[index]
            let childMain = isHorizontal ? childSize.width : childSize.height
            let childCross = isHorizontal ? childSize.height : childSize.width
            let crossBefore = isHorizontal ? edges.top : edges.leading
            let crossAfter = isHorizontal ? edges.bottom : edges.trailing
            let free = crossLength - childCross - (crossBefore?.minimum ?? 0) - (crossAfter?.minimum ?? 0)
            var crossOffset = crossBefore?.minimum ?? 0
            if !isCrossEstimated, free > 0 {
                switch (crossBefore?.isFlexible == true, crossAfter?.isFlexible == true) {
                case (true, true): crossOffset += free / 2
                case (true, false): crossOffset += free
                default: break
                }
            }
            crossNeeded = Swift.max(
                crossNeeded,
                childCross + (crossBefore?.minimum ?? 0) + (crossAfter?.minimum ?? 0)
            )
            let crossStart = (isHorizontal ? content.minY : content.minX) + crossOffset
            let origin = isHorizontal ? Point(x: position, y: crossStart) : Point(x: crossStart, y: position)
            switch child {
            case .item(let item):
                let slot = Rect(origin: origin, size: childSize)
                frames.append(Self.itemFrame(slot, item: item))
            case .group(let nestedGroup, _, _):
                for frame in nested[runs[run]] { frames.append(frame.offsetBy(dx: origin.x, dy: origin.y)) }
                if !nestedGroup.supplementaryItems.isEmpty { groups.append(Rect(origin: origin, size: childSize)) }
                for frame in nestedGroups[groupRuns[run]] { groups.append(frame.offsetBy(dx: origin.x, dy: origin.y)) }
                run += 1
            }
            position += childMain + length(isHorizontal ? edges.trailing : edges.bottom)
        }
        var actual = size
        let mainEnd = position - (isHorizontal ? content.minX : content.minY)
        if isMainEstimated {
            if isHorizontal {
                actual.width = mainEnd + insets.leading + insets.trailing
            } else {
                actual.height = mainEnd + insets.top + insets.bottom
            }
        }
        if isCrossEstimated {
            if isHorizontal {
                actual.height = crossNeeded + insets.top + insets.bottom
            } else {
                actual.width = crossNeeded + insets.leading + insets.trailing
            }
        }
        return actual
    }

    /// An item's frame in its slot: the slot less the item's content insets, except along estimated dimensions.
    static func itemFrame(_ slot: Rect, item: CompositionalLayout.Item) -> Rect {
        var insets = item.contentInsets
        if item.size.width.isEstimated {
            insets.leading = 0
            insets.trailing = 0
        }
        if item.size.height.isEstimated {
            insets.top = 0
            insets.bottom = 0
        }
        return insets.inset(slot)
    }
}
