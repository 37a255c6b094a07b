/// A width and a height, in points (UIKit's `CGSize`).
public struct Size: Hashable, Sendable {
    /// The horizontal extent.
    public var width: Double
    /// The vertical extent.
    public var height: Double

    /// Creates a size.
    ///
    /// - Parameters:
    ///   - width: The horizontal extent.
    ///   - height: The vertical extent.
    public init(width: Double, height: Double) {
        self.width = width
        self.height = height
    }

    /// The empty size, `0 × 0`.
    public static let zero = Size(width: 0, height: 0)

    /// Whether both extents are finite and not negative: the only sizes a layout accepts.
    ///
    /// NaN fails both comparisons, so it is refused too.
    public var isValid: Bool {
        self.width >= 0 && self.width < .infinity && self.height >= 0 && self.height < .infinity
    }
}
