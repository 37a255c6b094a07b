/// A layout between two others (`UICollectionViewTransitionLayout`): what the collection view shows a fraction
/// ``progress`` of the way from ``current`` to ``target``, for seed 000's "tap to switch layouts" and for
/// interactive (pinch or pan driven) transitions.
///
/// Elements are matched by category, kind and index path. A matched element's centre, size and alpha
/// interpolate linearly, its affine transform through ``AffineTransform/Decomposition`` (a rotated stack card
/// turns smoothly upright), its 3D transform component by component; its zIndex is the current layout's below
/// progress 0.5 and the target's from 0.5 (``LayoutAttributes/interpolated(from:to:progress:)``). An element
/// hidden at one end fades from or to alpha 0 and is hidden only if hidden at both ends. An element present at one
/// end only stays where that end puts it and fades out (current only) or in (target only); at the end where it is
/// absent it is left out of the answer.
///
/// At progress 0 every answer is exactly the current layout's, at 1 exactly the target's (same elements, same
/// order, same values). In between, elements come in the current layout's stable order, then the elements only
/// the target has, in its order.
///
/// Rect queries are O(log n + k)-ish, without precomputation: see
/// ``forEachAttribute(in:fromContentOffset:toContentOffset:_:)``.
public struct TransitionLayout: Hashable, Sendable {
    /// The layout at progress 0.
    public let current: PreparedLayout
    /// The layout at progress 1.
    public let target: PreparedLayout
    /// How far the transition is, 0…1.
    public let progress: Double

    /// Creates the transition from `current` to `target` at `progress`.
    ///
    /// The two layouts may be of different kinds (and even of different inputs: elements present in one only
    /// fade). Making one costs nothing: no element is computed until queried.
    ///
    /// - Parameters:
    ///   - current: The layout at progress 0.
    ///   - target: The layout at progress 1.
    ///   - progress: How far the transition is; clamped to 0…1.
    /// - Throws: ``LayoutError/invalidProgress`` when `progress` is NaN.
    /// - Complexity: O(1).
    public init(current: PreparedLayout, target: PreparedLayout, progress: Double) throws(LayoutError) {
        guard !progress.isNaN else { throw .invalidProgress }
        self.current = current
        self.target = target
        self.progress = Swift.min(1, Swift.max(0, progress))
    }

    /// The content size, interpolated linearly between the two layouts' (`collectionViewContentSize`): exactly
    /// the current layout's at progress 0 and the target's at 1.
    ///
    /// - Complexity: O(1).
    public var contentSize: Size {
        let t = self.progress
        let from = self.current.contentSize
        let to = self.target.contentSize
        return Size(width: (1 - t) * from.width + t * to.width, height: (1 - t) * from.height + t * to.height)
    }

    /// Calls `body` with the attributes of every element whose interpolated (untransformed) frame intersects
    /// `rect`, or of every element when `rect` is `nil`, in the order described at ``TransitionLayout``.
    ///
    /// Scroll-dependent attributes (the line layout's scale, pinned headers) come from each layout at its own
    /// offset: `fromContentOffset` for the current layout, `toContentOffset` for the target.
    ///
    /// How the rect query avoids a scan: an interpolated frame's edges are `(1 − t)·start + t·end` of the two
    /// ends' edges, so it can lie in the rect while neither end does (an item crossing the viewport). But each
    /// layout's index already keeps, per block of 16 elements in item order, a running maximum of trailing edges
    /// and a running minimum of leading edges; the same mix of the two layouts' bounds bounds the interpolated
    /// edges and is still monotone in the block, so two binary searches per axis give the blocks that may hold a
    /// hit (``TransitionBounds``), first over the sections, then over each candidate section's cells, and every
    /// candidate is then tested exactly. Where a layout's index does not run along an axis in item order (a
    /// permuted circle, a right-to-left horizontal axis, the other scroll axis) its bounding box stands in. Both
    /// axes are searched and the ranges intersected. Elements present at one end only are found through that
    /// layout's own index.
    ///
    /// - Parameters:
    ///   - rect: The rectangle, in content coordinates; `nil` for every element.
    ///   - fromContentOffset: The viewport's origin in the current layout.
    ///   - toContentOffset: The viewport's origin in the target layout.
    ///   - body: Called once per element.
    /// - Throws: Whatever `body` throws.
    /// - Complexity: With a rect, O(log n + c) where c counts the candidates: about k (the answer) when both
    ///   layouts progress along a common axis in item order (flow, waterfall, line, in either pairing); O(n) per
    ///   section when neither does (stack ↔ circle, whose elements all sit in the viewport anyway). O(n)
    ///   without a rect. At progress 0 and 1, the endpoint layout's own query.
    public func forEachAttribute<E: Error>(
        in rect: Rect?,
        fromContentOffset: Point,
        toContentOffset: Point,
        _ body: (LayoutAttributes) throws(E) -> Void
    ) throws(E) {
        if self.progress == 0 || self.progress == 1 {
            let (layout, offset) =
                self.progress == 0 ? (self.current, fromContentOffset) : (self.target, toContentOffset)
            if let rect {
                try layout.forEachAttribute(in: rect, contentOffset: offset, body)
            } else {
                try layout.forEachAttribute(contentOffset: offset, body)
            }
            return
        }
        let query = TransitionQuery(transition: self, rect: rect, from: fromContentOffset, to: toContentOffset)
        try query.visitCurrentLayoutBoundary(isFooter: false, body)
        for section in query.currentSections() {
            try query.visitCurrent(section: section, body)
        }
        try query.visitCurrentLayoutBoundary(isFooter: true, body)
        try query.visitTargetOnlyLayoutBoundary(isFooter: false, body)
        for section in query.targetOnlySections() {
            try query.visitTargetOnly(section: section, body)
        }
        try query.visitTargetOnlyLayoutBoundary(isFooter: true, body)
    }

    /// The attributes of every element whose interpolated frame intersects `rect` (every element when `rect`
    /// is `nil`), in the order described at ``TransitionLayout``.
    ///
    /// - Parameters:
    ///   - rect: The rectangle, in content coordinates; `nil` for every element.
    ///   - fromContentOffset: The viewport's origin in the current layout.
    ///   - toContentOffset: The viewport's origin in the target layout.
    /// - Returns: The elements' attributes.
    /// - Complexity: As ``forEachAttribute(in:fromContentOffset:toContentOffset:_:)``.
    public func attributes(in rect: Rect?, fromContentOffset: Point, toContentOffset: Point) -> [LayoutAttributes] {
        var result: [LayoutAttributes] = []
        if rect == nil { result.reserveCapacity(Swift.max(self.current.elementCount, self.target.elementCount)) }
        self.forEachAttribute(in: rect, fromContentOffset: fromContentOffset, toContentOffset: toContentOffset) {
            result.append($0)
        }
        return result
    }
}
