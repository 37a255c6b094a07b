/// Where a `flow`, `waterfall` or `justified` layout comes to rest after scrolling
/// (``PreparedLayout/targetContentOffset(forProposedContentOffset:velocity:)``).
///
/// Every mode brings an edge to the viewport's leading edge along the scroll axis (top when scrolling vertically;
/// left, or right in right to left, when scrolling horizontally). `line` keeps its own centre snapping.
public enum SnapMode: String, Hashable, Sendable, CaseIterable {
    /// No snapping: the proposed offset is the answer. The default.
    case none
    /// The nearest item's leading edge.
    case item
    /// The nearest line's leading edge (`flow`: a line of items; `waterfall`: a row, whose start is the leading
    /// edge of its first item, the one whose index within its section is a multiple of the column count;
    /// `justified`: a row of photos).
    case line
    /// The nearest multiple of the viewport's length.
    case page
}
