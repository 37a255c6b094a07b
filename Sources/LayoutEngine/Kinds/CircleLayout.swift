/// `HMCircleLayout` (seed 000) and `CustomCircleLayout` (seed 002): items evenly spaced on a circle.
///
/// Item i of n sits at angle `a = i·2π/n`, centred at `(cx + r·cos a, cy − r·sin a)` around the viewport's centre
/// `(cx, cy)`; zIndex = i. The content size is the viewport's. Every section has its own circle of its own items,
/// at the same place, as the seed's `layoutAttributesForItemAtIndexPath:` does. Angles are computed in double
/// precision (seed 000 used `cosf`/`sinf`).
public enum CircleLayout {
    /// Every parameter of a circle layout; defaults are the seeds'.
    public struct Configuration: Hashable, Sendable, UniformItemSizeConfiguration {
        /// The size of items of a `count` section. Defaults to 50 × 50.
        public var itemSize = Size(width: 50, height: 50)
        /// The circle's radius. Defaults to 70.
        public var radius: Double = 70

        /// Creates the default configuration.
        public init() {}
    }
}

extension CircleLayout: CenteredSectionsKind {
    static var kind: LayoutKind { .circle }
    static var defaultConfiguration: Configuration { Configuration() }

    static func placement(_ configuration: Configuration) throws(LayoutError)
        -> (shape: CenteredSections.Builder.Shape, effects: ElementEffects)
    {
        try validateNonNegative(configuration.radius, name: "radius", section: nil)
        return (.circle(radius: configuration.radius), .circle)
    }

    static func wrap(_ configuration: Configuration) -> LayoutConfiguration { .circle(configuration) }

    /// The frame of item `item` of `count`, of `size`, on the circle of `radius` around `center`.
    static func frame(item: Int, of size: Size, count: Int, around center: Point, radius: Double) -> Rect {
        let angle = Double(item) * (2 * Double.pi / Double(count))
        let (sin, cos) = Trigonometry.sinCos(angle)
        let x = center.x + radius * cos
        let y = center.y - radius * sin
        return Rect(x: x - size.width * 0.5, y: y - size.height * 0.5, width: size.width, height: size.height)
    }
}
