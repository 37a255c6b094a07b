/// A layout kind: its configuration, its section builder, what a session keeps per section, and how a session
/// answers invalidation and updates.
///
/// A kind is one type conforming to this protocol (a caseless enum such as ``FlowLayout``), registered in
/// ``LayoutKind/registry`` (or, for a kind defined outside the engine, wrapped in a
/// ``LayoutConfiguration/custom(_:)``). Everything else is shared: one orchestration (`prepare(_:configuration:…)`
/// in `LayoutKindProtocol+Prepare.swift`) stacks the sections the kind's ``Builder`` makes for stateless prepares
/// and sessions alike; queries and snapping read what the builder's ``KindSectionBuilder/assemble(sections:records:contentLength:)`` put in the
/// ``PreparedLayout`` (frames, the scroll axis, ``ElementEffects``, the snap mode); invalidation and batch updates
/// (``LiveLayout``) lay out again only the sections they touch when ``keepsSections`` is set, and prepare again
/// otherwise.
///
/// The builder's methods work on whole sections, so the per-item loops stay in each kind's concrete code and the
/// generic orchestration costs a few calls per section.
protocol LayoutKindProtocol: SendableMetatype {
    /// The kind's parameters, with the seeds' defaults.
    associatedtype Configuration: Hashable, Sendable
    /// What a session keeps about each prepared section besides its frames (its length at least).
    associatedtype Record: KindSectionRecord
    /// What builds one prepare's sections, in order, and assembles the prepared layout around them.
    associatedtype Builder: KindSectionBuilder where Builder.Record == Record

    /// The kind's name.
    static var kind: LayoutKind { get }

    /// The configuration a request without `config` gets.
    static var defaultConfiguration: Configuration { get }

    /// Whether a session keeps the prepared sections and their records, so that invalidation and batch updates lay
    /// out only the sections they touch (``KindSectionBuilder/relayOut(_:record:_:)``) and move the others. When
    /// `false`, every change prepares again. Defaults to `false`.
    static var keepsSections: Bool { get }

    /// Checks the layout-wide parameters and makes the builder of the context's sections.
    ///
    /// The context is consumed: a builder may keep it (or its input and configuration) without a copy.
    ///
    /// - Throws: ``LayoutError`` for a bad parameter.
    static func makeBuilder(_ context: consuming KindContext<Configuration>) throws(LayoutError) -> Builder

    /// The size of the items of a `count` section, as ``InvalidationContext/itemSizes`` and batch updates read it.
    static func defaultItemSize(of section: SectionInput, configuration: Configuration, viewport: Size) -> Size

    /// Whether `size` is a size the kind accepts for an item. Defaults to ``Size/isValid``.
    static func accepts(itemSize size: Size) -> Bool

    /// Whether a session of this kind keeps its sections when the viewport changes from `old` to `new` (only
    /// when ``keepsSections``). Defaults to `old == new`.
    static func keepsSections(from old: Size, to new: Size, configuration: Configuration) -> Bool

    /// Whether a measured size of an item (`supplementary` `nil`) or of a header or footer of section `index` can
    /// move anything; a size that cannot is recorded without laying the section out again. Defaults to `true`.
    static func measuredSizeMatters(
        section index: Int,
        supplementary kind: ElementKind?,
        input: LayoutInput,
        configuration: Configuration
    ) -> Bool

    /// Whether the kind measures the supplementary `element` (its size replaces an estimate). Defaults to `false`:
    /// headers and footers are given, never measured.
    static func measures(_ element: SupplementaryIndexPath, input: LayoutInput, configuration: Configuration) -> Bool

    /// Where content shorter than the viewport sits along the scroll axis. Defaults to ``ContentAlignment/top``.
    static func contentAlignment(_ configuration: Configuration) -> ContentAlignment

    /// Which visible cell mutations keep still on screen (see ``ScrollAnchor``). Defaults to
    /// ``ScrollAnchoring/top``.
    static func anchoring(_ configuration: Configuration) -> ScrollAnchoring

    /// `configuration` as a ``LayoutConfiguration``. Built-in kinds make their case; the default makes a
    /// ``LayoutConfiguration/custom(_:)``.
    static func wrap(_ configuration: Configuration) -> LayoutConfiguration

    /// The kind's configuration inside `configuration`, which must be this kind's. The default matches every case
    /// with a cast; a kind may match its own case alone.
    static func unwrap(_ configuration: LayoutConfiguration) -> Configuration

    // The entry points below are what callers holding a ``LayoutConfiguration`` reach through
    // ``LayoutConfiguration/kindType``; every kind takes their default implementations (in `LayoutKindProtocol+*`
    // and `LiveLayout+*`), specialized for it.

    /// Prepares `input` from scratch (``prepareLayout(_:configuration:limits:)``).
    static func prepareLayout(
        _ input: LayoutInput,
        configuration: LayoutConfiguration,
        limits: LayoutLimits
    ) throws(LayoutError) -> PreparedLayout

    /// Prepares `input` from scratch for a session, keeping the section records.
    static func prepareKeepingRecords(
        _ input: LayoutInput,
        configuration: LayoutConfiguration,
        limits: LayoutLimits
    ) throws(LayoutError) -> (PreparedLayout, SectionRecords)

    /// Applies an invalidation context to a session of this kind (``LiveLayout/invalidate(_:)``).
    static func invalidate(_ layout: inout LiveLayout, _ context: InvalidationContext) throws(LayoutError)
        -> InvalidationResult

    /// Applies a batch of updates to a session of this kind (``LiveLayout/performBatchUpdates(_:)``).
    static func performBatchUpdates(_ layout: inout LiveLayout, _ updates: BatchUpdates) throws(UpdateError)
        -> UpdateResult

    /// ``defaultItemSize(of:configuration:viewport:)`` for this kind's `configuration`.
    static func defaultItemSize(of section: SectionInput, in configuration: LayoutConfiguration, viewport: Size)
        -> Size

    /// Whether a measured supplementary `element` is one this kind measures, in `configuration`.
    static func measures(_ element: SupplementaryIndexPath, input: LayoutInput, in configuration: LayoutConfiguration)
        -> Bool
}

/// What a kind's builder is made from: one prepare's input and the kind's parameters.
struct KindContext<Configuration> {
    /// The input whose sections are built; already checked by ``LayoutInput/validate(limits:)``.
    let input: LayoutInput
    /// The kind's parameters.
    let configuration: Configuration
    /// The bounds every input must respect.
    let limits: LayoutLimits
    /// Whether the records are kept (a session) or dropped (a stateless prepare): a kind may skip what only a
    /// session needs.
    let keepsRecords: Bool
    /// A section laid out while the request was read (a waterfall's), which the kind's builder may take.
    var streamed: WaterfallSectionStream? = nil
}

/// A section a builder lays out again (``KindSectionBuilder/relayOut(_:record:_:)``).
struct SectionChange {
    /// The section's index in the input.
    let section: Int
    /// The first item whose size or identity changed; the items before it are as they were.
    let firstItem: Int
    /// Whether to check the section's sizes (invalidation checked them already).
    let validatesSizes: Bool
    /// Whether only item sizes changed, so that a kind may resume at a checkpoint it kept.
    let resumesAtCheckpoint: Bool
}

/// What a session keeps about one prepared section of a kind, besides its frames.
protocol KindSectionRecord: Hashable, Sendable {
    /// The section's length along the scroll axis: the next section starts this much further (plus the kind's
    /// ``KindSectionBuilder/sectionSpacing``).
    var length: Double { get }
}

/// The record of kinds that keep nothing but a section's length.
struct PlainSectionRecord: KindSectionRecord {
    /// The section's length along the scroll axis.
    var length: Double
}

/// A kind's section builder: the state of one prepare (its parameters checked), building sections one at a time, in
/// order, and the prepared layout around them.
protocol KindSectionBuilder {
    /// What the kind keeps per section.
    associatedtype Record: KindSectionRecord

    /// Whether sections stack along y (or along x).
    var isVertical: Bool { get }

    /// The spacing between consecutive sections along the scroll axis. Defaults to 0.
    var sectionSpacing: Double { get }

    /// The room along the scroll axis before the first section and after the last (`compositional`'s layout-wide
    /// header and footer). Defaults to none.
    var contentRoom: (before: Double, after: Double) { get }

    /// Checks section `index` and builds it at `position` along the scroll axis.
    ///
    /// - Returns: The section, its frames relative to its origin, and its record.
    /// - Throws: ``LayoutError`` for a bad parameter or item size of the section.
    /// - Complexity: O(items of the section) for most kinds.
    mutating func build(_ index: Int, at position: Double) throws(LayoutError) -> (SectionLayout, Record)

    /// Checks section `index` as ``build(_:at:)`` would, without building it; `kept` is the record of a section a
    /// batch update keeps as it was (nothing of it is built, but a kind may charge it to a budget). Only kinds that
    /// keep sections are asked. Defaults to nothing.
    ///
    /// - Throws: ``LayoutError``, as ``build(_:at:)`` would.
    mutating func check(_ index: Int, keeping kept: Record?) throws(LayoutError)

    /// Lays a section out again from its first changed item on, in place (only kinds that keep sections are
    /// asked): the frames before that item are as they were. Defaults to building the section whole at its origin.
    ///
    /// - Parameters:
    ///   - layout: The section's previous layout; replaced. Its frames are rewritten without a copy when this is
    ///     their only reference.
    ///   - record: The section's record; replaced.
    ///   - change: Which section changed, from which item, and how.
    /// - Returns: The number of cells laid out again.
    /// - Throws: ``LayoutError`` for a bad size when ``SectionChange/validatesSizes``.
    mutating func relayOut(_ layout: inout SectionLayout, record: inout Record, _ change: SectionChange)
        throws(LayoutError) -> Int

    /// The prepared layout around sections whose origins are in place. A kind that keeps sections reads only
    /// `records` and `sections` here (kept sections were not built by this builder). `records` are in the sections'
    /// order: an array, or a stateless prepare's one record held without an array.
    ///
    /// - Complexity: O(number of sections).
    func assemble<Records: RandomAccessCollection<Record>>(
        sections: [SectionLayout],
        records: Records,
        contentLength: Double
    ) -> PreparedLayout where Records.Index == Int
}

extension LayoutKindProtocol {
    static var keepsSections: Bool { false }

    static func accepts(itemSize size: Size) -> Bool { size.isValid }

    static func keepsSections(from old: Size, to new: Size, configuration: Configuration) -> Bool { old == new }

    static func measuredSizeMatters(
        section index: Int,
        supplementary kind: ElementKind?,
        input: LayoutInput,
        configuration: Configuration
    ) -> Bool { true }

    static func measures(_ element: SupplementaryIndexPath, input: LayoutInput, configuration: Configuration) -> Bool {
        false
    }

    static func anchoring(_ configuration: Configuration) -> ScrollAnchoring { .top }

    static func contentAlignment(_ configuration: Configuration) -> ContentAlignment { .top }

    static func wrap(_ configuration: Configuration) -> LayoutConfiguration {
        .custom(AnyKindConfiguration(Self.self, configuration))
    }

    /// The kind's configuration inside `configuration`, which must be this kind's (every kind's configuration is
    /// a type of its own).
    ///
    /// Each case is matched with its cast in the pattern (no existential: each case's own type is cast) and returned
    /// from there: through an optional, the configuration was copied out of its box twice.
    static func unwrap(_ configuration: LayoutConfiguration) -> Configuration {
        switch configuration {
        case .flow(let own as Configuration), .waterfall(let own as Configuration), .line(let own as Configuration),
            .stack(let own as Configuration), .circle(let own as Configuration), .cover(let own as Configuration),
            .rotary(let own as Configuration), .pagecover(let own as Configuration),
            .justified(let own as Configuration), .compositional(let own as Configuration):
            return own
        case .custom(let custom):
            if let own = custom.value as? Configuration { return own }
        default:
            break
        }
        preconditionFailure("a \(configuration.kind.rawValue) configuration given to \(Self.kind.rawValue)")
    }
}

extension KindSectionBuilder {
    var sectionSpacing: Double { 0 }

    var contentRoom: (before: Double, after: Double) { (0, 0) }

    mutating func check(_ index: Int, keeping kept: Record?) throws(LayoutError) {}

    mutating func relayOut(_ layout: inout SectionLayout, record: inout Record, _ change: SectionChange)
        throws(LayoutError) -> Int
    {
        (layout, record) = try self.build(change.section, at: self.isVertical ? layout.origin.y : layout.origin.x)
        return layout.frames.count
    }
}

/// A configuration with chat-style placement: `anchor` (which visible cell mutations keep still) and
/// `contentAlignment` (where content shorter than the viewport sits). A kind whose configuration conforms answers
/// ``LayoutKindProtocol/anchoring(_:)`` and ``LayoutKindProtocol/contentAlignment(_:)`` from it.
protocol AnchoringConfiguration {
    /// Which visible cell mutations keep still on screen.
    var anchor: ScrollAnchoring { get }
    /// Where content shorter than the viewport sits along the scroll axis.
    var contentAlignment: ContentAlignment { get }
}

extension LayoutKindProtocol where Configuration: AnchoringConfiguration {
    static func anchoring(_ configuration: Configuration) -> ScrollAnchoring { configuration.anchor }

    static func contentAlignment(_ configuration: Configuration) -> ContentAlignment {
        configuration.contentAlignment
    }
}

/// The configuration of sections that scroll either way, with a section background and snapping: flow's and
/// waterfall's. A kind whose configuration conforms keeps its sections when the viewport changes only along the
/// scroll axis, and checks both parameters with ``LayoutKindProtocol/validateScrolling(_:)``.
protocol SectionScrollingConfiguration: AnchoringConfiguration {
    /// Whether sections stack along y or along x.
    var scrollDirection: FlowLayout.ScrollDirection { get }
    /// The insets of each section's background decoration, or `nil` for none.
    var sectionBackground: EdgeInsets? { get }
    /// Points per second from which a snap moves on in the flick's direction.
    var flickVelocityThreshold: Double { get }
}

extension LayoutKindProtocol where Configuration: SectionScrollingConfiguration {
    /// A change along the scroll axis only records the new viewport.
    static func keepsSections(from old: Size, to new: Size, configuration: Configuration) -> Bool {
        configuration.scrollDirection == .vertical ? new.width == old.width : new.height == old.height
    }

    /// Checks the section background's insets and the flick threshold.
    ///
    /// - Throws: ``LayoutError/invalidParameter(name:section:)`` naming the parameter.
    static func validateScrolling(_ configuration: Configuration) throws(LayoutError) {
        try validateScrollingParameters(
            sectionBackground: configuration.sectionBackground,
            flickVelocityThreshold: configuration.flickVelocityThreshold
        )
    }
}
