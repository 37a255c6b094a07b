/// A rectangle: an origin and a size, in points (UIKit's `CGRect`, always standardized: sizes are not negative).
public struct Rect: Hashable, Sendable {
    /// The top-left corner.
    public var origin: Point
    /// The extent.
    public var size: Size

    /// Creates a rectangle from its origin and size.
    ///
    /// - Parameters:
    ///   - origin: The top-left corner.
    ///   - size: The extent.
    public init(origin: Point, size: Size) {
        self.origin = origin
        self.size = size
    }

    /// Creates a rectangle from its four components.
    ///
    /// - Parameters:
    ///   - x: The left edge.
    ///   - y: The top edge.
    ///   - width: The horizontal extent.
    ///   - height: The vertical extent.
    public init(x: Double, y: Double, width: Double, height: Double) {
        self.origin = Point(x: x, y: y)
        self.size = Size(width: width, height: height)
    }

    /// The empty rectangle at the origin.
    public static let zero = Rect(x: 0, y: 0, width: 0, height: 0)

    /// The horizontal extent.
    public var width: Double { self.size.width }
    /// The vertical extent.
    public var height: Double { self.size.height }
    /// The left edge.
    public var minX: Double { self.origin.x }
    /// The top edge.
    public var minY: Double { self.origin.y }
    /// The right edge.
    public var maxX: Double { self.origin.x + self.size.width }
    /// The bottom edge.
    public var maxY: Double { self.origin.y + self.size.height }
    /// The horizontal centre.
    public var midX: Double { self.origin.x + self.size.width * 0.5 }
    /// The vertical centre.
    public var midY: Double { self.origin.y + self.size.height * 0.5 }
    /// The centre point.
    public var center: Point { Point(x: self.midX, y: self.midY) }

    /// Whether the two rectangles overlap with a positive area.
    ///
    /// Rectangles that only share an edge do not intersect, and an empty rectangle intersects another only when it
    /// lies strictly inside it. This is the test behind every rect query.
    ///
    /// - Parameter other: The rectangle to test against.
    /// - Returns: `true` when the open interiors overlap on both axes.
    /// - Complexity: O(1).
    public func intersects(_ other: Rect) -> Bool {
        self.minX < other.maxX && other.minX < self.maxX && self.minY < other.maxY && other.minY < self.maxY
    }

    /// The smallest rectangle containing both rectangles.
    ///
    /// - Parameter other: The rectangle to include.
    /// - Returns: The union of the two.
    /// - Complexity: O(1).
    public func union(_ other: Rect) -> Rect {
        let minX = Swift.min(self.minX, other.minX)
        let minY = Swift.min(self.minY, other.minY)
        let maxX = Swift.max(self.maxX, other.maxX)
        let maxY = Swift.max(self.maxY, other.maxY)
        return Rect(x: minX, y: minY, width: maxX - minX, height: maxY - minY)
    }

    /// The rectangle moved by `dx` and `dy`.
    ///
    /// - Parameters:
    ///   - dx: The horizontal distance.
    ///   - dy: The vertical distance.
    /// - Returns: The moved rectangle.
    /// - Complexity: O(1).
    public func offsetBy(dx: Double, dy: Double) -> Rect {
        Rect(x: self.origin.x + dx, y: self.origin.y + dy, width: self.size.width, height: self.size.height)
    }

    /// Whether every component is finite and the size is not negative.
    public var isValid: Bool { self.origin.isFinite && self.size.isValid }
}
