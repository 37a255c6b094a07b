extension JustifiedSectionBuilder {
    /// Builds the section as ``build(_:origin:headerHeight:footerHeight:)`` does, keeping the sizes (shared with
    /// the input) and, for every block of ``CheckpointedFrames/blockSize`` items, the state of the row loop where
    /// the row holding the block's first item starts, instead of the frames: a block is placed again by replaying
    /// the rows from there (``Replayer``). The frames are built once, recorded block by block, then dropped.
    ///
    /// - Complexity: O(n) time; O(n / block) memory beside the shared sizes.
    func buildCheckpointed(
        _ sizes: [Size],
        origin: Point,
        headerHeight: Double,
        footerHeight: Double
    ) -> (section: SectionLayout, summary: Summary) {
        let recorder = CheckpointedFrames.Recorder(count: sizes.count, stateWidth: Replayer.width, axis: .vertical)
        guard
            let built = self.record(
                sizes, origin: origin, headerHeight: headerHeight, footerHeight: footerHeight, recorder: recorder,
                from: nil)
        else { preconditionFailure("a build from the first item shows every item before it") }
        return (built.section, built.summary)
    }

    /// Places a block of items again: restores the row loop's state where the row holding the block's first item
    /// starts and runs the builder's own loop (``RowPlacer``) until the row holding its last item closes, writing
    /// only the block's frames; items the section hides take the hidden frame the build gave them.
    final class Replayer: FrameReplayer {
        /// The numbers of a checkpoint: the row's first item, `containerHeight`, rows before, and the previous
        /// row's height, breakout flag and top.
        static let width = 6

        let builder: JustifiedSectionBuilder
        /// The header's height the rows are placed under.
        let top: Double
        /// How many items (a prefix) the section shows.
        let shownCount: Int
        /// The frame of every hidden item.
        let hidden: Rect

        init(builder: JustifiedSectionBuilder, top: Double, shownCount: Int, hidden: Rect) {
            self.builder = builder
            self.top = top
            self.shownCount = shownCount
            self.hidden = hidden
        }

        var stateWidth: Int { Self.width }

        func replay(
            _ sizes: UnsafeBufferPointer<Size>,
            items: Range<Int>,
            state: UnsafeMutableBufferPointer<Double>,
            into frames: UnsafeMutableBufferPointer<Rect>
        ) {
            let shownEnd = Swift.min(items.upperBound, self.shownCount)
            if items.lowerBound < shownEnd {
                var placer = RowPlacer(
                    sizes: ListedItemSizes(sizes: sizes),
                    frames: frames,
                    configuration: self.builder.configuration,
                    containerWidth: self.builder.containerWidth,
                    top: self.top
                )
                placer.written = items.lowerBound..<shownEnd
                placer.until = shownEnd
                placer.restore(
                    containerHeight: state[1], rowCount: Int(state[2]), lastRowHeight: state[3],
                    lastRowIsBreakout: state[4] != 0, lastRowTop: state[5])
                var unused: [Checkpoint] = []
                _ = placer.placeAll(from: Int(state[0]), checkpoints: &unused)
            }
            for item in Swift.max(items.lowerBound, shownEnd)..<items.upperBound {
                frames[item - items.lowerBound] = self.hidden
            }
        }
    }
}

extension JustifiedSectionBuilder {
    /// Lays a checkpointed section out again after the items from `item` on changed: the rows before the row
    /// holding item `item - 1`'s block's first item were decided by earlier items (a row ends where the next item
    /// is rejected), so the recording resumes at a block at or before that row's start (where `old` kept its
    /// running extremes, at most about 1,024 items back) and places the rows again from that block's checkpoint.
    ///
    /// - Returns: The section, its summary and the items placed again; `nil` when `old` was recorded by a builder
    ///   that places rows otherwise, or the resume would start at the first item (then the caller builds whole).
    /// - Complexity: O(n − item + 1,024).
    func resumeCheckpointed(
        _ sizes: [Size],
        origin: Point,
        headerHeight: Double,
        footerHeight: Double,
        from old: CheckpointedFrames,
        item: Int
    ) -> (section: SectionLayout, summary: Summary, placed: Int)? {
        guard let previous = old.replayer as? Replayer, previous.top == headerHeight,
            previous.builder.configuration == self.configuration,
            previous.builder.containerWidth == self.containerWidth, item > 0
        else { return nil }
        let width = Replayer.width
        let blockSize = old.blockSize
        let changedBlock = Swift.min(item - 1, old.count - 1) / blockSize
        let rowStart = Int(old.checkpoints[changedBlock * width])
        let recorder = CheckpointedFrames.Recorder(resuming: old, atBlock: rowStart / blockSize, count: sizes.count)
        let first = recorder.firstItem
        // A block among the items the section hid has no row to start from.
        guard first > 0, first < sizes.count, first < previous.shownCount else { return nil }
        let block = first / blockSize
        let checkpoint = Array(old.checkpoints[(block * width)..<((block + 1) * width)])
        guard
            let built = self.record(
                sizes, origin: origin, headerHeight: headerHeight, footerHeight: footerHeight, recorder: recorder,
                from: checkpoint)
        else { return nil }
        return (built.section, built.summary, sizes.count - first)
    }
}

extension JustifiedSectionBuilder {
    /// Places the rows from `recorder`'s first item on (from the row loop's state `checkpoint`, or the section's
    /// start) into frames that are recorded block by block, then dropped, and returns the checkpointed section.
    ///
    /// - Returns: `nil` when the rows before the recorder's first item now hide it (the hidden frame is not known).
    private func record(
        _ sizes: [Size],
        origin: Point,
        headerHeight: Double,
        footerHeight: Double,
        recorder: consuming CheckpointedFrames.Recorder,
        from checkpoint: [Double]?
    ) -> (section: SectionLayout, summary: Summary)? {
        let width = Replayer.width
        let blockSize = recorder.blockSize
        let first = recorder.firstItem
        let count = sizes.count
        let blocks = (count + blockSize - 1) / blockSize - first / blockSize
        var states: [Double] = []
        var state: RowPlacer<ListedItemSizes>.Result?
        var unused: [Checkpoint] = []
        var frames = [Rect](unsafeUninitializedCapacity: count - first) { frames, initializedCount in
            sizes.withUnsafeBufferPointer { buffer in
                var placer = RowPlacer(
                    sizes: ListedItemSizes(sizes: buffer),
                    frames: frames,
                    configuration: self.configuration,
                    containerWidth: self.containerWidth,
                    top: headerHeight
                )
                placer.written = first..<count
                placer.blockSize = blockSize
                placer.blockStates.reserveCapacity(blocks * width)
                if let checkpoint {
                    placer.restore(
                        containerHeight: checkpoint[1], rowCount: Int(checkpoint[2]), lastRowHeight: checkpoint[3],
                        lastRowIsBreakout: checkpoint[4] != 0, lastRowTop: checkpoint[5])
                }
                state = placer.placeAll(from: Int(checkpoint?[0] ?? 0), checkpoints: &unused)
                states = placer.blockStates
            }
            initializedCount = count - first
        }
        guard let state else { preconditionFailure("the frames' initializer always runs") }
        guard state.shownCount >= first else { return nil }
        // Blocks starting among hidden items have no row: their replay writes the hidden frame.
        states.append(contentsOf: repeatElement(0, count: blocks * width - states.count))
        let hidden = state.shownCount < count ? frames[state.shownCount - first] : .zero
        states.withUnsafeMutableBufferPointer { states in
            frames.withUnsafeMutableBufferPointer { frames in
                for offset in 0..<blocks {
                    let start = first + offset * blockSize
                    let end = Swift.min(count, start + blockSize)
                    let checkpoint = states[(offset * width)..<((offset + 1) * width)]
                    recorder.checkpoint(UnsafeMutableBufferPointer(rebasing: checkpoint))
                    let block = frames[(start - first)..<(end - first)]
                    recorder.add(block: UnsafeMutableBufferPointer(rebasing: block), count: end - start)
                }
            }
        }
        frames = []
        let replayer = Replayer(builder: self, top: headerHeight, shownCount: state.shownCount, hidden: hidden)
        let checkpointed = recorder.finish(sizes: sizes, replayer: replayer)
        return self.finish(
            frames: SectionFrames(checkpointed: checkpointed),
            state: state,
            origin: origin,
            headerHeight: headerHeight,
            footerHeight: footerHeight,
            index: nil
        )
    }
}
