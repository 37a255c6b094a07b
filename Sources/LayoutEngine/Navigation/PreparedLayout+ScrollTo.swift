extension PreparedLayout {
    /// The content offset that shows an element with the given frame where `position` says:
    /// `scrollToItem(at:at:animated:)`'s arithmetic.
    ///
    /// The visible area is the viewport less `contentInset` (UIKit's adjusted content inset). Pinned headers do not
    /// change the answer, as in UIKit. Each axis is clamped to the scrollable range, also an axis `position` leaves
    /// alone.
    ///
    /// - Parameters:
    ///   - frame: The element's frame, e.g. from ``attributesForItem(at:contentOffset:orthogonalOffsets:)``.
    ///   - position: Where to bring it, per axis.
    ///   - contentInset: The inset around the visible area. Defaults to none.
    ///   - current: The offset now: kept on an axis without a choice, and by ``ScrollPosition/Alignment/nearest``
    ///     when the element is already wholly visible.
    /// - Returns: The content offset to scroll to.
    /// - Complexity: O(1).
    public func contentOffset(
        showing frame: Rect,
        at position: ScrollPosition,
        contentInset: EdgeInsets = EdgeInsets(all: 0),
        from current: Point
    ) -> Point {
        let y = Self.offset(
            position.vertical,
            showing: frame.minY...frame.maxY,
            current: current.y,
            viewportLength: self.viewport.height,
            insets: (contentInset.top, contentInset.bottom),
            contentLength: self.contentSize.height
        )
        let x = Self.offset(
            position.horizontal,
            showing: frame.minX...frame.maxX,
            current: current.x,
            viewportLength: self.viewport.width,
            insets: (contentInset.left, contentInset.right),
            contentLength: self.contentSize.width
        )
        return Point(x: x, y: y)
    }

    /// One axis of ``contentOffset(showing:at:contentInset:from:)`` (and of an orthogonal section's offset):
    /// `alignment`'s offset, or without one the current offset clamped.
    static func offset(
        _ alignment: ScrollPosition.Alignment?,
        showing element: ClosedRange<Double>,
        current: Double,
        viewportLength: Double,
        insets: (leading: Double, trailing: Double),
        contentLength: Double
    ) -> Double {
        guard let alignment else {
            return ScrollPosition.Alignment.clamp(
                current,
                viewportLength: viewportLength,
                insetLeading: insets.leading,
                insetTrailing: insets.trailing,
                contentLength: contentLength
            )
        }
        return alignment.offset(
            showing: element.lowerBound,
            to: element.upperBound,
            current: current,
            viewportLength: viewportLength,
            insetLeading: insets.leading,
            insetTrailing: insets.trailing,
            contentLength: contentLength
        )
    }
}
