extension TransitionQuery {
    // MARK: - Anchored supplementaries (badges)

    /// Visits the supplementaries the current layout anchors to a section's cells and group repetitions: those the
    /// target also has (same kind, same index path) interpolated, the others fading out where the current layout
    /// puts them. Item supplementaries come first, then the groups', as in the layouts' own order.
    ///
    /// Every anchored supplementary lies within its cell grown by the section's
    /// ``CompositionalEffects/Anchored/cellMargin``, at both ends, so the interpolated one lies within the
    /// interpolated cell grown by the larger margin: the cells' interpolated candidates, searched that much wider,
    /// hold every interpolated hit, and the current layout's own index, searched the same way, every fading one.
    ///
    /// - Parameters:
    ///   - section: The section, which the current layout has.
    ///   - matched: How many of its items both layouts have.
    ///   - body: Called once per element that intersects the rect.
    /// - Complexity: O(log n + c) for c candidate cells.
    func visitCurrentAnchored<E: Error>(
        section: Int,
        matched: Int,
        _ body: (LayoutAttributes) throws(E) -> Void
    ) throws(E) {
        guard let startMargin = self.current.anchoredCellMargin(section: section) else { return }
        let count = self.current.numberOfItems(inSection: section)
        let own = self.anchoredCandidates(of: self.current, section: section, count: count, margin: startMargin)
        var ranges = [own]
        if matched > 0, self.rect != nil {
            let margin = Swift.max(startMargin, self.target.anchoredCellMargin(section: section) ?? 0)
            let interpolated = self.interpolatedCandidates(
                self.current.sections[section].index,
                self.current.sections[section].origin,
                self.target.sections[section].index,
                self.target.sections[section].origin,
                count: matched,
                margin: margin
            )
            ranges = Self.merged(interpolated, own)
        }
        for ofGroup in [false, true] {
            for range in ranges {
                for item in range {
                    try self.current.forEachAnchored(section: section, item: item, ofGroup: ofGroup) {
                        (name: ElementName, start: LayoutAttributes) throws(E) in
                        let end =
                            item < matched ? self.target.anchoredAttributes(ofKind: name, at: start.indexPath) : nil
                        try self.emit(self.combined(start, end), body)
                    }
                }
            }
        }
    }

    /// Visits the supplementaries only the target layout anchors to a section's cells and group repetitions (no
    /// supplementary of the same kind at the same index path in the current layout), fading in where the target
    /// puts them.
    ///
    /// - Complexity: O(log n + c) for c candidate cells, through the target's own index.
    func visitTargetOnlyAnchored<E: Error>(
        section: Int,
        isInCurrent: Bool,
        _ body: (LayoutAttributes) throws(E) -> Void
    ) throws(E) {
        guard let margin = self.target.anchoredCellMargin(section: section) else { return }
        let count = self.target.numberOfItems(inSection: section)
        let items = self.anchoredCandidates(of: self.target, section: section, count: count, margin: margin)
        let currentCount = isInCurrent ? self.current.numberOfItems(inSection: section) : 0
        for ofGroup in [false, true] {
            for item in items {
                try self.target.forEachAnchored(section: section, item: item, ofGroup: ofGroup) {
                    (name: ElementName, end: LayoutAttributes) throws(E) in
                    if item < currentCount, self.current.anchoredAttributes(ofKind: name, at: end.indexPath) != nil {
                        return
                    }
                    try self.emit(LayoutAttributes.fading(end, isAtStart: false, progress: self.progress), body)
                }
            }
        }
    }

    /// The cells of `layout`'s section whose frames, grown by `margin`, may intersect the rect (every cell without
    /// a rect), through that layout's own index.
    ///
    /// - Complexity: O(log n).
    private func anchoredCandidates(
        of layout: PreparedLayout,
        section: Int,
        count: Int,
        margin: Double
    ) -> Range<Int> {
        guard let rect = self.rect else { return 0..<count }
        let origin = layout.sections[section].origin
        let index = layout.sections[section].index
        let local = layout.storedRect(rect).offsetBy(dx: -origin.x, dy: -origin.y)
        let positions = index.candidatePositions(
            from: index.axis.leading(local) - self.slack - margin,
            to: index.axis.trailing(local) + self.slack + margin
        )
        return positions.clamped(to: 0..<count)
    }

    /// Two ranges in increasing order, merged into one when they overlap or touch.
    private static func merged(_ a: Range<Int>, _ b: Range<Int>) -> [Range<Int>] {
        if a.isEmpty { return [b] }
        if b.isEmpty { return [a] }
        if a.upperBound < b.lowerBound { return [a, b] }
        if b.upperBound < a.lowerBound { return [b, a] }
        return [Swift.min(a.lowerBound, b.lowerBound)..<Swift.max(a.upperBound, b.upperBound)]
    }

    // MARK: - Decorations of client-named kinds

    /// Visits the current layout's decorations of client-named kinds in a section: interpolated to the target's
    /// decoration of the same kind in the same section, else fading out.
    ///
    /// - Complexity: O(decorations of the section, at both ends).
    func visitCurrentDecorations<E: Error>(
        section: Int,
        isInTarget: Bool,
        _ body: (LayoutAttributes) throws(E) -> Void
    ) throws(E) {
        try self.current.visitDecorations(section: section, rect: nil) { (start: LayoutAttributes) throws(E) in
            guard case .named(let name)? = start.kind else { return }
            let end = isInTarget ? self.target.decorationAttributes(ofKind: name, at: start.indexPath) : nil
            try self.emit(self.combined(start, end), body)
        }
    }

    /// Visits the target's decorations of client-named kinds in a section that the current layout lacks, fading in.
    ///
    /// - Complexity: O(decorations of the section, at both ends).
    func visitTargetOnlyDecorations<E: Error>(
        section: Int,
        isInCurrent: Bool,
        _ body: (LayoutAttributes) throws(E) -> Void
    ) throws(E) {
        try self.target.visitDecorations(section: section, rect: nil) { (end: LayoutAttributes) throws(E) in
            guard case .named(let name)? = end.kind else { return }
            if isInCurrent, self.current.decorationAttributes(ofKind: name, at: end.indexPath) != nil { return }
            try self.emit(LayoutAttributes.fading(end, isAtStart: false, progress: self.progress), body)
        }
    }

    // MARK: - Layout-wide boundary items

    /// Visits the current layout's layout-wide header (or footer): interpolated to the target's layout-wide item of
    /// the same kind, else fading out.
    ///
    /// - Complexity: O(1).
    func visitCurrentLayoutBoundary<E: Error>(
        isFooter: Bool,
        _ body: (LayoutAttributes) throws(E) -> Void
    ) throws(E) {
        let offset = self.current.storedOffset(self.fromOffset)
        guard let start = self.current.layoutBoundaryAttributes(isFooter: isFooter, offset: offset),
            case .named(let name)? = start.kind
        else { return }
        let end = self.target.layoutBoundaryAttributes(
            ofKind: name,
            at: start.indexPath,
            offset: self.target.storedOffset(self.toOffset)
        )
        try self.emit(self.combined(start, end), body)
    }

    /// Visits the target's layout-wide header (or footer) when the current layout has no layout-wide item of its
    /// kind, fading in.
    ///
    /// - Complexity: O(1).
    func visitTargetOnlyLayoutBoundary<E: Error>(
        isFooter: Bool,
        _ body: (LayoutAttributes) throws(E) -> Void
    ) throws(E) {
        let offset = self.target.storedOffset(self.toOffset)
        guard let end = self.target.layoutBoundaryAttributes(isFooter: isFooter, offset: offset),
            case .named(let name)? = end.kind,
            self.current.layoutBoundaryAttributes(
                ofKind: name,
                at: end.indexPath,
                offset: self.current.storedOffset(self.fromOffset)
            ) == nil
        else { return }
        try self.emit(LayoutAttributes.fading(end, isAtStart: false, progress: self.progress), body)
    }
}
