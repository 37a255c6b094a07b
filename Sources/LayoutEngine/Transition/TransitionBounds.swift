/// Bounds, block by block, on where one layout puts a run of elements (one section's cells, or the sections)
/// along one axis of the answer's coordinates: the tool behind ``TransitionLayout``'s rect queries.
///
/// For block `b` of the run's ``SpatialIndex`` (``SpatialIndex/blockSize`` elements in element order),
/// ``upper(_:)`` is at least the trailing edge of every element in blocks `0...b` and ``lower(_:)`` at most the
/// leading edge of every element in blocks `b...`; both never decrease with `b`. When the index runs along this
/// axis in element order (not permuted, not mirrored along it) they are the index's running maximum and minimum;
/// otherwise both are constants, the run's bounding box.
struct TransitionBounds {
    private let runningMaxTrailing: [Double]
    private let runningMinLeading: [Double]
    /// Blocks of ``SpatialIndex/blockSize`` elements per entry of the running arrays (checkpointed frames keep
    /// their extents per larger block, a multiple of it).
    private var blocksPerEntry = 1
    private let offset: Double
    /// How far cells may be drawn before and after their stored frames, added to the running bounds.
    private let drift: (before: Double, after: Double)
    private let minimum: Double
    private let maximum: Double

    /// The bounds of the elements `index` covers, placed at `origin` in `layout`, along the vertical axis or not.
    ///
    /// Along the layout's scroll axis the bounds are widened by its ``ElementEffects/drift``, so that cells drawn
    /// away from their stored frames (`cover`, `pagecover`) stay inside them.
    ///
    /// - Complexity: O(1).
    init(index: SpatialIndex, origin: Point, layout: PreparedLayout, isVertical: Bool) {
        let alongScroll = (layout.axis == .vertical) == isVertical
        let drift = alongScroll ? layout.effects.drift : (before: 0.0, after: 0.0)
        let runsAlong = (index.axis == .vertical) == isVertical && (isVertical || !layout.isMirrored)
        if runsAlong && !index.isPermuted && !index.isComputed {
            let checkpointed = index.checkpointed
            self.runningMaxTrailing = (checkpointed?.runningMaxTrailing ?? index.runningMaxTrailing).levels[0]
            self.runningMinLeading = (checkpointed?.runningMinLeading ?? index.runningMinLeading).levels[0]
            self.blocksPerEntry = (checkpointed?.blockSize ?? SpatialIndex.blockSize) / SpatialIndex.blockSize
            self.offset = isVertical ? origin.y : origin.x
            self.drift = drift
            self.minimum = 0
            self.maximum = 0
            return
        }
        self.runningMaxTrailing = []
        self.runningMinLeading = []
        self.offset = 0
        self.drift = (0, 0)
        var box = (index.bounds ?? .zero).offsetBy(dx: origin.x, dy: origin.y)
        if alongScroll {
            // In stored space, before the mirror below.
            let length = (isVertical ? box.height : box.width) + drift.before + drift.after
            box =
                isVertical
                ? Rect(x: box.minX, y: box.minY - drift.before, width: box.width, height: length)
                : Rect(x: box.minX - drift.before, y: box.minY, width: length, height: box.height)
        }
        if isVertical {
            self.minimum = box.minY
            self.maximum = box.maxY
        } else if layout.isMirrored {
            self.minimum = layout.contentSize.width - box.maxX
            self.maximum = layout.contentSize.width - box.minX
        } else {
            self.minimum = box.minX
            self.maximum = box.maxX
        }
    }

    /// At least the trailing edge of every element in blocks `0...block`.
    func upper(_ block: Int) -> Double {
        guard !self.runningMaxTrailing.isEmpty else { return self.maximum }
        return self.offset + self.runningMaxTrailing[block / self.blocksPerEntry] + self.drift.after
    }

    /// At most the leading edge of every element in blocks `block...`.
    func lower(_ block: Int) -> Double {
        guard !self.runningMinLeading.isEmpty else { return self.minimum }
        return self.offset + self.runningMinLeading[block / self.blocksPerEntry] - self.drift.before
    }

    /// The blocks among `0..<blockCount` that may hold an element whose interpolated extent along the axis,
    /// `(1 − t)·start + t·end`, overlaps `lo..<hi`; every other block certainly holds none.
    ///
    /// An interpolated edge is the same mix of the two ends' edges, so it is bounded by the same mix of their
    /// bounds, and that mix never decreases with the block either: two binary searches find the range.
    ///
    /// - Parameters:
    ///   - start: The bounds at progress 0.
    ///   - end: The bounds at progress 1.
    ///   - t: The progress.
    ///   - lo: The band's leading edge, already widened by the caller's slack.
    ///   - hi: The band's trailing edge, already widened.
    ///   - blockCount: The number of blocks both runs have.
    /// - Complexity: O(log blockCount).
    static func candidateBlocks(
        _ start: TransitionBounds,
        _ end: TransitionBounds,
        progress t: Double,
        from lo: Double,
        to hi: Double,
        blockCount: Int
    ) -> Range<Int> {
        let u = 1 - t
        let first = (0..<blockCount).partitioningIndex { u * start.upper($0) + t * end.upper($0) > lo }
        let last = (0..<blockCount).partitioningIndex { u * start.lower($0) + t * end.lower($0) >= hi }
        return first < last ? first..<last : first..<first
    }
}
