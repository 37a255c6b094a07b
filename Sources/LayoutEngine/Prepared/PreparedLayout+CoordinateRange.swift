/// Where a prepared layout leaves the range of coordinates the service promises (±1e9 points).
public struct CoordinateRangeOverflow: Hashable, Sendable {
    /// The first section whose extent passes the range, or `nil` when only the content size does (its insets).
    public var section: Int?
    /// The coordinate that passes the range furthest from 0 along the offending axis.
    public var coordinate: Double
}

extension PreparedLayout {
    /// The coordinates the wire contract allows: every element and the content size stay within ±1e9 points.
    public static let coordinateLimit = 1e9

    /// Finds where this layout passes ±`limit` points, or `nil` when it stays inside.
    ///
    /// Checks the content size and each section's extent (which contains every element of the section, its insets
    /// and pinned supplementaries included), never the elements one by one: a layout whose coordinates grow with its
    /// items passes the range in the section that holds them. Transforms applied at query time (scale, rotation
    /// about the centre) are not counted.
    ///
    /// - Parameter limit: The bound, in points. Defaults to ``coordinateLimit``.
    /// - Returns: The first section that passes it (`nil` section when only the content size does), or `nil`.
    /// - Complexity: O(number of sections).
    public func coordinateRangeOverflow(limit: Double = PreparedLayout.coordinateLimit) -> CoordinateRangeOverflow? {
        for (index, section) in self.sections.enumerated() {
            let extent = section.absoluteExtent
            let furthest = Swift.max(-extent.minX, extent.maxX, -extent.minY, extent.maxY)
            if !(furthest <= limit) {
                let coordinate = [extent.minX, extent.maxX, extent.minY, extent.maxY].max { abs($0) < abs($1) } ?? 0
                return CoordinateRangeOverflow(section: index, coordinate: coordinate)
            }
        }
        let furthest = Swift.max(self.contentSize.width, self.contentSize.height)
        guard furthest <= limit else { return CoordinateRangeOverflow(section: nil, coordinate: furthest) }
        return nil
    }
}
