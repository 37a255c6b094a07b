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
                sizes, origin: origin, headerHeight: headerHeight, footerHeight: footerHeight,
                recorder: consume recorder, from: nil)
        else { preconditionFailure("a build from the first item shows every item before it") }
        return (built.section, built.summary)
    }

    /// Places a block of items again: restores the row loop's state where the row holding the block's first item
    /// starts and runs the builder's own loop (``RowPlacer``) until the row holding its last item closes, writing
    /// only the block's frames; items the section hides take the hidden frame the build gave them. A query's
    /// replay writes only the rows that reach its band and stops at the first row past it.
    final class Replayer: FrameReplayer {
        /// The numbers of a checkpoint: the row's first item, `containerHeight` and the rows before. Whether the
        /// row before was a breakout follows from the count; its height matters only to the widow row (kept once,
        /// in ``placed``), its top only to hidden items (whose frame is kept once, ``hidden``).
        static let width = 3

        let builder: JustifiedSectionBuilder
        /// The header's height the rows are placed under.
        let top: Double
        /// What the build's row loop ended with: how many items (a prefix) the section shows, and the height of the
        /// row before the widow row.
        let placed: RowPlacer<ListedItemSizes>.Result
        /// The frame of every hidden item.
        let hidden: Rect

        init(builder: JustifiedSectionBuilder, top: Double, placed: RowPlacer<ListedItemSizes>.Result, hidden: Rect) {
            self.builder = builder
            self.top = top
            self.placed = placed
            self.hidden = hidden
        }

        var stateWidth: Int { Self.width }

        func replay(
            _ sizes: UnsafeBufferPointer<Size>,
            items: Range<Int>,
            state: UnsafeMutableBufferPointer<Double>,
            into frames: UnsafeMutableBufferPointer<Rect>
        ) {
            let shownEnd = Swift.min(items.upperBound, self.placed.shownCount)
            if items.lowerBound < shownEnd {
                // A query has read its sizes all at once before the replay (CheckpointedFrames' `touchLines`).
                var placer = self.builder.placer(ListedItemSizes(sizes: sizes), into: frames, top: self.top)
                placer.written = items.lowerBound..<shownEnd
                placer.until = shownEnd
                placer.restore(
                    containerHeight: state[1], rowCount: Int(state[2]), lastRowHeight: self.placed.widowPreviousHeight,
                    lastRowTop: 0)
                _ = placer.placeAll(from: Int(state[0]))
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
    /// is rejected), so the recording resumes at the block holding that row's start and places the rows again
    /// from that block's checkpoint (a row start), whose whole state is found by placing the row or so before it.
    /// The blocks from the last one where `old` kept its running extremes (every 1,024 items) up to it are
    /// replayed for their extents, not placed again.
    ///
    /// - Returns: The section, its summary and the items placed again (from the resumed row on); `nil` when `old`
    ///   was recorded by a builder that places rows otherwise, or the resume would start at the first item (then
    ///   the caller builds whole).
    /// - Complexity: O(n − item + a block + a row), plus replaying at most 1,024 items.
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
        var recorder = CheckpointedFrames.Recorder(resuming: old, atBlock: rowStart / blockSize, count: sizes.count)
        // The blocks between the last running extremes kept and the resumed one are replayed, not placed again.
        recorder.recordKept(upTo: rowStart / blockSize, of: old, sizes: sizes)
        let first = recorder.nextItem
        // A block among the items the section hid has no row to start from.
        guard first > 0, first < sizes.count, first < previous.placed.shownCount else { return nil }
        let checkpoint = self.checkpoint(of: first / blockSize, in: recorder, sizes: sizes, top: headerHeight)
        guard
            let built = self.record(
                sizes, origin: origin, headerHeight: headerHeight, footerHeight: footerHeight,
                recorder: consume recorder, from: checkpoint)
        else { return nil }
        return (built.section, built.summary, sizes.count - checkpoint.item)
    }
}

extension JustifiedSectionBuilder {
    /// The row loop's whole state where block `block`'s checkpoint row starts: placed from the checkpoint of the
    /// last block before whose row starts earlier (the rows before the resumed one are unchanged), as far as it.
    /// `recorder` holds the previous checkpoints up to `block` (recorded again, or not yet).
    ///
    /// - Complexity: O(items from that earlier row on), about a block.
    private func checkpoint(
        of block: Int, in recorder: borrowing CheckpointedFrames.Recorder, sizes: [Size], top: Double
    ) -> Checkpoint {
        let target = Int(recorder.checkpoint(of: block).first!)
        var earlier = block
        while earlier > 0 && Int(recorder.checkpoint(of: earlier).first!) >= target { earlier -= 1 }
        return sizes.withUnsafeBufferPointer { buffer in
            var placer = self.placer(
                ListedItemSizes(sizes: buffer), into: UnsafeMutableBufferPointer(start: nil, count: 0), top: top)
            placer.written = 0..<0
            guard target > 0 else { return placer.checkpoint }
            let state = recorder.checkpoint(of: earlier)
            let start = state.startIndex
            placer.restore(
                containerHeight: state[start + 1], rowCount: Int(state[start + 2]), lastRowHeight: 0, lastRowTop: 0)
            return placer.advance(from: Int(state[start]), to: target)
        }
    }

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
        from checkpoint: Checkpoint?
    ) -> (section: SectionLayout, summary: Summary)? {
        let width = Replayer.width
        let blockSize = recorder.blockSize
        let first = recorder.nextItem
        let count = sizes.count
        let blocks = (count + blockSize - 1) / blockSize - first / blockSize
        var states: [Double] = []
        var state: RowPlacer<ListedItemSizes>.Result?
        var frames = [Rect](unsafeUninitializedCapacity: count - first) { frames, initializedCount in
            sizes.withUnsafeBufferPointer { buffer in
                var placer = self.placer(ListedItemSizes(sizes: buffer), into: frames, top: headerHeight)
                placer.written = first..<count
                placer.blockSize = blockSize
                placer.firstBlock = first / blockSize
                placer.blockStates.reserveCapacity(blocks * width)
                if let checkpoint { placer.restore(checkpoint) }
                state = placer.placeAll(from: checkpoint?.item ?? 0)
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
        let replayer = Replayer(builder: self, top: headerHeight, placed: state, hidden: hidden)
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
