extension LiveLayout {
    /// Applies an invalidation context, recomputing only what changed (`invalidateLayoutWithContext:`).
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
    /// - New supplementary sizes (``InvalidationContext/supplementarySizes``): `compositional` only. The measured
    ///   size becomes the section's ``SectionInput/header`` or ``SectionInput/footer``, its estimated dimensions
    ///   take the measured lengths, and the section is built again whole while later sections move. Every other
    ///   kind refuses them (``LayoutError/noSuchSupplementary(kind:section:item:)``): their header and footer sizes
    ///   are given, never estimated.
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
        let oldSize = self.prepared.contentSize
        let anchor = context.contentOffset.flatMap { InvalidationResult.firstVisibleCell(in: self.prepared, at: $0) }
        if let viewport = context.viewport, !viewport.isValid { throw .invalidViewport }
        let resized = try self.checkedResizes(context.itemSizes)
        let measured = try self.checkedSupplementaryResizes(context.supplementarySizes)
        let viewport = context.viewport ?? self.input.viewport
        let old = self.input.viewport
        let isIncremental: Bool
        switch self.configuration {
        case .flow(let flow):
            let isVertical = flow.scrollDirection == .vertical
            isIncremental = isVertical ? viewport.width == old.width : viewport.height == old.height
        case .waterfall, .justified:
            isIncremental = viewport.width == old.width
        case .compositional:
            // Fractional dimensions make every length depend on the viewport, along the scroll axis too.
            isIncremental = viewport == old
        case .line, .stack, .circle, .cover, .rotary, .pagecover:
            isIncremental = viewport == old && resized.isEmpty
        }
        var recomputed = 0
        if context.invalidatesEverything || !isIncremental {
            var newInput = self.input
            newInput.viewport = viewport
            for (indexPath, size) in resized {
                Self.setSize(size, at: indexPath, in: &newInput, kind: self.configuration)
            }
            for (element, size) in measured { Self.setSize(size, of: element, in: &newInput) }
            let (prepared, records) = try Self.prepare(newInput, configuration: self.configuration, limits: self.limits)
            self.replace(input: newInput, prepared: prepared, records: records)
            recomputed = prepared.elementCount
        } else {
            let viewportChanged = viewport != old
            if viewportChanged { self.input.viewport = viewport }
            if !resized.isEmpty || !measured.isEmpty || viewportChanged {
                recomputed = self.relayOut(resized, supplementaries: measured)
            }
        }
        let offsetAdjustment =
            anchor.map {
                InvalidationResult.adjustment(
                    anchor: $0,
                    in: self.prepared,
                    contentOffset: context.contentOffset ?? .zero
                )
            } ?? .zero
        let newSize = self.prepared.contentSize
        return InvalidationResult(
            contentSizeAdjustment: Size(width: newSize.width - oldSize.width, height: newSize.height - oldSize.height),
            contentOffsetAdjustment: offsetAdjustment,
            recomputedItemCount: recomputed
        )
    }

    /// The resizes that change something, in index path order, after checking every one.
    private func checkedResizes(_ sizes: [IndexPath: Size]) throws(LayoutError) -> [(IndexPath, Size)] {
        let requiresPositiveWidth = self.configuration.kind == .waterfall
        var result: [(IndexPath, Size)] = []
        for indexPath in sizes.keys.sorted() {
            let size = sizes[indexPath]!
            let section = indexPath.section
            guard self.input.sections.indices.contains(section), indexPath.item >= 0,
                indexPath.item < self.input.sections[section].itemCount
            else { throw .noSuchItem(section: section, item: indexPath.item) }
            guard size.isValid, !requiresPositiveWidth || size.width > 0,
                self.configuration.kind != .justified || JustifiedLayout.isAspectRatio(size)
            else {
                throw .invalidItemSize(section: section, item: indexPath.item)
            }
            if Self.size(at: indexPath, in: self.input, kind: self.configuration) != size {
                result.append((indexPath, size))
            }
        }
        return result
    }

    /// Lays out again, in place, the touched sections from their first resized item (from their start for a
    /// measured supplementary, never resumed at a `compositional` checkpoint), and moves later sections.
    ///
    /// - Returns: The number of cells laid out again.
    private mutating func relayOut(
        _ resized: [(IndexPath, Size)],
        supplementaries: [(SupplementaryIndexPath, Size)]
    ) -> Int {
        // Apply the sizes to the input, keeping each sizes array uniquely referenced so it changes in place.
        var firstItem: [Int: Int] = [:]
        // Sections whose measured header or footer changed: built again whole, never resumed.
        var measuredSupplementary = Set<Int>()
        let configuration = self.configuration
        for (indexPath, size) in resized {
            Self.setSize(size, at: indexPath, in: &self.input, kind: configuration)
            guard self.measuredSizeMatters(section: indexPath.section, supplementary: nil) else { continue }
            firstItem[indexPath.section] = Swift.min(firstItem[indexPath.section] ?? .max, indexPath.item)
        }
        for (element, size) in supplementaries {
            Self.setSize(size, of: element, in: &self.input)
            guard self.measuredSizeMatters(section: element.indexPath.section, supplementary: element.kind) else {
                continue
            }
            firstItem[element.indexPath.section] = 0
            measuredSupplementary.insert(element.indexPath.section)
        }
        let input = self.input
        var sections = self.takeSections()
        var recomputed = 0
        let firstSection = firstItem.keys.min() ?? sections.count
        for (section, item) in firstItem.sorted(by: { $0.key < $1.key }) {
            do {
                recomputed += try Self.relayOut(
                    &sections[section],
                    record: &self.records[section],
                    section: section,
                    from: item,
                    input: input,
                    configuration: configuration,
                    limits: self.limits,
                    validatesSizes: false,
                    resumesCompositional: !measuredSupplementary.contains(section)
                )
            } catch {
                preconditionFailure("the section's parameters were valid when it was prepared: \(error)")
            }
        }
        // Later sections move: the same sums as stacking them from scratch, so the origins are the same numbers.
        let spacing: Double
        if case .compositional(let compositional) = configuration {
            spacing = compositional.interSectionSpacing
        } else {
            spacing = 0
        }
        var position = 0.0
        var start = 0
        if firstSection < sections.count {
            position =
                self.prepared.axis == .vertical
                ? sections[firstSection].origin.y : sections[firstSection].origin.x
            start = firstSection
        }
        let isVertical = self.prepared.axis == .vertical
        for index in start..<sections.count {
            if index > start { position += spacing }
            if index >= firstSection {
                sections[index].origin = isVertical ? Point(x: 0, y: position) : Point(x: position, y: 0)
            }
            position += self.records[index].length
        }
        switch self.configuration {
        case .flow(let flow):
            self.prepared =
                (FlowLayout.assemble(
                    input,
                    configuration: flow,
                    sections: sections,
                    crossEnds: self.records.map(\.crossEnd),
                    contentLength: position
                ))
        case .waterfall(let waterfall):
            self.prepared =
                (WaterfallLayout.assemble(input, configuration: waterfall, sections: sections, contentLength: position))
        case .justified(let justified):
            self.prepared = JustifiedLayout.assemble(
                input,
                configuration: justified,
                sections: sections,
                summaries: self.records.map(\.justifiedSummary),
                contentLength: position
            )
        case .compositional(let compositional):
            self.prepared = CompositionalLayout.assemble(
                input,
                configuration: compositional,
                sections: sections,
                effects: self.records.map(\.effects),
                contentLength: position
            )
        case .line, .stack, .circle, .cover, .rotary, .pagecover:
            preconditionFailure("only flow, waterfall, justified and compositional lay out incrementally")
        }
        return recomputed
    }
}
