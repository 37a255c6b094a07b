extension PreparedLayout {
    /// Visits the cells of a `compositional` section with badges, then the badges anchored to them and to its
    /// group's repetitions, for a rect query, in the order the general path gives (``visitCells`` then
    /// ``visitAnchored(section:rect:scrolled:chunk:_:)``), when the section allows the short path; otherwise visits
    /// nothing and returns `false`.
    ///
    /// The short path is decided once per section and query, never per element: stored cell frames in item order,
    /// no visible-item effect, no measured cell (every badge is then its cell's origin plus a frame relative to it)
    /// and no measured badge. The cells and their badges then share one search of the index (the band widened by
    /// how far badges reach, a superset of the cells' own band, filtered by intersection as before), and each
    /// element sets only its index path and frame (and a badge its kind and zIndex) on one attributes value made
    /// once per query (layout-bench badges: the general path made every cell's attributes whole).
    ///
    /// - Parameters:
    ///   - sectionIndex: The section.
    ///   - local: The query's rect relative to the section's origin, in stored (left-to-right) space.
    ///   - scrolled: How far an orthogonal section has scrolled (its cells and badges are drawn that much toward
    ///     its leading edge).
    ///   - body: Called once per element.
    /// - Returns: Whether the section was visited.
    /// - Complexity: O(log n + k).
    func visitAnchoredCells<E: Error>(
        section sectionIndex: Int,
        rect local: Rect,
        scrolled: Double,
        _ body: (LayoutAttributes) throws(E) -> Void
    ) throws(E) -> Bool {
        guard case .compositional(let effects) = self.effects, let anchored = effects.sections[sectionIndex].anchored,
            !anchored.items.isEmpty, !anchored.relativeFrames.isEmpty, anchored.measured.isEmpty,
            effects.sections[sectionIndex].visibleItemsEffect == nil
        else { return false }
        return try self.sections.withUnsafeBufferPointer { (sections) throws(E) -> Bool in
            // Fields read one by one: a copy of the whole section would retain all of its arrays.
            guard sections[sectionIndex].frames.isStored, !sections[sectionIndex].index.isPermuted else { return false }
            // Cells of a scrolled orthogonal section, and their badges, are drawn `scrolled` points toward its
            // leading edge: the band is moved the other way, the origin this way.
            let band = self.movedAcross(local, by: scrolled)
            let sectionOrigin = Rect(origin: sections[sectionIndex].origin, size: .zero)
            let origin = self.movedAcross(sectionOrigin, by: -scrolled).origin
            let axis = sections[sectionIndex].index.axis
            let items = sections[sectionIndex].index.candidatePositions(
                from: axis.leading(band) - anchored.reachAfter,
                to: axis.trailing(band) + anchored.reachBefore
            )
            let mirrorWidth: Double? = self.isMirrored ? self.contentSize.width : nil
            let stored = sections[sectionIndex].frames.array
            try stored.withUnsafeBufferPointer { (frames) throws(E) in
                precondition(items.isEmpty || items.upperBound <= frames.count, "Range out of bounds")
                try Self.visitCells(frames, items, band, origin, sectionIndex, mirrorWidth, body)
                try Self.visitBadges(anchored, frames, items, band, origin, sectionIndex, mirrorWidth, body)
            }
            if anchored.hasGroupSupplementaries {
                try self.visitGroupAnchored(anchored, section: sectionIndex, rect: band, origin: origin, body)
            }
            return true
        }
    }

    /// The cells of `items` whose frame intersects `band`, made from one attributes value.
    @inline(__always)
    private static func visitCells<E: Error>(
        _ frames: UnsafeBufferPointer<Rect>,
        _ items: Range<Int>,
        _ band: Rect,
        _ origin: Point,
        _ sectionIndex: Int,
        _ mirrorWidth: Double?,
        _ body: (LayoutAttributes) throws(E) -> Void
    ) throws(E) {
        // The attributes ``CellContext`` makes for a plain cell, mirrored once: only the frame and item change.
        var attributes = LayoutAttributes(
            category: .cell,
            kind: nil,
            indexPath: IndexPath(section: sectionIndex, item: 0),
            frame: .zero
        )
        if let mirrorWidth { attributes = attributes.mirrored(inWidth: mirrorWidth) }
        // Set in place through a pointer: a local value was taken apart into registers and put together again,
        // field by field, for every call.
        try withUnsafeMutablePointer(to: &attributes) { (attributes) throws(E) in
            for item in items {
                let frame = frames[item]
                guard frame.intersects(band) else { continue }
                attributes.pointee.indexPath.item = item
                attributes.pointee.frame = frame.offsetBy(dx: origin.x, dy: origin.y)
                if let mirrorWidth { attributes.pointee.frame.origin.x = mirrorWidth - attributes.pointee.frame.maxX }
                try body(attributes.pointee)
            }
        }
    }

    /// The badges of the cells of `items` whose frame intersects `band`: each its cell's origin plus its frame
    /// relative to the cell (``CompositionalEffects/Anchored/relativeFrames``).
    @inline(__always)
    private static func visitBadges<E: Error>(
        _ anchored: CompositionalEffects.Anchored,
        _ frames: UnsafeBufferPointer<Rect>,
        _ items: Range<Int>,
        _ band: Rect,
        _ origin: Point,
        _ sectionIndex: Int,
        _ mirrorWidth: Double?,
        _ body: (LayoutAttributes) throws(E) -> Void
    ) throws(E) {
        guard !items.isEmpty else { return }
        var attributes = LayoutAttributes(
            category: .supplementaryView,
            kind: .named(anchored.items[0].kind),
            indexPath: IndexPath(section: sectionIndex, item: 0),
            frame: .zero
        )
        if let mirrorWidth { attributes = attributes.mirrored(inWidth: mirrorWidth) }
        let perGroup = anchored.cellsPerGroup
        // The cell's place in its repetition, stepped rather than divided for every cell.
        var leaf = items.lowerBound % perGroup
        try withUnsafeMutablePointer(to: &attributes) { (attributes) throws(E) in
            try anchored.leafStarts.withUnsafeBufferPointer { (starts) throws(E) in
                try anchored.relativeFrames.withUnsafeBufferPointer { (relative) throws(E) in
                    try anchored.items.withUnsafeBufferPointer { (supplementaries) throws(E) in
                        precondition(starts.count == perGroup + 1 && relative.count == supplementaries.count)
                        for item in items {
                            let cell = frames[item].origin
                            let (start, end) = (Int(starts[leaf]), Int(starts[leaf + 1]))
                            leaf = leaf + 1 == perGroup ? 0 : leaf + 1
                            for index in start..<end {
                                let frame = relative[index].offsetBy(dx: cell.x, dy: cell.y)
                                guard frame.intersects(band) else { continue }
                                attributes.pointee.kind = .named(supplementaries[index].kind)
                                attributes.pointee.zIndex = supplementaries[index].zIndex
                                attributes.pointee.indexPath.item = item
                                let moved = frame.offsetBy(dx: origin.x, dy: origin.y)
                                attributes.pointee.frame = moved
                                if let mirrorWidth { attributes.pointee.frame.origin.x = mirrorWidth - moved.maxX }
                                try body(attributes.pointee)
                            }
                        }
                    }
                }
            }
        }
    }
}
