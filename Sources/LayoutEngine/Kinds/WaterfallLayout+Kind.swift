extension WaterfallLayout: LayoutKindProtocol {
    static var kind: LayoutKind { .waterfall }
    static var defaultConfiguration: Configuration { Configuration() }
    static var keepsSections: Bool { true }

    static func makeBuilder(_ context: consuming KindContext<Configuration>) throws(LayoutError) -> Builder {
        let configuration = context.configuration
        try validateScrolling(configuration)
        try validateNonNegative(configuration.minimumContentHeight, name: "minimumContentHeight", section: nil)
        return Builder(
            input: context.input, configuration: configuration, limits: context.limits, streamed: context.streamed)
    }

    /// A `count` section's items are squares: sizes are aspect ratios.
    static func defaultItemSize(of section: SectionInput, configuration: Configuration, viewport: Size) -> Size {
        Size(width: 1, height: 1)
    }

    /// An aspect ratio needs a positive width; exact heights and spans are encoded (``WaterfallLayout/Item``).
    static func accepts(itemSize size: Size) -> Bool {
        WaterfallLayout.isValidItemSize(size, isVertical: true)
            || WaterfallLayout.isValidItemSize(size, isVertical: false)
    }

    /// A section's header and footer are measured: a measured size's height replaces the section's header or
    /// footer height (its width is the section's, less the header's or footer's insets).
    static func measures(_ element: SupplementaryIndexPath, input: LayoutInput, configuration: Configuration) -> Bool {
        element.indexPath.item == 0 && (element.kind == .header || element.kind == .footer)
    }

    static func wrap(_ configuration: Configuration) -> LayoutConfiguration { .waterfall(configuration) }

    /// Builds a waterfall layout's sections, each with its own columns.
    struct Builder: KindSectionBuilder {
        let input: LayoutInput
        let configuration: Configuration
        let limits: LayoutLimits
        /// A section laid out while the request was read, taken where it stands for the section's build.
        var streamed: WaterfallSectionStream?

        var isVertical: Bool { self.configuration.scrollDirection == .vertical }

        mutating func build(_ index: Int, at position: Double) throws(LayoutError)
            -> (SectionLayout, PlainSectionRecord)
        {
            if let streamed = self.streamed, streamed.section == index {
                self.streamed = nil
                // The parameters checked first, then the sizes, as without the stream.
                let builder = try self.sectionBuilder(index, validatesSizes: false)
                let origin = builder.isVertical ? Point(x: 0, y: position) : Point(x: position, y: 0)
                let section = self.input.sections[index]
                if let built = try streamed.finish(section, with: builder, origin: origin) {
                    return (built.section, PlainSectionRecord(length: built.length))
                }
                try section.validateWaterfallSizes(section: index, isVertical: builder.isVertical)
                let built = WaterfallLayout.build(section, with: builder, origin: position)
                return (built.section, PlainSectionRecord(length: built.length))
            }
            let builder = try self.sectionBuilder(index)
            let built = WaterfallLayout.build(self.input.sections[index], with: builder, origin: position)
            return (built.section, PlainSectionRecord(length: built.length))
        }

        mutating func check(_ index: Int, keeping kept: PlainSectionRecord?) throws(LayoutError) {
            if kept == nil { _ = try self.sectionBuilder(index) }
        }

        /// Lays the section out again from `item`, each column's state there found by scanning back to its last
        /// item (a checkpointed section: from its checkpoint at or before `item`).
        ///
        /// - Complexity: O(items from `item` to the section's end + the scan back + blocks of the index).
        mutating func relayOut(_ layout: inout SectionLayout, record: inout PlainSectionRecord, _ change: SectionChange)
            throws(LayoutError) -> Int
        {
            let (index, item) = (change.section, change.firstItem)
            let count = self.input.sections[index].itemCount
            let builder = try self.sectionBuilder(index, validatesSizes: change.validatesSizes)
            // A checkpointed section resumes from its checkpoint at or before the item, and stays checkpointed.
            if let old = layout.frames.checkpointed, case .sizes(let sizes) = self.input.sections[index].items,
                builder.checkpoints(sizes)
            {
                // A builder that places items otherwise (another top, columns or spacings) builds it whole.
                let built =
                    builder.resumeCheckpointed(sizes, origin: layout.origin, from: old, item: item)
                    ?? { () -> (section: SectionLayout, length: Double, recomputed: Int) in
                        let whole = builder.buildCheckpointed(sizes, origin: layout.origin)
                        return (whole.section, whole.length, count)
                    }()
                layout = built.section
                record.length = built.length
                return built.recomputed
            }
            let sectionIndex = layout.index
            let origin = layout.origin
            let frames = layout.takeFrames(count: count, keepingBefore: item)
            // The body holds the only reference to the frames, so they are rewritten in place.
            var body = WaterfallLayout.Rebuild(
                builder: builder,
                origin: origin,
                frames: consume frames,
                item: item,
                index: sectionIndex
            )
            let built = self.input.sections[index].withItemSizes(defaultSize: Size(width: 1, height: 1), &body)
            layout = built.section
            record.length = built.length
            return count - item
        }

        func assemble<Records: RandomAccessCollection<PlainSectionRecord>>(
            sections: [SectionLayout],
            records: Records,
            contentLength: Double
        ) -> PreparedLayout where Records.Index == Int {
            WaterfallLayout.assemble(
                self.input,
                configuration: self.configuration,
                sections: sections,
                contentLength: contentLength
            )
        }

        private func sectionBuilder(_ index: Int, validatesSizes: Bool = true) throws(LayoutError)
            -> WaterfallSectionBuilder
        {
            try WaterfallLayout.makeSectionBuilder(
                self.input,
                configuration: self.configuration,
                section: index,
                limits: self.limits,
                validatesSizes: validatesSizes
            )
        }
    }
}

extension WaterfallLayout.Configuration: SectionScrollingConfiguration {}
