extension CompositionalLayout {
    /// Builds a layout's sections one at a time, in order, for ``CompositionalLayout/Builder`` and for
    /// sessions that lay out only some sections again.
    ///
    /// The layout's own description is laid out once (its template) for all the sections that use it; sections' own
    /// descriptions each once, within a budget of template cells (``maximumTemplateCells``), so that many sections
    /// of huge groups cannot hang. Sections an update keeps are charged as building them would be
    /// (``charge(_:cells:)``), so that an update refuses exactly what preparing from scratch refuses.
    struct SectionStacker {
        /// The input whose sections are built.
        let input: LayoutInput
        /// The layout's parameters.
        let configuration: Configuration
        /// The template of the layout's own description, once made.
        private var shared: CompositionalSectionBuilder.Template?
        /// Whether the shared template's cells were charged to the budget (by a built or a kept section).
        private var isSharedCharged = false
        /// The template cells still allowed.
        private var budget = CompositionalLayout.maximumTemplateCells

        /// Checks the layout-wide parameters.
        ///
        /// - Throws: ``LayoutError/invalidParameter(name:section:)`` naming the parameter.
        init(input: LayoutInput, configuration: Configuration) throws(LayoutError) {
            try validateNonNegative(configuration.interSectionSpacing, name: "interSectionSpacing", section: nil)
            try validateNonNegative(configuration.flickVelocityThreshold, name: "flickVelocityThreshold", section: nil)
            try CompositionalLayout.validate(
                configuration.section,
                section: nil,
                isVertical: configuration.scrollDirection == .vertical
            )
            try CompositionalLayout.validateLayoutBoundary(configuration)
            if CompositionalLayout.sharesLayoutBoundaryKinds(configuration.section, configuration: configuration) {
                throw .invalidParameter(name: "boundarySupplementaryItems", section: nil)
            }
            self.input = input
            self.configuration = configuration
        }

        /// Checks section `index` and builds it at `position` along the scroll axis.
        ///
        /// - Returns: The built section and its template's cell count.
        /// - Throws: ``LayoutError`` for a bad description or size, or a budget of template cells exceeded.
        /// - Complexity: O(cells of the section + cells of its template).
        mutating func build(
            _ index: Int,
            at position: Double
        ) throws(LayoutError) -> (built: CompositionalSectionBuilder.Result, templateCells: Int) {
            let (builder, template) = try self.check(index)
            let origin = builder.isVertical ? Point(x: 0, y: position) : Point(x: position, y: 0)
            let built = builder.build(self.input.sections[index], origin: origin, template: template)
            return (built, template.cost)
        }

        /// Checks section `index` as ``build(_:at:)`` does (its description, its sizes, its template against the
        /// budget) without building it.
        ///
        /// - Returns: The section's builder and template.
        /// - Throws: ``LayoutError`` for a bad description or size, or a budget of template cells exceeded.
        /// - Complexity: O(items of the section + cells of its template).
        @discardableResult
        mutating func check(
            _ index: Int
        ) throws(LayoutError) -> (CompositionalSectionBuilder, CompositionalSectionBuilder.Template) {
            let section = self.input.sections[index]
            let isVertical = self.configuration.scrollDirection == .vertical
            if let own = section.overrides.compositionalSection {
                try CompositionalLayout.validate(own, section: index, isVertical: isVertical)
                if CompositionalLayout.sharesLayoutBoundaryKinds(own, configuration: self.configuration) {
                    throw .invalidParameter(name: "boundarySupplementaryItems", section: index)
                }
            }
            try section.validateSizes(section: index)
            let builder = self.builder(index)
            let template: CompositionalSectionBuilder.Template
            if section.overrides.compositionalSection == nil, let shared = self.shared {
                template = shared
            } else {
                template = try builder.makeTemplate()
                try self.charge(index, cells: template.cost)
                if section.overrides.compositionalSection == nil { self.shared = template }
            }
            return (builder, template)
        }

        /// The builder of section `index`.
        private func builder(_ index: Int) -> CompositionalSectionBuilder {
            let isVertical = self.configuration.scrollDirection == .vertical
            let resolved = CompositionalLayout.resolvingReferences(
                self.input.sections[index].overrides.compositionalSection ?? self.configuration.section,
                input: self.input,
                isVertical: isVertical
            )
            var builder = CompositionalSectionBuilder(
                description: resolved.section,
                index: index,
                viewport: self.input.viewport
            )
            builder.isVertical = isVertical
            builder.supplementaryShift = resolved.supplementaryShift
            return builder
        }

        /// Builds section `index` again after measured item sizes, from the checkpoint at or before `item`
        /// (``CompositionalSectionBuilder/resume(_:section:checkpoints:from:template:)``), without checking it
        /// again: its description and template were checked when it was built, and its sizes by the caller.
        ///
        /// - Returns: The rebuilt section, its template's cell count and how many cells were placed again, or `nil`
        ///   (nothing taken) when the section cannot resume.
        /// - Complexity: O(cells from the checkpoint on + cells of the template + blocks of the section's index).
        func resume(
            _ index: Int,
            section: inout SectionLayout,
            checkpoints: inout [Double],
            from item: Int
        ) -> (built: CompositionalSectionBuilder.Result, templateCells: Int, placed: Int)? {
            let builder = self.builder(index)
            // The same template as when the section was built, which then was within the budget and valid.
            guard let template = try? builder.makeTemplate(),
                let resumed = builder.resume(
                    self.input.sections[index],
                    section: &section,
                    checkpoints: &checkpoints,
                    from: item,
                    template: template
                )
            else { return nil }
            return (resumed.result, template.cost, resumed.placed)
        }

        /// Charges section `index`'s template of `cells` cells to the budget: every time for a section with its own
        /// description, once for all the sections of the layout's.
        ///
        /// - Throws: ``LayoutError/invalidParameter(name:section:)`` (`section/group`) once the budget is spent.
        mutating func charge(_ index: Int, cells: Int) throws(LayoutError) {
            if self.input.sections[index].overrides.compositionalSection == nil {
                guard !self.isSharedCharged else { return }
                self.isSharedCharged = true
            }
            self.budget -= cells
            guard self.budget >= 0 else { throw .invalidParameter(name: "section/group", section: index) }
        }
    }
}
