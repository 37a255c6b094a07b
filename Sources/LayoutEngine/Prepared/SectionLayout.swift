/// One prepared section: its origin, and its elements' frames relative to that origin.
///
/// Keeping frames relative lets a change above a section move it by changing only ``origin`` (issue 5's
/// invalidation), and keeps the per-item storage at one ``Rect`` (32 bytes), or none when the frames are computed
/// (``SectionFrames``).
///
/// Two sections are equal when their elements are, however the frames are stored and indexed.
struct SectionLayout: Hashable, Sendable {
    /// The section's origin in content coordinates (left-to-right space).
    var origin: Point
    /// The cells' frames, relative to ``origin``, in item order.
    var frames: SectionFrames
    /// The header's frame relative to ``origin``, if the section has one.
    var header: Rect?
    /// The footer's frame relative to ``origin``, if the section has one.
    var footer: Rect?
    /// The background decoration's frame relative to ``origin``, if the layout adds one.
    var background: Rect?
    /// `compositional`: the item beside the section at the start of the cross axis (leading edge of a vertical
    /// layout's section, top of a horizontal one's), relative to ``origin``.
    var sideStart: Rect?
    /// `compositional`: the item beside the section at the end of the cross axis, relative to ``origin``.
    var sideEnd: Rect?
    /// A rectangle relative to ``origin`` that contains every element of the section wherever it may be drawn
    /// (including pinned headers and footers, which stay inside the section's band).
    var extent: Rect
    /// The index over ``frames``.
    var index: SpatialIndex
    /// Where the section's body (between header and footer) starts along the scroll axis, relative to ``origin``:
    /// the limit of a pinned footer.
    var bodyStart: Double
    /// Where the section's body ends along the scroll axis, relative to ``origin``: the limit of a pinned header.
    var bodyEnd: Double

    /// Builds a section of stored frames, as a kind outside the engine's table (or a builder that keeps an array)
    /// has them: ``init(origin:frames:header:footer:background:sides:band:body:axis:sortsByLeadingEdge:index:)``
    /// with `SectionFrames(frames)`, no items beside the section and an unsorted index.
    ///
    /// - Complexity: O(n); O(1) with an index.
    init(
        origin: Point,
        frames: [Rect],
        header: Rect?,
        footer: Rect?,
        background: Rect?,
        band: Rect,
        body: (start: Double, end: Double),
        axis: Axis,
        index: SpatialIndex? = nil
    ) {
        self.init(
            origin: origin,
            frames: SectionFrames(frames),
            header: header,
            footer: footer,
            background: background,
            band: band,
            body: body,
            axis: axis,
            index: index
        )
    }

    /// Builds a section and its index; its frames may be computed (a grid is indexed by its closed form).
    ///
    /// `frames` and `index` are taken, not copied: a section's frames and index are large values (a grid's
    /// geometry in both), and a builder that hands over its own moves them into the section.
    ///
    /// - Parameters:
    ///   - origin: The section's origin.
    ///   - frames: The cells' frames relative to `origin`.
    ///   - header: The header's relative frame.
    ///   - footer: The footer's relative frame.
    ///   - background: The background's relative frame.
    ///   - sides: The relative frames of the items beside the section across the scroll axis, start then end.
    ///   - band: The section's own area (its insets included), relative to `origin`.
    ///   - body: The band between header and footer along the scroll axis, relative to `origin`.
    ///   - axis: The scroll axis.
    ///   - sortsByLeadingEdge: Whether the index permutes the cells (see ``SpatialIndex``).
    ///   - index: The index over `frames` when the caller already has it up to date; `nil` builds it.
    /// - Complexity: O(n) for stored frames, or O(n log n) when sorting; O(1) for computed ones or with an index.
    init(
        origin: Point,
        frames: consuming SectionFrames,
        header: Rect?,
        footer: Rect?,
        background: Rect?,
        sides: (start: Rect?, end: Rect?) = (nil, nil),
        band: Rect,
        body: (start: Double, end: Double),
        axis: Axis,
        sortsByLeadingEdge: Bool = false,
        index: consuming SpatialIndex? = nil
    ) {
        self.origin = origin
        self.header = header
        self.footer = footer
        self.background = background
        self.sideStart = sides.start
        self.sideEnd = sides.end
        self.bodyStart = body.start
        self.bodyEnd = body.end
        if let taken = index.take() {
            self.index = taken
        } else if let grid = frames.grid {
            self.index = SpatialIndex(grid: grid, axis: axis)
        } else if let circle = frames.circle {
            self.index = SpatialIndex(circle: circle, axis: axis)
        } else if let repeatedGroup = frames.repeatedGroup {
            self.index = SpatialIndex(repeatedGroup: repeatedGroup, axis: axis)
        } else if let checkpointed = frames.checkpointed {
            self.index = SpatialIndex(checkpointed: checkpointed)
        } else {
            self.index = SpatialIndex(frames: frames.array, axis: axis, sortsByLeadingEdge: sortsByLeadingEdge)
        }
        // Moved in: its last use (a copy retained a grid's three arrays, released again with the parameter).
        self.frames = consume frames
        // Each element in turn, without an array of them to allocate for every section.
        var extent = band
        if let bounds = self.index.bounds { extent = extent.union(bounds) }
        if let header { extent = extent.union(header) }
        if let footer { extent = extent.union(footer) }
        if let background { extent = extent.union(background) }
        if let start = sides.start { extent = extent.union(start) }
        if let end = sides.end { extent = extent.union(end) }
        self.extent = extent
    }

    /// The section's extent in content coordinates.
    var absoluteExtent: Rect {
        self.extent.offsetBy(dx: self.origin.x, dy: self.origin.y)
    }

    /// The number of elements: cells, header, footer, side items and background.
    var elementCount: Int {
        self.frames.count + (self.header == nil ? 0 : 1) + (self.footer == nil ? 0 : 1)
            + (self.background == nil ? 0 : 1) + (self.sideStart == nil ? 0 : 1) + (self.sideEnd == nil ? 0 : 1)
    }

    /// The bytes this section holds on the heap.
    var heapBytes: Int {
        self.frames.heapBytes + self.index.heapBytes
    }

    static func == (lhs: Self, rhs: Self) -> Bool {
        lhs.origin == rhs.origin && lhs.header == rhs.header && lhs.footer == rhs.footer
            && lhs.background == rhs.background && lhs.sideStart == rhs.sideStart && lhs.sideEnd == rhs.sideEnd
            && lhs.extent == rhs.extent && lhs.bodyStart == rhs.bodyStart && lhs.bodyEnd == rhs.bodyEnd
            && lhs.index.axis == rhs.index.axis && lhs.index.isPermuted == rhs.index.isPermuted
            && lhs.frames == rhs.frames
    }

    func hash(into hasher: inout Hasher) {
        hasher.combine(self.origin)
        hasher.combine(self.extent)
        hasher.combine(self.frames)
    }
}

extension SectionLayout {
    /// Drops checkpointed frames' reference to the input's sizes, in the frames and the index (see
    /// ``SectionFrames/dropSharedSizes()``): the section must be laid out again before it is read.
    mutating func dropSharedSizes() {
        self.frames.dropSharedSizes()
        if let checkpointed = self.frames.checkpointed { self.index = SpatialIndex(checkpointed: checkpointed) }
    }

    /// Takes the frames out to be rewritten from `item` on, leaving this section none (so that the returned array
    /// is their only reference when this section held it), grown or shrunk to `count`.
    ///
    /// - Complexity: O(1), or O(difference of counts).
    mutating func takeFrames(count: Int, keepingBefore item: Int) -> [Rect] {
        var frames = self.frames.array
        self.frames = []
        precondition(item >= 0 && item <= Swift.min(count, frames.count))
        if frames.count > count {
            frames.removeSubrange(count...)
        } else if frames.count < count {
            frames.append(contentsOf: repeatElement(Rect.zero, count: count - frames.count))
        }
        return frames
    }
}
