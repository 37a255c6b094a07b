/// What a kind computes at query time, from the content offset or the item's index, on top of stored frames.
enum ElementEffects: Hashable, Sendable {
    /// Nothing: stored frames are the answer.
    case none
    /// `flow`'s pinned headers and footers (`sectionHeadersPinToVisibleBounds`, `sectionFootersPinToVisibleBounds`).
    case pinning(headers: Bool, footers: Bool)
    /// `line`'s scale: `max(0, 1 + scaleFactor·(1 − |item centre x − viewport centre x| / activeDistance))`.
    case line(activeDistance: Double, scaleFactor: Double)
    /// `stack`'s rotations: item i < count gets `transforms[i]`, the rest are hidden; zIndex = item count − item.
    case stack(transforms: [AffineTransform])
    /// `circle`'s stacking: zIndex = item.
    case circle
    /// `compositional`'s per-section pinning, zIndexes and orthogonal scrolling.
    case compositional(CompositionalEffects)

    /// The zIndex UIKit gives headers and footers that may float above the cells.
    static let pinnedZIndex = 1024
    /// The zIndex of background decorations: below the cells.
    static let backgroundZIndex = -1
}
