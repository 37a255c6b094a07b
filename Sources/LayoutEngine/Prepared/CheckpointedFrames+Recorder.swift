extension CheckpointedFrames {
    /// Records what a builder produces block by block: the checkpoints, each block's extent along the axis and the
    /// bounds, in one pass over frames that are then dropped.
    ///
    /// A mutation resumes recording at a block where ``CheckpointedFrames/prefixExtremes`` holds the running
    /// extremes (``init(resuming:atBlock:count:)``), keeping everything before it.
    struct Recorder {
        let blockSize: Int
        let axis: Axis
        /// The block recording started at (0, or where a mutation resumed).
        let firstBlock: Int
        private let stateWidth: Int
        /// The checkpoints: the recorded blocks' (before ``blocks``), then, when resumed, the previous frames'
        /// from there on, overwritten as recording goes (``finish(sizes:replayer:)`` cuts what is left over).
        private var checkpoints: [Double] = []
        private var maxTrailing: [Double] = []
        /// Each recorded block's own smallest leading edge (before ``finish(sizes:replayer:)`` turns them into
        /// running minima from the end); the blocks before ``firstBlock`` keep their previous running minima.
        private var minLeading: [Double] = []
        /// The upper levels of the previous frames' trees (their `levels[0]` moved to the arrays above), kept up to
        /// the first changed value.
        private var maxTrailingLevels: [[Double]] = []
        private var minLeadingLevels: [[Double]] = []
        private var prefixExtremes: [SpatialIndex.Extremes] = []
        private var runningMax = -Double.infinity
        private var extremes = SpatialIndex.Extremes(
            minX: .infinity, minY: .infinity, maxX: -.infinity, maxY: -.infinity)
        /// Checkpoints recorded (the blocks before it).
        private var blocks = 0
        /// Blocks whose frames were recorded.
        private var added = 0

        /// A recorder for `count` items of a builder whose state has `stateWidth` numbers.
        init(count: Int, stateWidth: Int, axis: Axis) {
            self.blockSize = CheckpointedFrames.blockSize(stateWidth: stateWidth)
            self.axis = axis
            self.firstBlock = 0
            self.stateWidth = stateWidth
            let blocks = (count + self.blockSize - 1) / self.blockSize
            self.checkpoints.reserveCapacity(blocks * stateWidth)
            self.maxTrailing.reserveCapacity(blocks)
            self.minLeading.reserveCapacity(blocks)
        }

        /// A recorder that keeps `old`'s blocks before the last block at or before `block` where `old` kept its
        /// running extremes, and records from there (``firstBlock``): the caller places from that block's
        /// checkpoint on.
        ///
        /// `old`'s arrays are taken over (``CheckpointedFrames/takeStorage()``) and rewritten from there on: in
        /// place when `old` gave them up and nothing else holds them (a session's mutation), copied on the first
        /// write otherwise. `old`'s checkpoints from ``firstBlock`` on stay readable through ``checkpoint(of:)``
        /// until recorded again.
        ///
        /// - Complexity: O(1) when `old`'s arrays are taken in place, else O(blocks).
        init(resuming old: CheckpointedFrames, atBlock block: Int, count: Int) {
            let stride = old.extremesStride
            let last = Swift.max(0, Swift.min(block, old.runningMaxTrailing.count - 1))
            self.blockSize = old.blockSize
            self.axis = old.axis
            self.firstBlock = last / stride * stride
            self.stateWidth = old.replayer.stateWidth
            // Each array moved, never copied, so that the recorder holds its only reference when `old` gave it up.
            var storage = old.takeStorage()
            self.checkpoints = Self.take(&storage.checkpoints)
            self.prefixExtremes = Self.take(&storage.prefixExtremes)
            var levels = Self.take(&storage.maxTrailing.levels)
            self.maxTrailing = Self.take(&levels[0])
            self.maxTrailingLevels = levels
            levels = Self.take(&storage.minLeading.levels)
            self.minLeading = Self.take(&levels[0])
            self.minLeadingLevels = levels
            self.runningMax = self.firstBlock > 0 ? self.maxTrailing[self.firstBlock - 1] : -.infinity
            self.extremes = self.prefixExtremes[self.firstBlock / stride]
            self.blocks = self.firstBlock
            self.added = self.firstBlock
            // Room for exactly the new count's blocks, as a fresh recording reserves: appending past the old
            // capacity would double it, and a session's arrays count by their capacity.
            let blocks = (count + self.blockSize - 1) / self.blockSize
            Self.reserve(&self.checkpoints, blocks * self.stateWidth)
            Self.reserve(&self.maxTrailing, blocks)
            Self.reserve(&self.minLeading, blocks)
            Self.reserve(&self.prefixExtremes, (blocks + stride - 1) / stride)
        }

        /// Grows `array`'s capacity to exactly `capacity` when it is smaller.
        private static func reserve<Value>(_ array: inout [Value], _ capacity: Int) {
            if array.capacity < capacity { array.reserveCapacity(capacity) }
        }

        /// The item recording starts at.
        var firstItem: Int { self.firstBlock * self.blockSize }

        /// The first item of the next block to record.
        var nextItem: Int { self.blocks * self.blockSize }

        /// Records `old`'s blocks again from the next one up to `block` (exclusive), their frames replayed from
        /// `old`'s checkpoints with `sizes`, whose items there (and up to where those blocks' replay reads) must be
        /// `old`'s: a mutation then places items from `block` on, not from the last block where `old` kept its
        /// running extremes.
        ///
        /// - Complexity: O(items of the blocks recorded again), at most about 1,024.
        mutating func recordKept(upTo block: Int, of old: CheckpointedFrames, sizes: [Size]) {
            let (width, blockSize) = (self.stateWidth, self.blockSize)
            withUnsafeTemporaryAllocation(of: Double.self, capacity: Swift.max(1, width)) { state in
                withUnsafeTemporaryAllocation(of: Rect.self, capacity: blockSize) { frames in
                    sizes.withUnsafeBufferPointer { sizes in
                        for kept in self.blocks..<Swift.max(self.blocks, block) {
                            self.load(kept, into: state)
                            self.checkpoint(state)
                            let items = (kept * blockSize)..<Swift.min(sizes.count, (kept + 1) * blockSize)
                            old.replayer.replay(sizes, items: items, state: state, into: frames)
                            self.add(block: frames, count: items.count)
                        }
                    }
                }
            }
        }

        /// The running state at the start of block `block`: recorded, or a block from ``firstBlock`` on not yet
        /// recorded again, the resumed frames'.
        func checkpoint(of block: Int) -> ArraySlice<Double> {
            self.checkpoints[(block * self.stateWidth)..<((block + 1) * self.stateWidth)]
        }

        /// Copies the running state at the start of block `block` (as ``checkpoint(of:)`` gives it) into `state`.
        func load(_ block: Int, into state: UnsafeMutableBufferPointer<Double>) {
            let start = block * self.stateWidth
            for k in 0..<self.stateWidth { state[k] = self.checkpoints[start + k] }
        }

        /// The extremes of every frame recorded so far (of the blocks before ``nextItem``).
        var recordedExtremes: SpatialIndex.Extremes { self.extremes }

        /// Records the running state at the start of the next block.
        mutating func checkpoint(_ state: UnsafeMutableBufferPointer<Double>) {
            let stride = Swift.max(1, 1_024 / self.blockSize)
            if self.blocks % stride == 0 { Self.set(&self.prefixExtremes, at: self.blocks / stride, self.extremes) }
            let start = self.blocks * self.stateWidth
            if start < self.checkpoints.count {
                for k in 0..<self.stateWidth { self.checkpoints[start + k] = state[k] }
            } else {
                self.checkpoints.append(contentsOf: state[0..<self.stateWidth])
            }
            self.blocks += 1
        }

        /// Records the frames of the next block (the running extremes in item order, as ``SpatialIndex`` scans).
        mutating func add(block frames: UnsafeMutableBufferPointer<Rect>, count: Int) {
            var blockMin = Double.infinity
            for frame in frames[0..<count] {
                self.runningMax = Swift.max(self.runningMax, self.axis.trailing(frame))
                blockMin = Swift.min(blockMin, self.axis.leading(frame))
                self.extremes.minX = Swift.min(self.extremes.minX, frame.minX)
                self.extremes.minY = Swift.min(self.extremes.minY, frame.minY)
                self.extremes.maxX = Swift.max(self.extremes.maxX, frame.maxX)
                self.extremes.maxY = Swift.max(self.extremes.maxY, frame.maxY)
            }
            Self.set(&self.maxTrailing, at: self.added, self.runningMax)
            Self.set(&self.minLeading, at: self.added, blockMin)
            self.added += 1
        }

        /// Writes `value` at `index` of `array`, which holds at least `index` values (appended at its end).
        private static func set<Value>(_ array: inout [Value], at index: Int, _ value: Value) {
            if index < array.count {
                array[index] = value
            } else {
                precondition(index == array.count, "blocks are recorded in order")
                array.append(value)
            }
        }

        /// The checkpointed frames of `sizes`.
        ///
        /// The running minima of the blocks before ``firstBlock`` change only where the recorded ones lowered or
        /// raised them: from the last of them back, each block's own minimum is found again by replaying it, until
        /// a running minimum comes out as before.
        mutating func finish(sizes: [Size], replayer: any FrameReplayer) -> CheckpointedFrames {
            // A resumed recording of fewer blocks than before leaves the previous frames' last ones behind.
            let stride = Swift.max(1, 1_024 / self.blockSize)
            Self.cut(&self.checkpoints, to: self.blocks * self.stateWidth)
            Self.cut(&self.maxTrailing, to: self.added)
            Self.cut(&self.minLeading, to: self.added)
            Self.cut(&self.prefixExtremes, to: (self.blocks + stride - 1) / stride)
            var runningMin = Double.infinity
            for block in Swift.stride(from: self.minLeading.count - 1, through: self.firstBlock, by: -1) {
                runningMin = Swift.min(runningMin, self.minLeading[block])
                self.minLeading[block] = runningMin
            }
            var block = self.firstBlock - 1
            while block >= 0 {
                let next = block + 1 < self.minLeading.count ? self.minLeading[block + 1] : .infinity
                let own = self.ownMinLeading(block, sizes: sizes, replayer: replayer)
                let exact = Swift.min(own, next)
                if exact == self.minLeading[block] { break }
                self.minLeading[block] = exact
                block -= 1
            }
            let maxTrailing = MonotoneSearchTree(
                levels: Self.take(&self.maxTrailingLevels), values: Self.take(&self.maxTrailing),
                unchanged: self.firstBlock)
            let minLeading = MonotoneSearchTree(
                levels: Self.take(&self.minLeadingLevels), values: Self.take(&self.minLeading),
                unchanged: Swift.max(0, block + 1))
            return CheckpointedFrames(
                sizes: sizes,
                replayer: replayer,
                blockSize: self.blockSize,
                storage: Storage(
                    checkpoints: self.checkpoints, maxTrailing: maxTrailing, minLeading: minLeading,
                    prefixExtremes: self.prefixExtremes),
                axis: self.axis,
                bounds: sizes.isEmpty ? nil : self.extremes.rect
            )
        }

        /// Moves `array` out, leaving it empty.
        private static func take<Value>(_ array: inout [Value]) -> [Value] {
            var taken: [Value] = []
            swap(&taken, &array)
            return taken
        }

        /// Removes the values of `array` from `count` on.
        private static func cut<Value>(_ array: inout [Value], to count: Int) {
            if array.count > count { array.removeSubrange(count...) }
        }

        /// The smallest leading edge of a recorded block's frames, replayed from its checkpoint.
        private func ownMinLeading(_ block: Int, sizes: [Size], replayer: any FrameReplayer) -> Double {
            var own = Double.infinity
            let start = block * self.blockSize
            let items = start..<Swift.min(sizes.count, start + self.blockSize)
            withUnsafeTemporaryAllocation(of: Double.self, capacity: Swift.max(1, self.stateWidth)) { state in
                withUnsafeTemporaryAllocation(of: Rect.self, capacity: self.blockSize) { frames in
                    self.load(block, into: state)
                    sizes.withUnsafeBufferPointer { replayer.replay($0, items: items, state: state, into: frames) }
                    for frame in frames[0..<items.count] { own = Swift.min(own, self.axis.leading(frame)) }
                }
            }
            return own
        }
    }
}
