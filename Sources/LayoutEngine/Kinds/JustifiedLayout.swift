/// Rows of photos as flickr's justified-layout (v4) lays them out, so that a web gallery can move to layoutd and
/// keep every pixel.
///
/// Items are aspect ratios: a size's `width / height` (a `count` section gives squares;
/// ``Configuration/forceAspectRatio`` gives every item the same ratio). The container is the viewport's width.
/// Within the container's padding, a row accepts items while the sum of their ratios stays under
/// `row width / targetRowHeight × (1 − tolerance)`; past `× (1 + tolerance)` the row closes with or without the new
/// item, whichever leaves its ratio closer to the target (an over-wide item closes an empty row alone); in
/// between, the item joins and the row closes. A closed row's height is `(row width − spacings) / Σ ratios`,
/// clamped to `[0.5, 2] × targetRowHeight` (widths still fill the row when clamped), and rounding errors are
/// spread so that the row is filled exactly (`justify`). Every ``Configuration/fullWidthBreakoutRowCadence``-th row
/// gives a landscape item the full width. Leftover items (the widows) take the previous row's height (the target
/// after a breakout row) and ``Configuration/widowLayoutStyle``, or are hidden without
/// ``Configuration/showWidows``; items past ``Configuration/maxNumRows`` rows are hidden too. Hidden items have an
/// empty frame at the left padding of the section's last row (so they never add a snapping edge).
///
/// The arithmetic is the library's, operation for operation, so frames agree with it to the last bit in practice
/// (the tests hold them to 1e-6 against fixtures the library produced; see `scripts/justified-fixtures.js`).
///
/// Sections, which the library has not: each section is one justified block, stacked vertically, with its own
/// padding, rows and widows; a section's header sits above its block and its footer below it, both the full width.
/// The block's height is the library's `containerHeight` (never below 0: with no row at all the library gives
/// `top − vertical spacing + bottom`). ``PreparedLayout/widowCount`` is the library's `widowCount` summed over the
/// sections. The parameters are layout-wide (no section overrides).
public enum JustifiedLayout {
    /// How the widows of a section's last, incomplete row are laid out (the library's `widowLayoutStyle`).
    public enum WidowLayoutStyle: String, Hashable, Sendable, CaseIterable {
        /// At the previous row's height, from the left. The default.
        case left
        /// Stretched to fill the row, as a full row.
        case justify
        /// At the previous row's height, centred (with the library's offset: half the leftover width, where the
        /// leftover counts the left padding and one trailing spacing, plus one spacing).
        case center
    }

    /// Every parameter of a justified layout; names and defaults are flickr/justified-layout's.
    public struct Configuration: Hashable, Sendable {
        /// The padding inside each section's block (`containerPadding`). Defaults to 10 on every side.
        public var containerPadding = EdgeInsets(all: 10)
        /// The spacing between items of a row (`boxSpacing.horizontal`). Defaults to 10.
        public var horizontalSpacing: Double = 10
        /// The spacing between rows (`boxSpacing.vertical`). Defaults to 10.
        public var verticalSpacing: Double = 10
        /// The row height the layout aims for; must be positive. Defaults to 320.
        public var targetRowHeight: Double = 320
        /// How far a row's height may stray from the target, as a fraction. Defaults to 0.25.
        public var targetRowHeightTolerance: Double = 0.25
        /// The most rows per section; items beyond them are hidden. Defaults to `nil`: no limit.
        public var maxNumRows: Int?
        /// When set, every item has this aspect ratio, whatever its size. Defaults to `nil`.
        public var forceAspectRatio: Double?
        /// Whether the items of an incomplete last row are shown (else hidden). Defaults to `true`.
        public var showWidows = true
        /// When set to n, every n-th row of a section gives its first item the full width if it is square or
        /// landscape. Defaults to `nil`: no breakout rows.
        public var fullWidthBreakoutRowCadence: Int?
        /// How widows are laid out. Defaults to ``WidowLayoutStyle/left``.
        public var widowLayoutStyle = WidowLayoutStyle.left
        /// Where scrolling comes to rest; ``SnapMode/line`` is a row. Defaults to ``SnapMode/none``.
        public var snap = SnapMode.none
        /// The speed, in points per second, at or above which a release is a flick that never snaps back against
        /// its direction (with ``snap`` set). Defaults to 300.
        public var flickVelocityThreshold: Double = 300

        /// Creates the default configuration.
        public init() {}
    }

    /// The builder shared by every section, its parameters checked.
    ///
    /// - Throws: ``LayoutError/invalidParameter(name:section:)`` naming the parameter.
    static func makeSectionBuilder(
        _ input: LayoutInput,
        configuration: Configuration
    ) throws(LayoutError) -> JustifiedSectionBuilder {
        try validateInsets(configuration.containerPadding, name: "containerPadding", section: nil)
        try validateNonNegative(configuration.horizontalSpacing, name: "boxSpacing", section: nil)
        try validateNonNegative(configuration.verticalSpacing, name: "boxSpacing", section: nil)
        guard configuration.targetRowHeight > 0, configuration.targetRowHeight < .infinity else {
            throw .invalidParameter(name: "targetRowHeight", section: nil)
        }
        try validateNonNegative(configuration.targetRowHeightTolerance, name: "targetRowHeightTolerance", section: nil)
        if let rows = configuration.maxNumRows, rows < 1 { throw .invalidParameter(name: "maxNumRows", section: nil) }
        if let ratio = configuration.forceAspectRatio, !(ratio > 0 && ratio < .infinity) {
            throw .invalidParameter(name: "forceAspectRatio", section: nil)
        }
        if let cadence = configuration.fullWidthBreakoutRowCadence, cadence < 1 {
            throw .invalidParameter(name: "fullWidthBreakoutRowCadence", section: nil)
        }
        try validateScrollingParameters(
            sectionBackground: nil,
            flickVelocityThreshold: configuration.flickVelocityThreshold
        )
        let padding = configuration.containerPadding
        let rowWidth = input.viewport.width - padding.left - padding.right
        guard rowWidth > 0, rowWidth < .infinity else {
            throw .invalidParameter(name: "containerPadding", section: nil)
        }
        return JustifiedSectionBuilder(configuration: configuration, containerWidth: input.viewport.width)
    }

    /// Checks that every listed item has a positive, finite width and height (an aspect ratio needs both).
    ///
    /// - Throws: ``LayoutError/invalidItemSize(section:item:)`` naming the first bad item.
    /// - Complexity: O(n).
    static func validateSizes(of section: SectionInput, section index: Int) throws(LayoutError) {
        guard case .sizes(let sizes) = section.items else { return }
        for (item, size) in sizes.enumerated() where !Self.isAspectRatio(size) {
            throw .invalidItemSize(section: index, item: item)
        }
    }

    /// Whether a size gives an aspect ratio: a positive, finite width and height.
    static func isAspectRatio(_ size: Size) -> Bool {
        size.width > 0 && size.width < .infinity && size.height > 0 && size.height < .infinity
    }

    /// Builds one section at `position` along the vertical axis.
    ///
    /// - Complexity: O(n).
    static func build(
        _ section: SectionInput,
        with builder: JustifiedSectionBuilder,
        origin position: Double
    ) -> (
        section: SectionLayout,
        summary: JustifiedSectionBuilder.Summary,
        checkpoints: [JustifiedSectionBuilder.Checkpoint]
    ) {
        // A section given by sizes keeps them (shared with the input) and checkpoints, not frames.
        if case .sizes(let sizes) = section.items, !sizes.isEmpty {
            let built = builder.buildCheckpointed(
                sizes,
                origin: Point(x: 0, y: position),
                headerHeight: section.header?.height ?? 0,
                footerHeight: section.footer?.height ?? 0
            )
            return (built.section, built.summary, [])
        }
        let body = Build(
            builder: builder,
            origin: Point(x: 0, y: position),
            header: section.header?.height ?? 0,
            footer: section.footer?.height ?? 0
        )
        return section.withItemSizes(defaultSize: Size(width: 1, height: 1), body)
    }

    /// ``JustifiedSectionBuilder/build(_:origin:headerHeight:footerHeight:)`` over a section's sizes.
    private struct Build: ItemSizesBody {
        let builder: JustifiedSectionBuilder
        let origin: Point
        let header: Double
        let footer: Double

        func callAsFunction<Sizes: ItemSizes>(_ sizes: Sizes) -> (
            section: SectionLayout,
            summary: JustifiedSectionBuilder.Summary,
            checkpoints: [JustifiedSectionBuilder.Checkpoint]
        ) {
            self.builder.build(sizes, origin: self.origin, headerHeight: self.header, footerHeight: self.footer)
        }
    }

    /// ``JustifiedSectionBuilder/rebuild(_:origin:headerHeight:footerHeight:frames:checkpoints:from:index:)`` over a
    /// section's sizes, rewriting the frames and checkpoints it holds in place.
    struct Rebuild: ItemSizesBody {
        let builder: JustifiedSectionBuilder
        let origin: Point
        let header: Double
        let footer: Double
        var frames: [Rect]
        var checkpoints: [JustifiedSectionBuilder.Checkpoint]
        let item: Int
        let index: SpatialIndex

        mutating func callAsFunction<Sizes: ItemSizes>(_ sizes: Sizes) -> (
            section: SectionLayout,
            summary: JustifiedSectionBuilder.Summary,
            placed: Int
        )? {
            self.builder.rebuild(
                sizes,
                origin: self.origin,
                headerHeight: self.header,
                footerHeight: self.footer,
                frames: &self.frames,
                checkpoints: &self.checkpoints,
                from: self.item,
                index: self.index
            )
        }
    }

    /// The prepared layout around built sections, whose origins are already in place.
    ///
    /// - Complexity: O(number of sections).
    static func assemble(
        _ input: LayoutInput,
        configuration: Configuration,
        sections: [SectionLayout],
        summaries: [JustifiedSectionBuilder.Summary],
        contentLength: Double
    ) -> PreparedLayout {
        PreparedLayout(
            kind: .justified,
            input: input,
            contentSize: Size(width: input.viewport.width, height: contentLength),
            sections: sections,
            axis: .vertical,
            effects: .justified(
                shownItemCounts: summaries.map(\.shownCount),
                widowCount: summaries.reduce(0) { $0 + $1.widowCount }
            ),
            snapVelocityThreshold: configuration.flickVelocityThreshold,
            snapMode: configuration.snap
        )
    }
}
