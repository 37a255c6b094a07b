extension FlowLayout {
    /// A section's parameters after applying its overrides.
    struct SectionParameters: Equatable {
        var itemSize: Size
        var lineSpacing: Double
        var interitemSpacing: Double
        var inset: EdgeInsets
        var header: Size
        var footer: Size
        var horizontalAlignment: HorizontalAlignment
        var verticalAlignment: VerticalAlignment

        /// The parameters of `section`, read in place: a section input is a few hundred bytes (its overrides), which
        /// a copy per section would move and retain for a handful of fields (inlined, so that the caller's element
        /// is read where it lies rather than copied to be passed).
        @inline(__always)
        init(_ configuration: Configuration, section: borrowing SectionInput, index: Int) throws(LayoutError) {
            self.itemSize = section.overrides.itemSize ?? configuration.estimatedItemSize ?? configuration.itemSize
            self.lineSpacing = section.overrides.minimumLineSpacing ?? configuration.minimumLineSpacing
            self.interitemSpacing =
                section.overrides.minimumInteritemSpacing ?? configuration.minimumInteritemSpacing
            self.inset = section.overrides.sectionInset ?? configuration.sectionInset
            self.header = FlowLayout.headerSize(of: section, configuration)
            self.footer = FlowLayout.footerSize(of: section, configuration)
            self.horizontalAlignment = section.overrides.horizontalAlignment ?? configuration.horizontalAlignment
            self.verticalAlignment = section.overrides.verticalAlignment ?? configuration.verticalAlignment
            try validateSize(self.itemSize, name: "itemSize", section: index)
            try validateNonNegative(self.lineSpacing, name: "minimumLineSpacing", section: index)
            try validateNonNegative(self.interitemSpacing, name: "minimumInteritemSpacing", section: index)
            try validateInsets(self.inset, name: "sectionInset", section: index)
            try validateSize(self.header, name: "headerReferenceSize", section: index)
            try validateSize(self.footer, name: "footerReferenceSize", section: index)
        }
    }

    /// Where a line's items start and how far apart they are, along the line.
    enum Packing {
        case justified
        case start
        case end
        case center
    }

    /// The builder of one section, its parameters checked.
    ///
    /// - Throws: ``LayoutError`` for a bad parameter or item size.
    /// - Complexity: O(n) for the section's sizes' check.
    static func makeSectionBuilder(
        _ input: LayoutInput,
        configuration: Configuration,
        section index: Int,
        validatesSizes: Bool = true
    ) throws(LayoutError) -> FlowSectionBuilder {
        // The section is read where it lies in the input (see ``SectionParameters/init(_:section:index:)``): through
        // the array's buffer, whose element is borrowed in place where the array's subscript copied it.
        let isVertical = configuration.scrollDirection == .vertical
        var parameters = try input.sections.withUnsafeBufferPointer { (sections) throws(LayoutError) in
            let parameters = try SectionParameters(configuration, section: sections[index], index: index)
            if validatesSizes { try sections[index].validateSizes(section: index) }
            return parameters
        }
        Self.addReference(configuration.sectionInsetReference, to: &parameters.inset, isVertical: isVertical, input)
        return FlowSectionBuilder(
            parameters: parameters,
            isVertical: isVertical,
            crossLength: isVertical ? input.viewport.width : input.viewport.height,
            packing: Self.packing(parameters.horizontalAlignment, isVertical: isVertical, input: input),
            background: configuration.sectionBackground
        )
    }

    /// Builds one section, given by its items, whose origin is `position` along the scroll axis.
    ///
    /// - Complexity: O(n).
    static func build(
        _ items: SectionInput.Items,
        with builder: FlowSectionBuilder,
        origin position: Double,
        lines: inout [FlowSectionBuilder.Line]?
    ) -> FlowSectionBuilder.Result {
        let origin = builder.isVertical ? Point(x: 0, y: position) : Point(x: position, y: 0)
        if case .sizes(let sizes) = items, let built = builder.buildCheckpointed(sizes, origin: origin) {
            // Checkpoints at line starts stand for the lines a stored section records.
            lines = lines.map { _ in [] }
            return built
        }
        var body = Build(builder: builder, origin: origin, lines: lines)
        lines = nil
        let result = items.withItemSizes(defaultSize: builder.parameters.itemSize, &body)
        lines = body.lines
        return result
    }

    /// ``FlowSectionBuilder/build(_:origin:lines:)`` over a section's sizes.
    private struct Build: ItemSizesBody {
        let builder: FlowSectionBuilder
        let origin: Point
        var lines: [FlowSectionBuilder.Line]?

        mutating func callAsFunction<Sizes: ItemSizes>(_ sizes: Sizes) -> FlowSectionBuilder.Result {
            self.builder.build(sizes, origin: self.origin, lines: &self.lines)
        }
    }

    /// ``FlowSectionBuilder/rebuild(_:origin:frames:lines:from:index:)`` over a section's sizes, rewriting the
    /// frames and lines it holds in place.
    struct Rebuild: ItemSizesBody {
        let builder: FlowSectionBuilder
        let origin: Point
        var frames: [Rect]
        var lines: [FlowSectionBuilder.Line]
        let line: Int
        let index: SpatialIndex

        mutating func callAsFunction<Sizes: ItemSizes>(_ sizes: Sizes) -> FlowSectionBuilder.Result {
            self.builder.rebuild(
                sizes,
                origin: self.origin,
                frames: &self.frames,
                lines: &self.lines,
                from: self.line,
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
        crossEnds: some Sequence<Double>,
        contentLength: Double
    ) -> PreparedLayout {
        let isVertical = configuration.scrollDirection == .vertical
        var crossExtent = isVertical ? input.viewport.width : input.viewport.height
        for end in crossEnds { crossExtent = Swift.max(crossExtent, end) }
        let position = contentLength
        let contentSize = configuration.scrollDirection.contentSize(length: position, crossLength: crossExtent)
        let pinsHeaders = configuration.sectionHeadersPinToVisibleBounds
        let pinsFooters = configuration.sectionFootersPinToVisibleBounds
        return PreparedLayout(
            kind: .flow,
            input: input,
            contentSize: contentSize,
            sections: sections,
            axis: configuration.scrollDirection.axis,
            effects: pinsHeaders || pinsFooters ? .pinning(headers: pinsHeaders, footers: pinsFooters) : .none,
            snapVelocityThreshold: configuration.flickVelocityThreshold,
            snapMode: configuration.snap
        )
    }

    /// Adds what section insets are measured from (``SectionInsetReference``) to the edges across the scroll axis.
    ///
    /// The safe area and the margins are the screen's, and a right-to-left layout is computed left to right then
    /// mirrored, so their left and right swap before they are added to a mirrored layout's insets.
    private static func addReference(
        _ reference: SectionInsetReference,
        to inset: inout EdgeInsets,
        isVertical: Bool,
        _ input: LayoutInput
    ) {
        var extra: EdgeInsets
        switch reference {
        case .contentInset: return
        case .safeArea: extra = input.safeAreaInsets
        case .layoutMargins:
            let (safe, margins) = (input.safeAreaInsets, input.layoutMargins)
            extra = EdgeInsets(
                top: safe.top + margins.top,
                left: safe.left + margins.left,
                bottom: safe.bottom + margins.bottom,
                right: safe.right + margins.right
            )
        }
        if isVertical {
            let isMirrored = input.layoutDirection == .rightToLeft
            inset.left += isMirrored ? extra.right : extra.left
            inset.right += isMirrored ? extra.left : extra.right
        } else {
            inset.top += extra.top
            inset.bottom += extra.bottom
        }
    }

    /// The packing that produces `alignment` once the layout is mirrored for right to left.
    private static func packing(_ alignment: HorizontalAlignment, isVertical: Bool, input: LayoutInput) -> Packing {
        // Layouts are computed left to right and mirrored afterwards, so "left" must be computed as the trailing
        // end when the result will be mirrored; leading and trailing mirror by themselves.
        let isMirrored = isVertical && input.layoutDirection == .rightToLeft
        switch alignment {
        case .justified: return .justified
        case .center: return .center
        case .leading: return .start
        case .trailing: return .end
        case .left: return isMirrored ? .end : .start
        case .right: return isMirrored ? .start : .end
        }
    }
}
