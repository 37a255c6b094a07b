/// Everything a layout depends on apart from its configuration: the collection view's bounds and its data.
public struct LayoutInput: Hashable, Sendable {
    /// The collection view's bounds size. Defaults to 375 × 667.
    public var viewport: Size
    /// The collection view's bounds origin. Only scroll-dependent attributes (the line layout's scale, pinned
    /// headers) use it; queries take their own offset. Defaults to `(0, 0)`.
    public var contentOffset: Point
    /// The writing direction; ``LayoutDirection/rightToLeft`` mirrors the layout. Defaults to left to right.
    public var layoutDirection: LayoutDirection
    /// The sections, in order.
    public var sections: [SectionInput]
    /// The parts of the viewport that bars and notches cover (UIKit's `safeAreaInsets`); insets that follow the
    /// device measure from them. Defaults to zero.
    public var safeAreaInsets: EdgeInsets = .zero
    /// The margins of the collection view's content (UIKit's `layoutMargins`, measured inside the safe area as
    /// with `insetsLayoutMarginsFromSafeArea`). Defaults to UIKit's 8 points on every edge.
    public var layoutMargins: EdgeInsets = LayoutInput.defaultLayoutMargins
    /// The width of UIKit's readable content guide, centred in the viewport; `nil` means the width inside the
    /// layout margins.
    public var readableContentWidth: Double?

    /// UIKit's default `layoutMargins` of a view: 8 points on every edge.
    public static let defaultLayoutMargins = EdgeInsets(top: 8, left: 8, bottom: 8, right: 8)

    /// Creates an input.
    ///
    /// - Parameters:
    ///   - viewport: The collection view's bounds size.
    ///   - contentOffset: The collection view's bounds origin.
    ///   - layoutDirection: The writing direction.
    ///   - sections: The sections, in order.
    public init(
        viewport: Size = Size(width: 375, height: 667),
        contentOffset: Point = .zero,
        layoutDirection: LayoutDirection = .leftToRight,
        sections: [SectionInput]
    ) {
        self.viewport = viewport
        self.contentOffset = contentOffset
        self.layoutDirection = layoutDirection
        self.sections = sections
    }

    /// Checks what every kind needs: a valid viewport and offset, valid counts, and a bounded total.
    ///
    /// - Parameter limits: The bounds to enforce.
    /// - Returns: The total number of items.
    /// - Throws: ``LayoutError``.
    /// - Complexity: O(number of sections).
    func validate(limits: LayoutLimits) throws(LayoutError) -> Int {
        guard self.viewport.isValid else { throw .invalidViewport }
        guard self.contentOffset.isFinite else { throw .invalidContentOffset }
        var total = 0
        for (index, section) in self.sections.enumerated() {
            let count = section.itemCount
            guard count >= 0 else { throw .negativeItemCount(section: index) }
            guard count <= limits.maximumItemCount - total else {
                throw .tooManyItems(count: total &+ count, limit: limits.maximumItemCount)
            }
            total += count
            if let header = section.header, !header.isValid { throw .invalidHeaderSize(section: index) }
            if let footer = section.footer, !footer.isValid { throw .invalidFooterSize(section: index) }
        }
        return total
    }
}
