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
        func offset(along axis: Axis) -> Double {
            let vertical = axis == .vertical
            return Self.offset(
                vertical ? position.vertical : position.horizontal,
                showing: axis.leading(frame)...axis.trailing(frame),
                current: axis.coordinate(current),
                viewportLength: vertical ? self.viewport.height : self.viewport.width,
                insets: vertical ? (contentInset.top, contentInset.bottom) : (contentInset.left, contentInset.right),
                contentLength: vertical ? self.contentSize.height : self.contentSize.width
            )
        }
        let y = offset(along: .vertical)
        let x = offset(along: .horizontal)
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
