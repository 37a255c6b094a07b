/// A supplementary view named by its kind and index path, as UIKit's `invalidateSupplementaryElements(ofKind:at:)`
/// names it; a section's header and footer are at item 0 of their section.
public struct SupplementaryIndexPath: Hashable, Sendable, Comparable {
    /// The view's kind.
    public var kind: ElementKind
    /// The view's index path: its section, and 0 for a section's header or footer.
    public var indexPath: IndexPath

    /// Names a supplementary view.
    ///
    /// - Parameters:
    ///   - kind: The view's kind.
    ///   - indexPath: The view's index path.
    public init(kind: ElementKind, indexPath: IndexPath) {
        self.kind = kind
        self.indexPath = indexPath
    }

    /// Orders by index path, then by kind name.
    public static func < (lhs: Self, rhs: Self) -> Bool {
        (lhs.indexPath, lhs.kind.rawValue) < (rhs.indexPath, rhs.kind.rawValue)
    }
}

/// What changed, for ``LiveLayout/invalidate(_:)`` (UIKit's `UICollectionViewLayoutInvalidationContext`).
public struct InvalidationContext: Hashable, Sendable {
    /// New sizes of items the client measured (self-sizing cells), by their index path. What a size means is the
    /// kind's, as in ``SectionInput/Items/sizes(_:)``. Defaults to none.
    public var itemSizes: [IndexPath: Size]
    /// New sizes of supplementary views the client measured (self-sizing headers and footers), by their kind and
    /// index path: `compositional` boundary supplementaries (their estimated dimensions take the measured lengths;
    /// see ``SectionInput/header``) and the headers and footers a `flow` or `waterfall` section has are measured;
    /// every other kind refuses them. Defaults to none.
    public var supplementarySizes: [SupplementaryIndexPath: Size]
    /// The collection view's new bounds size, or `nil` if it did not change. Defaults to `nil`.
    public var viewport: Size?
    /// Whether to recompute everything (`invalidateLayout`). Defaults to `false`.
    public var invalidatesEverything: Bool
    /// The client's current content offset, for scroll anchoring: with it, the result carries the
    /// ``InvalidationResult/contentOffsetAdjustment`` that keeps the first visible item (the last with
    /// ``ScrollAnchoring/bottom``; see ``ScrollAnchor``) where the user sees it. Defaults to `nil`: no anchoring.
    public var contentOffset: Point?

    /// Creates a context.
    ///
    /// - Parameters:
    ///   - itemSizes: New sizes of measured items.
    ///   - supplementarySizes: New sizes of measured supplementary views.
    ///   - viewport: The new bounds size, if it changed.
    ///   - invalidatesEverything: Whether to recompute everything.
    ///   - contentOffset: The current content offset, for scroll anchoring.
    public init(
        itemSizes: [IndexPath: Size] = [:],
        supplementarySizes: [SupplementaryIndexPath: Size] = [:],
        viewport: Size? = nil,
        invalidatesEverything: Bool = false,
        contentOffset: Point? = nil
    ) {
        self.itemSizes = itemSizes
        self.supplementarySizes = supplementarySizes
        self.viewport = viewport
        self.invalidatesEverything = invalidatesEverything
        self.contentOffset = contentOffset
    }
}

/// What an invalidation changed.
public struct InvalidationResult: Hashable, Sendable {
    /// The new content size minus the old.
    public var contentSizeAdjustment: Size
    /// What to add to the context's ``InvalidationContext/contentOffset`` so that the anchor visible there (the
    /// first cell, or the last with ``ScrollAnchoring/bottom``) keeps its on-screen position, clamped to the content
    /// (see ``contentOffsetAdjustment(from:to:contentOffset:)``); zero without an offset in the context or without a
    /// visible cell (with ``ScrollAnchoring/top``).
    public var contentOffsetAdjustment: Point
    /// How many cells had their frames computed again (0 when nothing that affects the layout changed).
    public var recomputedItemCount: Int
    // Only the engine makes results: the synthesized (internal) memberwise initializer serves.

    /// The scroll anchoring adjustment between two layouts of the same items.
    ///
    /// The anchor is the first visible cell of `old` at `contentOffset` (`old`'s viewport size): the lowest index
    /// path among the cells whose frame crosses the visible rect's leading edge along the scroll axis, else the
    /// lowest visible one (see ``ScrollAnchoring/top``). The adjustment moves the offset along the scroll axis by
    /// that cell's new leading coordinate minus its old one (0 on the other axis), so that it stays where the user
    /// sees it; the adjusted offset is clamped to `new`'s scrollable range (never below 0, never past the end).
    /// Without a visible cell the adjustment only clamps.
    ///
    /// - Parameters:
    ///   - old: The layout before the change.
    ///   - new: The layout after it.
    ///   - contentOffset: The content offset before the change.
    /// - Returns: What to add to `contentOffset`.
    /// - Complexity: O(log n + k) for the k elements in the viewport.
    public static func contentOffsetAdjustment(from old: PreparedLayout, to new: PreparedLayout, contentOffset: Point)
        -> Point
    {
        let adjusted = LiveLayout.anchoredContentOffset(from: old, to: new, contentOffset: contentOffset)
        return Point(x: adjusted.x - contentOffset.x, y: adjusted.y - contentOffset.y)
    }
}
