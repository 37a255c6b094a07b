/// A prepared layout: every element computed once, indexed for rect queries, immutable and `Sendable`.
///
/// This is what `UICollectionViewLayout` holds after `prepareLayout`. Make one with
/// ``prepareLayout(_:configuration:limits:)``; query it with ``attributes(in:contentOffset:)``,
/// ``forEachAttribute(in:contentOffset:_:)``, ``attributesForItem(at:contentOffset:)``,
/// ``attributesForSupplementaryElement(ofKind:at:contentOffset:)``,
/// ``attributesForDecorationElement(ofKind:at:contentOffset:)``, ``allAttributes(contentOffset:)`` and
/// ``targetContentOffset(forProposedContentOffset:velocity:)``.
///
/// Storage is one 32-byte ``Rect`` per item, relative to its section's origin, plus a small block index: no object
/// per item. Index paths are implicit (section array, item position). Attributes that depend on the scroll position
/// (the line layout's scale, pinned headers) are computed at query time, only for the elements returned.
///
/// Elements come in one stable order: section by section, and within a section the background decoration, the
/// header, `compositional`'s items beside the section (start of the cross axis, then end), the cells in item order,
/// then the footer. Rect queries answer in that same order.
public struct PreparedLayout: Hashable, Sendable {
    /// The kind that produced this layout.
    public let kind: LayoutKind
    /// The size of all content (`collectionViewContentSize`).
    public let contentSize: Size
    /// The viewport the layout was prepared for.
    public let viewport: Size
    /// The writing direction; right to left mirrors every answer.
    public let layoutDirection: LayoutDirection
    /// The number of elements of every category: cells, headers, footers and decorations.
    public let elementCount: Int
    /// The prepared sections, in order.
    let sections: [SectionLayout]
    /// The index over the sections' extents, kept only for more sections than one block of the index holds
    /// (``SpatialIndex/blockSize``): for fewer, a query scans the sections as the index's one block would have, and
    /// a layout answered once and dropped (`POST /layout/{kind}`) skips its arrays and trees.
    private let indexedSections: SpatialIndex?
    /// The scroll axis.
    let axis: Axis
    /// How far every section was moved along the scroll axis to put content shorter than the viewport at its end
    /// (``ContentAlignment/bottom``); 0 otherwise.
    var contentLead = 0.0
    /// `compositional`'s layout-wide header and footer, kept out of ``effects`` so that every kind's rect query
    /// checks for them without copying the effects.
    var layoutBoundary = CompositionalEffects.Boundary()
    /// What queries compute on top of the stored frames.
    let effects: ElementEffects
    /// The flick threshold of snapping, in points per second; `nil` when the kind does not snap.
    let snapVelocityThreshold: Double?
    /// How `flow` and `waterfall` snap; `line` always snaps to centres.
    let snapMode: SnapMode
    /// Whether snapping brings the nearest item centre to the viewport's centre (`line`, `rotary`) rather than
    /// an edge to the viewport's edge (``snapMode``).
    let snapsToCenters: Bool
    /// Whether an item starts a line (for ``SnapMode/line``) when its index is a multiple of its section's column
    /// count (`waterfall`), rather than when no item crosses its leading edge.
    let linesAreColumnRows: Bool

    /// Assembles a prepared layout from its sections.
    ///
    /// - Complexity: O(number of sections).
    init(
        kind: LayoutKind,
        input: LayoutInput,
        contentSize: Size,
        sections: [SectionLayout],
        axis: Axis,
        effects: ElementEffects,
        snapVelocityThreshold: Double? = nil,
        snapMode: SnapMode = .none,
        snapsToCenters: Bool = false,
        linesAreColumnRows: Bool = false
    ) {
        self.kind = kind
        self.contentSize = contentSize
        self.viewport = input.viewport
        self.layoutDirection = input.layoutDirection
        self.sections = sections
        self.axis = axis
        self.effects = effects
        self.snapVelocityThreshold = snapVelocityThreshold
        self.snapMode = snapMode
        self.snapsToCenters = snapsToCenters
        self.linesAreColumnRows = linesAreColumnRows
        self.indexedSections =
            sections.count > SpatialIndex.blockSize
            ? SpatialIndex(frames: sections.map(\.absoluteExtent), axis: axis) : nil
        self.elementCount = sections.reduce(0) { $0 + $1.elementCount }
    }

    /// The number of sections.
    public var numberOfSections: Int { self.sections.count }

    /// The number of items in a section, or 0 for a section that does not exist.
    ///
    /// - Parameter section: The section's index.
    /// - Returns: The section's item count.
    public func numberOfItems(inSection section: Int) -> Int {
        self.sections.indices.contains(section) ? self.sections[section].frames.count : 0
    }

    /// The bytes this layout holds on the heap (frames, index and section records), for benchmarks and limits.
    ///
    /// - Complexity: O(number of sections).
    public var heapBytes: Int {
        self.sections.reduce(self.sections.capacity * MemoryLayout<SectionLayout>.stride) { $0 + $1.heapBytes }
            + (self.indexedSections?.heapBytes ?? 0)
    }

    /// The index over the sections' extents: the kept one, or one built for the call when the layout has too few
    /// sections to keep one (for the rarer readers: transitions and interactive moves).
    ///
    /// - Complexity: O(1) when kept, else O(number of sections ≤ ``SpatialIndex/blockSize``).
    var sectionIndex: SpatialIndex {
        self.indexedSections ?? SpatialIndex(frames: self.sections.map(\.absoluteExtent), axis: self.axis)
    }

    /// The sections that may hold an element overlapping the band `lo..<hi` along the scroll axis, in order (the
    /// index is not permuted, so positions are sections); every other section certainly holds none.
    ///
    /// - Complexity: O(log number of sections), or O(1) returning every section when there are too few to index.
    func candidateSections(from lo: Double, to hi: Double) -> Range<Int> {
        guard let index = self.indexedSections else { return self.sections.indices }
        return index.candidatePositions(from: lo, to: hi)
    }

    /// Whether answers are mirrored (right to left).
    var isMirrored: Bool { self.layoutDirection == .rightToLeft }

    /// A rectangle in the caller's coordinates, in the left-to-right space the layout is stored in (and back: the
    /// mirror is its own inverse).
    func storedRect(_ rect: Rect) -> Rect {
        guard self.isMirrored else { return rect }
        return Rect(x: self.contentSize.width - rect.maxX, y: rect.minY, width: rect.width, height: rect.height)
    }

    /// A content offset in the caller's coordinates, in the left-to-right space: the viewport's rect mirrored.
    func storedOffset(_ offset: Point) -> Point {
        guard self.isMirrored else { return offset }
        return Point(x: self.contentSize.width - offset.x - self.viewport.width, y: offset.y)
    }
}
