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
}

extension CircleLayout: LayoutKindProtocol {
    static var kind: LayoutKind { .circle }
    static var defaultConfiguration: Configuration { Configuration() }

    static func makeBuilder(
        _ input: LayoutInput,
        configuration: Configuration,
        limits: LayoutLimits,
        keepsRecords: Bool
    ) throws(LayoutError) -> Builder {
        try validateNonNegative(configuration.radius, name: "radius", section: nil)
        return Builder(input: input, configuration: configuration)
    }

    static func defaultItemSize(of section: SectionInput, configuration: Configuration, viewport: Size) -> Size {
        section.overrides.itemSize ?? configuration.itemSize
    }

    static func configuration(in configuration: LayoutConfiguration) -> Configuration? {
        guard case .circle(let circle) = configuration else { return nil }
        return circle
    }

    static func wrap(_ configuration: Configuration) -> LayoutConfiguration { .circle(configuration) }

    /// Places every section's items on the same circle around the viewport's centre.
    struct Builder: KindSectionBuilder {
        let input: LayoutInput
        let configuration: Configuration

        var isVertical: Bool { true }

        /// - Complexity: O(n log n): the index sorts the items by their top edge.
        mutating func build(_ index: Int, at position: Double) throws(LayoutError) -> (SectionLayout, PlainSectionRecord) {
            let center = Point(x: self.input.viewport.width * 0.5, y: self.input.viewport.height * 0.5)
            let radius = self.configuration.radius
            func place(item: Int, size: Size, count: Int) -> Rect {
                let angle = Double(item) * (2 * Double.pi / Double(count))
                let (sin, cos) = Trigonometry.sinCos(angle)
                let x = center.x + radius * cos
                let y = center.y - radius * sin
                return Rect(x: x - size.width * 0.5, y: y - size.height * 0.5, width: size.width, height: size.height)
            }
            return try CenteredSections.build(
                self.input,
                section: index,
                itemSize: self.configuration.itemSize,
                sorts: true,
                place: place
            )
        }

        func assemble(sections: [SectionLayout], records: [PlainSectionRecord], contentLength: Double)
            -> PreparedLayout
        {
            CenteredSections.assemble(.circle, input: self.input, sections: sections, effects: .circle)
        }
    }
}
