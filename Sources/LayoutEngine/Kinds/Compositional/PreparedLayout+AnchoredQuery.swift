extension PreparedLayout {
    /// Visits the cells of a `compositional` section with badges, then the badges anchored to them and to its
    /// group's repetitions, for a rect query, in the order the general path gives (``visitCells`` then
    /// ``visitAnchored(section:rect:scrolled:chunk:_:)``), when the section allows the short path; otherwise visits
    /// nothing and returns `false`.
    ///
    /// The short path is decided once per section and query, never per element: cell frames stored in item order
    /// or computed from one repetition of the group (``RepeatedGroupGeometry``, then read a repetition at a time),
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
            let repeated = sections[sectionIndex].frames.computed?.repeatedGroup
            if let repeated {
                // The repetitions follow one another along the section's index axis, as a plain section's do.
                guard repeated.cells.count == anchored.cellsPerGroup,
                    repeated.runsVertically == (sections[sectionIndex].index.axis == .vertical)
                else { return false }
            } else {
                guard sections[sectionIndex].frames.isStored, !sections[sectionIndex].index.isPermuted else {
                    return false
                }
            }
            // Cells of a scrolled orthogonal section, and their badges, are drawn `scrolled` points toward its
            // leading edge: the band is moved the other way, the origin this way.
            let band = self.movedAcross(local, by: scrolled)
            let sectionOrigin = Rect(origin: sections[sectionIndex].origin, size: .zero)
            let origin = self.movedAcross(sectionOrigin, by: -scrolled).origin
            let axis = sections[sectionIndex].index.axis
            let (lo, hi) = (axis.leading(band) - anchored.reachAfter, axis.trailing(band) + anchored.reachBefore)
            let mirrorWidth: Double? = self.isMirrored ? self.contentSize.width : nil
            if let repeated {
                // Computed frames are searched by their own closed form (what their index answers too).
                let pass = AnchoredPass(
                    items: repeated.anchoredCandidateItems(from: lo, to: hi), band: band, origin: origin,
                    section: sectionIndex, mirrorWidth: mirrorWidth, axis: axis)
                try AnchoredPass.visitRepeated(anchored, repeated, pass, body)
            } else {
                let items = sections[sectionIndex].index.candidatePositions(from: lo, to: hi)
                let stored = sections[sectionIndex].frames.array
                try stored.withUnsafeBufferPointer { (frames) throws(E) in
                    precondition(items.isEmpty || items.upperBound <= frames.count, "Range out of bounds")
                    let pass = AnchoredPass(
                        items: items, band: band, origin: origin, section: sectionIndex, mirrorWidth: mirrorWidth,
                        axis: axis)
                    try AnchoredPass.visitCells(frames, pass, body)
                    try AnchoredPass.visitBadges(anchored, frames, pass, body)
                }
            }
            if anchored.hasGroupSupplementaries {
                try self.visitGroupAnchored(anchored, section: sectionIndex, rect: band, origin: origin, body)
            }
            return true
        }
    }

    /// Visits the supplementaries anchored to a section's group repetitions (the second part of
    /// ``visitAnchored(section:rect:scrolled:chunk:_:)``): all of them when `local` is `nil`, otherwise those
    /// whose frame intersects it; with `repetitions` (and no `local`), those of these repetitions.
    ///
    /// - Complexity: O(log repetitions + k).
    func visitGroupAnchored<E: Error>(
        _ anchored: CompositionalEffects.Anchored,
        section sectionIndex: Int,
        rect local: Rect?,
        origin: Point,
        repetitions: Range<Int>? = nil,
        _ body: (LayoutAttributes) throws(E) -> Void
    ) throws(E) {
        let axis = self.sections[sectionIndex].index.axis
        let cellCount = self.sections[sectionIndex].frames.count
        let groups = anchored.groupFrames
        var repetition = repetitions?.lowerBound ?? 0
        let end = repetitions?.upperBound ?? groups.count
        if let local {
            // Repetitions follow one another along the index's axis: skip those that end before the band.
            let lo = axis.leading(local) - anchored.groupReachAfter
            repetition = (0..<groups.count).partitioningIndex { axis.leading(groups[$0]) > lo }
        }
        while repetition < end {
            let group = groups[repetition]
            if let local, axis.leading(group) - anchored.groupReachBefore >= axis.trailing(local) { break }
            let start = repetition * anchored.cellsPerGroup
            for (index, item) in anchored.groupItems.enumerated() {
                let frame =
                    anchored.measuredFrame(item: start, isGroup: true, index: index) ?? item.frame(in: group)
                if let local, !frame.intersects(local) { continue }
                try body(self.makeAnchored(item, frame, section: sectionIndex, item: start, origin))
            }
            // Then its nested groups', each with its first cell's index path (none for a group without cells).
            let slots = anchored.nestedSlots.count
            for (slot, nested) in anchored.nestedSlots.enumerated() where start + nested.firstLeaf < cellCount {
                let first = start + nested.firstLeaf
                let container = anchored.nestedFrames[repetition * slots + slot]
                for index in nested.items {
                    let item = anchored.nestedItems[index]
                    let frame =
                        anchored.measuredFrame(item: first, isGroup: true, index: anchored.groupItems.count + index)
                        ?? item.frame(in: container)
                    if let local, !frame.intersects(local) { continue }
                    try body(self.makeAnchored(item, frame, section: sectionIndex, item: first, origin))
                }
            }
            repetition += 1
        }
    }

    /// One attributes value with every default, mirrored once when `mirrorWidth` is set: what the badge queries
    /// set only each element's kind, zIndex, index path and frame on (making all of its fields for every element
    /// cost as much again).
    static func template(_ category: ElementCategory, kind: ElementKind?, section: Int, mirrorWidth: Double?)
        -> LayoutAttributes
    {
        let attributes = LayoutAttributes(
            category: category,
            kind: kind,
            indexPath: IndexPath(section: section, item: 0),
            frame: .zero
        )
        return mirrorWidth.map { attributes.mirrored(inWidth: $0) } ?? attributes
    }
}

/// One short-path visit of a section's cells and badges
/// (``PreparedLayout/visitAnchoredCells(section:rect:scrolled:_:)``): the visits are static functions that copy
/// these fields into locals first, since reading them through `self` cost about 2 % more instructions in all
/// (callgrind, layout-bench badges) and a slower query.
private struct AnchoredPass {
    /// The candidate cells.
    let items: Range<Int>
    /// The query's rect relative to the section's origin, moved like the cells.
    let band: Rect
    /// Where the section's cells are drawn from.
    let origin: Point
    /// The section's index.
    let section: Int
    /// The content's width when mirrored.
    let mirrorWidth: Double?
    /// The axis the section's index sorts cells along.
    let axis: Axis

    /// The cells whose frame intersects the band: the attributes ``CellContext`` makes for a plain cell.
    ///
    /// Each element's attributes are made afresh from constants (UIKit's defaults) rather than set on one value kept
    /// across calls: `body` takes its argument by value, so a kept value was copied whole (288 bytes) or rebuilt
    /// field by field from memory for every call, while a fresh one is a few stores of constants (layout-bench badges
    /// under callgrind: see docs/compositional.md).
    @inline(__always)
    static func visitCells<E: Error>(
        _ frames: UnsafeBufferPointer<Rect>,
        _ pass: AnchoredPass,
        _ body: (LayoutAttributes) throws(E) -> Void
    ) throws(E) {
        let (band, axis) = (pass.band, pass.axis)
        // The index answers whole blocks of cells: the candidates at either end that end before the band or start
        // after it are dropped by one comparison each (what `intersects` would find of them, cheaper).
        var (first, end) = (pass.items.lowerBound, pass.items.upperBound)
        let (lo, hi) = (axis.leading(band), axis.trailing(band))
        while first < end, axis.trailing(frames[first]) <= lo { first += 1 }
        while end > first, axis.leading(frames[end - 1]) >= hi { end -= 1 }
        for item in first..<end {
            let frame = frames[item]
            guard frame.intersects(band) else { continue }
            try Self.visitCell(item, frame, pass, body)
        }
    }

    /// One cell's attributes, made afresh (see ``visitCells(_:_:_:)``), given to `body`.
    @inline(__always)
    static func visitCell<E: Error>(
        _ item: Int,
        _ frame: Rect,
        _ pass: AnchoredPass,
        _ body: (LayoutAttributes) throws(E) -> Void
    ) throws(E) {
        var attributes = LayoutAttributes(
            category: .cell,
            kind: nil,
            indexPath: IndexPath(section: pass.section, item: item),
            frame: frame.offsetBy(dx: pass.origin.x, dy: pass.origin.y)
        )
        if let mirrorWidth = pass.mirrorWidth { attributes.mirror(inWidth: mirrorWidth) }
        try body(attributes)
    }

    /// One badge's attributes, made afresh as a cell's are (see ``visitCells(_:_:_:)``), given to `body`.
    @inline(__always)
    static func visitBadge<E: Error>(
        _ item: Int,
        _ frame: Rect,
        _ supplementary: CompositionalLayout.SupplementaryItem,
        _ pass: AnchoredPass,
        _ body: (LayoutAttributes) throws(E) -> Void
    ) throws(E) {
        var attributes = LayoutAttributes(
            category: .supplementaryView,
            kind: .named(supplementary.kind),
            indexPath: IndexPath(section: pass.section, item: item),
            frame: frame.offsetBy(dx: pass.origin.x, dy: pass.origin.y)
        )
        attributes.zIndex = supplementary.zIndex
        if let mirrorWidth = pass.mirrorWidth { attributes.mirror(inWidth: mirrorWidth) }
        try body(attributes)
    }

    /// The badges of the candidate cells whose frame intersects the band: each its cell's origin plus its frame
    /// relative to the cell (``CompositionalEffects/Anchored/relativeFrames``), its attributes made afresh as a
    /// cell's are (see ``visitCells(_:_:_:)``).
    @inline(__always)
    static func visitBadges<E: Error>(
        _ anchored: CompositionalEffects.Anchored,
        _ frames: UnsafeBufferPointer<Rect>,
        _ pass: AnchoredPass,
        _ body: (LayoutAttributes) throws(E) -> Void
    ) throws(E) {
        let (items, band) = (pass.items, pass.band)
        guard !items.isEmpty else { return }
        let perGroup = anchored.cellsPerGroup
        // The cell's place in its repetition, stepped rather than divided for every cell.
        var leaf = items.lowerBound % perGroup
        try Self.withBadges(anchored) { (badges) throws(E) in
            for item in items {
                let cell = frames[item]
                let current = leaf
                leaf = leaf &+ 1 == perGroup ? 0 : leaf &+ 1
                try badges.visit(leaf: current, item: item, cell: cell, band: band, pass, body)
            }
        }
    }

    /// A section's badge plan borrowed for one pass (``CompositionalEffects/Anchored``'s arrays).
    struct Badges {
        /// Cell `leaf` of a repetition has badges `starts[leaf]..<starts[leaf + 1]`.
        let starts: UnsafeBufferPointer<Int32>
        /// Each badge's frame relative to its cell's origin.
        let relative: UnsafeBufferPointer<Rect>
        /// Each badge's description.
        let supplementaries: UnsafeBufferPointer<CompositionalLayout.SupplementaryItem>

        /// Gives `body` the badges of the cell at `item` (place `leaf` in its repetition, frame `cell`) that
        /// intersect `band`.
        @inline(__always)
        func visit<E: Error>(
            leaf: Int,
            item: Int,
            cell: Rect,
            band: Rect,
            _ pass: AnchoredPass,
            _ body: (LayoutAttributes) throws(E) -> Void
        ) throws(E) {
            for index in Int(self.starts[leaf])..<Int(self.starts[leaf &+ 1]) {
                let frame = self.relative[index].offsetBy(dx: cell.minX, dy: cell.minY)
                guard frame.intersects(band) else { continue }
                try AnchoredPass.visitBadge(item, frame, self.supplementaries[index], pass, body)
            }
        }
    }

    /// Calls `visit` with `anchored`'s badge plan borrowed.
    @inline(__always)
    static func withBadges<E: Error>(
        _ anchored: CompositionalEffects.Anchored,
        _ visit: (Badges) throws(E) -> Void
    ) throws(E) {
        try anchored.leafStarts.withUnsafeBufferPointer { (starts) throws(E) in
            try anchored.relativeFrames.withUnsafeBufferPointer { (relative) throws(E) in
                try anchored.items.withUnsafeBufferPointer { (supplementaries) throws(E) in
                    precondition(
                        starts.count == anchored.cellsPerGroup + 1 && relative.count == supplementaries.count)
                    try visit(Badges(starts: starts, relative: relative, supplementaries: supplementaries))
                }
            }
        }
    }

    /// ``visitCells(_:_:_:)`` then ``visitBadges(_:_:_:_:)`` for cells computed from one repetition of the group
    /// (``RepeatedGroupGeometry``): where each candidate repetition starts is found once for both passes, and each
    /// cell is the template's moved there, the very numbers the stored frames would hold.
    ///
    /// - Complexity: O(candidate cells and their badges), plus one replay of the repetitions' starts.
    @inline(__always)
    static func visitRepeated<E: Error>(
        _ anchored: CompositionalEffects.Anchored,
        _ repeated: RepeatedGroupGeometry,
        _ pass: AnchoredPass,
        _ body: (LayoutAttributes) throws(E) -> Void
    ) throws(E) {
        guard !pass.items.isEmpty else { return }
        let (items, band, perGroup) = (pass.items, pass.band, anchored.cellsPerGroup)
        let repetitions = (items.lowerBound / perGroup)..<((items.upperBound - 1) / perGroup + 1)
        // The first candidate's place in its repetition; each pass steps it rather than dividing for every cell.
        let firstLeaf = items.lowerBound - repetitions.lowerBound * perGroup
        try withUnsafeTemporaryAllocation(of: Point.self, capacity: repetitions.count) { (origins) throws(E) in
            repeated.origins(of: repetitions, into: origins)
            try repeated.cells.withUnsafeBufferPointer { (cells) throws(E) in
                precondition(cells.count == perGroup)
                var (offset, leaf) = (0, firstLeaf)
                for item in items {
                    let at = origins[offset]
                    let frame = cells[leaf].offsetBy(dx: at.x, dy: at.y)
                    leaf &+= 1
                    if leaf == perGroup { (offset, leaf) = (offset &+ 1, 0) }
                    guard frame.intersects(band) else { continue }
                    try Self.visitCell(item, frame, pass, body)
                }
                try Self.withBadges(anchored) { (badges) throws(E) in
                    (offset, leaf) = (0, firstLeaf)
                    for item in items {
                        let at = origins[offset]
                        let cell = cells[leaf].offsetBy(dx: at.x, dy: at.y)
                        let current = leaf
                        leaf &+= 1
                        if leaf == perGroup { (offset, leaf) = (offset &+ 1, 0) }
                        try badges.visit(leaf: current, item: item, cell: cell, band: band, pass, body)
                    }
                }
            }
        }
    }
}

extension RepeatedGroupGeometry {
    /// Writes where each of `repetitions` is drawn from (the builder's origin of the repetition: its start along
    /// the groups' axis, ``fixed`` across) into `origins`, in order.
    ///
    /// - Complexity: O(`repetitions.count`): the starts are a product of the pitch, or replayed once from the first
    ///   one's checkpoint.
    @inline(__always)
    func origins(of repetitions: Range<Int>, into origins: UnsafeMutableBufferPointer<Point>) {
        precondition(origins.count >= repetitions.count)
        let (fixed, runsVertically) = (self.fixed, self.runsVertically)
        @inline(__always)
        func origin(_ start: Double) -> Point {
            runsVertically ? Point(x: fixed, y: start) : Point(x: start, y: fixed)
        }
        if self.groups.pitch != nil {
            for repetition in repetitions {
                origins[repetition &- repetitions.lowerBound] = origin(self.groups.lineV(repetition))
            }
        } else {
            self.groups.forEachFrame(in: repetitions) { (repetition, line) in
                origins[repetition &- repetitions.lowerBound] = origin(runsVertically ? line.origin.y : line.origin.x)
            }
        }
    }

    /// The items whose frames may overlap the band `lo..<hi` along the groups' axis: those of
    /// ``candidateItems(from:to:)``, the same answer, found in O(1) from the pitch when the repetitions' starts are
    /// a product of it (its binary searches replay a start for each of their steps).
    ///
    /// The pitch estimates the first repetition each search would find; the very predicates of
    /// ``candidateItems(from:to:)`` then move the estimate to it, a step or two at most (a few ulps of rounding).
    ///
    /// - Complexity: O(1) with a pitch, O(log repetitions × ``GridGeometry/checkpointStride``) without.
    func anchoredCandidateItems(from lo: Double, to hi: Double) -> Range<Int> {
        let repetitions = self.groups.count
        guard let pitch = self.groups.pitch, pitch > 0, repetitions > 0 else {
            return self.candidateItems(from: lo, to: hi)
        }
        let origin = self.groups.firstLineV
        return self.candidateItems(from: lo, to: hi) { bound, predicate in
            self.groups.firstLine(repetitions, near: (bound - origin) / pitch, predicate)
        }
    }
}
