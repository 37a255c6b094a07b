/// A section's cell frames, relative to its origin, in item order: stored one ``Rect`` per item, or computed from a
/// ``GridGeometry`` when every item has one size (O(1) memory per item), on a ``CircleGeometry``, from a
/// ``RepeatedGroupGeometry``, or replayed from the input's sizes and per-block checkpoints (``CheckpointedFrames``).
///
/// Every reader (queries, snapping, scroll-to, transitions, the element cursor) goes through the collection's
/// subscript, so both storages give the same answers. Mutating a computed section stores its frames first (the
/// fallback after an invalidation that leaves the grid).
struct SectionFrames: Hashable, Sendable, RandomAccessCollection, MutableCollection, RangeReplaceableCollection,
    ExpressibleByArrayLiteral
{
    // Two stored properties rather than an enum with payloads: reading a frame then tests one optional and indexes
    // the array in place, where matching `case .stored(let frames)` on every read retained and released the
    // array (queries on stored frames ran about 1.7 times slower with the enum).

    /// The frames, when stored (empty when computed).
    private var stored: [Rect]
    /// The grid the frames are computed from, when they are.
    private(set) var grid: GridGeometry?
    /// The other closed form the frames are computed from, when they are (`circle` and `compositional` by `count`).
    private(set) var computed: ComputedFrames?

    /// The circle the frames are computed on, when they are.
    var circle: CircleGeometry? { self.computed?.circle }
    /// The repeated group the frames are computed from, when they are.
    var repeatedGroup: RepeatedGroupGeometry? { self.computed?.repeatedGroup }
    /// The sizes and checkpoints the frames are replayed from, when they are (``CheckpointedFrames``).
    private(set) var checkpointed: CheckpointedFrames?

    /// No frames.
    init() {
        self.stored = []
    }

    /// Stored frames.
    init(_ frames: [Rect]) {
        self.stored = frames
    }

    /// Frames computed from a grid (taken, not copied).
    init(grid: consuming GridGeometry) {
        self.stored = []
        self.grid = grid
    }

    /// Frames computed on a circle.
    init(circle: CircleGeometry) {
        self.stored = []
        self.computed = ComputedFrames(circle: circle)
    }

    /// Frames computed from a repeated group.
    init(repeatedGroup: RepeatedGroupGeometry) {
        self.stored = []
        self.computed = ComputedFrames(repeatedGroup: repeatedGroup)
    }

    /// Frames replayed from checkpoints.
    init(checkpointed: CheckpointedFrames) {
        self.stored = []
        self.checkpointed = checkpointed
    }

    init(arrayLiteral elements: Rect...) { self.init(elements) }

    var startIndex: Int { 0 }

    var endIndex: Int { self.grid?.count ?? self.computed?.count ?? self.checkpointed?.count ?? self.stored.count }

    subscript(position: Int) -> Rect {
        @inline(__always) get {
            // Optional chaining reads the closed forms in place: `if let grid = self.grid` copied the grid (and
            // retained its arrays) on every read once the subscript grew.
            if let frame = self.grid?.frame(position) { return frame }
            if let frame = self.computed?.frame(position) { return frame }
            if let frame = self.checkpointed?.frame(position) { return frame }
            return self.stored[position]
        }
        set { self.withStored { $0[position] = newValue } }
    }

    mutating func replaceSubrange<C: Collection<Rect>>(_ subrange: Range<Int>, with newElements: C) {
        self.withStored { $0.replaceSubrange(subrange, with: newElements) }
    }

    /// The frames as an array (computed ones materialised).
    ///
    /// - Complexity: O(1) when stored, O(n) when computed.
    var array: [Rect] {
        if let computed = self.computed { return (0..<computed.count).map(computed.frame) }
        if let checkpointed = self.checkpointed { return checkpointed.array }
        guard let grid = self.grid else { return self.stored }
        return (0..<grid.count).map(grid.frame)
    }

    /// Runs `body` on the frames stored in an array, storing computed ones first; the array is uniquely referenced
    /// when this value held its only reference, so it is mutated in place.
    mutating func withStored<R>(_ body: (inout [Rect]) throws -> R) rethrows -> R {
        if !self.isStored {
            self.stored = self.array
            self.grid = nil
            self.computed = nil
            self.checkpointed = nil
        }
        return try body(&self.stored)
    }

    /// Drops checkpointed frames' reference to the input's sizes (see ``CheckpointedFrames/droppingSizes()``): the
    /// section must be laid out again before it is read.
    mutating func dropSharedSizes() {
        if let checkpointed = self.checkpointed { self.checkpointed = checkpointed.droppingSizes() }
    }

    /// The bytes these frames hold on the heap.
    var heapBytes: Int {
        self.grid?.heapBytes ?? self.computed?.heapBytes ?? self.checkpointed?.heapBytes
            ?? self.stored.capacity * MemoryLayout<Rect>.stride
    }

    /// Whether the frames are stored (not computed).
    var isStored: Bool { self.grid == nil && self.computed == nil && self.checkpointed == nil }

    static func == (lhs: Self, rhs: Self) -> Bool {
        if lhs.isStored, rhs.isStored { return lhs.stored == rhs.stored }
        return lhs.count == rhs.count && lhs.elementsEqual(rhs)
    }

    func hash(into hasher: inout Hasher) {
        hasher.combine(self.count)
        for frame in self { hasher.combine(frame) }
    }

    /// Calls `body` with each item of `range` and its frame, in item order: replayed frames a block at a time
    /// (reading them one by one through the subscript would replay a block per frame).
    ///
    /// - Complexity: O(`range.count`), plus a block's replay when checkpointed.
    @inline(__always)
    func forEachFrame<E: Error>(in range: Range<Int>, _ body: (Int, Rect) throws(E) -> Void) throws(E) {
        try self.forEachFrame(in: range, keepingRuns: false, body)
    }

    /// Calls `body` with each item of `range` and its frame, in item order; a query's (`keepingRuns`) replayed
    /// frames come from, or are kept as, recent runs (see ``CheckpointedFrames/forEachFrame(in:keepingRuns:_:)``).
    ///
    /// - Complexity: O(`range.count`), plus a block's replay when checkpointed.
    @inline(__always)
    func forEachFrame<E: Error>(
        in range: Range<Int>, keepingRuns: Bool, _ body: (Int, Rect) throws(E) -> Void
    ) throws(E) {
        if let checkpointed = self.checkpointed {
            return try checkpointed.forEachFrame(in: range, keepingRuns: keepingRuns, body)
        }
        // Optional chaining visits the grid in place: `if let grid = self.grid` copied it (and retained its three
        // arrays) on every visit.
        if try self.grid?.forEachFrame(in: range, body) != nil { return }
        if let repeatedGroup = self.computed?.repeatedGroup {
            return try repeatedGroup.forEachFrame(in: range, body)
        }
        if !self.isStored {
            for item in range { try body(item, self[item]) }
            return
        }
        precondition(range.lowerBound >= 0 && range.upperBound <= self.stored.count, "Range out of bounds")
        try self.stored.withUnsafeBufferPointer { (frames) throws(E) in
            for item in range { try body(item, frames[item]) }
        }
    }
}
