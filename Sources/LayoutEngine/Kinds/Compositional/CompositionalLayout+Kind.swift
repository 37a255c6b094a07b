extension CompositionalLayout: LayoutKindProtocol {
    /// What a session keeps about a compositional section.
    struct SectionRecord: KindSectionRecord {
        /// The section's length along the scroll axis.
        var length: Double
        /// The cells of the section's group template, charged to the layout's budget of template cells when the
        /// section is kept by an update.
        var templateCells: Int
        /// The section's pinning, zIndexes and orthogonal groups, relative to the section, so they hold wherever
        /// the section moves.
        var effects: CompositionalEffects.Section
        /// Where every ``CompositionalSectionBuilder/checkpointStride``-th repetition of the section's group starts
        /// (plain sections whose group has an estimated dimension), so that a measured item size lays the section
        /// out again from there rather than whole: 8 bytes per 16 repetitions. Empty otherwise.
        var checkpoints: [Double]

        /// The record of a built section.
        init(_ built: CompositionalSectionBuilder.Result, templateCells: Int) {
            self.length = built.length
            self.templateCells = templateCells
            self.effects = built.effects
            self.checkpoints = built.checkpoints
        }
    }

    static var kind: LayoutKind { .compositional }
    static var defaultConfiguration: Configuration { Configuration() }
    static var keepsSections: Bool { true }

    static func makeBuilder(_ context: consuming KindContext<Configuration>) throws(LayoutError) -> Builder {
        Builder(stacker: try SectionStacker(input: context.input, configuration: context.configuration))
    }

    /// A compositional item's listed size is what the client measured; zero means "not measured yet".
    static func defaultItemSize(of section: SectionInput, configuration: Configuration, viewport: Size) -> Size {
        .zero
    }

    /// Measured item sizes matter only in sections whose group has an estimated dimension, a measured header
    /// or footer only along its estimated dimensions, and a measured anchored supplementary (checked to have one
    /// before) always.
    static func measuredSizeMatters(
        section index: Int,
        supplementary kind: ElementKind?,
        input: LayoutInput,
        configuration: Configuration
    ) -> Bool {
        if case .named? = kind { return true }
        let description = input.sections[index].overrides.compositionalSection ?? configuration.section
        guard let kind else { return CompositionalSectionBuilder.hasEstimate(description.group) }
        let isVertical = configuration.scrollDirection == .vertical
        guard let role = Self.measuredRole(kind, isVertical: isVertical),
            let item = description.boundaryItem(role, isVertical: isVertical)
        else { return false }
        return item.size.width.isEstimated || item.size.height.isEstimated
    }

    /// A section's header, footer or side item that its description has is measured.
    static func measures(_ element: SupplementaryIndexPath, input: LayoutInput, configuration: Configuration) -> Bool {
        let description = input.sections[element.indexPath.section].overrides.compositionalSection
            ?? configuration.section
        let isVertical = configuration.scrollDirection == .vertical
        guard let role = Self.measuredRole(element.kind, isVertical: isVertical) else { return false }
        return description.boundaryItem(role, isVertical: isVertical) != nil
    }

    /// The boundary role a measured supplementary of `kind` has in a layout scrolling vertically (`isVertical`) or
    /// horizontally: the header, the footer, or the side kind of that direction.
    private static func measuredRole(_ kind: ElementKind, isVertical: Bool) -> BoundaryRole? {
        BoundaryRole.allCases.first { $0.elementKind(isVertical: isVertical) == kind }
    }

    static func wrap(_ configuration: Configuration) -> LayoutConfiguration { .compositional(configuration) }

    /// Builds a compositional layout's sections with a ``SectionStacker``, ``Configuration/interSectionSpacing``
    /// apart.
    struct Builder: KindSectionBuilder {
        var stacker: SectionStacker

        var isVertical: Bool { self.stacker.configuration.scrollDirection == .vertical }
        var sectionSpacing: Double { self.stacker.configuration.interSectionSpacing }
        var contentRoom: (before: Double, after: Double) {
            CompositionalLayout.layoutBoundaryRoom(self.stacker.configuration, viewport: self.stacker.input.viewport)
        }

        mutating func build(_ index: Int, at position: Double) throws(LayoutError) -> (SectionLayout, SectionRecord) {
            let (built, cells) = try self.stacker.build(index, at: position)
            return (built.section, SectionRecord(built, templateCells: cells))
        }

        /// Checks a built section; charges a kept one's template to the budget as building it would.
        mutating func check(_ index: Int, keeping kept: SectionRecord?) throws(LayoutError) {
            if let kept {
                try self.stacker.charge(index, cells: kept.templateCells)
            } else {
                try self.stacker.check(index)
            }
        }

        /// Lays the section out again from the checkpoint at or before `item`'s group repetition when
        /// `resumesAtCheckpoint` and the section keeps checkpoints (a repetition's place depends on the measured
        /// sizes of every repetition before it), else builds it whole.
        ///
        /// - Complexity: O(cells from the checkpoint on + blocks of the index), or O(cells of the section).
        mutating func relayOut(_ layout: inout SectionLayout, record: inout SectionRecord, _ change: SectionChange)
            throws(LayoutError) -> Int
        {
            let (index, item) = (change.section, change.firstItem)
            // Its template was within the layout's budget when the section was first built and has not changed, so
            // a budget of its own cannot refuse it.
            var stacker = try SectionStacker(input: self.stacker.input, configuration: self.stacker.configuration)
            if change.resumesAtCheckpoint {
                var checkpoints = record.checkpoints
                record.checkpoints = []
                if let resumed = stacker.resume(index, section: &layout, checkpoints: &checkpoints, from: item) {
                    layout = resumed.built.section
                    record = SectionRecord(resumed.built, templateCells: resumed.templateCells)
                    return resumed.placed
                }
                record.checkpoints = checkpoints
            }
            let (built, cells) = try stacker.build(index, at: self.isVertical ? layout.origin.y : layout.origin.x)
            layout = built.section
            record = SectionRecord(built, templateCells: cells)
            return self.stacker.input.sections[index].itemCount
        }

        func assemble<Records: RandomAccessCollection<SectionRecord>>(
            sections: [SectionLayout],
            records: Records,
            contentLength: Double
        ) -> PreparedLayout where Records.Index == Int {
            CompositionalLayout.assemble(
                self.stacker.input,
                configuration: self.stacker.configuration,
                sections: sections,
                effects: records.map(\.effects),
                contentLength: contentLength
            )
        }
    }
}

extension CompositionalLayout.Configuration: AnchoringConfiguration {}
