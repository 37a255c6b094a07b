extension PreparedLayout {
    /// Visits a `compositional` section's supplementaries anchored to its cells (in item order, each cell's in
    /// its item's order) and then to its group's repetitions: all of them when `local` is `nil`, otherwise those
    /// whose frame intersects `local` (relative to the section's origin, moved like its cells for a scrolled
    /// orthogonal section).
    ///
    /// With `chunk` (and no `local`), only the supplementaries of those cells and of those repetitions.
    ///
    /// - Complexity: O(log n + k): the cells' index searched a band widened by how far supplementaries reach past
    ///   their cells, the repetitions by binary search.
    func visitAnchored<E: Error>(
        section sectionIndex: Int,
        rect local: Rect?,
        scrolled: Double,
        chunk: (cells: Range<Int>, repetitions: Range<Int>)? = nil,
        _ body: (LayoutAttributes) throws(E) -> Void
    ) throws(E) {
        guard case .compositional(let effects) = self.effects, let anchored = effects.sections[sectionIndex].anchored
        else { return }
        let origin = self.movedAcross(
            Rect(origin: self.sections[sectionIndex].origin, size: .zero),
            by: -scrolled
        ).origin
        let frames = self.sections[sectionIndex].frames
        let axis = self.sections[sectionIndex].index.axis
        if !anchored.items.isEmpty {
            let items =
                local.map {
                    self.sections[sectionIndex].index.candidatePositions(
                        from: axis.leading($0) - anchored.reachAfter,
                        to: axis.trailing($0) + anchored.reachBefore
                    )
                } ?? chunk?.cells ?? frames.indices
            // The cell's place in its repetition, stepped rather than divided for every cell.
            let perGroup = anchored.cellsPerGroup
            var leaf = items.isEmpty ? 0 : items.lowerBound % perGroup
            let relative = anchored.relativeFrames
            let isRelative = !relative.isEmpty
            let mirrorWidth: Double? = self.isMirrored ? self.contentSize.width : nil
            // Measured supplementaries, met in item order: the next one's position.
            let measured = anchored.measured
            var next = measured.isEmpty ? 0 : anchored.firstMeasured(atOrAfter: items.lowerBound)
            // Stored frames read from their array (SectionFrames' subscript tests each closed form on every read);
            // computed ones through the subscript, never materialised.
            let stored = frames.isStored ? frames.array : []
            // One attributes value for all (see ``template(_:kind:section:mirrorWidth:)``).
            let kind = ElementKind.named(anchored.items[0].kind)
            var attributes = Self.template(
                .supplementaryView, kind: kind, section: sectionIndex, mirrorWidth: mirrorWidth)
            for item in items {
                let cell = stored.isEmpty ? frames[item] : stored[item]
                let start = Int(anchored.leafStarts[leaf])
                let end = Int(anchored.leafStarts[leaf + 1])
                leaf = leaf + 1 == perGroup ? 0 : leaf + 1
                for index in start..<end {
                    var frame =
                        isRelative
                        ? relative[index].offsetBy(dx: cell.minX, dy: cell.minY)
                        : anchored.items[index].frame(in: cell)
                    if next < measured.count {
                        while next < measured.count, measured[next].precedes(item: item, isGroup: false, index: index) {
                            next += 1
                        }
                        if next < measured.count, measured[next].item == item, !measured[next].isGroup,
                            measured[next].index == index
                        {
                            frame = measured[next].frame
                        }
                    }
                    if let local, !frame.intersects(local) { continue }
                    attributes.kind = .named(anchored.items[index].kind)
                    attributes.zIndex = anchored.items[index].zIndex
                    attributes.indexPath.item = item
                    attributes.frame = frame.offsetBy(dx: origin.x, dy: origin.y)
                    if let mirrorWidth { attributes.frame.origin.x = mirrorWidth - attributes.frame.maxX }
                    try body(attributes)
                }
            }
        }
        guard anchored.hasGroupSupplementaries else { return }
        try self.visitGroupAnchored(
            anchored, section: sectionIndex, rect: local, origin: origin, repetitions: chunk?.repetitions, body)
    }

    /// How many cells and group repetitions of a `compositional` section have anchored supplementaries, for
    /// visiting them a chunk at a time (``visitAnchored(section:rect:scrolled:chunk:_:)``).
    func anchoredCounts(section sectionIndex: Int) -> (cells: Int, repetitions: Int) {
        guard case .compositional(let effects) = self.effects, let anchored = effects.sections[sectionIndex].anchored
        else { return (0, 0) }
        return (
            anchored.items.isEmpty ? 0 : self.sections[sectionIndex].frames.count,
            anchored.hasGroupSupplementaries ? anchored.groupFrames.count : 0
        )
    }

    /// The attributes of the supplementary of kind `name` anchored to the cell at `indexPath`, or to the group
    /// repetition whose first cell it is; `nil` if there is none.
    ///
    /// - Complexity: O(supplementaries of one cell and of the group).
    func anchoredAttributes(ofKind name: ElementName, at indexPath: IndexPath) -> LayoutAttributes? {
        let (sectionIndex, item) = (indexPath.section, indexPath.item)
        guard self.sections.indices.contains(sectionIndex), case .compositional(let effects) = self.effects,
            let anchored = effects.sections[sectionIndex].anchored,
            self.sections[sectionIndex].frames.indices.contains(item)
        else { return nil }
        let origin = self.sections[sectionIndex].origin
        if !anchored.items.isEmpty {
            for index in anchored.supplementaries(ofItem: item) where anchored.items[index].kind == name {
                let frame =
                    anchored.measuredFrame(item: item, isGroup: false, index: index)
                    ?? anchored.items[index].frame(in: self.sections[sectionIndex].frames[item])
                return self.makeAnchored(anchored.items[index], frame, section: sectionIndex, item: item, origin)
            }
        }
        let perGroup = anchored.cellsPerGroup
        guard item / perGroup < anchored.groupFrames.count else { return nil }
        // The group's (or a nested group's) whose first cell this is: kinds are distinct among them.
        var found: LayoutAttributes?
        anchored.forEachGroupSupplementary(repetition: item / perGroup, leaf: item % perGroup) {
            (index, supplementary, container) in
            guard found == nil, supplementary.kind == name else { return }
            let frame =
                anchored.measuredFrame(item: item, isGroup: true, index: index) ?? supplementary.frame(in: container)
            found = self.makeAnchored(supplementary, frame, section: sectionIndex, item: item, origin)
        }
        return found
    }

    /// How far a `compositional` section's anchored supplementaries reach past the cells whose index paths they
    /// have (``CompositionalEffects/Anchored/cellMargin``), or `nil` when the section has none.
    ///
    /// - Complexity: O(1).
    func anchoredCellMargin(section sectionIndex: Int) -> Double? {
        guard self.sections.indices.contains(sectionIndex), case .compositional(let effects) = self.effects,
            let anchored = effects.sections[sectionIndex].anchored
        else { return nil }
        return anchored.cellMargin
    }

    /// Calls `body` with the attributes and kind of each supplementary anchored to the cell at `item` of a
    /// `compositional` section (`ofGroup` false, in its description's order), or to the group repetition that
    /// cell starts (`ofGroup` true; nothing when the cell starts none).
    ///
    /// - Complexity: O(supplementaries of one cell, or of the group).
    func forEachAnchored<E: Error>(
        section sectionIndex: Int,
        item: Int,
        ofGroup: Bool,
        _ body: (ElementName, LayoutAttributes) throws(E) -> Void
    ) throws(E) {
        guard self.sections.indices.contains(sectionIndex), case .compositional(let effects) = self.effects,
            let anchored = effects.sections[sectionIndex].anchored,
            self.sections[sectionIndex].frames.indices.contains(item)
        else { return }
        let origin = self.sections[sectionIndex].origin
        if !ofGroup {
            guard !anchored.items.isEmpty else { return }
            let cell = self.sections[sectionIndex].frames[item]
            for index in anchored.supplementaries(ofItem: item) {
                let supplementary = anchored.items[index]
                let frame =
                    anchored.measuredFrame(item: item, isGroup: false, index: index) ?? supplementary.frame(in: cell)
                let attributes = self.makeAnchored(supplementary, frame, section: sectionIndex, item: item, origin)
                try body(supplementary.kind, attributes)
            }
            return
        }
        let perGroup = anchored.cellsPerGroup
        guard anchored.hasGroupSupplementaries, item / perGroup < anchored.groupFrames.count else { return }
        try anchored.forEachGroupSupplementary(repetition: item / perGroup, leaf: item % perGroup) {
            (index, supplementary, container) throws(E) in
            let frame =
                anchored.measuredFrame(item: item, isGroup: true, index: index) ?? supplementary.frame(in: container)
            let attributes = self.makeAnchored(supplementary, frame, section: sectionIndex, item: item, origin)
            try body(supplementary.kind, attributes)
        }
    }

    /// Whether a `compositional` supplementary of kind `name` is anchored to the cell at `indexPath` (or to the
    /// group repetition it starts) with an estimated dimension: one the client may measure.
    ///
    /// - Complexity: O(supplementaries of one cell and of the group).
    func isEstimatedAnchored(ofKind name: ElementName, at indexPath: IndexPath) -> Bool {
        let (sectionIndex, item) = (indexPath.section, indexPath.item)
        guard self.sections.indices.contains(sectionIndex), case .compositional(let effects) = self.effects,
            let anchored = effects.sections[sectionIndex].anchored,
            self.sections[sectionIndex].frames.indices.contains(item)
        else { return false }
        func isEstimated(_ item: CompositionalLayout.SupplementaryItem) -> Bool {
            item.kind == name && (item.size.width.isEstimated || item.size.height.isEstimated)
        }
        if !anchored.items.isEmpty,
            anchored.supplementaries(ofItem: item).contains(where: { isEstimated(anchored.items[$0]) })
        {
            return true
        }
        let perGroup = anchored.cellsPerGroup
        guard item / perGroup < anchored.groupFrames.count else { return false }
        var estimated = false
        anchored.forEachGroupSupplementary(repetition: item / perGroup, leaf: item % perGroup) { _, supplementary, _ in
            estimated = estimated || isEstimated(supplementary)
        }
        return estimated
    }

    /// An anchored supplementary's attributes from its frame relative to its section.
    @inline(__always)
    func makeAnchored(
        _ supplementary: CompositionalLayout.SupplementaryItem,
        _ frame: Rect,
        section: Int,
        item: Int,
        _ origin: Point
    ) -> LayoutAttributes {
        var attributes = LayoutAttributes(
            category: .supplementaryView,
            kind: .named(supplementary.kind),
            indexPath: IndexPath(section: section, item: item),
            frame: frame.offsetBy(dx: origin.x, dy: origin.y)
        )
        attributes.zIndex = supplementary.zIndex
        return self.isMirrored ? attributes.mirrored(inWidth: self.contentSize.width) : attributes
    }
}

extension PreparedLayout {
    /// Visits a `compositional` section's decoration views of client-named kinds, in their description's order:
    /// all of them when `local` is `nil`, otherwise those whose frame intersects `local` (relative to the section's
    /// origin).
    ///
    /// - Complexity: O(decorations of the section).
    func visitDecorations<E: Error>(
        section sectionIndex: Int,
        rect local: Rect?,
        _ body: (LayoutAttributes) throws(E) -> Void
    ) throws(E) {
        guard case .compositional(let effects) = self.effects, !effects.sections[sectionIndex].decorations.isEmpty
        else { return }
        for decoration in effects.sections[sectionIndex].decorations {
            if let local, !decoration.frame.intersects(local) { continue }
            try body(self.makeDecoration(decoration, section: sectionIndex))
        }
    }

    /// The attributes of a `compositional` section's decoration view of kind `name`, at `[section, 0]`, or `nil`.
    ///
    /// - Complexity: O(decorations of the section).
    func decorationAttributes(ofKind name: ElementName, at indexPath: IndexPath) -> LayoutAttributes? {
        guard indexPath.item == 0, self.sections.indices.contains(indexPath.section),
            case .compositional(let effects) = self.effects,
            let decoration = effects.sections[indexPath.section].decorations.first(where: { $0.kind == name })
        else { return nil }
        return self.makeDecoration(decoration, section: indexPath.section)
    }

    private func makeDecoration(_ decoration: CompositionalEffects.Decoration, section: Int) -> LayoutAttributes {
        let origin = self.sections[section].origin
        var attributes = LayoutAttributes(
            category: .decorationView,
            kind: .named(decoration.kind),
            indexPath: IndexPath(section: section, item: 0),
            frame: decoration.frame.offsetBy(dx: origin.x, dy: origin.y)
        )
        attributes.zIndex = decoration.zIndex
        return self.isMirrored ? attributes.mirrored(inWidth: self.contentSize.width) : attributes
    }
}
