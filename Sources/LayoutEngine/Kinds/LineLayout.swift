/// `HMLineLayout` (seed 000): a horizontal strip of items that grow near the viewport's centre and snap to it.
///
/// Items sit in one row, ``Configuration/minimumLineSpacing`` apart, centred vertically in the viewport. Each
/// section's left inset is `(viewport width − first item width) / 2` and its right inset
/// `(viewport width − last item width) / 2` (never negative), so that the first and last items can be centred.
/// At query time each item's scale is `1 + scaleFactor·(1 − |item centre x − viewport centre x| / activeDistance)`,
/// clamped at 0 (the seed lets it go negative), where the viewport's centre comes from the content offset.
/// ``PreparedLayout/targetContentOffset(forProposedContentOffset:velocity:)`` brings the nearest item centre to
/// the viewport's centre (see there for flicks). An empty section takes no room.
public enum LineLayout {
    /// Every parameter of a line layout; defaults are the seed's.
    public struct Configuration: Hashable, Sendable {
        /// The size of items of a `count` section (the seed's `HMItemWH`). Defaults to 100 × 100.
        public var itemSize = Size(width: 100, height: 100)
        /// The spacing between items (the seed's `0.7 × HMItemWH`). Defaults to 70.
        public var minimumLineSpacing: Double = 70
        /// The distance from the viewport's centre within which items grow (the seed's `HMActiveDistance`);
        /// must be positive. Defaults to 150.
        public var activeDistance: Double = 150
        /// How much items grow at the centre (the seed's `HMScaleFactor`). Defaults to 0.6.
        public var scaleFactor: Double = 0.6
        /// The speed, in points per second, at or above which a release is a flick that moves on to the next
        /// item in its direction instead of snapping back. Defaults to 300.
        public var flickVelocityThreshold: Double = 300

        /// Creates the default configuration.
        public init() {}
    }

    /// Prepares a line layout.
    ///
    /// - Throws: ``LayoutError`` for a bad parameter or item size.
    /// - Complexity: O(n).
    static func prepare(
        _ input: LayoutInput,
        configuration: Configuration,
        itemCount: Int
    ) throws(LayoutError) -> PreparedLayout {
        guard configuration.activeDistance > 0, configuration.activeDistance < .infinity else {
            throw .invalidParameter(name: "activeDistance", section: nil)
        }
        guard configuration.scaleFactor.isFinite else { throw .invalidParameter(name: "scaleFactor", section: nil) }
        try validateNonNegative(configuration.flickVelocityThreshold, name: "flickVelocityThreshold", section: nil)
        let (sections, length) = try Self.buildStrip(
            input,
            itemSize: configuration.itemSize,
            spacing: configuration.minimumLineSpacing
        )
        return PreparedLayout(
            kind: .line,
            input: input,
            contentSize: Size(width: length, height: input.viewport.height),
            sections: sections,
            axis: .horizontal,
            effects: .line(activeDistance: configuration.activeDistance, scaleFactor: configuration.scaleFactor),
            snapVelocityThreshold: configuration.flickVelocityThreshold
        )
    }

    /// Lays out the sections of a horizontal strip, as `line` and `rotary` share it: items `spacing` apart,
    /// centred vertically, the first and last item of each section centrable. With `readsOverrides`, a section's
    /// own item size and spacing win.
    ///
    /// - Returns: The sections and the strip's length.
    /// - Throws: ``LayoutError`` for a bad size or spacing.
    /// - Complexity: O(n).
    static func buildStrip(
        _ input: LayoutInput,
        itemSize: Size,
        spacing: Double,
        readsOverrides: Bool = true
    ) throws(LayoutError) -> ([SectionLayout], Double) {
        let viewport = input.viewport
        var sections: [SectionLayout] = []
        sections.reserveCapacity(input.sections.count)
        var position = 0.0
        for (index, section) in input.sections.enumerated() {
            let itemSize = readsOverrides ? section.overrides.itemSize ?? itemSize : itemSize
            let spacing = readsOverrides ? section.overrides.minimumLineSpacing ?? spacing : spacing
            try validateSize(itemSize, name: "itemSize", section: index)
            try validateNonNegative(spacing, name: "minimumLineSpacing", section: index)
            try section.validateSizes(section: index)
            let built: (SectionLayout, Double)
            switch section.items {
            case .count(let count):
                built = Self.build(UniformItemSizes(size: itemSize, count: count), spacing, viewport, position)
            case .sizes(let sizes):
                built = sizes.withUnsafeBufferPointer {
                    Self.build(ListedItemSizes(sizes: $0), spacing, viewport, position)
                }
            }
            sections.append(built.0)
            position += built.1
        }
        return (sections, position)
    }

    private static func build<Sizes: ItemSizes>(
        _ sizes: Sizes,
        _ spacing: Double,
        _ viewport: Size,
        _ position: Double
    ) -> (SectionLayout, Double) {
        let count = sizes.count
        var frames = [Rect](repeating: .zero, count: count)
        var x = 0.0
        if count > 0 {
            x = Swift.max(0, (viewport.width - sizes[0].width) * 0.5)
            for item in 0..<count {
                let size = sizes[item]
                let y = Swift.max(0, (viewport.height - size.height) * 0.5)
                frames[item] = Rect(x: x, y: y, width: size.width, height: size.height)
                x += size.width + (item + 1 < count ? spacing : 0)
            }
            x += Swift.max(0, (viewport.width - sizes[count - 1].width) * 0.5)
        }
        let section = SectionLayout(
            origin: Point(x: position, y: 0),
            frames: frames,
            header: nil,
            footer: nil,
            background: nil,
            band: Rect(x: 0, y: 0, width: x, height: viewport.height),
            body: (0, x),
            axis: .horizontal
        )
        return (section, x)
    }
}
