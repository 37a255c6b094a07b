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
    public struct Configuration: Hashable, Sendable, UniformItemSizeConfiguration {
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
}

extension LineLayout: StripKind {
    static var kind: LayoutKind { .line }
    static var defaultConfiguration: Configuration { Configuration() }
    static var readsOverrides: Bool { true }

    static func effects(_ configuration: Configuration) throws(LayoutError) -> ElementEffects {
        guard configuration.activeDistance > 0, configuration.activeDistance < .infinity else {
            throw .invalidParameter(name: "activeDistance", section: nil)
        }
        guard configuration.scaleFactor.isFinite else { throw .invalidParameter(name: "scaleFactor", section: nil) }
        return .line(activeDistance: configuration.activeDistance, scaleFactor: configuration.scaleFactor)
    }

    static func wrap(_ configuration: Configuration) -> LayoutConfiguration { .line(configuration) }

    /// Builds the sections of a horizontal strip, one after the other (`line` and `rotary`): items centred
    /// vertically, and each section's ends inset so that its first and last items can be centred.
    struct StripBuilder<Kind: LayoutKindProtocol>: KindSectionBuilder where Kind.Configuration: StripConfiguration {
        let input: LayoutInput
        let configuration: Kind.Configuration
        /// Whether sections' overrides of the item size and spacing apply (``StripKind/readsOverrides``).
        let readsOverrides: Bool
        /// What queries compute on top of the frames: `line`'s scale, `rotary`'s turn.
        let effects: ElementEffects

        var isVertical: Bool { false }

        /// Checks section `index` and builds it at `position` along x.
        ///
        /// - Throws: ``LayoutError`` for a bad item size or spacing.
        /// - Complexity: O(items of the section).
        mutating func build(_ index: Int, at position: Double) throws(LayoutError)
            -> (SectionLayout, PlainSectionRecord)
        {
            let section = self.input.sections[index]
            let overrides = self.readsOverrides ? section.overrides : SectionOverrides()
            let itemSize = overrides.itemSize ?? self.configuration.itemSize
            let spacing = overrides.minimumLineSpacing ?? self.configuration.minimumLineSpacing
            try validateSize(itemSize, name: "itemSize", section: index)
            try validateNonNegative(spacing, name: "minimumLineSpacing", section: index)
            try section.validateSizes(section: index)
            let body = Build(spacing: spacing, viewport: self.input.viewport, position: position)
            let built = section.withItemSizes(defaultSize: itemSize, body)
            return (built.0, PlainSectionRecord(length: built.1))
        }

        func assemble<Records: RandomAccessCollection<PlainSectionRecord>>(
            sections: [SectionLayout],
            records: Records,
            contentLength: Double
        ) -> PreparedLayout where Records.Index == Int {
            PreparedLayout(
                kind: Kind.kind,
                input: self.input,
                contentSize: Size(width: contentLength, height: self.input.viewport.height),
                sections: sections,
                axis: .horizontal,
                effects: self.effects,
                snapVelocityThreshold: self.configuration.flickVelocityThreshold,
                snapsToCenters: true
            )
        }
    }

    /// ``LineLayout/build(_:_:_:_:)`` over a section's sizes.
    private struct Build: ItemSizesBody {
        let spacing: Double
        let viewport: Size
        let position: Double

        func callAsFunction<Sizes: ItemSizes>(_ sizes: Sizes) -> (SectionLayout, Double) {
            LineLayout.build(sizes, self.spacing, self.viewport, self.position)
        }
    }

    fileprivate static func build<Sizes: ItemSizes>(
        _ sizes: Sizes,
        _ spacing: Double,
        _ viewport: Size,
        _ position: Double
    ) -> (SectionLayout, Double) {
        let count = sizes.count
        if sizes is UniformItemSizes, count > 0 {
            return Self.buildGrid(size: sizes[0], count: count, spacing, viewport, position)
        }
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
        return (Self.strip(SectionFrames(frames), length: x, viewport: viewport, at: position), x)
    }
}

extension LineLayout {
    /// ``build(_:_:_:_:)`` for items of one size: the frames are a ``GridGeometry`` of one item per line, each `x`
    /// the previous one plus the width and the spacing, the addition ``build(_:_:_:_:)`` makes.
    ///
    /// - Complexity: O(n) time, O(n / ``GridGeometry/checkpointStride``) memory.
    fileprivate static func buildGrid(
        size: Size,
        count: Int,
        _ spacing: Double,
        _ viewport: Size,
        _ position: Double
    ) -> (SectionLayout, Double) {
        let y = Swift.max(0, (viewport.height - size.height) * 0.5)
        let (grid, last) = GridGeometry.singleFile(
            count: count,
            size: size,
            isVertical: false,
            start: Swift.max(0, (viewport.width - size.width) * 0.5),
            step: size.width + spacing,
            u: y
        )
        var x = last
        x += size.width
        x += Swift.max(0, (viewport.width - size.width) * 0.5)
        return (Self.strip(SectionFrames(grid: grid), length: x, viewport: viewport, at: position), x)
    }
}

extension LineLayout {
    /// A strip section of `length` points starting at `position` along x, as tall as the viewport.
    fileprivate static func strip(
        _ frames: SectionFrames,
        length: Double,
        viewport: Size,
        at position: Double
    ) -> SectionLayout {
        SectionLayout(
            origin: Point(x: position, y: 0),
            frames: frames,
            header: nil,
            footer: nil,
            background: nil,
            band: Rect(x: 0, y: 0, width: length, height: viewport.height),
            body: (0, length),
            axis: .horizontal
        )
    }
}

/// A kind laid out as a horizontal strip by ``LineLayout/StripBuilder`` (`line` and `rotary`): the kind says only
/// whether sections' overrides apply and what queries add to the frames.
protocol StripKind: LayoutKindProtocol
where Builder == LineLayout.StripBuilder<Self>, Configuration: StripConfiguration {
    /// Whether sections' overrides of the item size and spacing apply (`line`, not `rotary`).
    static var readsOverrides: Bool { get }

    /// Checks the kind's own parameters, and tells what queries compute on top of the frames.
    ///
    /// - Throws: ``LayoutError/invalidParameter(name:section:)`` for a bad parameter.
    static func effects(_ configuration: Configuration) throws(LayoutError) -> ElementEffects
}

/// The parameters of a strip kind's configuration that ``LineLayout/StripBuilder`` reads.
protocol StripConfiguration {
    /// The size of items of a `count` section.
    var itemSize: Size { get }
    /// The spacing between items.
    var minimumLineSpacing: Double { get }
    /// The flick threshold of snapping to item centres.
    var flickVelocityThreshold: Double { get }
}

extension LineLayout.Configuration: StripConfiguration {}

extension StripKind {
    static func makeBuilder(_ context: consuming KindContext<Configuration>) throws(LayoutError) -> Builder {
        let configuration = context.configuration
        let effects = try Self.effects(configuration)
        try validateNonNegative(configuration.flickVelocityThreshold, name: "flickVelocityThreshold", section: nil)
        return Builder(
            input: context.input,
            configuration: configuration,
            readsOverrides: Self.readsOverrides,
            effects: effects
        )
    }
}
