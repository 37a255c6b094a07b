extension PreparedLayout {
    /// `flow` and `waterfall` snapping by ``SnapMode``: brings the nearest item's, line's or page's leading edge to
    /// the viewport's leading edge (see ``targetContentOffset(forProposedContentOffset:velocity:)``).
    ///
    /// Works in stored (left-to-right) space, where the viewport's leading edge is its minimum along the axis; the
    /// mirror turns that into the right edge for a right-to-left horizontal layout, as it should.
    ///
    /// - Complexity: O(log n + k) for the k items near the proposed offset (the band searched widens by doubling
    ///   until it holds an edge on each side, or reaches the content's ends).
    func edgeSnappedOffset(forProposedContentOffset proposed: Point, velocity: Point, threshold: Double) -> Point {
        guard self.snapMode != .none else { return proposed }
        let stored = self.storedOffset(proposed)
        var axisVelocity = self.axis.coordinate(velocity)
        if self.isMirrored && self.axis == .horizontal { axisVelocity = -axisVelocity }
        // `cover` brings edges to its top line, the leading inset past the viewport's edge.
        var line = 0.0
        if case .cover(let cover, _) = self.effects { line = cover.leadingInset }
        let position = self.axis.coordinate(stored) + line
        let viewportLength = self.axis == .vertical ? self.viewport.height : self.viewport.width
        let contentLength = self.axis == .vertical ? self.contentSize.height : self.contentSize.width
        let maximum = Swift.max(0, contentLength - viewportLength)
        let edges: (before: Double?, after: Double?)
        switch self.snapMode {
        case .none:
            return proposed
        case .page:
            guard viewportLength > 0 else { return proposed }
            let page = (position / viewportLength).rounded(.down) * viewportLength
            edges = (page, page == position ? page : page + viewportLength)
        case .item, .line:
            edges = self.nearestEdges(around: position, linesOnly: self.snapMode == .line)
        }
        let chosen: Double?
        if axisVelocity >= threshold {
            chosen = edges.after ?? edges.before
        } else if axisVelocity <= -threshold {
            chosen = edges.before ?? edges.after
        } else if let before = edges.before, let after = edges.after {
            chosen = position - before <= after - position ? before : after
        } else {
            chosen = edges.before ?? edges.after
        }
        // With no edge at all (no items), the proposed offset is only clamped.
        let target = Swift.min(maximum, Swift.max(0, (chosen ?? position) - line))
        let result = self.axis == .vertical ? Point(x: stored.x, y: target) : Point(x: target, y: stored.y)
        return self.storedOffset(result)
    }

    /// The largest snap edge at or before `position` and the smallest at or after it, in stored space.
    private func nearestEdges(around position: Double, linesOnly: Bool) -> (before: Double?, after: Double?) {
        guard let (lowest, highest) = self.cellBounds() else { return (nil, nil) }
        var width = Swift.max(1, self.axis == .vertical ? self.viewport.height : self.viewport.width)
        while true {
            let lo = position - width
            let hi = position + width
            var cells: [(section: Int, item: Int, frame: Rect)] = []
            self.forEachCellFrame(from: lo, to: hi) { cells.append(($0, $1, $2)) }
            var before: Double?
            var after: Double?
            for cell in cells where !linesOnly || self.startsLine(cell, among: cells) {
                let edge = self.axis.leading(cell.frame)
                if edge <= position { before = Swift.max(before ?? edge, edge) }
                if edge >= position { after = Swift.min(after ?? edge, edge) }
            }
            // An edge inside the band is the nearest: any cell outside it ends before lo or starts after hi.
            let beforeDone = before.map { $0 >= lo } ?? false || lo <= lowest
            let afterDone = after.map { $0 < hi } ?? false || hi > highest
            if beforeDone && afterDone { return (before, after) }
            width *= 2
        }
    }

    /// The lowest leading and highest trailing coordinate of all cells along the axis, or `nil` without cells.
    private func cellBounds() -> (Double, Double)? {
        var result: (Double, Double)?
        for section in self.sections {
            guard let bounds = section.index.bounds?.offsetBy(dx: section.origin.x, dy: section.origin.y) else {
                continue
            }
            let low = self.axis.leading(bounds)
            let high = self.axis.trailing(bounds)
            result = result.map { (Swift.min($0.0, low), Swift.max($0.1, high)) } ?? (low, high)
        }
        return result
    }

    /// Whether a cell's leading edge starts a line: for `flow`, no cell crosses it; for `waterfall`, its index
    /// within its section is a multiple of the section's column count.
    private func startsLine(
        _ cell: (section: Int, item: Int, frame: Rect),
        among cells: [(section: Int, item: Int, frame: Rect)]
    ) -> Bool {
        let edge = self.axis.leading(cell.frame)
        if self.linesAreColumnRows {
            return cell.item % self.columnCount(ofSection: cell.section) == 0
        }
        return !cells.contains { self.axis.leading($0.frame) < edge && edge < self.axis.trailing($0.frame) }
    }

    /// A waterfall section's column count: its first items fill distinct columns until one comes back.
    private func columnCount(ofSection section: Int) -> Int {
        let frames = self.sections[section].frames
        var seen: [Double] = []
        for frame in frames {
            if seen.contains(frame.minX) { break }
            seen.append(frame.minX)
        }
        return Swift.max(1, seen.count)
    }

    /// Calls `body` with every cell overlapping the band `lo..<hi` along the axis: its section, item and frame in
    /// stored content coordinates.
    ///
    /// - Complexity: O(log n + k).
    func forEachCellFrame(from lo: Double, to hi: Double, _ body: (Int, Int, Rect) -> Void) {
        for section in self.candidateSections(from: lo, to: hi) {
            let origin = self.sections[section].origin
            let shift = self.axis.coordinate(origin)
            let index = self.sections[section].index
            let frames = self.sections[section].frames
            for candidate in index.candidatePositions(from: lo - shift, to: hi - shift) {
                let item = index.element(at: candidate)
                let frame = frames[item].offsetBy(dx: origin.x, dy: origin.y)
                if self.axis.trailing(frame) > lo && self.axis.leading(frame) < hi { body(section, item, frame) }
            }
        }
    }
}
