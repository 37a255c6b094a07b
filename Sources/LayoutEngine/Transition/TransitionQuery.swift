/// One query of a ``TransitionLayout``: finds the candidate sections and cells through the two layouts' indexes
/// and makes each element's attributes at the transition's progress.
struct TransitionQuery {
    let current: PreparedLayout
    let target: PreparedLayout
    let progress: Double
    let rect: Rect?
    let fromOffset: Point
    let toOffset: Point
    /// How far bands are widened before searching, so that rounding in an interpolated edge can never drop an
    /// element the exact test would keep: a billionth of the largest coordinate in play.
    let slack: Double
    /// The two layouts' section indexes, made once a query: a layout of few sections keeps none
    /// (``PreparedLayout/sectionIndex`` builds one on each call).
    let sectionIndexes: (current: SpatialIndex, target: SpatialIndex)

    init(transition: TransitionLayout, rect: Rect?, from: Point, to: Point) {
        self.current = transition.current
        self.target = transition.target
        self.progress = transition.progress
        self.rect = rect
        self.fromOffset = from
        self.toOffset = to
        self.sectionIndexes = (transition.current.sectionIndex, transition.target.sectionIndex)
        var magnitude = 1.0
        for value in [
            self.current.contentSize.width, self.current.contentSize.height, self.target.contentSize.width,
            self.target.contentSize.height, rect?.minX ?? 0, rect?.maxX ?? 0, rect?.minY ?? 0, rect?.maxY ?? 0,
        ] {
            magnitude = Swift.max(magnitude, abs(value))
        }
        self.slack = magnitude * 1e-9
    }

    // MARK: - Sections

    /// The sections that may hold an element of the current layout (matched or not) in the rect, in order.
    ///
    /// - Complexity: O(log S + answer).
    func currentSections() -> [Int] {
        let count = self.current.numberOfSections
        guard let rect = self.rect else { return Array(0..<count) }
        let matched = self.interpolatedCandidates(
            self.sectionIndexes.current,
            .zero,
            self.sectionIndexes.target,
            .zero,
            count: Swift.min(count, self.target.numberOfSections)
        )
        let own = self.candidates(of: self.sectionIndexes.current, in: self.current, rect: rect)
        if matched.isEmpty { return Array(own) }
        if own.isEmpty || matched.upperBound < own.lowerBound { return Array(matched) + Array(own) }
        if own.upperBound < matched.lowerBound { return Array(own) + Array(matched) }
        return Array(Swift.min(matched.lowerBound, own.lowerBound)..<Swift.max(matched.upperBound, own.upperBound))
    }

    /// The sections of the target that may hold an element in the rect, in order.
    ///
    /// - Complexity: O(log S).
    func targetOnlySections() -> Range<Int> {
        guard let rect = self.rect else { return 0..<self.target.numberOfSections }
        return self.candidates(of: self.sectionIndexes.target, in: self.target, rect: rect)
    }

    // MARK: - Visiting

    /// Visits a section's elements that the current layout has: matched ones interpolated, the others fading.
    func visitCurrent<E: Error>(section: Int, _ body: (LayoutAttributes) throws(E) -> Void) throws(E) {
        let isInTarget = section < self.target.numberOfSections
        let path = IndexPath(section: section, item: 0)
        try self.visitCurrentDecorations(section: section, isInTarget: isInTarget, body)
        if let start = self.current.attributesForDecorationElement(ofKind: .background, at: path, contentOffset: .zero)
        {
            let end =
                isInTarget
                ? self.target.attributesForDecorationElement(ofKind: .background, at: path, contentOffset: .zero)
                : nil
            try self.emit(self.combined(start, end), body)
        }
        try self.visitSupplementary(.header, at: path, isTargetOnly: false, isInOther: isInTarget, body)
        for kind in ElementKind.sideSupplementaries {
            try self.visitSupplementary(kind, at: path, isTargetOnly: false, isInOther: isInTarget, body)
        }
        let startCount = self.current.numberOfItems(inSection: section)
        let matched = Swift.min(startCount, isInTarget ? self.target.numberOfItems(inSection: section) : 0)
        let startContext = CellContext(
            layout: self.current,
            section: section,
            offset: self.current.storedOffset(self.fromOffset)
        )
        let startFrames = self.current.sections[section].frames
        if matched > 0 {
            let endContext = CellContext(
                layout: self.target,
                section: section,
                offset: self.target.storedOffset(self.toOffset)
            )
            let endFrames = self.target.sections[section].frames
            let items = self.interpolatedCandidates(
                self.current.sections[section].index,
                self.current.sections[section].origin,
                self.target.sections[section].index,
                self.target.sections[section].origin,
                count: matched
            )
            for item in items {
                let start = startContext.makeCell(item: item, frame: startFrames[item])
                let end = endContext.makeCell(item: item, frame: endFrames[item])
                let frame = LayoutAttributes.interpolatedFrame(
                    from: start.frame,
                    to: end.frame,
                    progress: self.progress
                )
                if let rect = self.rect, !frame.intersects(rect) { continue }
                var attributes = start
                attributes.frame = frame
                LayoutAttributes.interpolateAppearance(of: &attributes, from: start, to: end, progress: self.progress)
                try body(attributes)
            }
        }
        try self.forEachOneSidedItem(of: self.current, section: section, from: matched) { (item: Int) throws(E) in
            let start = startContext.makeCell(item: item, frame: startFrames[item])
            try self.emit(LayoutAttributes.fading(start, isAtStart: true, progress: self.progress), body)
        }
        try self.visitCurrentAnchored(section: section, matched: matched, body)
        try self.visitSupplementary(.footer, at: path, isTargetOnly: false, isInOther: isInTarget, body)
    }

    /// Visits a section's elements that only the target layout has, fading in.
    func visitTargetOnly<E: Error>(section: Int, _ body: (LayoutAttributes) throws(E) -> Void) throws(E) {
        let isInCurrent = section < self.current.numberOfSections
        let path = IndexPath(section: section, item: 0)
        try self.visitTargetOnlyDecorations(section: section, isInCurrent: isInCurrent, body)
        if let end = self.target.attributesForDecorationElement(ofKind: .background, at: path, contentOffset: .zero),
            !isInCurrent
                || self.current.attributesForDecorationElement(ofKind: .background, at: path, contentOffset: .zero)
                    == nil
        {
            try self.emit(LayoutAttributes.fading(end, isAtStart: false, progress: self.progress), body)
        }
        try self.visitSupplementary(.header, at: path, isTargetOnly: true, isInOther: isInCurrent, body)
        for kind in ElementKind.sideSupplementaries {
            try self.visitSupplementary(kind, at: path, isTargetOnly: true, isInOther: isInCurrent, body)
        }
        let endCount = self.target.numberOfItems(inSection: section)
        let matched = Swift.min(endCount, isInCurrent ? self.current.numberOfItems(inSection: section) : 0)
        if matched < endCount {
            let endContext = CellContext(
                layout: self.target,
                section: section,
                offset: self.target.storedOffset(self.toOffset)
            )
            let endFrames = self.target.sections[section].frames
            try self.forEachOneSidedItem(of: self.target, section: section, from: matched) { (item: Int) throws(E) in
                let end = endContext.makeCell(item: item, frame: endFrames[item])
                try self.emit(LayoutAttributes.fading(end, isAtStart: false, progress: self.progress), body)
            }
        }
        try self.visitTargetOnlyAnchored(section: section, isInCurrent: isInCurrent, body)
        try self.visitSupplementary(.footer, at: path, isTargetOnly: true, isInOther: isInCurrent, body)
    }

    /// Visits supplementary `kind` of the section at `path`: the current layout's, interpolated to the target's
    /// (fading out where the target has none), or with `isTargetOnly` the target's where the current layout has
    /// none, fading in. `isInOther` tells whether the other layout has the section at all.
    private func visitSupplementary<E: Error>(
        _ kind: ElementKind,
        at path: IndexPath,
        isTargetOnly: Bool,
        isInOther: Bool,
        _ body: (LayoutAttributes) throws(E) -> Void
    ) throws(E) {
        if isTargetOnly {
            guard let end = self.endSupplementary(kind, at: path),
                !isInOther || self.startSupplementary(kind, at: path) == nil
            else { return }
            try self.emit(LayoutAttributes.fading(end, isAtStart: false, progress: self.progress), body)
        } else {
            guard let start = self.startSupplementary(kind, at: path) else { return }
            try self.emit(self.combined(start, isInOther ? self.endSupplementary(kind, at: path) : nil), body)
        }
    }

    /// The supplementary element in the current layout, at the transition's starting offset.
    private func startSupplementary(_ kind: ElementKind, at path: IndexPath) -> LayoutAttributes? {
        self.current.attributesForSupplementaryElement(ofKind: kind, at: path, contentOffset: self.fromOffset)
    }

    /// The supplementary element in the target layout, at the transition's ending offset.
    private func endSupplementary(_ kind: ElementKind, at path: IndexPath) -> LayoutAttributes? {
        self.target.attributesForSupplementaryElement(ofKind: kind, at: path, contentOffset: self.toOffset)
    }

    // MARK: - Helpers

    /// The element interpolated when both ends have it, else fading out.
    func combined(_ start: LayoutAttributes, _ end: LayoutAttributes?) -> LayoutAttributes {
        guard let end else { return LayoutAttributes.fading(start, isAtStart: true, progress: self.progress) }
        return LayoutAttributes.interpolated(from: start, to: end, progress: self.progress)
    }

    /// Calls `body` if the element's frame intersects the rect (or there is no rect).
    func emit<E: Error>(
        _ attributes: LayoutAttributes,
        _ body: (LayoutAttributes) throws(E) -> Void
    ) throws(E) {
        if let rect = self.rect, !attributes.frame.intersects(rect) { return }
        try body(attributes)
    }

    /// The elements `0..<count` of two runs (the two layouts' sections, or one section's cells in both) whose
    /// interpolated frames may intersect the rect grown by `margin` on every side: a contiguous range, through
    /// ``TransitionBounds`` on both axes.
    ///
    /// - Complexity: O(log count).
    func interpolatedCandidates(
        _ startIndex: SpatialIndex,
        _ startOrigin: Point,
        _ endIndex: SpatialIndex,
        _ endOrigin: Point,
        count: Int,
        margin: Double = 0
    ) -> Range<Int> {
        guard let rect = self.rect, count > 0 else { return 0..<Swift.max(0, count) }
        let size = SpatialIndex.blockSize
        var blocks = 0..<((count + size - 1) / size)
        for isVertical in [true, false] {
            let start = TransitionBounds(
                index: startIndex,
                origin: startOrigin,
                layout: self.current,
                isVertical: isVertical
            )
            let end = TransitionBounds(index: endIndex, origin: endOrigin, layout: self.target, isVertical: isVertical)
            let found = TransitionBounds.candidateBlocks(
                start,
                end,
                progress: self.progress,
                from: (isVertical ? rect.minY : rect.minX) - self.slack - margin,
                to: (isVertical ? rect.maxY : rect.maxX) + self.slack + margin,
                blockCount: blocks.upperBound
            )
            let lower = Swift.max(blocks.lowerBound, found.lowerBound)
            blocks = lower..<Swift.max(lower, Swift.min(blocks.upperBound, found.upperBound))
        }
        return Swift.min(count, blocks.lowerBound * size)..<Swift.min(count, blocks.upperBound * size)
    }

    /// The positions of `index` (over `layout`'s sections) that may intersect `rect`.
    private func candidates(of index: SpatialIndex, in layout: PreparedLayout, rect: Rect) -> Range<Int> {
        let stored = layout.storedRect(rect)
        return index.candidatePositions(
            from: index.axis.leading(stored) - self.slack,
            to: index.axis.trailing(stored) + self.slack
        )
    }

    /// Calls `body`, in item order, with the items from `start` on of one layout's section that may intersect the
    /// rect, through that layout's own index.
    private func forEachOneSidedItem<E: Error>(
        of layout: PreparedLayout,
        section: Int,
        from start: Int,
        _ body: (Int) throws(E) -> Void
    ) throws(E) {
        let count = layout.numberOfItems(inSection: section)
        guard start < count else { return }
        guard let rect = self.rect else {
            for item in start..<count { try body(item) }
            return
        }
        let origin = layout.sections[section].origin
        let index = layout.sections[section].index
        let local = layout.storedRect(rect).offsetBy(dx: -origin.x, dy: -origin.y)
        let drift = layout.effects.drift
        let positions = index.candidatePositions(
            from: index.axis.leading(local) - self.slack - drift.after,
            to: index.axis.trailing(local) + self.slack + drift.before
        )
        if index.isPermuted {
            var items = positions.map { index.element(at: $0) }.filter { $0 >= start }
            items.sort()
            for item in items { try body(item) }
        } else {
            let lower = Swift.max(start, positions.lowerBound)
            for item in lower..<Swift.max(lower, positions.upperBound) { try body(item) }
        }
    }
}
