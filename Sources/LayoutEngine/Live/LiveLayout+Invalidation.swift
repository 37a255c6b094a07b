/// ``LiveLayout/invalidate(_:)``, the same for every kind: the entry point (in `LiveLayout.swift`) reaches it
/// through ``LayoutConfiguration/kindType``.
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
        let context = KindContext(input: input, configuration: configuration, limits: layout.limits, keepsRecords: true)
        var builder: Builder
        do {
            builder = try Self.makeBuilder(context)
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
            sectionsEnd: position,
            viewport: context.input.viewport,
            alignment: Self.contentAlignment(context.configuration)
        )
        layout.records = SectionRecords(records)
        return recomputed
    }
}
