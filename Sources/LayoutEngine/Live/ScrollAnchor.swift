/// Which visible cell a mutation keeps still on screen: the first one (`top`, the default, as UIKit and the
/// browsers' scroll anchoring do) or the last one (`bottom`, for a chat or a log).
public enum ScrollAnchoring: String, Hashable, Sendable, CaseIterable {
    /// The first visible cell keeps its leading edge's position on screen.
    case top
    /// The last visible cell keeps its trailing edge's position on screen, and a viewport that was at the end of
    /// the content (within one point) stays at the end (react-virtuoso's `followOutput`).
    case bottom
}

/// A visible cell chosen before a mutation, and where it was on screen, so the offset that keeps it there after the
/// mutation can be computed.
///
/// The scroll axis's *leading* edge is the top when scrolling vertically, the left when scrolling horizontally
/// from left to right, and the right when scrolling horizontally from right to left (the content starts there).
/// With ``ScrollAnchoring/top`` the anchor is, among the cells that survive the mutation and intersect the visible
/// rect, the one with the lowest index path whose frame crosses the visible rect's leading edge along the scroll
/// axis, else the lowest visible one; its leading side's distance from that edge is kept. With
/// ``ScrollAnchoring/bottom`` it is the highest index path crossing the trailing edge, else the highest visible
/// one, and its trailing side is kept.
struct ScrollAnchor {
    /// The anchor's index path before the mutation; `nil` when no cell that stays is visible.
    var indexPath: IndexPath?
    /// The anchor's kept side minus the offset along the scroll axis, before the mutation.
    var onScreen: Double
    /// Whether the viewport was at the end of the content (within one point) before the mutation.
    var wasAtEnd: Bool
    /// The anchoring it was found for.
    var anchoring: ScrollAnchoring
    /// The scroll axis of the layout it was found in.
    var axis: Axis

    /// Finds the anchor of `layout` seen at `contentOffset`, among the cells `survives` accepts.
    ///
    /// - Complexity: O(log n + k) for the k elements in the viewport.
    static func find(
        in layout: PreparedLayout,
        at contentOffset: Point,
        anchoring: ScrollAnchoring,
        survives: (IndexPath) -> Bool
    ) -> ScrollAnchor {
        let isVertical = layout.axis == .vertical
        let startsAtMax = !isVertical && layout.isMirrored
        let offset = isVertical ? contentOffset.y : contentOffset.x
        let length = isVertical ? layout.viewport.height : layout.viewport.width
        // The edge the anchor is taken at, and whether that edge is the larger coordinate of the visible rect.
        let usesMax = startsAtMax == (anchoring == .top)
        let edge = usesMax ? offset + length : offset
        var crossing: LayoutAttributes?
        var visible: LayoutAttributes?
        let prefersLow = anchoring == .top
        func better(_ candidate: LayoutAttributes, than current: LayoutAttributes?) -> Bool {
            guard let current else { return true }
            return prefersLow ? candidate.indexPath < current.indexPath : candidate.indexPath > current.indexPath
        }
        layout.forEachAttribute(in: Rect(origin: contentOffset, size: layout.viewport), contentOffset: contentOffset) {
            attributes in
            guard attributes.category == .cell, survives(attributes.indexPath) else { return }
            let low = isVertical ? attributes.frame.minY : attributes.frame.minX
            let high = isVertical ? attributes.frame.maxY : attributes.frame.maxX
            let crosses = usesMax ? low < edge && edge <= high : low <= edge && edge < high
            if crosses, better(attributes, than: crossing) { crossing = attributes }
            if better(attributes, than: visible) { visible = attributes }
        }
        let maximum = Swift.max(0, (isVertical ? layout.contentSize.height : layout.contentSize.width) - length)
        var onScreen = 0.0
        if let anchor = crossing ?? visible {
            let low = isVertical ? anchor.frame.minY : anchor.frame.minX
            let high = isVertical ? anchor.frame.maxY : anchor.frame.maxX
            onScreen = (usesMax ? high : low) - offset
        }
        return ScrollAnchor(
            indexPath: (crossing ?? visible)?.indexPath,
            onScreen: onScreen,
            wasAtEnd: startsAtMax ? offset <= 1 : offset >= maximum - 1,
            anchoring: anchoring,
            axis: layout.axis
        )
    }

    /// The content offset that shows the anchor, now at `newIndexPath` in `layout`, where it was; clamped to
    /// `[0, max(0, contentLength − viewportLength)]` along the scroll axis, the other coordinate unchanged. With
    /// ``ScrollAnchoring/bottom`` and a viewport that was at the end, the end. Without an anchor (`nil`), the
    /// offset is only clamped. When `layout` scrolls along another axis than the layout the anchor was found in
    /// (a transition from a vertical layout to a horizontal one), the anchor's kept side goes to the visible rect's
    /// edge, and the other coordinate is clamped to `layout`'s content across its scroll axis as well.
    ///
    /// - Complexity: O(log n).
    func contentOffset(in layout: PreparedLayout, newIndexPath: IndexPath?, from contentOffset: Point) -> Point {
        let isVertical = layout.axis == .vertical
        let startsAtMax = !isVertical && layout.isMirrored
        let current = isVertical ? contentOffset.y : contentOffset.x
        let length = isVertical ? layout.viewport.height : layout.viewport.width
        let maximum = Swift.max(0, (isVertical ? layout.contentSize.height : layout.contentSize.width) - length)
        var target: Double
        if self.anchoring == .bottom, self.wasAtEnd {
            target = startsAtMax ? 0 : maximum
        } else if let newIndexPath,
            let moved = layout.attributesForItem(at: newIndexPath, contentOffset: contentOffset)
        {
            let usesMax = startsAtMax == (self.anchoring == .top)
            let side =
                usesMax
                ? (isVertical ? moved.frame.maxY : moved.frame.maxX)
                : (isVertical ? moved.frame.minY : moved.frame.minX)
            let onScreen = self.axis == layout.axis ? self.onScreen : (usesMax ? length : 0)
            target = side - onScreen
        } else {
            target = current
        }
        target = Swift.min(maximum, Swift.max(0, target))
        var cross = isVertical ? contentOffset.x : contentOffset.y
        if self.axis != layout.axis {
            let crossLength = isVertical ? layout.viewport.width : layout.viewport.height
            let crossContent = isVertical ? layout.contentSize.width : layout.contentSize.height
            cross = Swift.min(Swift.max(0, crossContent - crossLength), Swift.max(0, cross))
        }
        return isVertical ? Point(x: cross, y: target) : Point(x: target, y: cross)
    }
}

extension LiveLayout {
    /// The content offset that keeps the anchor of `old` seen at `contentOffset` still in `new`, for a change that
    /// keeps every item at its index path (a transition to another layout, a new viewport, new sizes).
    ///
    /// The anchor is chosen as ``ScrollAnchoring`` describes; the result is clamped to `new`'s content along the
    /// scroll axis (`[0, max(0, contentLength − viewportLength)]`), and the other coordinate is kept. Without a
    /// visible cell the offset is only clamped.
    ///
    /// - Parameters:
    ///   - old: The layout before the change.
    ///   - new: The layout after it.
    ///   - contentOffset: The offset before the change.
    ///   - anchoring: Which visible cell to keep still. Defaults to ``ScrollAnchoring/top``.
    /// - Returns: The offset to show after the change.
    /// - Complexity: O(log n + k) for the k elements in `old`'s viewport.
    public static func anchoredContentOffset(
        from old: PreparedLayout,
        to new: PreparedLayout,
        contentOffset: Point,
        anchoring: ScrollAnchoring = .top
    ) -> Point {
        let anchor = ScrollAnchor.find(in: old, at: contentOffset, anchoring: anchoring) { _ in true }
        return anchor.contentOffset(in: new, newIndexPath: anchor.indexPath, from: contentOffset)
    }
}

extension LayoutConfiguration {
    /// Which visible cell mutations keep still on screen: the kind's `anchor` parameter (`flow`, `waterfall`,
    /// `compositional`), ``ScrollAnchoring/top`` for the other kinds.
    public var anchoring: ScrollAnchoring { Self.anchoring(of: self.kindType, self) }

    private static func anchoring<Kind: LayoutKindProtocol>(
        of kind: Kind.Type,
        _ configuration: LayoutConfiguration
    ) -> ScrollAnchoring {
        Kind.anchoring(Kind.unwrap(configuration))
    }
}
