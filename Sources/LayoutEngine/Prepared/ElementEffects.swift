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
    /// `cover`'s pinning, shrinking and dimming of cards past the top line (see ``CoverEffects``); `firstItems`
    /// holds the number of items before each section, so that zIndex counts items across sections.
    case cover(CoverEffects, firstItems: [Int])
    /// `rotary`'s 3-D turn, scale and fade of cards away from the viewport's centre (see ``RotaryEffects``).
    case rotary(RotaryEffects)
    /// `pagecover`'s page turn: the page after the one under the viewport's leading edge stays put beneath it.
    case pageCover(pageWidth: Double, maximumOffset: Double)
    /// `justified`'s left-out items: in section s, items from `shownItemCounts[s]` on are hidden. `widowCount` is
    /// the sum of the sections' widow counts, which ``PreparedLayout/widowCount`` tells.
    case justified(shownItemCounts: [Int], widowCount: Int)
    /// `compositional`'s per-section pinning, zIndexes and orthogonal scrolling.
    case compositional(CompositionalEffects)

    /// How far, along the scroll axis, a cell may be drawn before (`before`) or after (`after`) its stored frame.
    ///
    /// Rect queries widen their search of the stored frames by these amounts, then test where each candidate is
    /// drawn; prepared sections include them in their extents. Zero for every kind whose cells stay in place.
    var drift: (before: Double, after: Double) {
        switch self {
        case .cover(let cover, _): return (0, cover.maximumLength + cover.falloff.spacing)
        case .pageCover(let pageWidth, _): return (pageWidth, 0)
        case .none, .pinning, .line, .stack, .circle, .rotary, .justified, .compositional: return (0, 0)
        }
    }

    /// The zIndex UIKit gives headers and footers that may float above the cells.
    static let pinnedZIndex = 1024
    /// The zIndex of background decorations: below the cells.
    static let backgroundZIndex = -1
}
