/// The index behind rect queries: elements in blocks along the scroll axis, with a running maximum of trailing
/// edges and a running minimum (from the end) of leading edges per block.
///
/// A query for the band `lo..<hi` skips every block before the first whose running maximum passes `lo` and every
/// block from the first whose running minimum reaches `hi`: two searches in ``MonotoneSearchTree``s, then a scan of
/// the blocks between.
/// The answer is exact for any order of elements; it is also tight (O(log n + k)) when elements come roughly sorted
/// by their leading edge, which is true of `flow`, `waterfall` and `line` in item order. Other layouts (the circle)
/// store a permutation sorting their elements by leading edge.
///
/// Memory: about 6.3 doubles per block of ``blockSize`` elements (the trees and the prefix extremes), plus 4 bytes
/// per element when permuted.
struct SpatialIndex: Hashable, Sendable {
    /// The smallest and largest coordinates of a set of frames.
    struct Extremes: Hashable, Sendable {
        var minX: Double
        var minY: Double
        var maxX: Double
        var maxY: Double

        /// The rectangle from the extremes.
        var rect: Rect { Rect(x: self.minX, y: self.minY, width: self.maxX - self.minX, height: self.maxY - self.minY) }
    }

    /// Elements per block.
    static let blockSize = 16

    /// Position → element, when the elements are permuted; empty means the identity.
    private(set) var order: [Int32]
    /// For each block, the largest trailing edge of all elements up to the end of that block.
    var runningMaxTrailing: MonotoneSearchTree
    /// For each block, the smallest leading edge of all elements from the start of that block on.
    var runningMinLeading: MonotoneSearchTree
    /// For each block, the extremes of every element up to the end of that block, so that an update from a block
    /// on (issue 5's invalidation) rescans only the blocks after it.
    var prefixExtremes: [Extremes]
    /// The axis the index runs along (a `compositional` orthogonal section's cells run across the layout).
    var axis: Axis
    /// The number of elements indexed.
    var count: Int
    /// The smallest rectangle containing every element, or `nil` when there are none.
    var bounds: Rect?
    /// The closed form the positions come from when the elements are a ``GridGeometry``'s (the block arrays are
    /// then empty).
    private(set) var grid: GridGeometry?
    /// The other closed form the positions come from (boxed, see ``ComputedFrames``; the block arrays are then
    /// empty): a circle's positions are a virtual order (``CircleGeometry/item(atPosition:)``), a repeated group's
    /// its items.
    private(set) var computed: ComputedFrames?

    /// The circle the positions come from, if they do.
    var circle: CircleGeometry? { self.computed?.circle }
    /// The repeated group the positions come from, if they do.
    var repeatedGroup: RepeatedGroupGeometry? { self.computed?.repeatedGroup }

    /// The tree of a closed form's index, shared: building one per section was two allocations of every flow
    /// or grid section (a prepared layout answered once and dropped paid them on each request).
    private static let emptyTree = MonotoneSearchTree([])

    /// Indexes the `count` frames of a closed form within `bounds`: no blocks, O(1) memory of its own.
    private init(computedCount count: Int, bounds: Rect?, axis: Axis) {
        self.axis = axis
        self.count = count
        self.order = []
        self.runningMaxTrailing = Self.emptyTree
        self.runningMinLeading = Self.emptyTree
        self.prefixExtremes = []
        self.bounds = bounds
    }

    /// The checkpointed frames whose own block extents answer queries (the block arrays are then empty).
    private(set) var checkpointed: CheckpointedFrames?

    /// Indexes a grid's frames by its closed form: O(1) memory of its own.
    ///
    /// - Parameters:
    ///   - grid: The frames.
    ///   - axis: The scroll axis, which the grid's lines follow one another along.
    init(grid: GridGeometry, axis: Axis) {
        self.init(computedCount: grid.count, bounds: grid.bounds, axis: axis)
        self.grid = grid
    }

    /// Indexes checkpointed frames by their blocks' extents: O(1) memory of its own.
    init(checkpointed: CheckpointedFrames) {
        self.init(computedCount: checkpointed.count, bounds: checkpointed.bounds, axis: checkpointed.axis)
        self.checkpointed = checkpointed
    }

    /// Indexes a circle's frames by its closed form: O(1) memory of its own.
    init(circle: CircleGeometry, axis: Axis) {
        self.init(computedCount: circle.count, bounds: circle.bounds, axis: axis)
        self.computed = ComputedFrames(circle: circle)
    }

    /// Indexes a repeated group's frames by its closed form: O(1) memory of its own.
    init(repeatedGroup: RepeatedGroupGeometry, axis: Axis) {
        self.init(computedCount: repeatedGroup.count, bounds: repeatedGroup.bounds, axis: axis)
        self.computed = ComputedFrames(repeatedGroup: repeatedGroup)
    }

    /// Whether the positions come from a closed form (the block arrays are empty).
    var isComputed: Bool { self.grid != nil || self.computed != nil }

    /// Indexes `frames` along `axis`.
    ///
    /// - Parameters:
    ///   - frames: The elements' frames.
    ///   - axis: The scroll axis.
    ///   - sortsByLeadingEdge: Whether to store a permutation sorting the elements by leading edge.
    /// - Complexity: O(n), or O(n log n) when sorting.
    init(frames: [Rect], axis: Axis, sortsByLeadingEdge: Bool = false) {
        self.axis = axis
        self.count = frames.count
        if sortsByLeadingEdge && frames.count > 1 && frames.count <= Int(Int32.max) {
            var order = (0..<Int32(frames.count)).map { $0 }
            order.sort { axis.leading(frames[Int($0)]) < axis.leading(frames[Int($1)]) }
            self.order = order
        } else {
            self.order = []
        }
        let blockCount = (frames.count + Self.blockSize - 1) / Self.blockSize
        var maxTrailing = [Double](repeating: -.infinity, count: blockCount)
        var minLeading = [Double](repeating: .infinity, count: blockCount)
        let order = self.order
        let isPermuted = !order.isEmpty
        // One pass computes the blocks and the bounds together: at a million items, memory traffic is the cost.
        var minX = Double.infinity
        var minY = Double.infinity
        var maxX = -Double.infinity
        var maxY = -Double.infinity
        var prefixExtremes: [Extremes] = []
        prefixExtremes.reserveCapacity(blockCount)
        frames.withUnsafeBufferPointer { frames in
            var runningMax = -Double.infinity
            for block in 0..<blockCount {
                let end = Swift.min(frames.count, (block + 1) * Self.blockSize)
                var blockMin = Double.infinity
                for position in (block * Self.blockSize)..<end {
                    let frame = isPermuted ? frames[Int(order[position])] : frames[position]
                    runningMax = Swift.max(runningMax, axis.trailing(frame))
                    blockMin = Swift.min(blockMin, axis.leading(frame))
                    minX = Swift.min(minX, frame.minX)
                    minY = Swift.min(minY, frame.minY)
                    maxX = Swift.max(maxX, frame.maxX)
                    maxY = Swift.max(maxY, frame.maxY)
                }
                maxTrailing[block] = runningMax
                minLeading[block] = blockMin
                prefixExtremes.append(Extremes(minX: minX, minY: minY, maxX: maxX, maxY: maxY))
            }
        }
        self.prefixExtremes = prefixExtremes
        self.bounds = prefixExtremes.last?.rect
        var runningMin = Double.infinity
        for block in stride(from: blockCount - 1, through: 0, by: -1) {
            runningMin = Swift.min(runningMin, minLeading[block])
            minLeading[block] = runningMin
        }
        self.runningMaxTrailing = MonotoneSearchTree(maxTrailing)
        self.runningMinLeading = MonotoneSearchTree(minLeading)
    }

    /// Whether positions map to elements through a permutation (so answers must be re-sorted into item order).
    var isPermuted: Bool { !self.order.isEmpty || self.computed?.circle != nil }

    /// The element at a position of the index.
    func element(at position: Int) -> Int {
        if let item = self.computed?.circle?.item(atPosition: position) { return item }
        return self.order.isEmpty ? position : Int(self.order[position])
    }

    /// The positions that may hold an element overlapping the band `lo..<hi` along the axis; every other position
    /// certainly does not.
    ///
    /// - Complexity: O(log n).
    func candidatePositions(from lo: Double, to hi: Double) -> Range<Int> {
        guard self.count > 0 else { return 0..<0 }
        // Optional chaining searches the grid in place: `if let` copied it (retaining its arrays) on every query.
        if let items = self.grid?.candidateItems(from: lo, to: hi) { return items }
        if let computed = self.computed {
            return computed.circle?.candidatePositions(from: lo, to: hi)
                ?? computed.repeatedGroup.unsafelyUnwrapped.candidateItems(from: lo, to: hi)
        }
        if let checkpointed = self.checkpointed { return checkpointed.candidateItems(from: lo, to: hi) }
        return Self.candidates(
            self.runningMaxTrailing, self.runningMinLeading, blockSize: Self.blockSize, count: self.count, lo, hi)
    }

    /// The elements of the blocks that may overlap `lo..<hi`, given the blocks' running maximum of trailing edges
    /// and running minimum (from the end) of leading edges.
    ///
    /// - Complexity: O(log blocks).
    static func candidates(
        _ runningMaxTrailing: MonotoneSearchTree,
        _ runningMinLeading: MonotoneSearchTree,
        blockSize: Int,
        count: Int,
        _ lo: Double,
        _ hi: Double
    ) -> Range<Int> {
        // First block whose running maximum of trailing edges passes lo: blocks before it end at or before lo.
        let firstBlock = runningMaxTrailing.partitionPoint { $0 > lo }
        // First block from which every leading edge reaches hi: blocks from it on start at or after hi.
        let endBlock = runningMinLeading.partitionPoint { $0 >= hi }
        let start = firstBlock * blockSize
        let end = Swift.min(count, endBlock * blockSize)
        return start < end ? start..<end : 0..<0
    }

    /// The bytes this index holds on the heap.
    var heapBytes: Int {
        self.order.capacity * 4 + self.runningMaxTrailing.heapBytes + self.runningMinLeading.heapBytes
            + (self.computed?.heapBytes ?? 0)
            + self.prefixExtremes.capacity * MemoryLayout<Extremes>.stride
    }
}
