/// `HMWaterfallLayout` (seed 000), with what CHTCollectionViewWaterfallLayout users rely on.
///
/// Each section has ``Configuration/columnCount`` columns (or as many as fit, ``Configuration/minColumnWidth``) of
/// width `(viewport width − left − right − (columns − 1)·columnSpacing) / columns`. An item's size is its aspect
/// ratio: its height is `column width × height / width` (a `count` section gives squares); an item may instead be
/// exactly so tall, and may span several columns (``Item``). Each item goes to the shortest
/// column, the leftmost on ties (or by ``ItemRenderDirection``). The first item of a column starts at the section's
/// top inset: the seed also adds the row spacing there, which layoutd does not. The section's height is its
/// tallest column plus the bottom inset; headers and footers span the width above and below the columns.
public enum WaterfallLayout {
    /// Which column an item goes to.
    public enum ItemRenderDirection: String, Hashable, Sendable, CaseIterable {
        /// The shortest column, the leftmost on ties (the seed's rule). The default.
        case shortestFirst
        /// Item i goes to column i mod columns, left to right.
        case leftToRight
        /// Item i goes to column i mod columns, right to left.
        case rightToLeft
    }

    /// Every parameter of a waterfall layout; defaults are the seed's.
    public struct Configuration: Hashable, Sendable {
        /// The number of columns, when ``minColumnWidth`` is `nil`. Defaults to 3.
        public var columnCount = 3
        /// When set, the columns are as many as fit at this width or wider (masonic's rule, without its rounding
        /// down to whole points): `min(⌊(W + s) / (minColumnWidth + s)⌋, maxColumnCount)`, at least 1, where `W` is
        /// the width inside the section's insets and `s` the column spacing. Wins over ``columnCount``, unless a
        /// section overrides `columnCount` and not this. Defaults to `nil`.
        public var minColumnWidth: Double?
        /// The most columns (with ``minColumnWidth``, or capping ``columnCount``). Defaults to `nil`, no limit.
        public var maxColumnCount: Int?
        /// The widest a column gets: narrower columns start at the leading inset and leave the rest of the width
        /// empty. Defaults to `nil`, no limit.
        public var maxColumnWidth: Double?
        /// The spacing between columns (the seed's `columnMargin`). Defaults to 10.
        public var columnSpacing: Double = 10
        /// The spacing between the items of a column (the seed's `rowMargin`). Defaults to 10.
        public var rowSpacing: Double = 10
        /// Each section's insets. Defaults to 10 on every side.
        public var sectionInset = EdgeInsets(all: 10)
        /// Which column each item goes to. Defaults to ``ItemRenderDirection/shortestFirst``.
        public var itemRenderDirection = ItemRenderDirection.shortestFirst
        /// The header height of sections that give none; zero means no header. Defaults to 0.
        public var headerHeight: Double = 0
        /// The footer height of sections that give none; zero means no footer. Defaults to 0.
        public var footerHeight: Double = 0
        /// Space around each section's header (CHTCollectionViewWaterfallLayout's `headerInset`): the header is
        /// `width − left − right` wide at `left`, `top` below the section's start; the items start `bottom` below
        /// it. Without a header only `top` counts. Defaults to zero.
        public var headerInset = EdgeInsets.zero
        /// Space around each section's footer (CHT's `footerInset`), as ``headerInset``: `top` below the columns'
        /// bottom inset always, the rest with a footer. Defaults to zero.
        public var footerInset = EdgeInsets.zero
        /// The least content height (CHT's `minimumContentHeight`): a shorter content is extended at its end.
        /// Defaults to 0.
        public var minimumContentHeight: Double = 0
        /// When set, each section gets a ``ElementKind/background`` decoration covering the section between its
        /// header and footer, inset by these insets, behind the cells (zIndex −1). Defaults to `nil`.
        public var sectionBackground: EdgeInsets?
        /// Where scrolling comes to rest. Defaults to ``SnapMode/none``.
        public var snap = SnapMode.none
        /// The speed, in points per second, at or above which a release is a flick that never snaps back against
        /// its direction (with ``snap`` set). Defaults to 300.
        public var flickVelocityThreshold: Double = 300

        /// Which visible cell every mutation (batch updates, invalidation, a committed transition) keeps still on
        /// screen: the first (``ScrollAnchoring/top``) or the last, following new output at the end
        /// (``ScrollAnchoring/bottom``). Defaults to ``ScrollAnchoring/top``.
        public var anchor = ScrollAnchoring.top
        /// Where content shorter than the viewport sits along the scroll axis: at the start, or at the end
        /// (``ContentAlignment/bottom``, a chat: the elements move down and the content is as long as the viewport;
        /// when scrolling horizontally, the trailing side). Defaults to ``ContentAlignment/top``.
        public var contentAlignment = ContentAlignment.top

        /// The scroll direction: ``FlowLayout/ScrollDirection/horizontal`` lays rows instead of columns, every rule
        /// transposed (``columnCount`` counts rows, a column's width is a row's height, an item's length along the
        /// rows is `row height × width / height`, or exactly its ``Item/Height/exactWidth(_:)``; headers and
        /// footers on the leading and trailing sides, `headerHeight` their width). Defaults to vertical.
        public var scrollDirection = FlowLayout.ScrollDirection.vertical

        /// Creates the default configuration.
        public init() {}
    }

    /// The builder of one section, its parameters and sizes checked.
    ///
    /// - Throws: ``LayoutError``.
    /// - Complexity: O(n) for the sizes' check.
    static func makeSectionBuilder(
        _ input: LayoutInput,
        configuration: Configuration,
        section index: Int,
        limits: LayoutLimits,
        validatesSizes: Bool = true
    ) throws(LayoutError) -> WaterfallSectionBuilder {
        let section = input.sections[index]
        let overrides = section.overrides
        // The most specific count wins: a section's columnCount over the layout's minColumnWidth.
        let minColumnWidth =
            overrides.minColumnWidth ?? (overrides.columnCount == nil ? configuration.minColumnWidth : nil)
        let columns = WaterfallSectionBuilder.Columns(
            count: overrides.columnCount ?? configuration.columnCount,
            minColumnWidth: minColumnWidth,
            maxCount: overrides.maxColumnCount ?? configuration.maxColumnCount,
            maxWidth: overrides.maxColumnWidth ?? configuration.maxColumnWidth
        )
        // A horizontal section is built transposed (see WaterfallSectionBuilder): its insets turn a quarter.
        let isVertical = configuration.scrollDirection == .vertical
        func turned(_ insets: EdgeInsets) -> EdgeInsets {
            isVertical
                ? insets : EdgeInsets(top: insets.left, left: insets.top, bottom: insets.right, right: insets.bottom)
        }
        func length(_ size: Size?) -> Double? { size.map { isVertical ? $0.height : $0.width } }
        var builder = WaterfallSectionBuilder(
            columns: columns,
            columnSpacing: overrides.columnSpacing ?? configuration.columnSpacing,
            rowSpacing: overrides.rowSpacing ?? configuration.rowSpacing,
            inset: turned(overrides.sectionInset ?? configuration.sectionInset),
            direction: overrides.itemRenderDirection ?? configuration.itemRenderDirection,
            headerHeight: length(section.header) ?? overrides.headerHeight ?? configuration.headerHeight,
            footerHeight: length(section.footer) ?? overrides.footerHeight ?? configuration.footerHeight,
            headerInset: turned(overrides.headerInset ?? configuration.headerInset),
            footerInset: turned(overrides.footerInset ?? configuration.footerInset),
            isVertical: isVertical,
            background: configuration.sectionBackground.map(turned),
            width: isVertical ? input.viewport.width : input.viewport.height
        )
        try builder.validate(section: index, limits: limits)
        if validatesSizes { try section.validateWaterfallSizes(section: index, isVertical: isVertical) }
        return builder
    }

    /// Builds one section at `position` along the scroll axis.
    ///
    /// - Complexity: O(n·c).
    static func build(
        _ section: SectionInput,
        with builder: WaterfallSectionBuilder,
        origin position: Double
    ) -> (section: SectionLayout, length: Double) {
        let origin = builder.isVertical ? Point(x: 0, y: position) : Point(x: position, y: 0)
        if case .sizes(let sizes) = section.items, builder.checkpoints(sizes) {
            return builder.buildCheckpointed(sizes, origin: origin)
        }
        let body = Build(builder: builder, origin: origin)
        return section.withItemSizes(defaultSize: Size(width: 1, height: 1), body)
    }

    /// ``WaterfallSectionBuilder/build(_:origin:)`` over a section's sizes.
    private struct Build: ItemSizesBody {
        let builder: WaterfallSectionBuilder
        let origin: Point

        func callAsFunction<Sizes: ItemSizes>(_ sizes: Sizes) -> (section: SectionLayout, length: Double) {
            self.builder.build(sizes, origin: self.origin)
        }
    }

    /// ``WaterfallSectionBuilder/rebuild(_:origin:frames:from:index:)`` over a section's sizes, rewriting the frames
    /// it holds in place.
    struct Rebuild: ItemSizesBody {
        let builder: WaterfallSectionBuilder
        let origin: Point
        var frames: [Rect]
        let item: Int
        let index: SpatialIndex

        mutating func callAsFunction<Sizes: ItemSizes>(_ sizes: Sizes) -> (section: SectionLayout, length: Double) {
            self.builder.rebuild(sizes, origin: self.origin, frames: &self.frames, from: self.item, index: self.index)
        }
    }

    /// The prepared layout around built sections, whose origins are already in place.
    ///
    /// - Complexity: O(number of sections).
    static func assemble(
        _ input: LayoutInput,
        configuration: Configuration,
        sections: [SectionLayout],
        contentLength: Double
    ) -> PreparedLayout {
        let length = Swift.max(contentLength, configuration.minimumContentHeight)
        return PreparedLayout(
            kind: .waterfall,
            input: input,
            contentSize: configuration.scrollDirection.contentSize(length: length, viewport: input.viewport),
            sections: sections,
            axis: configuration.scrollDirection.axis,
            effects: .none,
            snapVelocityThreshold: configuration.flickVelocityThreshold,
            snapMode: configuration.snap,
            linesAreColumnRows: configuration.scrollDirection == .vertical
        )
    }
}
