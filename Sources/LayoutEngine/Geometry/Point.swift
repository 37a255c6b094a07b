/// A point in a layout's content coordinates: origin top-left, y down, in points (UIKit's `CGPoint`).
public struct Point: Hashable, Sendable {
    /// The horizontal coordinate.
    public var x: Double
    /// The vertical coordinate.
    public var y: Double

    /// Creates a point.
    ///
    /// - Parameters:
    ///   - x: The horizontal coordinate.
    ///   - y: The vertical coordinate.
    public init(x: Double, y: Double) {
        self.x = x
        self.y = y
    }

    /// The origin, `(0, 0)`.
    public static let zero = Point(x: 0, y: 0)

    /// Whether both coordinates are finite (neither infinite nor NaN).
    public var isFinite: Bool { self.x.isFinite && self.y.isFinite }
}
