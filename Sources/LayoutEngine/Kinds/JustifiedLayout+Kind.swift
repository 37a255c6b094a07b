extension JustifiedLayout: LayoutKindProtocol {
    /// What a session keeps about a justified section.
    struct SectionRecord: KindSectionRecord {
        /// The section's length, shown items and widows.
        var summary: JustifiedSectionBuilder.Summary
        /// The row loop's state every ``JustifiedSectionBuilder/checkpointStride`` rows, so that a resize lays the
        /// section out again from the last checkpoint before it rather than whole: 56 bytes per 16 rows.
        var checkpoints: [JustifiedSectionBuilder.Checkpoint]

        var length: Double { self.summary.length }
    }

    static var kind: LayoutKind { .justified }
    static var defaultConfiguration: Configuration { Configuration() }
    static var keepsSections: Bool { true }

    static func makeBuilder(_ context: consuming KindContext<Configuration>) throws(LayoutError) -> Builder {
        Builder(
            input: context.input,
            configuration: context.configuration,
            builder: try Self.makeSectionBuilder(context.input, configuration: context.configuration)
        )
    }

    /// A `count` section's items are squares: sizes are aspect ratios.
    static func defaultItemSize(of section: SectionInput, configuration: Configuration, viewport: Size) -> Size {
        Size(width: 1, height: 1)
    }

    static func accepts(itemSize size: Size) -> Bool { size.isValid && Self.isAspectRatio(size) }

    /// A change of height only records the new viewport.
    static func keepsSections(from old: Size, to new: Size, configuration: Configuration) -> Bool {
        new.width == old.width
    }

    static func wrap(_ configuration: Configuration) -> LayoutConfiguration { .justified(configuration) }

    /// Builds a justified layout's sections with one row builder.
    struct Builder: KindSectionBuilder {
        let input: LayoutInput
        let configuration: Configuration
        let builder: JustifiedSectionBuilder

        var isVertical: Bool { true }

        mutating func build(_ index: Int, at position: Double) throws(LayoutError) -> (SectionLayout, SectionRecord) {
            try JustifiedLayout.validateSizes(of: self.input.sections[index], section: index)
            let built = JustifiedLayout.build(self.input.sections[index], with: self.builder, origin: position)
            return (built.section, SectionRecord(summary: built.summary, checkpoints: built.checkpoints))
        }

        mutating func check(_ index: Int, keeping kept: SectionRecord?) throws(LayoutError) {
            if kept == nil { try JustifiedLayout.validateSizes(of: self.input.sections[index], section: index) }
        }

        /// Places the rows again from the last checkpoint before `item` (a row's breaks depend on every item
        /// before it, which decided the checkpoint's state), or builds the section whole when there is none.
        ///
        /// - Complexity: O(items from up to 16 rows before `item`'s to the section's end + blocks of the index).
        mutating func relayOut(_ layout: inout SectionLayout, record: inout SectionRecord, _ change: SectionChange)
            throws(LayoutError) -> Int
        {
            let (index, item) = (change.section, change.firstItem)
            let section = self.input.sections[index]
            let count = section.itemCount
            // A checkpointed section (given by sizes) resumes from the block checkpoint before the row of the
            // block before `item`'s (two blocks and a row back at most), or is built whole; a stored one (a `count` section given sizes since) stays
            // stored and resumes from its row checkpoints below.
            if case .sizes(let sizes) = section.items, !sizes.isEmpty, let old = layout.frames.checkpointed {
                if change.validatesSizes { try JustifiedLayout.validateSizes(of: section, section: index) }
                if let resumed = self.builder.resumeCheckpointed(
                        sizes, origin: layout.origin, headerHeight: section.header?.height ?? 0,
                        footerHeight: section.footer?.height ?? 0, from: old, item: item)
                {
                    layout = resumed.section
                    record = SectionRecord(summary: resumed.summary, checkpoints: [])
                    return resumed.placed
                }
                let built = JustifiedLayout.build(section, with: self.builder, origin: layout.origin.y)
                layout = built.section
                record = SectionRecord(summary: built.summary, checkpoints: built.checkpoints)
                return count
            }
            let sectionIndex = layout.index
            let origin = layout.origin
            let frames = layout.takeFrames(count: count, keepingBefore: item)
            if change.validatesSizes { try JustifiedLayout.validateSizes(of: section, section: index) }
            let checkpoints = record.checkpoints
            record.checkpoints = []
            // The body holds the only references to the frames and checkpoints, so they are rewritten in place.
            var body = JustifiedLayout.Rebuild(
                builder: self.builder,
                origin: origin,
                header: section.header?.height ?? 0,
                footer: section.footer?.height ?? 0,
                frames: consume frames,
                checkpoints: consume checkpoints,
                item: item,
                index: sectionIndex
            )
            if let resumed = section.withItemSizes(defaultSize: Size(width: 1, height: 1), &body) {
                layout = resumed.section
                record = SectionRecord(summary: resumed.summary, checkpoints: body.checkpoints)
                return resumed.placed
            }
            let built = JustifiedLayout.build(section, with: self.builder, origin: origin.y)
            layout = built.section
            record = SectionRecord(summary: built.summary, checkpoints: built.checkpoints)
            return count
        }

        func assemble<Records: RandomAccessCollection<SectionRecord>>(
            sections: [SectionLayout],
            records: Records,
            contentLength: Double
        ) -> PreparedLayout where Records.Index == Int {
            JustifiedLayout.assemble(
                self.input,
                configuration: self.configuration,
                sections: sections,
                summaries: records.map(\.summary),
                contentLength: contentLength
            )
        }
    }
}
