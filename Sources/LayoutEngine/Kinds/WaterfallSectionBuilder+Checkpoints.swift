extension WaterfallSectionBuilder {
    /// The most columns of a section whose frames are kept as checkpoints (``CheckpointedFrames``) rather than
    /// stored: a checkpoint holds every column's next free y, and a block of at least 4 items per column is
    /// replayed at O(columns) per item, so wider sections store their frames.
    static let maximumCheckpointedColumns = 32

    /// Whether a section of `sizes` keeps its frames as checkpoints.
    func checkpoints(_ sizes: [Size]) -> Bool {
        !sizes.isEmpty && self.columnCount <= Self.maximumCheckpointedColumns
    }

    /// Builds the section as ``build(_:origin:)`` does, keeping the sizes and a checkpoint of every column's next
    /// free y each block instead of the frames: the frames are placed a block at a time into a scratch buffer, their
    /// extents recorded, then dropped.
    ///
    /// - Complexity: O(n·c) time; O(n / block × c) memory beside the shared sizes.
    func buildCheckpointed(_ sizes: [Size], origin: Point) -> (section: SectionLayout, length: Double) {
        let top = self.headerEnd + self.inset.top
        var next = [Double](repeating: top, count: self.columnCount)
        var bottoms = [Double](repeating: top, count: self.columnCount)
        let count = sizes.count
        var recorder = CheckpointedFrames.Recorder(
            count: count,
            stateWidth: self.columnCount,
            axis: self.isVertical ? .vertical : .horizontal
        )
        let blockSize = recorder.blockSize
        sizes.withUnsafeBufferPointer { buffer in
            let listed = ListedItemSizes(sizes: buffer)
            withUnsafeTemporaryAllocation(of: Rect.self, capacity: blockSize) { frames in
                next.withUnsafeMutableBufferPointer { next in
                    bottoms.withUnsafeMutableBufferPointer { bottoms in
                        for start in stride(from: 0, to: count, by: blockSize) {
                            let end = Swift.min(count, start + blockSize)
                            recorder.checkpoint(next)
                            let items = start..<end
                            self.place(listed, items: items, into: frames, base: start, next: next, bottoms: bottoms)
                            recorder.add(block: frames, count: end - start)
                        }
                    }
                }
            }
        }
        let frames = recorder.finish(sizes: sizes, replayer: Replayer(builder: self))
        return self.finish(frames: SectionFrames(checkpointed: frames), origin: origin, bottoms: bottoms, index: nil)
    }

    /// Places a block of items again from its checkpoint: the builder's own ``place(_:items:into:base:next:bottoms:)``.
    ///
    /// A class, so that calling it through ``FrameReplayer`` never copies the builder (a struct of some 200 bytes
    /// was copied on every block's replay).
    final class Replayer: FrameReplayer {
        let builder: WaterfallSectionBuilder

        init(builder: WaterfallSectionBuilder) { self.builder = builder }

        var stateWidth: Int { self.builder.columnCount }

        /// The running state after a block is the next block's checkpoint (the build records the columns' next free
        /// positions as it goes on), so a replay goes on across blocks with the same frames.
        var replaysAcrossBlocks: Bool { true }

        func replay(
            _ sizes: UnsafeBufferPointer<Size>,
            items: Range<Int>,
            state: UnsafeMutableBufferPointer<Double>,
            into frames: UnsafeMutableBufferPointer<Rect>
        ) {
            // The bottoms only matter at the section's end, which the build kept; the replay writes scratch ones.
            withUnsafeTemporaryAllocation(of: Double.self, capacity: self.builder.columnCount) { bottoms in
                bottoms.initialize(repeating: 0)
                self.builder.place(
                    ListedItemSizes(sizes: sizes),
                    items: items,
                    into: frames,
                    base: items.lowerBound,
                    next: state,
                    bottoms: bottoms
                )
            }
        }
    }
}

extension WaterfallSectionBuilder {
    /// Whether this builder places items exactly as the one whose checkpoints `old` holds (the same columns, the
    /// same spacings and the same top), so that its checkpoints before a change still hold.
    private func placesLike(_ old: WaterfallSectionBuilder) -> Bool {
        self.columnCount == old.columnCount && self.columnWidth == old.columnWidth
            && self.columnSpacing == old.columnSpacing && self.rowSpacing == old.rowSpacing
            && self.inset.left == old.inset.left && self.direction == old.direction && self.isVertical == old.isVertical
            && self.headerEnd + self.inset.top == old.headerEnd + old.inset.top
    }

    /// Lays a checkpointed section out again from `item` on: from the checkpoint of its block, keeping every
    /// checkpoint before (the blocks from the last one where the previous frames kept their running extremes, at
    /// most about 1,024 items back, are replayed for their extents, not placed); the columns' bottoms no later
    /// item reaches are found by replaying earlier blocks.
    ///
    /// - Returns: The section, its length and the items placed again; `nil` when `old` was recorded by a builder
    ///   that places items otherwise (then the caller builds the section whole).
    /// - Complexity: O((n − item + a block)·c), plus replaying at most about 1,024 items.
    func resumeCheckpointed(
        _ sizes: [Size],
        origin: Point,
        from old: CheckpointedFrames,
        item: Int
    ) -> (section: SectionLayout, length: Double, recomputed: Int)? {
        guard let previous = old.replayer as? Replayer, self.placesLike(previous.builder) else { return nil }
        let count = sizes.count
        // The block holding the item (or the last one both have): every item before it is unchanged.
        let block = Swift.min(item, count - 1, old.count - 1) / old.blockSize
        var recorder = CheckpointedFrames.Recorder(resuming: old, atBlock: block, count: count)
        // The blocks from the last running extremes kept up to it are replayed, not placed again.
        recorder.recordKept(upTo: block, of: old, sizes: sizes)
        let blockSize = recorder.blockSize
        let first = recorder.nextItem
        let columns = self.columnCount
        let top = self.headerEnd + self.inset.top
        // The previous checkpoint at the first block placed again: the state before it is unchanged.
        var next =
            first == 0
            ? [Double](repeating: top, count: columns)
            : Array(recorder.checkpoint(of: block))
        // NaN marks a column no item from `first` on reaches.
        var bottoms = [Double](repeating: .nan, count: columns)
        let replayer = Replayer(builder: self)
        sizes.withUnsafeBufferPointer { buffer in
            let listed = ListedItemSizes(sizes: buffer)
            withUnsafeTemporaryAllocation(of: Rect.self, capacity: blockSize) { frames in
                next.withUnsafeMutableBufferPointer { next in
                    bottoms.withUnsafeMutableBufferPointer { bottoms in
                        for start in stride(from: first, to: count, by: blockSize) {
                            let end = Swift.min(count, start + blockSize)
                            recorder.checkpoint(next)
                            let items = start..<end
                            self.place(listed, items: items, into: frames, base: start, next: next, bottoms: bottoms)
                            recorder.add(block: frames, count: end - start)
                        }
                        self.findBottoms(bottoms, before: block, recorder: recorder, sizes: buffer)
                    }
                }
            }
        }
        let frames = recorder.finish(sizes: sizes, replayer: replayer)
        let built = self.finish(
            frames: SectionFrames(checkpointed: frames), origin: origin, bottoms: bottoms, index: nil)
        return (built.section, built.length, count - first)
    }

    /// Fills the columns of `bottoms` still NaN with the bottom of the last item before block `block` that reached
    /// them (the section's top when none did), replaying the blocks before it from the last one back.
    private func findBottoms(
        _ bottoms: UnsafeMutableBufferPointer<Double>,
        before block: Int,
        recorder: borrowing CheckpointedFrames.Recorder,
        sizes: UnsafeBufferPointer<Size>
    ) {
        let blockSize = recorder.blockSize
        let columns = self.columnCount
        var missing = bottoms.reduce(0) { $0 + ($1.isNaN ? 1 : 0) }
        var earlier = block - 1
        withUnsafeTemporaryAllocation(of: Double.self, capacity: columns) { state in
            withUnsafeTemporaryAllocation(of: Double.self, capacity: columns) { reached in
                withUnsafeTemporaryAllocation(of: Rect.self, capacity: blockSize) { frames in
                    while missing > 0 && earlier >= 0 {
                        for (k, value) in recorder.checkpoint(of: earlier).enumerated() { state[k] = value }
                        reached.initialize(repeating: .nan)
                        let start = earlier * blockSize
                        let items = start..<Swift.min(sizes.count, start + blockSize)
                        self.place(
                            ListedItemSizes(sizes: sizes), items: items, into: frames, base: start, next: state,
                            bottoms: reached)
                        for column in 0..<columns where bottoms[column].isNaN && !reached[column].isNaN {
                            bottoms[column] = reached[column]
                            missing -= 1
                        }
                        earlier -= 1
                    }
                }
            }
        }
        let top = self.headerEnd + self.inset.top
        for column in 0..<columns where bottoms[column].isNaN { bottoms[column] = top }
    }
}
