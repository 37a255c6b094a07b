/// What a session holds: its input, its configuration and limits, and the layout prepared from them, kept up to
/// date by invalidation (``invalidate(_:)``) and batch updates (``performBatchUpdates(_:)``) that recompute only
/// what changed.
///
/// The stored values are readable; they change only through the mutating methods, which keep them consistent:
/// ``prepared`` is always what ``prepareLayout(_:configuration:limits:)`` makes of ``input`` and
/// ``configuration``. For `flow`, `waterfall`, `justified` and `compositional` the value also keeps, per section, its
/// length (and for flow where each line starts, for compositional its effects), so a change can lay out only the
/// sections it touches and move the others.
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
    /// One record per section for `flow`, `waterfall`, `justified` and `compositional`; empty for the other kinds.
    var records: [SectionRecord]

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
        let (prepared, records) = try Self.prepare(input, configuration: configuration, limits: limits)
        self.input = input
        self.configuration = configuration
        self.limits = limits
        self.prepared = prepared
        self.records = records
    }

    /// Replaces the input and everything prepared from it.
    mutating func replace(input: LayoutInput, prepared: PreparedLayout, records: [SectionRecord]) {
        self.input = input
        self.prepared = prepared
        self.records = records
    }

    /// Takes the prepared sections out of ``prepared`` so they can be rewritten in place, leaving an empty layout.
    mutating func takeSections() -> [SectionLayout] {
        let sections = self.prepared.sections
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
}

/// What `flow`, `waterfall`, `justified` and `compositional` remember about a prepared section so that later sections
/// can move without being recomputed and a section can be laid out again (flow and waterfall: from any line).
struct SectionRecord: Hashable, Sendable {
    /// The section's length along the scroll axis (the next section starts this much further).
    var length: Double
    /// How far the section reaches across the scroll axis (`flow`); 0 for `waterfall`.
    var crossEnd: Double
    /// Where each line starts (`flow`); empty for `waterfall`.
    var lines: [FlowSectionBuilder.Line]
    /// How many items are laid out, the rest hidden (`justified`); 0 for the other kinds.
    var shownCount = 0
    /// The section's widow count (`justified`); 0 for the other kinds.
    var widowCount = 0
    /// The cells of the section's group template (`compositional`), charged to the layout's budget of template
    /// cells when the section is kept by an update; 0 for the other kinds.
    var templateCells = 0
    /// The section's pinning, zIndexes and orthogonal groups (`compositional`), relative to the section, so they
    /// hold wherever the section moves; the defaults for the other kinds.
    var effects = CompositionalEffects.Section()
    /// Where every ``CompositionalSectionBuilder/checkpointStride``-th repetition of the section's group starts
    /// (`compositional`, plain sections whose group has an estimated dimension), so that a measured item size lays
    /// the section out again from there rather than whole: 8 bytes per 16 repetitions (0.5 byte per item of a
    /// one-item group). Empty otherwise.
    var checkpoints: [Double] = []
    /// The row loop's state every ``JustifiedSectionBuilder/checkpointStride`` rows (`justified`), so that a
    /// resize lays the section out again from the last checkpoint before it rather than whole: 56 bytes per 16
    /// rows. Empty for the other kinds.
    var justifiedCheckpoints: [JustifiedSectionBuilder.Checkpoint] = []
}

extension SectionRecord {
    /// The record of a built `justified` section.
    init(_ summary: JustifiedSectionBuilder.Summary, checkpoints: [JustifiedSectionBuilder.Checkpoint]) {
        self.init(
            length: summary.length,
            crossEnd: 0,
            lines: [],
            shownCount: summary.shownCount,
            widowCount: summary.widowCount,
            justifiedCheckpoints: checkpoints
        )
    }

    /// The record of a built `compositional` section.
    init(_ built: CompositionalSectionBuilder.Result, templateCells: Int) {
        self.init(
            length: built.length,
            crossEnd: 0,
            lines: [],
            templateCells: templateCells,
            effects: built.effects,
            checkpoints: built.checkpoints
        )
    }

    /// The summary of a `justified` section, from its record.
    var justifiedSummary: JustifiedSectionBuilder.Summary {
        JustifiedSectionBuilder.Summary(length: self.length, shownCount: self.shownCount, widowCount: self.widowCount)
    }
}
