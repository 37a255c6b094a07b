/// Why the engine refused an input. Every case names where the problem is, so the service can point at the field.
///
/// `section` is the section's index; `nil` means the layout's own configuration. `item` is the item's index within
/// its section.
public enum LayoutError: Error, Hashable, Sendable {
    /// The viewport's width or height is negative, infinite or NaN.
    case invalidViewport
    /// The content offset has an infinite or NaN coordinate.
    case invalidContentOffset
    /// A section declared a negative item count.
    case negativeItemCount(section: Int)
    /// An item's size is negative, infinite or NaN (for `waterfall`, also a zero width: its aspect is undefined).
    case invalidItemSize(section: Int, item: Int)
    /// A section's header size is negative, infinite or NaN.
    case invalidHeaderSize(section: Int)
    /// A section's footer size is negative, infinite or NaN.
    case invalidFooterSize(section: Int)
    /// A configuration parameter is out of range (a negative spacing, a non-finite inset, …).
    case invalidParameter(name: String, section: Int?)
    /// A waterfall's column count is below 1 or above ``LayoutLimits/maximumColumnCount``.
    case invalidColumnCount(section: Int?, columnCount: Int)
    /// A waterfall's columns do not fit its width: the column width would be zero or negative.
    case columnsDoNotFit(section: Int, columnCount: Int)
    /// An index path names no item of the layout (an invalidation context resizing an item that does not exist).
    case noSuchItem(section: Int, item: Int)
    /// An invalidation context measures a supplementary view the layout does not have or does not measure: no
    /// such section, no header, footer or boundary supplementary of that kind in it, or a kind that measures no
    /// supplementary views (every kind but `compositional`, `flow` and `waterfall`).
    case noSuchSupplementary(kind: ElementKind, section: Int, item: Int)
    /// The input has more items than ``LayoutLimits/maximumItemCount``.
    case tooManyItems(count: Int, limit: Int)
    /// A transition's progress is NaN (other values are clamped to 0…1).
    case invalidProgress
    /// An index path names no item (or, as a move's destination, no place an item can go).
    case indexPathOutOfRange(section: Int, item: Int)
}
