/// Seed 004's 卡片覆盖 (card cover): a list of cards where each card, reaching the top, stays there and is covered
/// by the next.
///
/// Cards are stacked along the scroll axis, ``Configuration/minimumLineSpacing`` apart, inside each section's
/// ``Configuration/sectionInset``; sections follow one another. The top line is the content offset plus the top
/// inset (the left inset scrolling horizontally). At query time a card whose natural leading edge has passed the
/// top line is pinned to it; with its covering progress `p = min(1, distance past the line / (card length +
/// spacing))` it shrinks (scale `1 − shrink·p`) and dims (alpha `1 − dim·p`), while the next card, whose zIndex is
/// one higher (items are counted across sections), slides over it. A fully covered card (p = 1) is hidden and
/// left at its natural place, so that it scrolls away with the content. Snapping brings the nearest card's natural
/// leading edge to the top line. Section overrides are not read.
public enum CoverLayout {
    /// Every parameter of a cover layout.
    public struct Configuration: Hashable, Sendable {
        /// The size of cards of a `count` section; `nil` means the viewport's width less the left and right
        /// insets by 0.6 of its height (scrolling horizontally: 0.6 of its width by its height less the top and
        /// bottom insets). Defaults to `nil`.
        public var itemSize: Size?
        /// The spacing between cards. Defaults to 10.
        public var minimumLineSpacing: Double = 10
        /// The space around each section's cards. Defaults to zero.
        public var sectionInset = EdgeInsets.zero
        /// The scroll direction. Defaults to ``FlowLayout/ScrollDirection/vertical``.
        public var scrollDirection = FlowLayout.ScrollDirection.vertical
        /// The scale a fully covered card loses, 0…1. Defaults to 0.1.
        public var shrink: Double = 0.1
        /// The opacity a fully covered card loses, 0…1. Defaults to 0.4.
        public var dim: Double = 0.4
        /// The speed, in points per second, at or above which a release is a flick that moves on to the next
        /// card in its direction instead of snapping back. Defaults to 300.
        public var flickVelocityThreshold: Double = 300

        /// Creates the default configuration.
        public init() {}

        /// The size of cards of a `count` section in `viewport`: ``itemSize``, or the default it stands for.
        ///
        /// - Parameter viewport: The viewport's size.
        /// - Returns: The card size.
        public func resolvedItemSize(viewport: Size) -> Size {
            if let itemSize = self.itemSize { return itemSize }
            let inset = self.sectionInset
            switch self.scrollDirection {
            case .vertical:
                let width = Swift.max(0, viewport.width - inset.left - inset.right)
                return Size(width: width, height: viewport.height * 0.6)
            case .horizontal:
                let height = Swift.max(0, viewport.height - inset.top - inset.bottom)
                return Size(width: viewport.width * 0.6, height: height)
            }
        }
    }

    /// One section's cards, relative to its origin.
    fileprivate struct Built {
        var frames: SectionFrames
        /// The section's length along the scroll axis, insets included.
        var length: Double
        /// Where the section ends across the scroll axis, its trailing inset included.
        var crossEnd: Double
        /// The longest card along the scroll axis.
        var maximumLength: Double
    }

    fileprivate static func build<Sizes: ItemSizes>(
        _ sizes: Sizes,
        _ inset: EdgeInsets,
        _ spacing: Double,
        _ isVertical: Bool
    ) -> Built {
        let count = sizes.count
        var along = isVertical ? inset.top : inset.left
        let across = isVertical ? inset.left : inset.top
        if sizes is UniformItemSizes, count > 0 {
            // One size: the frames are a grid of one card per line, computed from the card's index.
            let size = sizes[0]
            let length = isVertical ? size.height : size.width
            let thickness = isVertical ? size.width : size.height
            let (grid, last) = GridGeometry.singleFile(
                count: count,
                size: size,
                isVertical: isVertical,
                start: along,
                step: length + spacing,
                u: across
            )
            along = last + length
            along += isVertical ? inset.bottom : inset.right
            let crossEnd = Swift.max(0.0, across + thickness) + (isVertical ? inset.right : inset.bottom)
            return Built(
                frames: SectionFrames(grid: grid),
                length: along,
                crossEnd: crossEnd,
                maximumLength: Swift.max(0.0, length)
            )
        }
        var frames = [Rect](repeating: .zero, count: count)
        var crossEnd = 0.0
        var maximumLength = 0.0
        for item in 0..<count {
            let size = sizes[item]
            let length = isVertical ? size.height : size.width
            let thickness = isVertical ? size.width : size.height
            frames[item] =
                isVertical
                ? Rect(x: across, y: along, width: size.width, height: size.height)
                : Rect(x: along, y: across, width: size.width, height: size.height)
            along += length + (item + 1 < count ? spacing : 0)
            crossEnd = Swift.max(crossEnd, across + thickness)
            maximumLength = Swift.max(maximumLength, length)
        }
        along += isVertical ? inset.bottom : inset.right
        crossEnd += isVertical ? inset.right : inset.bottom
        return Built(frames: SectionFrames(frames), length: along, crossEnd: crossEnd, maximumLength: maximumLength)
    }
}

extension CoverLayout: LayoutKindProtocol {
    /// What a cover section leaves for the layout's effects.
    struct SectionRecord: KindSectionRecord {
        /// The section's length along the scroll axis, insets included.
        var length: Double
        /// Where the section ends across the scroll axis.
        var crossEnd: Double
        /// The section's longest card along the scroll axis.
        var maximumLength: Double
    }

    static var kind: LayoutKind { .cover }
    static var defaultConfiguration: Configuration { Configuration() }

    static func makeBuilder(_ context: consuming KindContext<Configuration>) throws(LayoutError) -> Builder {
        let (input, configuration) = (context.input, context.configuration)
        try validateSize(configuration.resolvedItemSize(viewport: input.viewport), name: "itemSize", section: nil)
        try validateNonNegative(configuration.minimumLineSpacing, name: "minimumLineSpacing", section: nil)
        try validateInsets(configuration.sectionInset, name: "sectionInset", section: nil)
        try validateFraction(configuration.shrink, name: "shrink")
        try validateFraction(configuration.dim, name: "dim")
        try validateNonNegative(configuration.flickVelocityThreshold, name: "flickVelocityThreshold", section: nil)
        return Builder(input: input, configuration: configuration)
    }

    static func defaultItemSize(of section: SectionInput, configuration: Configuration, viewport: Size) -> Size {
        configuration.resolvedItemSize(viewport: viewport)
    }

    static func wrap(_ configuration: Configuration) -> LayoutConfiguration { .cover(configuration) }

    /// Builds a cover layout's sections of cards, pinned and dimmed at query time.
    struct Builder: KindSectionBuilder {
        let input: LayoutInput
        let configuration: Configuration

        var isVertical: Bool { self.configuration.scrollDirection == .vertical }

        mutating func build(_ index: Int, at position: Double) throws(LayoutError) -> (SectionLayout, SectionRecord) {
            let section = self.input.sections[index]
            let inset = self.configuration.sectionInset
            let spacing = self.configuration.minimumLineSpacing
            let isVertical = self.isVertical
            try section.validateSizes(section: index)
            let built = section.withItemSizes(
                defaultSize: self.configuration.resolvedItemSize(viewport: self.input.viewport),
                Build(inset: inset, spacing: spacing, isVertical: isVertical)
            )
            let drift = built.maximumLength + spacing
            let band =
                isVertical
                ? Rect(x: 0, y: 0, width: built.crossEnd, height: built.length + drift)
                : Rect(x: 0, y: 0, width: built.length + drift, height: built.crossEnd)
            let layout = SectionLayout(
                origin: isVertical ? Point(x: 0, y: position) : Point(x: position, y: 0),
                frames: built.frames,
                header: nil,
                footer: nil,
                background: nil,
                // A pinned card is drawn up to its length plus the spacing past its stored frame.
                band: band,
                body: (0, built.length),
                axis: isVertical ? .vertical : .horizontal
            )
            let record = SectionRecord(
                length: built.length,
                crossEnd: built.crossEnd,
                maximumLength: built.maximumLength
            )
            return (layout, record)
        }

        func assemble<Records: RandomAccessCollection<SectionRecord>>(
            sections: [SectionLayout],
            records: Records,
            contentLength: Double
        ) -> PreparedLayout where Records.Index == Int {
            let configuration = self.configuration
            let isVertical = self.isVertical
            let viewport = self.input.viewport
            var firstItems: [Int] = []
            firstItems.reserveCapacity(sections.count)
            var items = 0
            var maximumLength = 0.0
            var crossExtent = isVertical ? viewport.width : viewport.height
            for (section, record) in zip(sections, records) {
                firstItems.append(items)
                items += section.frames.count
                maximumLength = Swift.max(maximumLength, record.maximumLength)
                crossExtent = Swift.max(crossExtent, record.crossEnd)
            }
            let inset = configuration.sectionInset
            let effects = CoverEffects(
                leadingInset: isVertical ? inset.top : inset.left,
                falloff: CardFalloff(
                    spacing: configuration.minimumLineSpacing,
                    shrink: configuration.shrink,
                    dim: configuration.dim
                ),
                maximumLength: maximumLength
            )
            let position = contentLength
            return PreparedLayout(
                kind: .cover,
                input: self.input,
                contentSize: configuration.scrollDirection.contentSize(length: position, crossLength: crossExtent),
                sections: sections,
                axis: configuration.scrollDirection.axis,
                effects: .cover(effects, firstItems: firstItems),
                snapVelocityThreshold: configuration.flickVelocityThreshold,
                snapMode: .item
            )
        }
    }

    /// ``CoverLayout/build(_:_:_:_:)`` over a section's sizes.
    private struct Build: ItemSizesBody {
        let inset: EdgeInsets
        let spacing: Double
        let isVertical: Bool

        func callAsFunction<Sizes: ItemSizes>(_ sizes: Sizes) -> Built {
            CoverLayout.build(sizes, self.inset, self.spacing, self.isVertical)
        }
    }
}
