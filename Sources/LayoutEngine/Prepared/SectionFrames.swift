/// A section's cell frames, relative to its origin, in item order: stored one ``Rect`` per item, or computed from a
/// ``GridGeometry`` when every item has one size (O(1) memory per item).
///
/// Every reader (queries, snapping, scroll-to, transitions, the element cursor) goes through the collection's
/// subscript, so both storages give the same answers. Mutating a computed section stores its frames first (the
/// fallback after an invalidation that leaves the grid).
struct SectionFrames: Hashable, Sendable, RandomAccessCollection, MutableCollection, RangeReplaceableCollection,
    ExpressibleByArrayLiteral
{
    /// Where the frames come from.
    enum Storage: Hashable, Sendable {
        case stored([Rect])
        case grid(GridGeometry)
    }

    /// Where the frames come from.
    private(set) var storage: Storage

    /// No frames.
    init() { self.storage = .stored([]) }

    /// Stored frames.
    init(_ frames: [Rect]) { self.storage = .stored(frames) }

    /// Frames computed from a grid.
    init(grid: GridGeometry) { self.storage = .grid(grid) }

    init(arrayLiteral elements: Rect...) { self.storage = .stored(elements) }

    var startIndex: Int { 0 }

    var endIndex: Int {
        switch self.storage {
        case .stored(let frames): frames.count
        case .grid(let grid): grid.count
        }
    }

    subscript(position: Int) -> Rect {
        @inline(__always) get {
            switch self.storage {
            case .stored(let frames): frames[position]
            case .grid(let grid): grid.frame(position)
            }
        }
        set { self.withStored { $0[position] = newValue } }
    }

    mutating func replaceSubrange<C: Collection<Rect>>(_ subrange: Range<Int>, with newElements: C) {
        self.withStored { $0.replaceSubrange(subrange, with: newElements) }
    }

    /// The grid the frames are computed from, if they are.
    var grid: GridGeometry? {
        if case .grid(let grid) = self.storage { return grid }
        return nil
    }

    /// The frames as an array (computed ones materialised).
    ///
    /// - Complexity: O(1) when stored, O(n) when computed.
    var array: [Rect] {
        switch self.storage {
        case .stored(let frames): frames
        case .grid(let grid): (0..<grid.count).map(grid.frame)
        }
    }

    /// Runs `body` on the frames stored in an array, storing computed ones first; the array is uniquely referenced
    /// when this value held its only reference, so it is mutated in place.
    mutating func withStored<R>(_ body: (inout [Rect]) throws -> R) rethrows -> R {
        var frames = self.array
        self.storage = .stored([])
        defer { self.storage = .stored(frames) }
        return try body(&frames)
    }

    /// The bytes these frames hold on the heap.
    var heapBytes: Int {
        switch self.storage {
        case .stored(let frames): frames.capacity * MemoryLayout<Rect>.stride
        case .grid(let grid): grid.heapBytes
        }
    }

    static func == (lhs: Self, rhs: Self) -> Bool {
        if case .stored(let left) = lhs.storage, case .stored(let right) = rhs.storage { return left == right }
        return lhs.count == rhs.count && lhs.elementsEqual(rhs)
    }

    func hash(into hasher: inout Hasher) {
        hasher.combine(self.count)
        for frame in self { hasher.combine(frame) }
    }
}
