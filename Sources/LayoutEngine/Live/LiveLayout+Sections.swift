extension LiveLayout {
    /// Lays out one `flow` or `waterfall` section again from `item` (flow: from the start of the line holding the
    /// item before it, whose break the item's size decides), in place: the frames before stay, the array grows or
    /// shrinks to the section's new item count, and the section's index is updated rather than rebuilt. A
    /// `justified` section's rows are placed again from the last checkpoint (every 16th row, see
    /// ``SectionRecord/justifiedCheckpoints``) before `item`, whose state the items before it decided (a row's
    /// breaks depend on every item before it), or the section is built whole when there is none. A
    /// `compositional` one is too, unless `resumesCompositional` and it is a plain section that remembers where
    /// its group's repetitions start (``SectionRecord/checkpoints``): then only the repetitions from the
    /// checkpoint at or before `item`'s are placed again, from the position the earlier ones added up to, and the
    /// index is updated (a repetition's place depends on the measured sizes of every repetition before it, and
    /// its header's measured length moves every group, so a measured header is built whole).
    ///
    /// - Parameters:
    ///   - layout: The section's previous layout; replaced. Its frames are rewritten without a copy when this is
    ///     their only reference.
    ///   - record: The section's record; updated.
    ///   - index: The section's index in `input`.
    ///   - item: The first item whose size (or identity) changed; items before it are as they were.
    ///   - input: The new input.
    ///   - configuration: The kind (`flow`, `waterfall`, `justified` or `compositional`).
    ///   - limits: The limits (for the waterfall's column count).
    ///   - validatesSizes: Whether to check the section's sizes (already checked by invalidation); `compositional`
    ///     always checks them when it builds the section whole, as cheap as building it.
    ///   - resumesCompositional: Whether a `compositional` section may resume at a checkpoint: only when the
    ///     items before `item` kept their sizes and the section its item count, header and footer (invalidation
    ///     with measured item sizes alone).
    /// - Returns: The number of cells laid out again.
    /// - Throws: ``LayoutError`` for a bad size when `validatesSizes`.
    /// - Complexity: O(items from `item` to the section's end + blocks of the index), plus the waterfall's scan
    ///   back and the compositional checkpoint's up to 15 repetitions before `item`'s.
    static func relayOut(
        _ layout: inout SectionLayout,
        record: inout SectionRecord,
        section index: Int,
        from item: Int,
        input: LayoutInput,
        configuration: LayoutConfiguration,
        limits: LayoutLimits,
        validatesSizes: Bool,
        resumesCompositional: Bool = false
    ) throws(LayoutError) -> Int {
        let count = input.sections[index].itemCount
        if case .compositional(let compositional) = configuration {
            // Its template was within the layout's budget when the section was first built and has not changed, so
            // a budget of its own cannot refuse it.
            var stacker = try CompositionalLayout.SectionStacker(input: input, configuration: compositional)
            if resumesCompositional {
                var checkpoints = record.checkpoints
                record.checkpoints = []
                if let resumed = stacker.resume(index, section: &layout, checkpoints: &checkpoints, from: item) {
                    layout = resumed.built.section
                    record = SectionRecord(resumed.built, templateCells: resumed.templateCells)
                    return resumed.placed
                }
                record.checkpoints = checkpoints
            }
            let isVertical = compositional.scrollDirection == .vertical
            let (built, cells) = try stacker.build(index, at: isVertical ? layout.origin.y : layout.origin.x)
            layout = built.section
            record = SectionRecord(built, templateCells: cells)
            return count
        }
        var frames = layout.frames
        let sectionIndex = layout.index
        let origin = layout.origin
        // Leave the array as the only reference to the frames, so that they are rewritten in place.
        layout.frames = []
        precondition(item >= 0 && item <= Swift.min(count, frames.count))
        if frames.count > count {
            frames.removeSubrange(count...)
        } else if frames.count < count {
            frames.append(contentsOf: repeatElement(Rect.zero, count: count - frames.count))
        }
        switch configuration {
        case .flow(let flow):
            let builder = try FlowLayout.makeBuilder(
                input,
                configuration: flow,
                section: index,
                validatesSizes: validatesSizes
            )
            var lines = record.lines
            record.lines = []
            // The line holding the item before: a line's break depends on the size of the item after it, so a
            // resized first item of a line may move up to the line above.
            let previous = Swift.max(0, item - 1)
            var low = 0
            var high = lines.count
            while low < high {
                let middle = (low + high) / 2
                if lines[middle].first <= previous { low = middle + 1 } else { high = middle }
            }
            let line = Swift.max(0, low - 1)
            guard !lines.isEmpty else {
                // An empty section before: build it whole.
                var recorded: [FlowSectionBuilder.Line]? = []
                let position = builder.isVertical ? origin.y : origin.x
                let built = FlowLayout.build(input.sections[index], with: builder, origin: position, lines: &recorded)
                layout = built.section
                record = SectionRecord(length: built.length, crossEnd: built.crossEnd, lines: recorded ?? [])
                return count
            }
            let first = lines[line].first
            let result: FlowSectionBuilder.Result
            switch input.sections[index].items {
            case .count:
                let sizes = UniformItemSizes(size: builder.parameters.itemSize, count: count)
                result = builder.rebuild(
                    sizes,
                    origin: origin,
                    frames: &frames,
                    lines: &lines,
                    from: line,
                    index: sectionIndex
                )
            case .sizes(let sizes):
                result = sizes.withUnsafeBufferPointer {
                    builder.rebuild(
                        ListedItemSizes(sizes: $0),
                        origin: origin,
                        frames: &frames,
                        lines: &lines,
                        from: line,
                        index: sectionIndex
                    )
                }
            }
            record = SectionRecord(length: result.length, crossEnd: result.crossEnd, lines: lines)
            layout = result.section
            return count - first
        case .waterfall(let waterfall):
            let builder = try WaterfallLayout.makeBuilder(
                input,
                configuration: waterfall,
                section: index,
                limits: limits,
                validatesSizes: validatesSizes
            )
            let built: (section: SectionLayout, length: Double)
            switch input.sections[index].items {
            case .count:
                let sizes = UniformItemSizes(size: Size(width: 1, height: 1), count: count)
                built = builder.rebuild(sizes, origin: origin, frames: &frames, from: item, index: sectionIndex)
            case .sizes(let sizes):
                built = sizes.withUnsafeBufferPointer {
                    builder.rebuild(
                        ListedItemSizes(sizes: $0),
                        origin: origin,
                        frames: &frames,
                        from: item,
                        index: sectionIndex
                    )
                }
            }
            layout = built.section
            record.length = built.length
            return count - item
        case .justified(let justified):
            // A row's breaks depend on every item before it: the rows are placed again from the last checkpoint
            // before `item`, whose state those items decided, or the section is built whole.
            let builder = try JustifiedLayout.makeBuilder(input, configuration: justified)
            let section = input.sections[index]
            if validatesSizes { try JustifiedLayout.validateSizes(of: section, section: index) }
            var checkpoints = record.justifiedCheckpoints
            record.justifiedCheckpoints = []
            let header = section.header?.height ?? 0
            let footer = section.footer?.height ?? 0
            let resumed: (section: SectionLayout, summary: JustifiedSectionBuilder.Summary, placed: Int)?
            switch section.items {
            case .count:
                let sizes = UniformItemSizes(size: Size(width: 1, height: 1), count: count)
                resumed = builder.rebuild(
                    sizes,
                    origin: origin,
                    headerHeight: header,
                    footerHeight: footer,
                    frames: &frames,
                    checkpoints: &checkpoints,
                    from: item,
                    index: sectionIndex
                )
            case .sizes(let sizes):
                resumed = sizes.withUnsafeBufferPointer {
                    builder.rebuild(
                        ListedItemSizes(sizes: $0),
                        origin: origin,
                        headerHeight: header,
                        footerHeight: footer,
                        frames: &frames,
                        checkpoints: &checkpoints,
                        from: item,
                        index: sectionIndex
                    )
                }
            }
            if let resumed {
                layout = resumed.section
                record = SectionRecord(resumed.summary, checkpoints: checkpoints)
                return resumed.placed
            }
            let built = JustifiedLayout.build(section, with: builder, origin: origin.y)
            layout = built.section
            record = SectionRecord(built.summary, checkpoints: built.checkpoints)
            return count
        case .line, .stack, .circle, .cover, .rotary, .pagecover, .compositional:
            preconditionFailure("only flow, waterfall and justified lay out part of a section again")
        }
    }

    /// The size of an item as its kind reads it: listed, or the default of a `count` section.
    static func size(at indexPath: IndexPath, in input: LayoutInput, kind configuration: LayoutConfiguration) -> Size {
        switch input.sections[indexPath.section].items {
        case .count:
            let section = input.sections[indexPath.section]
            return Self.defaultSize(of: section, kind: configuration, viewport: input.viewport)
        case .sizes(let sizes): return sizes[indexPath.item]
        }
    }

    /// The size of the items of a `count` section: the kind's item size (with the section's override), or a
    /// square for `waterfall`, whose sizes are aspect ratios.
    static func defaultSize(
        of section: SectionInput,
        kind configuration: LayoutConfiguration,
        viewport: Size
    ) -> Size {
        switch configuration {
        case .flow(let flow): return section.overrides.itemSize ?? flow.itemSize
        case .waterfall, .justified: return Size(width: 1, height: 1)
        case .line(let line): return section.overrides.itemSize ?? line.itemSize
        case .stack(let stack): return section.overrides.itemSize ?? stack.itemSize
        case .circle(let circle): return section.overrides.itemSize ?? circle.itemSize
        case .cover(let cover): return cover.resolvedItemSize(viewport: viewport)
        case .rotary(let rotary): return rotary.itemSize
        case .pagecover: return viewport
        // A compositional item's listed size is what the client measured; zero means "not measured yet".
        case .compositional: return .zero
        }
    }

    /// Sets one item's size in `input`, in place; a `count` section becomes a list of sizes unless the size is
    /// its default.
    static func setSize(
        _ size: Size,
        at indexPath: IndexPath,
        in input: inout LayoutInput,
        kind configuration: LayoutConfiguration
    ) {
        let section = indexPath.section
        switch input.sections[section].items {
        case .count(let count):
            let standard = Self.defaultSize(
                of: input.sections[section],
                kind: configuration,
                viewport: input.viewport
            )
            guard size != standard else { return }
            var sizes = [Size](repeating: standard, count: count)
            sizes[indexPath.item] = size
            input.sections[section].items = .sizes(sizes)
        case .sizes(var sizes):
            // Drop the section's reference first so that the array is unique and changes in place.
            input.sections[section].items = .count(0)
            sizes[indexPath.item] = size
            input.sections[section].items = .sizes(sizes)
        }
    }
}
