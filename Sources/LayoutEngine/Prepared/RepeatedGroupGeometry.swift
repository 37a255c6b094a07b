/// The frames of a `compositional` section whose items are laid out by one group repeated, none measured: item `i`
/// is cell `i % cells.count` of the template, moved to where repetition `i / cells.count` starts, so the section
/// keeps the template and O(1) numbers (or a checkpoint every ``GridGeometry/checkpointStride`` repetitions) instead
/// of one ``Rect`` per item.
///
/// Where a repetition starts along the axis the groups follow one another on is replayed from ``groups`` (a
/// single-file ``GridGeometry`` of one line per repetition, whose additions are the builder's `position += length +
/// spacing`), so frames are bit for bit the builder's.
struct RepeatedGroupGeometry: Hashable, Sendable {
    /// The number of items.
    var count: Int
    /// The cells' frames relative to the group's origin (the template).
    var cells: [Rect]
    /// Where each repetition starts along the groups' axis: line `r` of this single-file grid.
    var groups: GridGeometry
    /// Where every repetition starts across the groups' axis.
    var fixed: Double
    /// Whether repetitions follow one another down (the section's index axis is then vertical).
    var runsVertically: Bool
    /// The smallest leading and the largest trailing edge of the template's cells along the groups' axis.
    var reach: Extent
    /// The smallest rectangle containing every frame.
    var bounds: Rect?

    /// Leading and trailing edges along an axis.
    struct Extent: Hashable, Sendable {
        var leading: Double
        var trailing: Double
    }

    /// The geometry of `count` items of the group whose cells are `cells`, repetitions starting at `start` and each
    /// next one `step` further (one addition, as the builder makes it), all at `fixed` across; scans the frames once
    /// for their bounds.
    ///
    /// - Returns: The geometry and where its last repetition starts.
    /// - Complexity: O(n) time, O(1) memory (O(repetitions / ``GridGeometry/checkpointStride``) when a product of
    ///   the step does not give the builder's sums).
    static func make(
        count: Int,
        cells: [Rect],
        start: Double,
        step: Double,
        fixed: Double,
        runsVertically: Bool
    ) -> (geometry: RepeatedGroupGeometry, lastStart: Double) {
        precondition(count > 0 && !cells.isEmpty)
        let repetitions = (count + cells.count - 1) / cells.count
        let (groups, last) = GridGeometry.singleFile(
            count: repetitions,
            size: .zero,
            isVertical: runsVertically,
            start: start,
            step: step,
            u: fixed
        )
        var reach = Extent(leading: .infinity, trailing: -.infinity)
        for cell in cells {
            reach.leading = Swift.min(reach.leading, runsVertically ? cell.minY : cell.minX)
            reach.trailing = Swift.max(reach.trailing, runsVertically ? cell.maxY : cell.maxX)
        }
        var geometry = RepeatedGroupGeometry(
            count: count,
            cells: cells,
            groups: groups,
            fixed: fixed,
            runsVertically: runsVertically,
            reach: reach,
            bounds: nil
        )
        // The bounds, from the very frames (each repetition's start replayed in order, as the builder adds them).
        var (minX, minY, maxX, maxY) = (Double.infinity, Double.infinity, -Double.infinity, -Double.infinity)
        var position = start
        for repetition in 0..<repetitions {
            if repetition > 0 { position += step }
            let first = repetition * cells.count
            for leaf in 0..<Swift.min(cells.count, count - first) {
                let frame = geometry.frame(leaf: leaf, at: position)
                minX = Swift.min(minX, frame.minX)
                minY = Swift.min(minY, frame.minY)
                maxX = Swift.max(maxX, frame.maxX)
                maxY = Swift.max(maxY, frame.maxY)
            }
        }
        geometry.bounds = Rect(x: minX, y: minY, width: maxX - minX, height: maxY - minY)
        return (geometry, last)
    }

    /// The frame of cell `leaf` of the repetition starting at `position`.
    @inline(__always)
    private func frame(leaf: Int, at position: Double) -> Rect {
        let origin = self.runsVertically ? Point(x: self.fixed, y: position) : Point(x: position, y: self.fixed)
        return self.cells[leaf].offsetBy(dx: origin.x, dy: origin.y)
    }

    /// The frame of an item.
    ///
    /// - Complexity: O(``GridGeometry/checkpointStride``), O(1) when the repetitions are a product.
    @inline(__always)
    func frame(_ item: Int) -> Rect {
        let repetition = item / self.cells.count
        return self.frame(leaf: item - repetition * self.cells.count, at: self.groups.lineV(repetition))
    }

    /// Calls `body` with each item of `range` and its frame, in item order: where a repetition starts is found once
    /// for all its cells (``frame(_:)`` finds it per item).
    ///
    /// - Complexity: O(`range.count` + repetitions × ``GridGeometry/checkpointStride``).
    @inline(__always)
    func forEachFrame<E: Error>(in range: Range<Int>, _ body: (Int, Rect) throws(E) -> Void) throws(E) {
        guard !range.isEmpty else { return }
        let cellCount = self.cells.count
        var item = range.lowerBound
        var repetition = item / cellCount
        while item < range.upperBound {
            let first = repetition * cellCount
            let position = self.groups.lineV(repetition)
            for leaf in (item - first)..<Swift.min(cellCount, range.upperBound - first) {
                try body(first + leaf, self.frame(leaf: leaf, at: position))
            }
            repetition += 1
            item = repetition * cellCount
        }
    }

    /// The items whose frames may overlap the band `lo..<hi` along the groups' axis (a superset, as
    /// ``SpatialIndex/candidatePositions(from:to:)`` answers).
    ///
    /// - Complexity: O(log repetitions × ``GridGeometry/checkpointStride``).
    func candidateItems(from lo: Double, to hi: Double) -> Range<Int> {
        self.candidateItems(from: lo, to: hi) { _, predicate in self.groups.firstLine(self.groups.count, predicate) }
    }

    /// ``candidateItems(from:to:)`` with each search given the coordinate it looks for (`search(bound, predicate)`:
    /// the first repetition whose start passes `bound` is the first for which `predicate` holds).
    @inline(__always)
    func candidateItems(
        from lo: Double, to hi: Double, _ search: (Double, (Int) -> Bool) -> Int
    ) -> Range<Int> {
        let repetitions = self.groups.count
        let (leading, trailing) = (self.reach.leading, self.reach.trailing)
        // First repetition whose cells end past lo; first from which they start at or after hi (monotone: the
        // step is never negative). One more repetition each side covers the rounding of start plus offset.
        let first = Swift.max(0, search(lo - trailing) { self.groups.lineV($0) + trailing > lo } - 1)
        let end = Swift.min(repetitions, search(hi - leading) { self.groups.lineV($0) + leading >= hi } + 1)
        let (start, stop) = (first * self.cells.count, Swift.min(self.count, end * self.cells.count))
        return start < stop ? start..<stop : 0..<0
    }

    /// The bytes this geometry holds on the heap.
    var heapBytes: Int {
        self.cells.capacity * MemoryLayout<Rect>.stride + self.groups.heapBytes
    }
}
