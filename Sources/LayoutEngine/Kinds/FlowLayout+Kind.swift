extension FlowLayout: LayoutKindProtocol {
    /// What a session keeps about a flow section.
    struct SectionRecord: KindSectionRecord {
        /// How far the section reaches along and across the scroll axis.
        var extent: FlowSectionBuilder.Extent
        /// Where each line starts, so that the section can be laid out again from any line.
        var lines: [FlowSectionBuilder.Line]

        /// The section's length along the scroll axis.
        var length: Double { self.extent.length }
    }

    static var kind: LayoutKind { .flow }
    static var defaultConfiguration: Configuration { Configuration() }
    static var keepsSections: Bool { true }

    static func makeBuilder(_ context: consuming KindContext<Configuration>) throws(LayoutError) -> Builder {
        // Read where it lies and the context moved into the builder: copying the configuration out (a couple of
        // hundred bytes) and the input (a retain) cost a copy each, twice per prepare (issue 21).
        try Self.validate(context.configuration)
        return Builder(context: consume context)
    }

    /// The checks of the configuration's own parameters (those of each section come with its builder).
    static func validate(_ configuration: borrowing Configuration) throws(LayoutError) {
        try validateScrolling(configuration)
        if let estimate = configuration.estimatedItemSize,
            !estimate.isValid || estimate.width <= 0 || estimate.height <= 0
        {
            throw .invalidParameter(name: "estimatedItemSize", section: nil)
        }
    }

    static func defaultItemSize(of section: SectionInput, configuration: Configuration, viewport: Size) -> Size {
        section.overrides.itemSize ?? configuration.estimatedItemSize ?? configuration.itemSize
    }

    /// A section's header or footer is measured when it has one: its size (the section's, or the reference size)
    /// is the estimate the measured size replaces.
    static func measures(_ element: SupplementaryIndexPath, input: LayoutInput, configuration: Configuration) -> Bool {
        let section = input.sections[element.indexPath.section]
        switch element.kind {
        case .header: return Self.hasBoundary(Self.headerSize(of: section, configuration), configuration)
        case .footer: return Self.hasBoundary(Self.footerSize(of: section, configuration), configuration)
        default: return false
        }
    }

    /// A section's header size: its own, else its override's reference size, else the configuration's.
    @inline(__always)
    static func headerSize(of section: borrowing SectionInput, _ configuration: Configuration) -> Size {
        section.header ?? section.overrides.headerReferenceSize ?? configuration.headerReferenceSize
    }

    /// A section's footer size, as ``headerSize(of:_:)``.
    @inline(__always)
    static func footerSize(of section: borrowing SectionInput, _ configuration: Configuration) -> Size {
        section.footer ?? section.overrides.footerReferenceSize ?? configuration.footerReferenceSize
    }

    /// Whether a header or footer of `size` is there: thicker than zero along the scroll axis.
    @inline(__always)
    static func hasBoundary(_ size: Size, _ configuration: Configuration) -> Bool {
        (configuration.scrollDirection == .vertical ? size.height : size.width) > 0
    }

    static func wrap(_ configuration: Configuration) -> LayoutConfiguration { .flow(configuration) }

    /// The flow case's configuration, copied out of its box once (the default's cast went through an optional, a
    /// copy more per prepare).
    static func unwrap(_ configuration: LayoutConfiguration) -> Configuration {
        guard case .flow(let own) = configuration else {
            preconditionFailure("a \(configuration.kind.rawValue) configuration given to flow")
        }
        return own
    }

    /// Builds a flow layout's sections, each with its own parameters (``SectionParameters``).
    struct Builder: KindSectionBuilder {
        /// The input, the configuration and whether records are kept, as ``makeBuilder(_:)`` was given them (read in
        /// place: the builder's methods borrow its input and configuration rather than copying them out).
        let context: KindContext<Configuration>

        var isVertical: Bool { self.context.configuration.scrollDirection == .vertical }

        mutating func build(_ index: Int, at position: Double) throws(LayoutError) -> (SectionLayout, SectionRecord) {
            let builder = try FlowLayout.makeSectionBuilder(
                self.context.input,
                configuration: self.context.configuration,
                section: index
            )
            var lines: [FlowSectionBuilder.Line]? = self.context.keepsRecords ? [] : nil
            // Only the section's items: the whole section input was copied to be passed.
            let built = FlowLayout.build(self.context.input.sections[index].items, with: builder, origin: position,
                lines: &lines)
            return (built.section, SectionRecord(extent: built.extent, lines: lines ?? []))
        }

        mutating func check(_ index: Int, keeping kept: SectionRecord?) throws(LayoutError) {
            guard kept == nil else { return }
            _ = try FlowLayout.makeSectionBuilder(
                self.context.input,
                configuration: self.context.configuration,
                section: index
            )
        }

        /// Lays the section out again from the start of the line holding the item before `item` (a line's break
        /// depends on the size of the item after it), in place.
        ///
        /// - Complexity: O(items from that line to the section's end + blocks of the section's index).
        mutating func relayOut(_ layout: inout SectionLayout, record: inout SectionRecord, _ change: SectionChange)
            throws(LayoutError) -> Int
        {
            let (index, item) = (change.section, change.firstItem)
            let count = self.context.input.sections[index].itemCount
            let sectionIndex = layout.index
            let origin = layout.origin
            let builder = try FlowLayout.makeSectionBuilder(
                self.context.input,
                configuration: self.context.configuration,
                section: index,
                validatesSizes: change.validatesSizes
            )
            // A checkpointed section resumes from its checkpoint at or before the change's line, and stays
            // checkpointed (or, placed otherwise now, is built whole below: it keeps no lines).
            if let old = layout.frames.checkpointed, case .sizes(let sizes) = self.context.input.sections[index].items,
                let resumed = builder.resumeCheckpointed(sizes, origin: origin, from: old, item: item)
            {
                layout = resumed.result.section
                record = SectionRecord(extent: resumed.result.extent, lines: [])
                return resumed.recomputed
            }
            // A grid keeps no lines: a section still given by `count` is built whole (a grid again); one whose sizes
            // are now listed resumes at a line of the grid's and stores its frames from then on.
            var lines = record.lines
            record.lines = []
            if let grid = layout.frames.grid, lines.isEmpty, case .sizes = self.context.input.sections[index].items {
                lines = grid.flowLines
            }
            // The line holding the item before: a line's break depends on the size of the item after it, so a
            // resized first item of a line may move up to the line above.
            let previous = Swift.max(0, item - 1)
            let line = Swift.max(0, (0..<lines.count).partitioningIndex { lines[$0].first > previous } - 1)
            if lines.isEmpty, let grid = layout.frames.grid, case .count = self.context.input.sections[index].items,
                let built = builder.rebuildGrid(
                    UniformItemSizes(size: builder.parameters.itemSize, count: count),
                    origin: origin,
                    previous: grid,
                    from: item
                )
            {
                // A grid still given by `count` (another count): resumed at the changed item's line, a grid again.
                layout = built.result.section
                record = SectionRecord(extent: built.result.extent, lines: [])
                return count - built.first
            }
            guard !lines.isEmpty else {
                // An empty section before, or a grid (which keeps no lines): build it whole.
                var recorded: [FlowSectionBuilder.Line]? = []
                let position = builder.isVertical ? origin.y : origin.x
                let items = self.context.input.sections[index].items
                let built = FlowLayout.build(items, with: builder, origin: position, lines: &recorded)
                layout = built.section
                record = SectionRecord(extent: built.extent, lines: recorded ?? [])
                return count
            }
            let first = lines[line].first
            let frames = layout.takeFrames(count: count, keepingBefore: item)
            // The body holds the only references to the frames and lines, so they are rewritten in place.
            var body = FlowLayout.Rebuild(
                builder: builder,
                origin: origin,
                frames: consume frames,
                lines: consume lines,
                line: line,
                index: sectionIndex
            )
            let result = self.context.input.sections[index].withItemSizes(
                defaultSize: builder.parameters.itemSize,
                &body
            )
            record = SectionRecord(extent: result.extent, lines: body.lines)
            layout = result.section
            return count - first
        }

        func assemble<Records: RandomAccessCollection<SectionRecord>>(
            sections: [SectionLayout],
            records: Records,
            contentLength: Double
        ) -> PreparedLayout where Records.Index == Int {
            FlowLayout.assemble(
                self.context.input,
                configuration: self.context.configuration,
                sections: sections,
                crossEnds: records.lazy.map(\.extent.crossEnd),
                contentLength: contentLength
            )
        }
    }
}

extension FlowLayout.Configuration: SectionScrollingConfiguration {}
