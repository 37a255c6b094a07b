/// A section's cell frames, relative to its origin, in item order: stored one ``Rect`` per item, or computed from a
/// ``GridGeometry`` when every item has one size (O(1) memory per item).
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
    /// The sizes and checkpoints the frames are replayed from, when they are (``CheckpointedFrames``).
    private(set) var checkpointed: CheckpointedFrames?

    /// No frames.
    init() {
        self.stored = []
        self.grid = nil
    }

    /// Stored frames.
    init(_ frames: [Rect]) {
        self.stored = frames
        self.grid = nil
    }

    /// Frames computed from a grid.
    init(grid: GridGeometry) {
        self.stored = []
        self.grid = grid
    }

    /// Frames replayed from checkpoints.
    init(checkpointed: CheckpointedFrames) {
        self.stored = []
        self.checkpointed = checkpointed
    }

    init(arrayLiteral elements: Rect...) { self.init(elements) }

    var startIndex: Int { 0 }

    var endIndex: Int { self.grid?.count ?? self.checkpointed?.count ?? self.stored.count }

    subscript(position: Int) -> Rect {
        @inline(__always) get {
            if let grid = self.grid { return grid.frame(position) }
            if let checkpointed = self.checkpointed { return checkpointed.frame(position) }
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
        if let checkpointed = self.checkpointed { return checkpointed.array }
        guard let grid = self.grid else { return self.stored }
        return (0..<grid.count).map(grid.frame)
    }

    /// Runs `body` on the frames stored in an array, storing computed ones first; the array is uniquely referenced
    /// when this value held its only reference, so it is mutated in place.
    mutating func withStored<R>(_ body: (inout [Rect]) throws -> R) rethrows -> R {
        if self.grid != nil || self.checkpointed != nil {
            self.stored = self.array
            self.grid = nil
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
        self.grid?.heapBytes ?? self.checkpointed?.heapBytes ?? self.stored.capacity * MemoryLayout<Rect>.stride
    }

    static func == (lhs: Self, rhs: Self) -> Bool {
        if lhs.grid == nil, rhs.grid == nil, lhs.checkpointed == nil, rhs.checkpointed == nil {
            return lhs.stored == rhs.stored
        }
        return lhs.count == rhs.count && lhs.array == rhs.array
    }

    func hash(into hasher: inout Hasher) {
        hasher.combine(self.count)
        for frame in self.array { hasher.combine(frame) }
    }

    /// Calls `body` with each item of `range` and its frame, in item order: replayed frames a block at a time
    /// (reading them one by one through the subscript would replay a block per frame).
    ///
    /// - Complexity: O(`range.count`), plus a block's replay when checkpointed.
    @inline(__always)
    func forEachFrame<E: Error>(in range: Range<Int>, _ body: (Int, Rect) throws(E) -> Void) throws(E) {
        if let checkpointed = self.checkpointed { return try checkpointed.forEachFrame(in: range, body) }
        if let grid = self.grid {
            for item in range { try body(item, grid.frame(item)) }
            return
        }
        precondition(range.lowerBound >= 0 && range.upperBound <= self.stored.count, "Range out of bounds")
        try self.stored.withUnsafeBufferPointer { (frames) throws(E) in
            for item in range { try body(item, frames[item]) }
        }
    }
}
