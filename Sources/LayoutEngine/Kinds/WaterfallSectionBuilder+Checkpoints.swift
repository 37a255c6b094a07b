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
    struct Replayer: FrameReplayer {
        let builder: WaterfallSectionBuilder

        var stateWidth: Int { self.builder.columnCount }

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
