import Synchronization

/// The part of a section builder that places a run of items from its running state: what
/// ``CheckpointedFrames`` calls to compute a block's frames again, with exactly the builder's arithmetic.
protocol FrameReplayer: Sendable {
    /// The number of `Double`s in the builder's running state (a checkpoint's width).
    var stateWidth: Int { get }

    /// Places `items` from `state` (the running state before `items.lowerBound`, advanced in place), writing item
    /// `i`'s frame to `frames[i - items.lowerBound]`.
    func replay(
        _ sizes: UnsafeBufferPointer<Size>,
        items: Range<Int>,
        state: UnsafeMutableBufferPointer<Double>,
        into frames: UnsafeMutableBufferPointer<Rect>
    )

    /// Whether ``replay(_:items:state:into:)`` may be given several consecutive blocks from the first one's
    /// checkpoint (up to ``CheckpointedFrames/replayRun`` items): then a range is replayed without reloading, and
    /// laying out again, at each block start.
    var replaysAcrossBlocks: Bool { get }
}

extension FrameReplayer {
    var replaysAcrossBlocks: Bool { false }
}

/// A section's cell frames kept as its item sizes (the very array of the input, shared, not copied) and a checkpoint
/// of the builder's running state every ``blockSize`` items, with each block's extent along the scroll axis for rect
/// queries: a frame is computed again by replaying its block from the checkpoint.
///
/// Frames are bit for bit the builder's: the replay runs the builder's own per-item step (``FrameReplayer``) from
/// the state the builder had at the block's start. Memory is O(blocks × state width), a few bytes per item beside
/// the sizes the input holds anyway, instead of one ``Rect`` (32 bytes) and the index's 3.
///
/// Reading one frame costs a block's replay; ``forEachFrame(in:_:)`` replays each block of a range once.
///
/// Immutable once published. Only a value made by ``droppingSizes()`` (which a mutation makes and lays out again
/// before anything reads it, never shared) gives its arrays up (``takeStorage()``), so that a resumed recording
/// rewrites them in place; hence the `var`s and `@unchecked Sendable`.
final class CheckpointedFrames: Hashable, @unchecked Sendable {
    /// The items' sizes, shared with the section's input (empty once dropped, see ``droppingSizes()``).
    let sizes: [Size]
    /// The number of items.
    let count: Int
    /// The builder step that places items again.
    let replayer: any FrameReplayer
    /// Items per block (between two checkpoints).
    let blockSize: Int
    /// The running state at the start of each block, ``FrameReplayer/stateWidth`` numbers per block.
    @exclusivity(unchecked) private(set) var checkpoints: [Double]
    /// For each block, the largest trailing edge of every frame up to the end of that block.
    @exclusivity(unchecked) private(set) var runningMaxTrailing: MonotoneSearchTree
    /// For each block, the smallest leading edge of every frame from the start of that block on.
    @exclusivity(unchecked) private(set) var runningMinLeading: MonotoneSearchTree
    /// The scroll axis the blocks' extents run along.
    let axis: Axis
    /// The smallest rectangle containing every frame (as ``SpatialIndex`` computes it), or `nil` without items.
    let bounds: Rect?
    /// The extremes of every frame before blocks 0, ``extremesStride``, 2 × ``extremesStride``, …: where a
    /// mutation resumes recording (``Recorder/init(resuming:atBlock:count:)``).
    @exclusivity(unchecked) private(set) var prefixExtremes: [SpatialIndex.Extremes]
    /// Whether these frames were made by ``droppingSizes()`` for a mutation (never published), so that
    /// ``takeStorage()`` moves the arrays out rather than sharing them.
    let isDetached: Bool
    /// The last runs queries replayed, which the next query of the same region reads instead of replaying them.
    private let recentRuns = Mutex(RecentRuns())

    /// The last ``RecentRuns/capacity`` runs replayed for queries, the oldest overwritten in place (once every slot
    /// is made, keeping a run allocates nothing).
    private struct RecentRuns {
        /// Runs kept: enough for a viewport's few runs (``replayRun`` items each).
        static let capacity = 4
        var runs: [ReplayedRun] = []
        /// The slot the next new run overwrites once every slot is made.
        var next = 0
        /// Runs kept so far, each one a replay (what ``CheckpointedFrames/queryReplays`` reads).
        var replays = 0

        /// Keeps a replay's frames, in the slot of a run from the same item or the oldest.
        mutating func keep(_ items: Range<Int>, frames: UnsafeBufferPointer<Rect>) {
            self.replays += 1
            let slot: Int
            if let same = self.runs.firstIndex(where: { $0.items.lowerBound == items.lowerBound }) {
                slot = same
            } else if self.runs.count < Self.capacity {
                self.runs.append(ReplayedRun(items: items, frames: []))
                slot = self.runs.count - 1
            } else {
                slot = self.next
                self.next = (self.next + 1) % Self.capacity
            }
            self.runs[slot].items = items
            self.runs[slot].frames.removeAll(keepingCapacity: true)
            self.runs[slot].frames.append(contentsOf: frames)
        }
    }

    /// The frames of a run a query replayed (``replayKeeping(_:into:)``), all of them: a scrolling client asks
    /// for nearly the same rect again and again, which replays the same run of items from the same checkpoint.
    private struct ReplayedRun {
        /// The items replayed, from a block start.
        var items: Range<Int>
        /// Their frames, the first item's first.
        var frames: [Rect]

        /// Whether the run holds the frames of `items`: they start where it starts and end no later.
        func covers(_ items: Range<Int>) -> Bool {
            items.lowerBound == self.items.lowerBound && items.upperBound <= self.items.upperBound
        }
    }

    convenience init(
        sizes: [Size],
        count: Int? = nil,
        replayer: any FrameReplayer,
        blockSize: Int,
        checkpoints: [Double],
        maxTrailing: [Double],
        minLeading: [Double],
        axis: Axis,
        bounds: Rect?,
        prefixExtremes: [SpatialIndex.Extremes]
    ) {
        self.init(
            sizes: sizes, count: count, replayer: replayer, blockSize: blockSize,
            storage: Storage(
                checkpoints: checkpoints, maxTrailing: MonotoneSearchTree(maxTrailing),
                minLeading: MonotoneSearchTree(minLeading), prefixExtremes: prefixExtremes),
            axis: axis, bounds: bounds)
    }

    init(
        sizes: [Size],
        count: Int? = nil,
        replayer: any FrameReplayer,
        blockSize: Int,
        storage: consuming Storage,
        axis: Axis,
        bounds: Rect?,
        isDetached: Bool = false
    ) {
        self.sizes = sizes
        self.count = count ?? sizes.count
        self.replayer = replayer
        self.blockSize = blockSize
        self.checkpoints = storage.checkpoints
        self.runningMaxTrailing = storage.maxTrailing
        self.runningMinLeading = storage.minLeading
        self.axis = axis
        self.bounds = bounds
        self.prefixExtremes = storage.prefixExtremes
        self.isDetached = isDetached
    }

    /// The arrays a resumed recording continues (``Recorder/init(resuming:atBlock:count:)``).
    struct Storage {
        var checkpoints: [Double]
        var maxTrailing: MonotoneSearchTree
        var minLeading: MonotoneSearchTree
        var prefixExtremes: [SpatialIndex.Extremes]
    }

    /// The arrays, for a recording that resumes from these frames: moved out when ``isDetached`` (these frames are
    /// then empty and never read again), so that the recording holds their only reference and rewrites them in
    /// place; shared otherwise (the recording's first write copies them).
    ///
    /// - Complexity: O(1).
    func takeStorage() -> Storage {
        let storage = Storage(
            checkpoints: self.checkpoints, maxTrailing: self.runningMaxTrailing, minLeading: self.runningMinLeading,
            prefixExtremes: self.prefixExtremes)
        if self.isDetached {
            self.checkpoints = []
            self.runningMaxTrailing = MonotoneSearchTree([])
            self.runningMinLeading = MonotoneSearchTree([])
            self.prefixExtremes = []
        }
        return storage
    }

    /// Items per block for a running state of `stateWidth` numbers: at least 16, and at least 4 items per number
    /// of state, so that checkpoints cost at most 2 bytes per item.
    static func blockSize(stateWidth: Int) -> Int {
        var size = 16
        while size < 4 * stateWidth { size *= 2 }
        return size
    }

    /// The most items replayed from one checkpoint when the replayer can go on across blocks: 32 frames, 1 KiB, the
    /// most a temporary allocation keeps on the stack (a larger one is a heap allocation on every query).
    static let replayRun = 32

    /// Blocks between two of ``prefixExtremes``: about 1,024 items.
    var extremesStride: Int { Swift.max(1, 1_024 / self.blockSize) }

    /// The frame of an item.
    ///
    /// - Complexity: O(``blockSize``) replayed items.
    func frame(_ item: Int) -> Rect {
        precondition(item >= 0 && item < self.count, "Index out of range")
        var result = Rect.zero
        self.forEachFrame(in: item..<(item + 1)) { _, frame in result = frame }
        return result
    }

    /// Calls `body` with each item of `range` and its frame, in item order, replaying each block once.
    ///
    /// - Complexity: O(`range.count` + ``blockSize``) replayed items.
    func forEachFrame<E: Error>(in range: Range<Int>, _ body: (Int, Rect) throws(E) -> Void) throws(E) {
        try self.forEachFrame(in: range, keepingRuns: false, body)
    }

    /// Calls `body` with each item of `range` and its frame, in item order; a query's (`keepingRuns`) reads its
    /// runs from the recent runs, or replays them whole and keeps them there (see ``replayKeeping(_:into:)``).
    ///
    /// - Complexity: O(`range.count` + ``blockSize``) replayed items.
    func forEachFrame<E: Error>(
        in range: Range<Int>, keepingRuns: Bool, _ body: (Int, Rect) throws(E) -> Void
    ) throws(E) {
        guard !range.isEmpty else { return }
        precondition(range.lowerBound >= 0 && range.upperBound <= self.sizes.count, "Range out of bounds")
        let blockSize = self.blockSize
        var keepingRuns = keepingRuns
        if keepingRuns {
            // A query's sizes are read all at once first: their addresses need nothing but the range, so a jump's
            // cold lines are fetched together, where the replay's loop, whose branches depend on each size, would
            // wait for one miss after another. Never NaN for a kind's validated sizes: the test only keeps the
            // reads (a replay that keeps nothing is always right).
            let start = range.lowerBound / blockSize * blockSize
            let touched = self.sizes.withUnsafeBufferPointer { Self.touchLines(of: $0, start..<range.upperBound) }
            if touched.isNaN { keepingRuns = false }
        }
        let run = self.runLength
        try withUnsafeTemporaryAllocation(of: Rect.self, capacity: run) { frames throws(E) in
            var start = range.lowerBound / blockSize * blockSize
            while start < range.upperBound {
                // Only as far as the range needs: the replay of a block's tail is never wasted work.
                let end = Swift.min(range.upperBound, start + run)
                if keepingRuns {
                    self.replayKeeping(start..<end, into: frames)
                } else {
                    self.replay(start..<end, into: frames)
                }
                for item in Swift.max(start, range.lowerBound)..<end { try body(item, frames[item - start]) }
                start = end
            }
        }
    }

    /// Writes the frames of `items` (a block start, at most ``runLength`` items) into `frames` (the first at 0) for
    /// a query: from a recent run holding them, else by replaying the whole run from `items.lowerBound`
    /// (``runLength`` items, or up to the section's end), which is kept as a recent run so that the next queries
    /// of a user scrolling through it (a band a few points further, a range ending a block later) read it instead
    /// of replaying it again. `frames` must have room for ``runLength`` frames.
    ///
    /// Not generic: a query's caller is generic over its error type and unspecialized across modules, where the
    /// nested generic closures of every block looked their metadata up at run time.
    private func replayKeeping(_ items: Range<Int>, into frames: UnsafeMutableBufferPointer<Rect>) {
        let kept = self.recentRuns.withLock { recent -> Bool in
            guard let run = recent.runs.first(where: { $0.covers(items) }) else { return false }
            run.frames.withUnsafeBufferPointer { stored in
                for index in 0..<items.count { frames[index] = stored[index] }
            }
            return true
        }
        if kept { return }
        let runEnd = Swift.min(self.count, items.lowerBound + self.runLength)
        let whole = items.lowerBound..<Swift.max(items.upperBound, runEnd)
        assert(whole.count <= frames.count, "a replayed run overflows its frames")
        self.replay(whole, into: frames)
        self.recentRuns.withLock { recent in
            recent.keep(whole, frames: UnsafeBufferPointer(rebasing: frames[0..<whole.count]))
        }
    }

    /// The runs queries have replayed so far (not read from a kept run).
    var queryReplays: Int { self.recentRuns.withLock { $0.replays } }

    /// Items replayed from one checkpoint: a block, or a run of them (``replayRun`` items) when the replayer can go
    /// on across blocks.
    var runLength: Int {
        self.replayer.replaysAcrossBlocks
            ? Swift.max(self.blockSize, Self.replayRun / self.blockSize * self.blockSize) : self.blockSize
    }

    /// Replays `items` (from the checkpoint of the block holding their first, a block start) into `frames` (the
    /// first at 0).
    private func replay(_ items: Range<Int>, into frames: UnsafeMutableBufferPointer<Rect>) {
        let width = self.replayer.stateWidth
        let block = items.lowerBound / self.blockSize
        withUnsafeTemporaryAllocation(of: Double.self, capacity: Swift.max(1, width)) { state in
            self.checkpoints.withUnsafeBufferPointer { checkpoints in
                for k in 0..<width { state[k] = checkpoints[block * width + k] }
            }
            self.sizes.withUnsafeBufferPointer { sizes in
                self.replayer.replay(sizes, items: items, state: state, into: frames)
            }
        }
    }

    /// Every frame, in item order.
    ///
    /// - Complexity: O(n).
    var array: [Rect] {
        [Rect](unsafeUninitializedCapacity: self.count) { buffer, initialized in
            self.forEachFrame(in: 0..<self.count) { item, frame in (buffer.baseAddress! + item).initialize(to: frame) }
            initialized = self.count
        }
    }

    /// The items whose frames may overlap the band `lo..<hi` along the axis; every other item certainly does not
    /// (whole blocks, as ``SpatialIndex/candidatePositions(from:to:)`` answers).
    ///
    /// - Complexity: O(log blocks).
    func candidateItems(from lo: Double, to hi: Double) -> Range<Int> {
        // As SpatialIndex.candidates answers, with both trees searched level by level together, so that the two
        // cold lines of their bottom levels are fetched at once.
        let (firstBlock, endBlock) = MonotoneSearchTree.partitionPoints(
            self.runningMaxTrailing, { $0 > lo }, self.runningMinLeading, { $0 >= hi })
        let start = firstBlock * self.blockSize
        let end = Swift.min(self.count, endBlock * self.blockSize)
        return start < end ? start..<end : 0..<0
    }

    /// Reads one size of each cache line `items` span (a size is 16 bytes, so every 4th, and the last) and returns
    /// the sum of their heights, in two independent sums so that the additions never hold the caller up: never NaN
    /// unless a height is NaN or infinite.
    ///
    /// - Complexity: O(`items.count` / 4).
    @inline(__always)
    private static func touchLines(of sizes: UnsafeBufferPointer<Size>, _ items: Range<Int>) -> Double {
        guard !items.isEmpty else { return 0 }
        var (even, odd) = (sizes[items.upperBound - 1].height, 0.0)
        var item = items.lowerBound
        while item + 4 < items.upperBound {
            even += sizes[item].height
            odd += sizes[item + 4].height
            item += 8
        }
        if item < items.upperBound { even += sizes[item].height }
        return even + odd
    }

    /// The bytes these frames hold on the heap beyond the sizes (which the input holds): checkpoints, the two trees
    /// over the blocks, and the most the recent query runs can hold (charged from the start, so that a session's
    /// budget does not grow as it is queried).
    var heapBytes: Int {
        self.checkpoints.capacity * MemoryLayout<Double>.stride + self.runningMaxTrailing.heapBytes
            + self.runningMinLeading.heapBytes
            + self.prefixExtremes.capacity * MemoryLayout<SpatialIndex.Extremes>.stride
            + self.recentRunsBytes
    }

    /// The most ``RecentRuns`` holds: its runs' frames (``runLength`` each), the runs' records and their arrays'
    /// headers.
    var recentRunsBytes: Int {
        RecentRuns.capacity * (self.runLength * MemoryLayout<Rect>.stride + MemoryLayout<ReplayedRun>.stride + 32) + 32
    }

    /// These checkpoints without the sizes, which can no longer be replayed: what a mutation resumes from after it
    /// dropped its reference to the input's sizes, so that writing a new size does not copy them all. The arrays
    /// are shared, not copied, and the result gives them up to the recording that resumes from it
    /// (``takeStorage()``): once these frames are gone, it rewrites them in place.
    func droppingSizes() -> CheckpointedFrames {
        CheckpointedFrames(
            sizes: [],
            count: self.count,
            replayer: self.replayer,
            blockSize: self.blockSize,
            storage: Storage(
                checkpoints: self.checkpoints, maxTrailing: self.runningMaxTrailing,
                minLeading: self.runningMinLeading, prefixExtremes: self.prefixExtremes),
            axis: self.axis,
            bounds: self.bounds,
            isDetached: true
        )
    }

    /// Whether the sizes are the very array `sizes` holds (shared, so counted once).
    func sharesSizes(with sizes: [Size]) -> Bool {
        let mine = self.sizes.withUnsafeBufferPointer { $0.baseAddress }
        return mine == sizes.withUnsafeBufferPointer { $0.baseAddress }
    }

    static func == (lhs: CheckpointedFrames, rhs: CheckpointedFrames) -> Bool { lhs === rhs }

    func hash(into hasher: inout Hasher) { hasher.combine(ObjectIdentifier(self)) }
}
