/// Distances inward from the four edges of a rectangle (UIKit's `UIEdgeInsets`).
public struct EdgeInsets: Hashable, Sendable {
    /// The inset from the top edge.
    public var top: Double
    /// The inset from the left edge.
    public var left: Double
    /// The inset from the bottom edge.
    public var bottom: Double
    /// The inset from the right edge.
    public var right: Double

    /// Creates insets, in UIKit's order: top, left, bottom, right.
    ///
    /// - Parameters:
    ///   - top: The inset from the top edge.
    ///   - left: The inset from the left edge.
    ///   - bottom: The inset from the bottom edge.
    ///   - right: The inset from the right edge.
    public init(top: Double, left: Double, bottom: Double, right: Double) {
        self.top = top
        self.left = left
        self.bottom = bottom
        self.right = right
    }

    /// Creates the same inset on every edge.
    ///
    /// - Parameter all: The inset from each edge.
    public init(all: Double) {
        self.init(top: all, left: all, bottom: all, right: all)
    }

    /// No inset at all.
    public static let zero = EdgeInsets(all: 0)

    /// Whether every inset is finite. Negative insets are allowed, as in UIKit (they reach outside the section).
    public var isFinite: Bool {
        self.top.isFinite && self.left.isFinite && self.bottom.isFinite && self.right.isFinite
    }
}
