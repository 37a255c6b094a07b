/// What a session holds: its input, its configuration and limits, and the layout prepared from them, kept up to
/// date by invalidation (``invalidate(_:)``) and batch updates (``performBatchUpdates(_:)``) that recompute only
/// what changed.
///
/// The stored values are readable; they change only through the mutating methods, which keep them consistent:
/// ``prepared`` is always what ``prepareLayout(_:configuration:limits:)`` makes of ``input`` and
/// ``configuration``. For kinds that keep sections (``LayoutKindProtocol/keepsSections``: `flow`, `waterfall`,
/// `justified` and `compositional`) the value also keeps, per section, the kind's record (its length, and for flow
/// where each line starts, for compositional its effects), so a change can lay out only the sections it touches
/// and move the others.
///
/// A mutation rewrites the touched section's frames in place when this value holds the only reference to them;
/// mutate the stored value itself (`sessions[id].live.invalidate(…)`), not a copy that shares storage with it, or
/// the touched section's frames are copied first.
public struct LiveLayout: Hashable, Sendable {
    /// The input ``prepared`` was made from.
    public internal(set) var input: LayoutInput
    /// The kind and its parameters.
    public let configuration: LayoutConfiguration
    /// The bounds every input must respect.
    public let limits: LayoutLimits
    /// The prepared layout: what queries read.
    public internal(set) var prepared: PreparedLayout
    /// One record per section, of the kind's record type.
    var records: SectionRecords

    /// Prepares a layout to keep.
    ///
    /// - Parameters:
    ///   - input: The viewport, offset, direction and sections.
    ///   - configuration: The kind and its parameters.
    ///   - limits: Bounds on the input's size. Defaults to ``LayoutLimits/init()``.
    /// - Throws: ``LayoutError``, as ``prepareLayout(_:configuration:limits:)``.
    /// - Complexity: That of ``prepareLayout(_:configuration:limits:)``.
    public init(
        input: LayoutInput,
        configuration: LayoutConfiguration,
        limits: LayoutLimits = LayoutLimits()
    ) throws(LayoutError) {
        let (prepared, records) = try configuration.kindType.prepareKeepingRecords(
            input,
            configuration: configuration,
            limits: limits
        )
        self.input = input
        self.configuration = configuration
        self.limits = limits
        self.prepared = prepared
        self.records = records
    }

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

    /// Applies a batch of insertions, deletions, reloads and moves (`performBatchUpdates:`), with UIKit's rules
    /// (see ``BatchUpdates``), and answers the attributes to animate.
    ///
    /// The whole batch is checked first; an inconsistent one throws and leaves the layout as it was. A moved section
    /// whose items do not change keeps its frames and only moves, like any untouched section. For `flow`,
    /// `waterfall`, `justified` and `compositional`, only sections whose items changed (and inserted sections) are
    /// laid out; the others keep their frames (and, `compositional`, their pinning and orthogonal groups) and only
    /// move. The other kinds prepare again.
    ///
    /// The answer also carries the content offset to show afterwards (``UpdateResult/contentOffset``): the anchor
    /// cell seen at ``BatchUpdates/contentOffset`` (or the input's own offset) among the cells that stay (neither
    /// deleted nor moved, nor in a moved section; reloaded ones stay), as ``ScrollAnchoring`` describes, keeps its
    /// place on screen, and the offset is clamped to the new content. Prepending items above the viewport therefore
    /// moves the offset by exactly their length and spacing.
    ///
    /// - Parameter updates: The batch.
    /// - Returns: The appearing and disappearing attributes, the moves, the content size adjustment and the
    ///   anchored content offset.
    /// - Throws: ``UpdateError`` naming the list and position of the first inconsistent entry, or
    ///   ``UpdateError/invalidLayout(_:)`` when the new input is not a valid layout.
    /// - Complexity: O(u log u + Σ items of touched sections + number of sections) for `flow`, `waterfall`,
    ///   `justified` and `compositional`, plus the size of the answer (every element of inserted and deleted
    ///   sections); a full prepare otherwise.
    public mutating func performBatchUpdates(_ updates: BatchUpdates) throws(UpdateError) -> UpdateResult {
        try self.configuration.kindType.performBatchUpdates(&self, updates)
    }

    /// Replaces the input and everything prepared from it.
    mutating func replace<Record: KindSectionRecord>(input: LayoutInput, prepared: PreparedLayout, records: [Record]) {
        self.input = input
        self.prepared = prepared
        self.records = SectionRecords(records)
    }

    /// Takes the prepared sections out of ``prepared`` so they can be rewritten in place, leaving an empty layout.
    ///
    /// Sections moved to the end of a short content (``ContentAlignment/bottom``) come back to where stacking from 0
    /// puts them.
    mutating func takeSections() -> [SectionLayout] {
        var sections = self.prepared.sections
        let lead = self.prepared.contentLead
        if lead > 0 {
            let isVertical = self.prepared.axis == .vertical
            for index in sections.indices {
                if isVertical { sections[index].origin.y -= lead } else { sections[index].origin.x -= lead }
            }
        }
        self.prepared = PreparedLayout(
            kind: self.prepared.kind,
            input: LayoutInput(sections: []),
            contentSize: .zero,
            sections: [],
            axis: self.prepared.axis,
            effects: .none
        )
        return sections
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

    /// The size of the items of a `count` section (``LayoutKindProtocol/defaultItemSize(of:configuration:viewport:)``).
    static func defaultSize(
        of section: SectionInput,
        kind configuration: LayoutConfiguration,
        viewport: Size
    ) -> Size {
        configuration.kindType.defaultItemSize(of: section, in: configuration, viewport: viewport)
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
