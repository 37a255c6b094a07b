/// Where scrolling to an element brings it, one choice per axis: UIKit's `UICollectionView.ScrollPosition`, plus
/// TanStack Virtual's `auto` as ``Alignment/nearest``.
///
/// UIKit's names map to ``Alignment`` on their axis: `top` and `left` are ``Alignment/leading``, `centeredVertically`
/// and `centeredHorizontally` ``Alignment/center``, `bottom` and `right` ``Alignment/trailing``. `left` and `right`
/// are physical edges in right to left too, as in UIKit. An axis with no choice keeps its offset (clamped to the
/// content).
public struct ScrollPosition: Hashable, Sendable {
    /// Where the element goes along one axis.
    public enum Alignment: Hashable, Sendable {
        /// Its leading edge (top, left) at the visible area's leading edge.
        case leading
        /// Its centre at the visible area's centre.
        case center
        /// Its trailing edge (bottom, right) at the visible area's trailing edge.
        case trailing
        /// No movement when it is wholly visible; otherwise the least movement that shows it, its leading edge
        /// first when it is larger than the visible area.
        case nearest
    }

    /// The choice on the y axis, or `nil` to keep the offset's y.
    public var vertical: Alignment?
    /// The choice on the x axis, or `nil` to keep the offset's x.
    public var horizontal: Alignment?

    /// Creates a position from a choice per axis.
    public init(vertical: Alignment? = nil, horizontal: Alignment? = nil) {
        self.vertical = vertical
        self.horizontal = horizontal
    }
}

extension ScrollPosition.Alignment {
    /// The offset along one axis that puts the element spanning `elementMin...elementMax` where this alignment
    /// says, clamped to the scrollable range `[−insetLeading, max(−insetLeading, contentLength + insetTrailing −
    /// viewportLength)]`, UIKit's range with an adjusted content inset.
    ///
    /// - Parameters:
    ///   - elementMin: The element's leading coordinate.
    ///   - elementMax: The element's trailing coordinate.
    ///   - current: The offset now, which ``nearest`` keeps when it can.
    ///   - viewportLength: The viewport's length on this axis.
    ///   - insetLeading: The content inset before the visible area (top or left).
    ///   - insetTrailing: The content inset after it (bottom or right).
    ///   - contentLength: The content's length on this axis.
    /// - Complexity: O(1).
    public func offset(
        showing elementMin: Double,
        to elementMax: Double,
        current: Double,
        viewportLength: Double,
        insetLeading: Double,
        insetTrailing: Double,
        contentLength: Double
    ) -> Double {
        let visibleLength = viewportLength - insetLeading - insetTrailing
        let leading = elementMin - insetLeading
        let trailing = elementMax - viewportLength + insetTrailing
        let target: Double
        switch self {
        case .leading: target = leading
        case .trailing: target = trailing
        case .center: target = (elementMin + elementMax) / 2 - insetLeading - visibleLength / 2
        case .nearest:
            let visibleMin = current + insetLeading
            let visibleMax = current + viewportLength - insetTrailing
            if elementMin >= visibleMin, elementMax <= visibleMax {
                target = current
            } else if elementMax - elementMin > visibleLength || elementMin < visibleMin {
                target = leading
            } else {
                target = trailing
            }
        }
        return Self.clamp(
            target,
            viewportLength: viewportLength,
            insetLeading: insetLeading,
            insetTrailing: insetTrailing,
            contentLength: contentLength
        )
    }

    /// `offset` clamped to the scrollable range (see
    /// ``offset(showing:to:current:viewportLength:insetLeading:insetTrailing:contentLength:)``).
    public static func clamp(
        _ offset: Double,
        viewportLength: Double,
        insetLeading: Double,
        insetTrailing: Double,
        contentLength: Double
    ) -> Double {
        let lower = -insetLeading
        let upper = Swift.max(lower, contentLength + insetTrailing - viewportLength)
        return Swift.min(upper, Swift.max(lower, offset))
    }
}
