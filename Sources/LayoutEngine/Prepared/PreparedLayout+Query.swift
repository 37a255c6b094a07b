extension PreparedLayout {
    /// Calls `body` with the attributes of every element whose frame intersects `rect`, in the layout's stable
    /// order, without collecting them in an array (`layoutAttributesForElementsInRect:`).
    ///
    /// Intersection is ``Rect/intersects(_:)`` on the untransformed frame, as in UIKit. Pinned headers and footers
    /// are tested where they are drawn at `contentOffset`.
    ///
    /// - Parameters:
    ///   - rect: The rectangle, in content coordinates.
    ///   - contentOffset: The viewport's origin, for scroll-dependent attributes.
    ///   - orthogonalOffsets: How far each orthogonally scrolling `compositional` section has scrolled from its
    ///     leading edge (its top when the layout scrolls horizontally), by section index (missing entries and
    ///     other sections: 0). Cells of such a section move by it toward that edge; its supplementaries and
    ///     background stay.
    ///   - body: Called once per element.
    /// - Throws: Whatever `body` throws.
    /// - Complexity: O(log n + k) for k elements returned, through the section and item indexes.
    public func forEachAttribute<E: Error>(
        in rect: Rect,
        contentOffset: Point,
        orthogonalOffsets: [Double] = [],
        _ body: (LayoutAttributes) throws(E) -> Void
    ) throws(E) {
        try self.visitElements(
            in: rect,
            contentOffset: contentOffset,
            orthogonalOffsets: orthogonalOffsets,
            handsOverPlainCells: false,
            // Never called without `handsOverPlainCells`. A closure capturing `body` here made `body` go through a
            // thunk per element.
            plainCell: { (_, _) in },
            body
        )
    }

    /// Calls `body` with the attributes of every element whose frame intersects `rect`: the generic rect query
    /// ``forEachAttribute(in:contentOffset:orthogonalOffsets:_:)`` for a `body` that throws nothing, what the
    /// benchmarks and the service's other readers pass (the service's answers take plain cells apart:
    /// ``forEachAttribute(in:contentOffset:orthogonalOffsets:plainCell:_:)``).
    ///
    /// The generic form takes `body` with its error returned indirectly, so a non-throwing closure from another
    /// module reached it through a reabstraction thunk, one more call per element; this one takes it as it is and
    /// visits with the copy specialized for `Never` (layout-bench badges under callgrind: see
    /// docs/compositional.md).
    ///
    /// - Parameters:
    ///   - rect: The rectangle, in content coordinates.
    ///   - contentOffset: The viewport's origin, for scroll-dependent attributes.
    ///   - orthogonalOffsets: Orthogonal sections' own offsets (see the generic form).
    ///   - body: Called once per element.
    /// - Complexity: O(log n + k) for k elements returned.
    public func forEachAttribute(
        in rect: Rect,
        contentOffset: Point,
        orthogonalOffsets: [Double] = [],
        _ body: (LayoutAttributes) -> Void
    ) {
        self.visitElements(
            in: rect,
            contentOffset: contentOffset,
            orthogonalOffsets: orthogonalOffsets,
            handsOverPlainCells: false,
            plainCell: { (_, _) in },
            body
        )
    }

    /// Calls `plainCell` with the index path and frame of every cell drawn with UIKit's default attributes whose
    /// frame intersects `rect`, and `body` with the attributes of every other element that does, in the layout's
    /// stable order: the rect query ``forEachAttribute(in:contentOffset:orthogonalOffsets:_:)`` for a writer that
    /// writes such a cell from its index path and frame alone, as
    /// ``forEachAttribute(contentOffset:orthogonalOffsets:plainCell:_:)`` does for the whole layout (a session's
    /// viewport query: about 270 instructions an element for making and reading back the attributes).
    ///
    /// A cell `plainCell` gets has exactly the attributes
    /// `LayoutAttributes(category: .cell, kind: nil, indexPath: indexPath, frame: frame)`; which cells come through
    /// `plainCell` is the layout's affair (today: the cells of a plain section, left to right, found through a
    /// sorted item index, and the shown cells of a `justified` section whose frames are replayed), so a caller
    /// must write both the same way.
    ///
    /// - Parameters:
    ///   - rect: The rectangle, in content coordinates.
    ///   - contentOffset: The viewport's origin, for scroll-dependent attributes.
    ///   - orthogonalOffsets: Orthogonal sections' own offsets (see
    ///     ``forEachAttribute(in:contentOffset:orthogonalOffsets:_:)``).
    ///   - plainCell: Called once per plain cell in the rect with its index path and frame.
    ///   - body: Called once per other element in the rect.
    /// - Complexity: O(log n + k) for k elements returned.
    public func forEachAttribute(
        in rect: Rect,
        contentOffset: Point,
        orthogonalOffsets: [Double] = [],
        plainCell: (IndexPath, Rect) -> Void,
        _ body: (LayoutAttributes) -> Void
    ) {
        self.visitElements(
            in: rect,
            contentOffset: contentOffset,
            orthogonalOffsets: orthogonalOffsets,
            handsOverPlainCells: true,
            plainCell: plainCell,
            body
        )
    }

    /// The rect query every form of ``forEachAttribute(in:contentOffset:orthogonalOffsets:_:)`` runs; plain cells
    /// go to `plainCell` only when `handsOverPlainCells`.
    ///
    /// `plainCell` throws nothing (every caller's is such): a section of replayed frames calls it as it is
    /// (``visit(section:rect:offset:scrolled:handsOverPlainCells:plainCell:replayedPlainCell:_:)``), where the
    /// typed-throws closure it is converted to for the other sections was called through a reabstraction thunk
    /// (13 instructions a plain cell, issue 21).
    private func visitElements<E: Error>(
        in rect: Rect,
        contentOffset: Point,
        orthogonalOffsets: [Double],
        handsOverPlainCells: Bool,
        plainCell: (IndexPath, Rect) -> Void,
        _ body: (LayoutAttributes) throws(E) -> Void
    ) throws(E) {
        let query = self.storedRect(rect)
        let offset = self.storedOffset(contentOffset)
        let sections = self.candidateSections(from: self.axis.leading(query), to: self.axis.trailing(query))
        try self.visitLayoutBoundary(isFooter: false, rect: query, offset: offset, body)
        for sectionIndex in sections {
            let section = (origin: self.sections[sectionIndex].origin, extent: self.sections[sectionIndex].extent)
            let scrolled = self.orthogonalOffset(orthogonalOffsets, section: sectionIndex)
            let extent = section.extent.offsetBy(dx: section.origin.x, dy: section.origin.y)
            guard
                extent.intersects(query)
                    || (scrolled != 0 && self.movedAcross(extent, by: -scrolled).intersects(query))
            else { continue }
            let local = query.offsetBy(dx: -section.origin.x, dy: -section.origin.y)
            try self.visit(
                section: sectionIndex,
                rect: local,
                offset: offset,
                scrolled: scrolled,
                handsOverPlainCells: handsOverPlainCells,
                plainCell: { (indexPath, frame) throws(E) in plainCell(indexPath, frame) },
                replayedPlainCell: plainCell,
                body
            )
        }
        try self.visitLayoutBoundary(isFooter: true, rect: query, offset: offset, body)
    }

    /// The attributes of every element whose frame intersects `rect`, in the layout's stable order.
    ///
    /// - Parameters:
    ///   - rect: The rectangle, in content coordinates.
    ///   - contentOffset: The viewport's origin, for scroll-dependent attributes.
    ///   - orthogonalOffsets: Orthogonal sections' own offsets (see
    ///     ``forEachAttribute(in:contentOffset:orthogonalOffsets:_:)``).
    /// - Returns: The elements' attributes.
    /// - Complexity: O(log n + k) for k elements returned.
    public func attributes(
        in rect: Rect,
        contentOffset: Point,
        orthogonalOffsets: [Double] = []
    ) -> [LayoutAttributes] {
        var result: [LayoutAttributes] = []
        self.forEachAttribute(in: rect, contentOffset: contentOffset, orthogonalOffsets: orthogonalOffsets) {
            result.append($0)
        }
        return result
    }

    /// Calls `body` with the attributes of every element, in the layout's stable order.
    ///
    /// - Parameters:
    ///   - contentOffset: The viewport's origin, for scroll-dependent attributes.
    ///   - orthogonalOffsets: Orthogonal sections' own offsets (see
    ///     ``forEachAttribute(in:contentOffset:orthogonalOffsets:_:)``).
    ///   - body: Called once per element.
    /// - Throws: Whatever `body` throws.
    /// - Complexity: O(n).
    public func forEachAttribute<E: Error>(
        contentOffset: Point,
        orthogonalOffsets: [Double] = [],
        _ body: (LayoutAttributes) throws(E) -> Void
    ) throws(E) {
        try self.visitAll(
            contentOffset: contentOffset,
            orthogonalOffsets: orthogonalOffsets,
            plainCell: { (indexPath, frame) throws(E) in try body(Self.plainCell(indexPath, frame)) },
            body
        )
    }

    /// Calls `plainCell` with the index path and frame of every cell drawn with UIKit's default attributes
    /// (identity transforms, alpha 1, zIndex 0, shown) and `body` with the attributes of every other element, in
    /// the layout's stable order: ``forEachAttribute(contentOffset:orthogonalOffsets:_:)`` for a writer that
    /// writes such a cell from its index path and frame alone, without the ``LayoutAttributes`` (about 300 bytes)
    /// made, passed and read back per cell.
    ///
    /// A cell `plainCell` gets has exactly the attributes
    /// `LayoutAttributes(category: .cell, kind: nil, indexPath: indexPath, frame: frame)`; whether a cell comes
    /// through `plainCell` or `body` is the layout's affair (today: every cell of a section without query-time
    /// effects, left to right), so a caller must write both the same way.
    ///
    /// - Parameters:
    ///   - contentOffset: The viewport's origin, for scroll-dependent attributes.
    ///   - orthogonalOffsets: Orthogonal sections' own offsets (see
    ///     ``forEachAttribute(in:contentOffset:orthogonalOffsets:_:)``).
    ///   - plainCell: Called once per plain cell with its index path and frame.
    ///   - body: Called once per other element.
    /// - Complexity: O(n).
    public func forEachAttribute(
        contentOffset: Point,
        orthogonalOffsets: [Double] = [],
        plainCell: (IndexPath, Rect) -> Void,
        _ body: (LayoutAttributes) -> Void
    ) {
        self.visitAll(contentOffset: contentOffset, orthogonalOffsets: orthogonalOffsets, plainCell: plainCell, body)
    }

    /// The attributes of a plain cell (see ``CellContext/plainOrigin(layout:section:scrolled:)``): the defaults
    /// around its index path and frame.
    @inline(__always)
    private static func plainCell(_ indexPath: IndexPath, _ frame: Rect) -> LayoutAttributes {
        LayoutAttributes(category: .cell, kind: nil, indexPath: indexPath, frame: frame)
    }

    /// The whole-layout visit both forms of ``forEachAttribute(contentOffset:orthogonalOffsets:_:)`` run.
    ///
    /// Inlined, with ``visit(section:rect:offset:scrolled:plainCell:_:)``, into each form: a caller's non-throwing
    /// `plainCell` converted to this typed-throws closure type was otherwise called through a reabstraction thunk,
    /// one more call per cell (issue 21), which the inlined visit calls directly.
    @inline(__always)
    private func visitAll<E: Error>(
        contentOffset: Point,
        orthogonalOffsets: [Double],
        plainCell: (IndexPath, Rect) throws(E) -> Void,
        _ body: (LayoutAttributes) throws(E) -> Void
    ) throws(E) {
        let offset = self.storedOffset(contentOffset)
        try self.visitLayoutBoundary(isFooter: false, rect: nil, offset: offset, body)
        for sectionIndex in self.sections.indices {
            let scrolled = self.orthogonalOffset(orthogonalOffsets, section: sectionIndex)
            try self.visit(
                section: sectionIndex,
                rect: nil,
                offset: offset,
                scrolled: scrolled,
                handsOverPlainCells: true,
                plainCell: plainCell,
                // Only a rect query visits a section of replayed frames on its own.
                replayedPlainCell: { _, _ in },
                body
            )
        }
        try self.visitLayoutBoundary(isFooter: true, rect: nil, offset: offset, body)
    }

    /// The attributes of every element, in the layout's stable order.
    ///
    /// - Parameters:
    ///   - contentOffset: The viewport's origin, for scroll-dependent attributes.
    ///   - orthogonalOffsets: Orthogonal sections' own offsets (see
    ///     ``forEachAttribute(in:contentOffset:orthogonalOffsets:_:)``).
    /// - Returns: All elements' attributes.
    /// - Complexity: O(n).
    public func allAttributes(contentOffset: Point, orthogonalOffsets: [Double] = []) -> [LayoutAttributes] {
        var result: [LayoutAttributes] = []
        result.reserveCapacity(self.elementCount)
        self.forEachAttribute(contentOffset: contentOffset, orthogonalOffsets: orthogonalOffsets) { result.append($0) }
        return result
    }

    /// The attributes of one cell (`layoutAttributesForItemAtIndexPath:`).
    ///
    /// - Parameters:
    ///   - indexPath: The cell's index path.
    ///   - contentOffset: The viewport's origin, for scroll-dependent attributes.
    ///   - orthogonalOffsets: Orthogonal sections' own offsets (see
    ///     ``forEachAttribute(in:contentOffset:orthogonalOffsets:_:)``).
    /// - Returns: The cell's attributes, or `nil` if there is no such item.
    /// - Complexity: O(1).
    public func attributesForItem(
        at indexPath: IndexPath,
        contentOffset: Point,
        orthogonalOffsets: [Double] = []
    ) -> LayoutAttributes? {
        guard self.sections.indices.contains(indexPath.section),
            self.sections[indexPath.section].frames.indices.contains(indexPath.item)
        else { return nil }
        let context = CellContext(
            layout: self,
            section: indexPath.section,
            offset: self.storedOffset(contentOffset),
            scrolled: self.orthogonalOffset(orthogonalOffsets, section: indexPath.section)
        )
        return context.makeCell(item: indexPath.item, frame: self.sections[indexPath.section].frames[indexPath.item])
    }

    /// The attributes of a section's header, footer or side item
    /// (`layoutAttributesForSupplementaryViewOfKind:atIndexPath:`).
    ///
    /// Boundary supplementary views have item 0: `[section, 0]`; a client-named kind (``ElementKind/named(_:)``) is
    /// a `compositional` supplementary anchored to the cell at the index path (or to the group repetition it
    /// starts). A side item's kind depends on the scroll axis
    /// (``ElementKind/leadingSupplementary`` and ``ElementKind/trailingSupplementary`` when it is vertical,
    /// ``ElementKind/topSupplementary`` and ``ElementKind/bottomSupplementary`` when horizontal); the other two
    /// find nothing.
    ///
    /// - Parameters:
    ///   - kind: A supplementary kind: ``ElementKind/header``, ``ElementKind/footer`` or a side kind.
    ///   - indexPath: `[section, 0]`.
    ///   - contentOffset: The viewport's origin, for pinned headers and footers.
    /// - Returns: The element's attributes, or `nil` if there is no such element.
    /// - Complexity: O(1).
    public func attributesForSupplementaryElement(
        ofKind kind: ElementKind,
        at indexPath: IndexPath,
        contentOffset: Point
    ) -> LayoutAttributes? {
        let offset = self.storedOffset(contentOffset)
        if case .named(let name) = kind {
            return self.layoutBoundaryAttributes(ofKind: name, at: indexPath, offset: offset)
                ?? self.anchoredAttributes(ofKind: name, at: indexPath)
        }
        guard indexPath.item == 0, self.sections.indices.contains(indexPath.section) else { return nil }
        switch kind {
        case .header: return self.makeHeader(section: indexPath.section, offset: offset)
        case .footer: return self.makeFooter(section: indexPath.section, offset: offset)
        case .background, .named: return nil
        case .leadingSupplementary, .trailingSupplementary, .topSupplementary, .bottomSupplementary:
            let isEnd = kind == .trailingSupplementary || kind == .bottomSupplementary
            guard self.sideKind(isEnd: isEnd) == kind else { return nil }
            return self.makeSide(section: indexPath.section, isEnd: isEnd, offset: offset)
        }
    }

    /// The attributes of a decoration view (`layoutAttributesForDecorationViewOfKind:atIndexPath:`).
    ///
    /// - Parameters:
    ///   - kind: ``ElementKind/background``.
    ///   - indexPath: `[section, 0]`.
    ///   - contentOffset: The viewport's origin (unused by today's decorations, kept for symmetry).
    /// - Returns: The element's attributes, or `nil` if there is no such element.
    /// - Complexity: O(1).
    public func attributesForDecorationElement(
        ofKind kind: ElementKind,
        at indexPath: IndexPath,
        contentOffset: Point
    ) -> LayoutAttributes? {
        if case .named(let name) = kind { return self.decorationAttributes(ofKind: name, at: indexPath) }
        guard kind == .background, indexPath.item == 0, self.sections.indices.contains(indexPath.section) else {
            return nil
        }
        return self.makeBackground(section: indexPath.section)
    }

    /// The attributes of the element a kind names: the cell at `indexPath` when `kind` is `nil`, else the
    /// supplementary view of that kind there, or the decoration view of that kind; what the session routes that
    /// take an element kind (`supplementary/{kind}/…`, `scroll-to`) look up.
    ///
    /// - Complexity: O(1).
    public func attributesForElement(
        ofKind kind: ElementKind?,
        at indexPath: IndexPath,
        contentOffset: Point
    ) -> LayoutAttributes? {
        guard let kind else { return self.attributesForItem(at: indexPath, contentOffset: contentOffset) }
        return self.attributesForSupplementaryElement(ofKind: kind, at: indexPath, contentOffset: contentOffset)
            ?? self.attributesForDecorationElement(ofKind: kind, at: indexPath, contentOffset: contentOffset)
    }

    /// Visits one section's elements, in the stable order: all of them when `rect` is `nil`, otherwise those whose
    /// frame intersects `rect` (given relative to the section's origin). With `handsOverPlainCells`, the cells of a
    /// section whose cells are all plain (``CellContext/plainOrigin(layout:section:scrolled:)``) go to `plainCell`
    /// (see ``forEachAttribute(contentOffset:orthogonalOffsets:plainCell:_:)``): all of them when `rect` is `nil`,
    /// those found through a sorted item index otherwise, or, in a section of replayed frames, to
    /// `replayedPlainCell` (the rect query's `plainCell` as its caller gave it, see
    /// ``visitElements(in:contentOffset:orthogonalOffsets:handsOverPlainCells:plainCell:_:)``). Inlined into its
    /// callers (see ``visitAll(contentOffset:orthogonalOffsets:plainCell:_:)``).
    @inline(__always)
    private func visit<E: Error>(
        section sectionIndex: Int,
        rect local: Rect?,
        offset: Point,
        scrolled: Double,
        handsOverPlainCells: Bool,
        plainCell: (IndexPath, Rect) throws(E) -> Void,
        replayedPlainCell: (IndexPath, Rect) -> Void,
        _ body: (LayoutAttributes) throws(E) -> Void
    ) throws(E) {
        // Read fields one by one: copying a whole SectionLayout would retain all of its arrays.
        // `compositional`'s decorations of client-named kinds, then the background.
        try self.visitDecorations(section: sectionIndex, rect: local, body)
        if let background = self.sections[sectionIndex].background, local.map(background.intersects) ?? true {
            if let attributes = self.makeBackground(section: sectionIndex) { try body(attributes) }
        }
        if self.sections[sectionIndex].header != nil,
            let frame = self.headerFrame(section: sectionIndex, offset: offset),
            local.map(frame.intersects) ?? true,
            let attributes = self.makeHeader(section: sectionIndex, offset: offset)
        {
            try body(attributes)
        }
        // `compositional`'s items beside the section, start then end across the scroll axis.
        if self.sections[sectionIndex].sideStart != nil || self.sections[sectionIndex].sideEnd != nil {
            for isEnd in [false, true] {
                if let frame = self.sideFrame(section: sectionIndex, isEnd: isEnd, offset: offset),
                    local.map(frame.intersects) ?? true,
                    let attributes = self.makeSide(section: sectionIndex, isEnd: isEnd, offset: offset)
                {
                    try body(attributes)
                }
            }
        }
        // `compositional`'s cells with badges, then the badges, in one search when the section allows it.
        if let local, try self.visitAnchoredCells(section: sectionIndex, rect: local, scrolled: scrolled, body) {
            return try self.visitFooter(section: sectionIndex, rect: local, offset: offset, body)
        }
        let plainOrigin =
            handsOverPlainCells ? CellContext.plainOrigin(layout: self, section: sectionIndex, scrolled: scrolled) : nil
        if local == nil, let origin = plainOrigin {
            // Every cell, each plain: as an index path and a frame (moved as ``CellContext/makeCell(item:frame:)``
            // moves it), without a context or attributes made.
            try self.sections.withUnsafeBufferPointer { (sections) throws(E) in
                try sections[sectionIndex].frames.forEachFrame(in: 0..<sections[sectionIndex].frames.count) {
                    (item, frame) throws(E) in
                    let drawn = frame.offsetBy(dx: origin.x, dy: origin.y)
                    try plainCell(IndexPath(section: sectionIndex, item: item), drawn)
                }
            }
        } else if let local, handsOverPlainCells,
            let plain = CellContext.plainPrefix(layout: self, section: sectionIndex, scrolled: scrolled),
            let checkpointed = self.checkpointedFrames(section: sectionIndex)
        {
            try self.visitPlainCells(
                checkpointed, section: sectionIndex, rect: local, scrolled: scrolled, plain: plain, replayedPlainCell,
                body)
        } else {
            let context = CellContext(layout: self, section: sectionIndex, offset: offset, scrolled: scrolled)
            // The section's frames and index are passed borrowed from the array's storage: bound to a local, the
            // frames were copied on every visit (perf: an outlined copy of `GridGeometry?`, about 5% of a
            // stored-frames query).
            try self.sections.withUnsafeBufferPointer { (sections) throws(E) in
                try self.visitCells(
                    sections[sectionIndex].frames,
                    index: sections[sectionIndex].index,
                    rect: local,
                    scrolled: scrolled,
                    context: context,
                    plainOrigin: plainOrigin,
                    plainCell: plainCell,
                    body
                )
            }
        }
        // `compositional`'s supplementaries anchored to cells and groups, which move with the cells.
        try self.visitAnchored(section: sectionIndex, rect: local.map { self.movedAcross($0, by: scrolled) },
            scrolled: scrolled, body)
        try self.visitFooter(section: sectionIndex, rect: local, offset: offset, body)
    }

    /// A section's replayed frames when both its frames and its index are those one ``CheckpointedFrames`` (the
    /// index then searches that object's blocks and is not permuted), else `nil`.
    ///
    /// A reference count for each: the rect query of such a section needs nothing else of the section, where
    /// passing its frames and index (values read from the array's storage) copied them on every query, retaining
    /// and releasing their eleven references (issue 21).
    @inline(__always)
    private func checkpointedFrames(section sectionIndex: Int) -> CheckpointedFrames? {
        guard let frames = self.sections[sectionIndex].frames.checkpointed,
            self.sections[sectionIndex].index.checkpointed === frames
        else { return nil }
        return frames
    }

    /// Visits the cells drawn in `local`, in item order, of a section whose frames and index are `frames`
    /// (``checkpointedFrames(section:)``) and whose first `plain.count` cells are plain, drawn at their stored frame
    /// moved by `plain.origin`, and the others that cell hidden (``CellContext/plainPrefix(layout:section:scrolled:)``):
    /// the former to `plainCell`, the latter to `body`. What
    /// ``visitCells(_:index:rect:scrolled:context:plainOrigin:plainCell:_:)`` does for such a section, without a
    /// ``CellContext`` made (a copy of the layout) or the section's frames and index copied.
    @inline(__always)
    private func visitPlainCells<E: Error>(
        _ frames: CheckpointedFrames,
        section sectionIndex: Int,
        rect local: Rect,
        scrolled: Double,
        plain: (origin: Point, count: Int),
        _ plainCell: (IndexPath, Rect) -> Void,
        _ body: (LayoutAttributes) throws(E) -> Void
    ) throws(E) {
        let origin = plain.origin
        let local = self.movedAcross(local, by: scrolled)
        // Plain cells never drift: `none` and `pinning` effects only.
        let axis = self.sections[sectionIndex].index.axis
        let (lo, hi) = (axis.leading(local), axis.trailing(local))
        // ``SpatialIndex/candidatePositions(from:to:)`` of an index over these frames.
        let positions = frames.count > 0 ? frames.candidateItems(from: lo, to: hi) : 0..<0
        try frames.forEachFrame(in: positions, keepingRuns: lo <= hi) { (item, frame) throws(E) in
            guard frame.intersects(local) else { return }
            let indexPath = IndexPath(section: sectionIndex, item: item)
            let drawn = frame.offsetBy(dx: origin.x, dy: origin.y)
            if item < plain.count {
                plainCell(indexPath, drawn)
            } else {
                var hidden = LayoutAttributes(category: .cell, kind: nil, indexPath: indexPath, frame: drawn)
                hidden.isHidden = true
                try body(hidden)
            }
        }
    }

    /// Visits a section's footer, if it has one and it intersects `local` (or `local` is `nil`).
    @inline(__always)
    private func visitFooter<E: Error>(
        section sectionIndex: Int,
        rect local: Rect?,
        offset: Point,
        _ body: (LayoutAttributes) throws(E) -> Void
    ) throws(E) {
        if self.sections[sectionIndex].footer != nil,
            let frame = self.footerFrame(section: sectionIndex, offset: offset),
            local.map(frame.intersects) ?? true,
            let attributes = self.makeFooter(section: sectionIndex, offset: offset)
        {
            try body(attributes)
        }
    }

    /// Visits one section's cells, in item order: all of them when `local` is `nil`, otherwise those drawn in it.
    /// With a `plainOrigin` (the section's cells are all plain), the cells a rect query finds through the sorted
    /// index go to `plainCell`, drawn at their stored frame moved by it.
    @inline(__always)
    private func visitCells<E: Error>(
        _ frames: SectionFrames,
        index: SpatialIndex,
        rect local: Rect?,
        scrolled: Double,
        context: CellContext,
        plainOrigin: Point?,
        plainCell: (IndexPath, Rect) throws(E) -> Void,
        _ body: (LayoutAttributes) throws(E) -> Void
    ) throws(E) {
        // Cells of a scrolled orthogonal section are drawn `scrolled` points toward the leading edge (or the top).
        if let local = local.map({ self.movedAcross($0, by: scrolled) }) {
            // Cells drawn away from their stored frames (cover, pagecover) are searched that much wider.
            let drift = self.effects.drift
            let axis = index.axis
            let (lo, hi) = (axis.leading(local) - drift.after, axis.trailing(local) + drift.before)
            let positions = index.candidatePositions(from: lo, to: hi)
            if let circle = frames.circle {
                // A circle by `count`: the arcs inside the rect, in item order, without a sorted index.
                try circle.forEachCandidate(in: local) { (item) throws(E) in
                    let frame = frames[item]
                    if frame.intersects(local) { try body(context.makeCell(item: item, frame: frame)) }
                }
            } else if context.movesCells {
                // The kinds that move cells (cover, pagecover) keep their index in item order, never permuted.
                for item in positions where context.drawnFrame(item: item, frame: frames[item]).intersects(local) {
                    try body(context.makeCell(item: item, frame: frames[item]))
                }
            } else if index.isPermuted {
                var items: [Int] = []
                for position in positions {
                    let item = index.element(at: position)
                    if frames[item].intersects(local) { items.append(item) }
                }
                items.sort()
                for item in items { try body(context.makeCell(item: item, frame: frames[item])) }
            } else if let origin = plainOrigin {
                let section = context.section
                try frames.forEachFrame(in: positions, keepingRuns: lo <= hi) { (item, frame) throws(E) in
                    if frame.intersects(local) {
                        try plainCell(IndexPath(section: section, item: item), frame.offsetBy(dx: origin.x, dy: origin.y))
                    }
                }
            } else {
                try frames.forEachFrame(in: positions, keepingRuns: lo <= hi) { (item, frame) throws(E) in
                    if frame.intersects(local) { try body(context.makeCell(item: item, frame: frame)) }
                }
            }
        } else {
            try frames.forEachFrame(in: frames.indices) { (item, frame) throws(E) in
                try body(context.makeCell(item: item, frame: frame))
            }
        }
    }
}
