extension LiveLayout {
    /// Applies an invalidation context, recomputing only what changed (`invalidateLayoutWithContext:`).
    ///
    /// Kinds that keep sections (``LayoutKindProtocol/keepsSections``) do as follows; the others prepare again.
    ///
    /// - New item sizes: for `flow` and `waterfall`, each touched section is laid out again from its first resized
    ///   item (for `flow`, from the start of that item's line; for `waterfall`, each column's state there is found
    ///   by scanning back to its last item) to its end. For `compositional` (whose sizes are measured ones,
    ///   replacing estimates), a plain section is laid out again from its first resized item's group repetition
    ///   (from the checkpoint at or before it: the section remembers where every 16th repetition starts, see
    ///   ``CompositionalSectionBuilder/checkpointStride``) to its end, placing the later repetitions from the
    ///   position the earlier ones added up to, so the numbers are those of a fresh prepare; an orthogonal section,
    ///   or one whose measured header or footer also changed, is built again whole. `justified` places each
    ///   touched section's rows again from the last checkpoint before its first resized item (the row loop's state
    ///   every 16th row, see ``JustifiedSectionBuilder/checkpointStride``). Later sections keep their frames and
    ///   only move (their origins change, the small section index is rebuilt), `compositional` ones with their
    ///   pinning and orthogonal groups, which are relative to their section. The other kinds prepare again. A size
    ///   equal to the current one changes nothing, and so does a `compositional` size that replaces no estimated
    ///   dimension (it is only recorded). A `count` section given a size other than the default becomes a list of
    ///   sizes.
    /// - New supplementary sizes (``InvalidationContext/supplementarySizes``): `compositional` and `flow`. The
    ///   measured size becomes the section's ``SectionInput/header`` or ``SectionInput/footer`` (for
    ///   `compositional` its estimated dimensions take the measured lengths; for `flow` the section's header or
    ///   footer, its given or reference size being the estimate), and the section is laid out again from its start
    ///   while later sections move. Every other kind refuses them
    ///   (``LayoutError/noSuchSupplementary(kind:section:item:)``): their header and footer sizes are given.
    /// - A new viewport: for `flow`, `waterfall` and `justified`, a change across the scroll axis (the width when
    ///   scrolling vertically) lays everything out again; a change along it only records the new viewport. The
    ///   other kinds depend on the viewport and prepare again.
    /// - ``InvalidationContext/invalidatesEverything`` prepares again.
    ///
    /// Everything is checked before anything changes: on error the layout is as it was.
    ///
    /// - Parameter context: What changed.
    /// - Returns: The content size adjustment, the scroll anchoring adjustment and how many cells were recomputed.
    /// - Throws: ``LayoutError/noSuchItem(section:item:)`` for an index path with no item,
    ///   ``LayoutError/invalidItemSize(section:item:)`` for a bad size,
    ///   ``LayoutError/noSuchSupplementary(kind:section:item:)`` for a supplementary the layout does not measure,
    ///   ``LayoutError/invalidHeaderSize(section:)`` or ``LayoutError/invalidFooterSize(section:)`` for a bad
    ///   measured size, ``LayoutError/invalidViewport``, and whatever preparing again finds (columns that no longer
    ///   fit a narrower viewport, …).
    /// - Complexity: O(Σ (items after the first resized one in each touched section) + number of sections) for
    ///   `flow`, `waterfall`, `justified` and plain `compositional` sections' resizes (justified: plus up to 16
    ///   rows before the resized item's; compositional: up to 15 repetitions before the resized one's; both one
    ///   pass over the section's index blocks); O(Σ items of touched sections + number of sections) for orthogonal
    ///   `compositional` ones and measured headers and footers; O(number of sections) for a viewport change along
    ///   the scroll axis; a full prepare otherwise.
    public mutating func invalidate(_ context: InvalidationContext) throws(LayoutError) -> InvalidationResult {
        try self.configuration.kindType.invalidate(&self, context)
    }
}

extension LayoutKindProtocol {
    static func invalidate(_ layout: inout LiveLayout, _ context: InvalidationContext) throws(LayoutError)
        -> InvalidationResult
    {
        let configuration = Self.unwrap(layout.configuration)
        let oldSize = layout.prepared.contentSize
        let anchoring = Self.anchoring(configuration)
        let anchor = context.contentOffset.flatMap {
            ScrollAnchor.find(in: layout.prepared, at: $0, anchoring: anchoring) { _ in true }
        }
        if let viewport = context.viewport, !viewport.isValid { throw .invalidViewport }
        let resized = try Self.checkedResizes(context.itemSizes, in: layout)
        let measured = try layout.checkedSupplementaryResizes(context.supplementarySizes)
        let viewport = context.viewport ?? layout.input.viewport
        let old = layout.input.viewport
        // A kind that keeps no sections prepares again on any change.
        let isIncremental =
            Self.keepsSections
            ? Self.keepsSections(from: old, to: viewport, configuration: configuration)
            : viewport == old && resized.isEmpty
        var recomputed = 0
        if context.invalidatesEverything || !isIncremental {
            var newInput = layout.input
            newInput.viewport = viewport
            for (indexPath, size) in resized {
                LiveLayout.setSize(size, at: indexPath, in: &newInput, kind: layout.configuration)
            }
            for (element, size) in measured { LiveLayout.setSize(size, of: element, in: &newInput) }
            var none: [SectionLayout] = []
            let (prepared, records) = try Self.prepare(
                newInput,
                configuration: configuration,
                limits: layout.limits,
                previousSections: &none,
                previousRecords: []
            )
            layout.replace(input: newInput, prepared: prepared, records: records)
            recomputed = prepared.elementCount
        } else {
            let viewportChanged = viewport != old
            if viewportChanged { layout.input.viewport = viewport }
            if !resized.isEmpty || !measured.isEmpty || viewportChanged {
                recomputed = Self.relayOut(&layout, configuration: configuration, resized, supplementaries: measured)
            }
        }
        var offsetAdjustment = Point.zero
        if let anchor, let offset = context.contentOffset, anchor.indexPath != nil || anchoring == .bottom {
            let adjusted = anchor.contentOffset(in: layout.prepared, newIndexPath: anchor.indexPath, from: offset)
            offsetAdjustment = Point(x: adjusted.x - offset.x, y: adjusted.y - offset.y)
        }
        let newSize = layout.prepared.contentSize
        return InvalidationResult(
            contentSizeAdjustment: Size(width: newSize.width - oldSize.width, height: newSize.height - oldSize.height),
            contentOffsetAdjustment: offsetAdjustment,
            recomputedItemCount: recomputed
        )
    }

    /// The resizes that change something, in index path order, after checking every one.
    private static func checkedResizes(
        _ sizes: [IndexPath: Size],
        in layout: LiveLayout
    ) throws(LayoutError) -> [(IndexPath, Size)] {
        var result: [(IndexPath, Size)] = []
        for indexPath in sizes.keys.sorted() {
            let size = sizes[indexPath]!
            let section = indexPath.section
            guard layout.input.sections.indices.contains(section), indexPath.item >= 0,
                indexPath.item < layout.input.sections[section].itemCount
            else { throw .noSuchItem(section: section, item: indexPath.item) }
            guard Self.accepts(itemSize: size) else {
                throw .invalidItemSize(section: section, item: indexPath.item)
            }
            if LiveLayout.size(at: indexPath, in: layout.input, kind: layout.configuration) != size {
                result.append((indexPath, size))
            }
        }
        return result
    }

    /// Lays out again, in place, the touched sections from their first resized item (from their start for a
    /// measured supplementary, never resumed at a checkpoint), and moves later sections.
    ///
    /// - Returns: The number of cells laid out again.
    private static func relayOut(
        _ layout: inout LiveLayout,
        configuration: Configuration,
        _ resized: [(IndexPath, Size)],
        supplementaries: [(SupplementaryIndexPath, Size)]
    ) -> Int {
        // Sections moved to the end of a short content are stacked from 0 again, all of them: taking the move back
        // by a subtraction would not give the numbers of a fresh prepare.
        let wasMoved = layout.prepared.contentLead > 0
        var sections = layout.takeSections()
        // Checkpointed frames share the input's sizes: the resized sections (all laid out again below) drop them.
        for (indexPath, _) in resized { sections[indexPath.section].dropSharedSizes() }
        // Apply the sizes to the input, keeping each sizes array uniquely referenced so it changes in place.
        var firstItem: [Int: Int] = [:]
        // Sections whose measured header or footer changed: built again whole, never resumed.
        var measuredSupplementary = Set<Int>()
        for (indexPath, size) in resized {
            LiveLayout.setSize(size, at: indexPath, in: &layout.input, kind: layout.configuration)
            guard
                Self.measuredSizeMatters(
                    section: indexPath.section,
                    supplementary: nil,
                    input: layout.input,
                    configuration: configuration
                )
            else { continue }
            firstItem[indexPath.section] = Swift.min(firstItem[indexPath.section] ?? .max, indexPath.item)
        }
        for (element, size) in supplementaries {
            LiveLayout.setSize(size, of: element, in: &layout.input)
            guard
                Self.measuredSizeMatters(
                    section: element.indexPath.section,
                    supplementary: element.kind,
                    input: layout.input,
                    configuration: configuration
                )
            else { continue }
            firstItem[element.indexPath.section] = 0
            measuredSupplementary.insert(element.indexPath.section)
        }
        let input = layout.input
        var records = layout.records.take(as: Record.self)
        var builder: Builder
        do {
            let limits = layout.limits
            builder = try Self.makeBuilder(
                KindContext(input: input, configuration: configuration, limits: limits, keepsRecords: true)
            )
        } catch {
            preconditionFailure("the layout's parameters were valid when it was prepared: \(error)")
        }
        var recomputed = 0
        let firstSection = wasMoved ? 0 : firstItem.keys.min() ?? sections.count
        for (section, item) in firstItem.sorted(by: { $0.key < $1.key }) {
            do {
                let change = SectionChange(
                    section: section,
                    firstItem: item,
                    validatesSizes: false,
                    resumesAtCheckpoint: !measuredSupplementary.contains(section)
                )
                recomputed += try builder.relayOut(&sections[section], record: &records[section], change)
            } catch {
                preconditionFailure("the section's parameters were valid when it was prepared: \(error)")
            }
        }
        // Later sections move: the same sums as stacking them from scratch, so the origins are the same numbers.
        let spacing = builder.sectionSpacing
        let isVertical = builder.isVertical
        let room = builder.contentRoom
        var position = room.before
        var start = 0
        if firstSection < sections.count {
            let origin = sections[firstSection].origin
            position = wasMoved ? room.before : isVertical ? origin.y : origin.x
            start = firstSection
        }
        for index in start..<sections.count {
            if index > start { position += spacing }
            if index >= firstSection {
                sections[index].origin = isVertical ? Point(x: 0, y: position) : Point(x: position, y: 0)
            }
            position += records[index].length
        }
        layout.prepared = Self.assembleAligned(
            builder,
            sections: sections,
            records: records,
            contentLength: position + room.after,
            viewport: input.viewport,
            configuration: configuration
        )
        layout.records = SectionRecords(records)
        return recomputed
    }
}
