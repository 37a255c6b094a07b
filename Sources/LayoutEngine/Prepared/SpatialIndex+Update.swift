extension SpatialIndex {
    /// Brings the index up to date with `frames` after the elements from `first` on changed, were removed or were
    /// added (the index must not be permuted), rescanning only the blocks from `first`'s on and, backwards, the few
    /// blocks whose running minimum the change lowers or raises.
    ///
    /// The result equals a fresh ``init(frames:axis:sortsByLeadingEdge:)`` over `frames`.
    ///
    /// - Parameters:
    ///   - frames: The elements' frames, unchanged before `first`.
    ///   - axis: The scroll axis.
    ///   - first: The first element that may have changed.
    /// - Complexity: O(n − first + number of blocks): the block arrays and their small trees are rebuilt.
    mutating func update(frames: [Rect], axis: Axis, from first: Int) {
        guard !self.isComputed, self.checkpointed == nil else {
            // A closed form's (or checkpointed frames') index has no blocks to keep: index the stored frames whole.
            self = SpatialIndex(frames: frames, axis: axis)
            return
        }
        precondition(!self.isPermuted && first >= 0 && first <= Swift.min(frames.count, self.count))
        let blockCount = (frames.count + Self.blockSize - 1) / Self.blockSize
        let firstBlock = first / Self.blockSize
        var maxTrailing = self.runningMaxTrailing.values
        var minLeading = self.runningMinLeading.values
        var prefix = self.prefixExtremes
        self.prefixExtremes = []
        let none = Extremes(minX: .infinity, minY: .infinity, maxX: -.infinity, maxY: -.infinity)
        Self.resize(&maxTrailing, to: blockCount, with: -.infinity)
        Self.resize(&minLeading, to: blockCount, with: .infinity)
        Self.resize(&prefix, to: blockCount, with: none)
        self.count = frames.count
        frames.withUnsafeBufferPointer { frames in
            var runningMax = firstBlock > 0 ? maxTrailing[firstBlock - 1] : -Double.infinity
            var extremes = firstBlock > 0 ? prefix[firstBlock - 1] : none
            for block in Swift.min(firstBlock, blockCount)..<blockCount {
                var blockMin = Double.infinity
                for position in (block * Self.blockSize)..<Swift.min(frames.count, (block + 1) * Self.blockSize) {
                    let frame = frames[position]
                    runningMax = Swift.max(runningMax, axis.trailing(frame))
                    blockMin = Swift.min(blockMin, axis.leading(frame))
                    extremes.minX = Swift.min(extremes.minX, frame.minX)
                    extremes.minY = Swift.min(extremes.minY, frame.minY)
                    extremes.maxX = Swift.max(extremes.maxX, frame.maxX)
                    extremes.maxY = Swift.max(extremes.maxY, frame.maxY)
                }
                maxTrailing[block] = runningMax
                minLeading[block] = blockMin
                prefix[block] = extremes
            }
            var runningMin = Double.infinity
            for block in stride(from: blockCount - 1, through: Swift.min(firstBlock, blockCount), by: -1) {
                runningMin = Swift.min(runningMin, minLeading[block])
                minLeading[block] = runningMin
            }
            // Earlier blocks: the running minimum is min(own minimum, next block's); once unchanged, the rest is too.
            var block = Swift.min(firstBlock, blockCount) - 1
            while block >= 0 {
                var own = Double.infinity
                for position in (block * Self.blockSize)..<Swift.min(frames.count, (block + 1) * Self.blockSize) {
                    own = Swift.min(own, axis.leading(frames[position]))
                }
                let exact = Swift.min(own, block + 1 < blockCount ? minLeading[block + 1] : .infinity)
                if exact == minLeading[block] { break }
                minLeading[block] = exact
                block -= 1
            }
        }
        self.runningMaxTrailing = MonotoneSearchTree(maxTrailing)
        self.runningMinLeading = MonotoneSearchTree(minLeading)
        self.prefixExtremes = prefix
        self.bounds = prefix.last?.rect
    }

    /// Truncates or pads `array` to `count` elements.
    private static func resize<T>(_ array: inout [T], to count: Int, with filler: T) {
        if array.count > count {
            array.removeSubrange(count...)
        } else {
            array.append(contentsOf: repeatElement(filler, count: count - array.count))
        }
    }
}
