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
        private var checkpoints: [Double] = []
        private var maxTrailing: [Double] = []
        /// Each recorded block's own smallest leading edge (before ``finish(sizes:replayer:)`` turns them into
        /// running minima from the end); the blocks before ``firstBlock`` keep their previous running minima.
        private var minLeading: [Double] = []
        private var prefixExtremes: [SpatialIndex.Extremes] = []
        private var runningMax = -Double.infinity
        private var extremes = SpatialIndex.Extremes(
            minX: .infinity, minY: .infinity, maxX: -.infinity, maxY: -.infinity)
        private var blocks = 0

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
        init(resuming old: CheckpointedFrames, atBlock block: Int, count: Int) {
            let stride = old.extremesStride
            let last = Swift.max(0, Swift.min(block, old.runningMaxTrailing.count - 1))
            self.blockSize = old.blockSize
            self.axis = old.axis
            self.firstBlock = last / stride * stride
            self.stateWidth = old.replayer.stateWidth
            let blocks = (count + self.blockSize - 1) / self.blockSize
            self.checkpoints.reserveCapacity(blocks * self.stateWidth)
            self.checkpoints.append(contentsOf: old.checkpoints[0..<(self.firstBlock * self.stateWidth)])
            self.maxTrailing.reserveCapacity(blocks)
            self.maxTrailing.append(contentsOf: old.runningMaxTrailing.values[0..<self.firstBlock])
            self.minLeading.reserveCapacity(blocks)
            self.minLeading.append(contentsOf: old.runningMinLeading.values[0..<self.firstBlock])
            self.prefixExtremes.append(contentsOf: old.prefixExtremes[0..<(self.firstBlock / stride)])
            self.runningMax = self.maxTrailing.last ?? -.infinity
            self.extremes = old.prefixExtremes[self.firstBlock / stride]
            self.blocks = self.firstBlock
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
                            for k in 0..<width { state[k] = old.checkpoints[kept * width + k] }
                            self.checkpoint(state)
                            let items = (kept * blockSize)..<Swift.min(sizes.count, (kept + 1) * blockSize)
                            old.replayer.replay(sizes, items: items, state: state, into: frames)
                            self.add(block: frames, count: items.count)
                        }
                    }
                }
            }
        }

        /// The running state at the start of block `block` (before ``firstBlock``).
        func checkpoint(of block: Int) -> ArraySlice<Double> {
            self.checkpoints[(block * self.stateWidth)..<((block + 1) * self.stateWidth)]
        }

        /// Records the running state at the start of the next block.
        mutating func checkpoint(_ state: UnsafeMutableBufferPointer<Double>) {
            if self.blocks % Swift.max(1, 1_024 / self.blockSize) == 0 { self.prefixExtremes.append(self.extremes) }
            self.checkpoints.append(contentsOf: state)
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
            self.maxTrailing.append(self.runningMax)
            self.minLeading.append(blockMin)
        }

        /// The checkpointed frames of `sizes`.
        ///
        /// The running minima of the blocks before ``firstBlock`` change only where the recorded ones lowered or
        /// raised them: from the last of them back, each block's own minimum is found again by replaying it, until
        /// a running minimum comes out as before.
        consuming func finish(sizes: [Size], replayer: any FrameReplayer) -> CheckpointedFrames {
            var runningMin = Double.infinity
            for block in stride(from: self.minLeading.count - 1, through: self.firstBlock, by: -1) {
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
            return CheckpointedFrames(
                sizes: sizes,
                replayer: replayer,
                blockSize: self.blockSize,
                checkpoints: self.checkpoints,
                maxTrailing: self.maxTrailing,
                minLeading: self.minLeading,
                axis: self.axis,
                bounds: sizes.isEmpty ? nil : self.extremes.rect,
                prefixExtremes: self.prefixExtremes
            )
        }

        /// The smallest leading edge of a recorded block's frames, replayed from its checkpoint.
        private func ownMinLeading(_ block: Int, sizes: [Size], replayer: any FrameReplayer) -> Double {
            var own = Double.infinity
            let start = block * self.blockSize
            let items = start..<Swift.min(sizes.count, start + self.blockSize)
            withUnsafeTemporaryAllocation(of: Double.self, capacity: Swift.max(1, self.stateWidth)) { state in
                withUnsafeTemporaryAllocation(of: Rect.self, capacity: self.blockSize) { frames in
                    for (k, value) in self.checkpoint(of: block).enumerated() { state[k] = value }
                    sizes.withUnsafeBufferPointer { replayer.replay($0, items: items, state: state, into: frames) }
                    for frame in frames[0..<items.count] { own = Swift.min(own, self.axis.leading(frame)) }
                }
            }
            return own
        }
    }
}
