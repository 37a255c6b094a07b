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
