/// `HMCircleLayout` (seed 000) and `CustomCircleLayout` (seed 002): items evenly spaced on a circle.
///
/// Item i of n sits at angle `a = i·2π/n`, centred at `(cx + r·cos a, cy − r·sin a)` around the viewport's centre
/// `(cx, cy)`; zIndex = i. The content size is the viewport's. Every section has its own circle of its own items,
/// at the same place, as the seed's `layoutAttributesForItemAtIndexPath:` does. Angles are computed in double
/// precision (seed 000 used `cosf`/`sinf`).
public enum CircleLayout {
    /// Every parameter of a circle layout; defaults are the seeds'.
    public struct Configuration: Hashable, Sendable {
        /// The size of items of a `count` section. Defaults to 50 × 50.
        public var itemSize = Size(width: 50, height: 50)
        /// The circle's radius. Defaults to 70.
        public var radius: Double = 70

        /// Creates the default configuration.
        public init() {}
    }

    /// Prepares a circle layout.
    ///
    /// - Throws: ``LayoutError`` for a bad parameter or item size.
    /// - Complexity: O(n log n): the index sorts the items by their top edge.
    static func prepare(
        _ input: LayoutInput,
        configuration: Configuration,
        itemCount: Int
    ) throws(LayoutError) -> PreparedLayout {
        try validateNonNegative(configuration.radius, name: "radius", section: nil)
        let center = Point(x: input.viewport.width * 0.5, y: input.viewport.height * 0.5)
        let radius = configuration.radius
        func place(item: Int, size: Size, count: Int) -> Rect {
            let angle = Double(item) * (2 * Double.pi / Double(count))
            let (sin, cos) = Trigonometry.sinCos(angle)
            let x = center.x + radius * cos
            let y = center.y - radius * sin
            return Rect(x: x - size.width * 0.5, y: y - size.height * 0.5, width: size.width, height: size.height)
        }
        let sections = try CenteredSections.build(input, itemSize: configuration.itemSize, sorts: true, place: place)
        return PreparedLayout(
            kind: .circle,
            input: input,
            contentSize: input.viewport,
            sections: sections,
            axis: .vertical,
            effects: .circle
        )
    }
}
