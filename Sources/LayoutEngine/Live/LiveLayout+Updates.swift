/// ``LiveLayout/performBatchUpdates(_:)``, the same for every kind: the entry point (in `LiveLayout.swift`) reaches it
/// through ``LayoutConfiguration/kindType``.
extension LayoutKindProtocol {
    static func performBatchUpdates(_ layout: inout LiveLayout, _ updates: BatchUpdates) throws(UpdateError)
        -> UpdateResult
    {
        let configuration = Self.unwrap(layout.configuration)
        // A kind that keeps its sections may splice the touched sections' sizes in place (checked first).
        let splicing = Self.keepsSections ? Self.self as? any SplicesBatchSizes.Type : nil
        let plan = try BatchPlan(
            updates, input: layout.input, configuration: layout.configuration, splicesSizes: splicing != nil)
        var newInput = layout.input
        newInput.sections = plan.sections
        let offset = layout.input.contentOffset
        let oldContentSize = layout.prepared.contentSize
        // The anchor is found in the old frames before they are taken out to be rewritten.
        let anchorOffset = updates.contentOffset ?? offset
        let anchoring = Self.anchoring(configuration)
        // Cells of moved sections move: they anchor nothing, as moved items.
        let anchor = ScrollAnchor.find(in: layout.prepared, at: anchorOffset, anchoring: anchoring) {
            !plan.movedSections.contains($0.section) && plan.newIndexPath(of: $0) != nil
        }
        // Disappearing elements first: the old frames of resumed sections are rewritten below.
        var deletedSections = Set(updates.deleteSections)
        var leaving: [Int: [Int]] = [:]
        for indexPath in updates.deleteItems { leaving[indexPath.section, default: []].append(indexPath.item) }
        for change in updates.reloadItems {
            leaving[change.indexPath.section, default: []].append(change.indexPath.item)
        }
        var (moved, movedFrom) = LiveLayout.moves(
            of: updates,
            plan: plan,
            reloaded: Set(updates.reloadItems.map(\.indexPath)),
            in: layout.prepared,
            offset: offset
        )
        var disappearing: [LayoutAttributes] = []
        for section in 0..<layout.prepared.numberOfSections {
            if deletedSections.remove(section) != nil {
                LiveLayout.appendElements(of: section, in: layout.prepared, offset: offset, to: &disappearing)
            } else if let items = leaving[section] {
                for item in items.sorted() {
                    let indexPath = IndexPath(section: section, item: item)
                    LiveLayout.appendCell(indexPath, in: layout.prepared, offset: offset, to: &disappearing)
                }
            }
        }

        // `compositional`'s layout-wide header and footer, which move when the content before or after them does.
        let storedOffset = layout.prepared.storedOffset(offset)
        let oldBoundary = [false, true].map {
            layout.prepared.layoutBoundaryAttributes(isFooter: $0, offset: storedOffset)
        }
        let prepared: PreparedLayout
        let records: [Record]
        if Self.keepsSections {
            // Check everything first: once resumed sections are rewritten in place, there is no going back.
            do {
                let input = layout.input
                try Self.validate(
                    newInput,
                    configuration: configuration,
                    limits: layout.limits,
                    reused: plan.reused,
                    firstChanged: plan.firstChanged,
                    previousRecords: layout.records.records(as: Record.self)
                ) { (index) throws(LayoutError) in
                    // A spliced section's builder saw only its count: its sizes are checked here.
                    guard let splicing, let splice = plan.splices[index], let old = plan.reused[index],
                        case .sizes(let kept) = input.sections[old].items
                    else { return }
                    try splicing.checkSplicedSizes(
                        splice, kept: kept, section: index, configuration: layout.configuration)
                }
            } catch {
                throw .invalidLayout(error)
            }
            var sections = layout.takeSections()
            // Checkpointed frames resumed (a section left with items) give their arrays up to the resumed
            // recording, which then rewrites them in place; nothing reads them before.
            for (index, old) in plan.reused.enumerated()
            where plan.firstChanged[index] != nil && newInput.sections[index].itemCount > 0 {
                if let old { sections[old].dropSharedSizes() }
            }
            // Spliced sizes go into the old arrays, in place now that the frames dropped them (the session's
            // input gives each up; it is replaced below).
            for section in plan.splices.keys { plan.splice(section, into: &newInput.sections, from: &layout.input) }
            do {
                (prepared, records) = try Self.prepare(
                    newInput,
                    configuration: configuration,
                    limits: layout.limits,
                    reused: plan.reused,
                    firstChanged: plan.firstChanged,
                    previousSections: &sections,
                    previousRecords: layout.records.take(as: Record.self),
                    validatesResumed: false
                )
            } catch {
                preconditionFailure("the new input was checked: \(error)")
            }
        } else {
            do {
                var none: [SectionLayout] = []
                (prepared, records) = try Self.prepare(
                    newInput,
                    configuration: configuration,
                    limits: layout.limits,
                    previousSections: &none,
                    previousRecords: []
                )
            } catch {
                throw .invalidLayout(error)
            }
        }

        let insertedSections = Set(updates.insertSections.map(\.index))
        var arriving: [Int: [Int]] = [:]
        for change in updates.insertItems {
            arriving[change.indexPath.section, default: []].append(change.indexPath.item)
        }
        for reload in plan.reloads { arriving[reload.new.section, default: []].append(reload.new.item) }
        var appearing: [LayoutAttributes] = []
        for section in 0..<prepared.numberOfSections {
            if insertedSections.contains(section) {
                LiveLayout.appendElements(of: section, in: prepared, offset: offset, to: &appearing)
            } else if let items = arriving[section] {
                for item in items.sorted() {
                    LiveLayout.appendCell(
                        IndexPath(section: section, item: item),
                        in: prepared,
                        offset: offset,
                        to: &appearing
                    )
                }
            }
        }

        LiveLayout.addMovedLayoutBoundary(oldBoundary, in: prepared, offset: offset, to: &movedFrom)
        layout.replace(input: newInput, prepared: prepared, records: records)
        let newOffset = anchor.contentOffset(
            in: prepared,
            newIndexPath: anchor.indexPath.flatMap { plan.newIndexPath(of: $0) },
            from: anchorOffset
        )
        return UpdateResult(
            appearing: appearing,
            disappearing: disappearing,
            moved: moved,
            movedFrom: movedFrom,
            contentSizeAdjustment: Size(
                width: prepared.contentSize.width - oldContentSize.width,
                height: prepared.contentSize.height - oldContentSize.height
            ),
            contentOffset: newOffset,
            contentOffsetAdjustment: Point(x: newOffset.x - anchorOffset.x, y: newOffset.y - anchorOffset.y)
        )
    }
}

extension LiveLayout {
    /// Appends a section's every element, in the stable order, with alpha 0.
    static func appendElements(
        of section: Int,
        in layout: PreparedLayout,
        offset: Point,
        to result: inout [LayoutAttributes]
    ) {
        let first = IndexPath(section: section, item: 0)
        layout.visitDecorations(section: section, rect: nil) { result.append(Self.transparent($0)) }
        if let background = layout.attributesForDecorationElement(ofKind: .background, at: first, contentOffset: offset)
        {
            result.append(Self.transparent(background))
        }
        if let header = layout.attributesForSupplementaryElement(ofKind: .header, at: first, contentOffset: offset) {
            result.append(Self.transparent(header))
        }
        for kind in ElementKind.sideSupplementaries {
            if let side = layout.attributesForSupplementaryElement(ofKind: kind, at: first, contentOffset: offset) {
                result.append(Self.transparent(side))
            }
        }
        for item in 0..<layout.numberOfItems(inSection: section) {
            if let cell = layout.attributesForItem(at: IndexPath(section: section, item: item), contentOffset: offset) {
                result.append(Self.transparent(cell))
            }
        }
        layout.visitAnchored(section: section, rect: nil, scrolled: 0) { result.append(Self.transparent($0)) }
        if let footer = layout.attributesForSupplementaryElement(ofKind: .footer, at: first, contentOffset: offset) {
            result.append(Self.transparent(footer))
        }
    }

    /// Appends one cell with alpha 0, then (`compositional`) the supplementaries anchored to it and to the group
    /// repetition it starts, which appear and disappear with it.
    static func appendCell(
        _ indexPath: IndexPath,
        in layout: PreparedLayout,
        offset: Point,
        to result: inout [LayoutAttributes]
    ) {
        if let cell = layout.attributesForItem(at: indexPath, contentOffset: offset) {
            result.append(Self.transparent(cell))
        }
        Self.appendAnchored(indexPath, in: layout, as: indexPath, isTransparent: true, to: &result)
    }

    /// Appends the supplementaries anchored to the cell at `indexPath` and to the group repetition it starts
    /// (`compositional`'s badges), under `newIndexPath`: what moves, appears or disappears with the cell.
    ///
    /// - Complexity: O(supplementaries of one cell and of its group).
    static func appendAnchored(
        _ indexPath: IndexPath,
        in layout: PreparedLayout,
        as newIndexPath: IndexPath,
        isTransparent: Bool = false,
        to result: inout [LayoutAttributes]
    ) {
        for ofGroup in [false, true] {
            layout.forEachAnchored(section: indexPath.section, item: indexPath.item, ofGroup: ofGroup) {
                (_: ElementName, attributes: LayoutAttributes) in
                var attributes = isTransparent ? Self.transparent(attributes) : attributes
                attributes.indexPath = newIndexPath
                result.append(attributes)
            }
        }
    }

    /// Appends a section's decorations of client-named kinds (`compositional`) under `newSection`, for a moved
    /// section.
    static func appendDecorations(
        of section: Int,
        in layout: PreparedLayout,
        as newSection: Int,
        to result: inout [LayoutAttributes]
    ) {
        layout.visitDecorations(section: section, rect: nil) { (attributes: LayoutAttributes) in
            var attributes = attributes
            attributes.indexPath = IndexPath(section: newSection, item: 0)
            result.append(attributes)
        }
    }

    /// Adds `compositional`'s layout-wide header (first) and footer (last) to a batch's moved elements when the
    /// batch changes their attributes: each one's attributes before the batch (`old`, header then footer), at the
    /// same index path, `[0, 0]`.
    static func addMovedLayoutBoundary(
        _ old: [LayoutAttributes?],
        in layout: PreparedLayout,
        offset: Point,
        to movedFrom: inout [LayoutAttributes]
    ) {
        let stored = layout.storedOffset(offset)
        for (isFooter, before) in zip([false, true], old) {
            guard let before, let after = layout.layoutBoundaryAttributes(isFooter: isFooter, offset: stored),
                after != before
            else { continue }
            if isFooter { movedFrom.append(before) } else { movedFrom.insert(before, at: 0) }
        }
    }

    private static func transparent(_ attributes: LayoutAttributes) -> LayoutAttributes {
        var result = attributes
        result.alpha = 0
        return result
    }
}
