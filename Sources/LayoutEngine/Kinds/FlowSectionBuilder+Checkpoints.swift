extension FlowSectionBuilder {
    /// The most items a line of a checkpointed section holds: a block's replay lays out whole every line it
    /// overlaps, so a section with longer lines stores its frames.
    static let maximumCheckpointedLineItems = 128

    /// Builds a section given by sizes as ``build(_:origin:lines:)`` does, keeping the sizes and, every block, the
    /// start of the line holding the block's first item (its first item and `v`) instead of the frames
    /// (``CheckpointedFrames``): the frames are laid out into a block-sized scratch buffer, their extents recorded,
    /// then dropped.
    ///
    /// - Returns: The section, or `nil` when it is empty or a line holds more than
    ///   ``maximumCheckpointedLineItems`` items (then the caller stores its frames).
    /// - Complexity: O(n) time; O(n / block) memory beside the shared sizes.
    func buildCheckpointed(_ sizes: [Size], origin: Point) -> Result? {
        guard !sizes.isEmpty else { return nil }
        let start = Line(first: 0, v: self.bodyStart + self.topInset, lineEndBefore: 0)
        let isUniform = self.uniformity(sizes)
        let recorder = CheckpointedFrames.Recorder(count: sizes.count, stateWidth: Replayer.stateWidth, axis: self.axis)
        return self.record(sizes, from: start, lineIndex: 0, firstLineCount: 0, isUniform: isUniform,
            recorder: consume recorder, origin: origin)
    }

    /// Lays a checkpointed section out again from `item` on (the first item whose size, or presence, changed):
    /// from the start of the line holding the item before `item` (a line's break depends on the item after it; the
    /// lines before are unchanged), found by replaying from its block's checkpoint. The blocks before the one
    /// holding that line start are kept (replayed for their extents from the last block where the previous frames
    /// kept their running extremes, not laid out again), and that block's items before the line are replayed.
    ///
    /// - Returns: The section and the items laid out again (from that line on); `nil` when `old` was recorded by a
    ///   builder that places items otherwise, or a line grew past ``maximumCheckpointedLineItems`` (then build the
    ///   section whole).
    /// - Complexity: O(n − item + the longest line), plus replaying at most about 1,024 items and two blocks.
    func resumeCheckpointed(
        _ sizes: [Size],
        origin: Point,
        from old: CheckpointedFrames,
        item: Int
    ) -> (result: Result, recomputed: Int)? {
        guard let previous = old.replayer as? Replayer, self.placesLike(previous.builder), old.count > 0,
            !sizes.isEmpty
        else { return nil }
        let before = Swift.max(0, Swift.min(item - 1, old.count - 1, sizes.count - 1))
        let line = self.line(holding: before, of: sizes, from: old, replayer: previous)
        var recorder = CheckpointedFrames.Recorder(
            resuming: old, atBlock: line.first / old.blockSize, count: sizes.count)
        recorder.recordKept(upTo: line.first / old.blockSize, of: old, sizes: sizes)
        // The largest item end before the line (the replayed items of its block are added by `record`).
        let extremes = recorder.recordedExtremes
        let lineEnd = Swift.max(0, self.isVertical ? extremes.maxX : extremes.maxY)
        let start = Line(first: line.first, v: line.v, lineEndBefore: lineEnd)
        guard
            let result = self.record(
                sizes, from: start, lineIndex: line.first == 0 ? 0 : 1,
                firstLineCount: line.first == 0 ? 0 : previous.firstLineCount, isUniform: self.uniformity(sizes),
                recorder: consume recorder, origin: origin, replaying: previous)
        else { return nil }
        return (result, sizes.count - line.first)
    }

    /// The first item and `v` of the line holding `item`, unchanged from `old`'s (every item up to `item` is),
    /// replayed from the checkpoint of `item`'s block (the start of the line holding its first item).
    ///
    /// - Complexity: O(a block + the lines holding `item` and the block's first item).
    private func line(
        holding item: Int, of sizes: [Size], from old: CheckpointedFrames, replayer: Replayer
    ) -> (first: Int, v: Double) {
        let checkpoint = item / old.blockSize * Replayer.stateWidth
        let first = Int(old.checkpoints[checkpoint])
        var finder = LineFinder(item: item, line: (first, old.checkpoints[checkpoint + 1]))
        sizes.withUnsafeBufferPointer { buffer in
            var noLines: [Line]? = nil
            _ = self.layOut(
                ListedItemSizes(sizes: buffer), into: &finder,
                from: Line(first: first, v: finder.line.v, lineEndBefore: 0), lineIndex: first == 0 ? 0 : 1,
                firstLineCount: replayer.firstLineCount, lines: &noLines, until: item + 1,
                isUniform: replayer.isUniform)
        }
        return finder.line
    }

    /// Whether this builder lays items out exactly as `old` (the same parameters but the footer, across the same
    /// length), so that `old`'s checkpoints before a change still hold.
    private func placesLike(_ old: FlowSectionBuilder) -> Bool {
        var parameters = self.parameters
        parameters.footer = old.parameters.footer
        parameters.itemSize = old.parameters.itemSize
        return parameters == old.parameters && self.isVertical == old.isVertical
            && self.crossLength == old.crossLength && self.packing == old.packing
    }

    private var axis: Axis { self.isVertical ? .vertical : .horizontal }

    /// Whether every item has the same size, when a justified last line asks (`false` otherwise: never read).
    private func uniformity(_ sizes: [Size]) -> Bool {
        self.packing == .justified && sizes.withUnsafeBufferPointer { Self.isUniform(ListedItemSizes(sizes: $0)) }
    }

    /// Lays the lines from `start` out into `recorder`'s blocks and finishes the section; `nil` past
    /// ``maximumCheckpointedLineItems`` items in a line. When `start` is past the recorder's next block start, the
    /// items between (of lines before `start`'s, unchanged) are replayed by `replayer` from that block's checkpoint.
    private func record(
        _ sizes: [Size],
        from start: Line,
        lineIndex: Int,
        firstLineCount: Int,
        isUniform: Bool,
        recorder: consuming CheckpointedFrames.Recorder,
        origin: Point,
        replaying replayer: Replayer? = nil
    ) -> Result? {
        let blockSize = recorder.blockSize
        let blockStart = recorder.nextItem
        var end = (v: 0.0, lineEnd: 0.0)
        var sink = BlockSink(recorder: consume recorder, start: start, firstLineCount: firstLineCount)
        sizes.withUnsafeBufferPointer { buffer in
            withUnsafeTemporaryAllocation(of: Rect.self, capacity: blockSize) { frames in
                withUnsafeTemporaryAllocation(of: Double.self, capacity: Replayer.stateWidth) { state in
                    sink.frames = frames
                    sink.state = state
                    var start = start
                    if start.first > blockStart, let replayer {
                        // The block's items before the line: its checkpoint holds, and so do their frames.
                        sink.recorder.load(blockStart / blockSize, into: state)
                        let kept = blockStart..<start.first
                        replayer.replay(
                            buffer, items: kept, state: state,
                            into: UnsafeMutableBufferPointer(rebasing: frames[0..<kept.count]))
                        sink.resume(at: blockStart)
                        for frame in frames[0..<kept.count] {
                            start.lineEndBefore = Swift.max(
                                start.lineEndBefore, self.isVertical ? frame.maxX : frame.maxY)
                        }
                    }
                    var noLines: [Line]? = nil
                    end = self.layOut(
                        ListedItemSizes(sizes: buffer), into: &sink, from: start, lineIndex: lineIndex,
                        firstLineCount: firstLineCount, lines: &noLines, isUniform: isUniform)
                    sink.finish(count: sizes.count)
                }
            }
        }
        guard sink.longestLine <= Self.maximumCheckpointedLineItems else { return nil }
        let replayer = Replayer(builder: self, firstLineCount: sink.firstLineCount, isUniform: isUniform)
        let frames = sink.recorder.finish(sizes: sizes, replayer: replayer)
        return self.finish(
            frames: SectionFrames(checkpointed: frames), origin: origin, v: end.v, lineEnd: end.lineEnd, index: nil)
    }

    /// Lays out a block of items again from its checkpoint (the start of the line holding the block's first item)
    /// with the builder's own ``layOut(_:into:from:lineIndex:firstLineCount:lines:until:isUniform:)``.
    ///
    /// A class, so that calling it through ``FrameReplayer`` never copies the builder.
    final class Replayer: FrameReplayer {
        /// A checkpoint: the line's first item and its `v`.
        static let stateWidth = 2

        let builder: FlowSectionBuilder
        /// The items of the section's first line (a justified last line of equal items keeps its positions).
        let firstLineCount: Int
        /// Whether every item has the same size (read by a justified last line only).
        let isUniform: Bool

        init(builder: FlowSectionBuilder, firstLineCount: Int, isUniform: Bool) {
            self.builder = builder
            self.firstLineCount = firstLineCount
            self.isUniform = isUniform
        }

        var stateWidth: Int { Self.stateWidth }

        /// Laying out goes on from line to line past a block's end as the builder does.
        var replaysAcrossBlocks: Bool { true }

        /// Lays out the lines from the checkpoint's to the one holding the last of `items`, writing only `items`'
        /// frames (`state` is left as it was: every caller reloads it per block).
        func replay(
            _ sizes: UnsafeBufferPointer<Size>,
            items: Range<Int>,
            state: UnsafeMutableBufferPointer<Double>,
            into frames: UnsafeMutableBufferPointer<Rect>
        ) {
            var sink = ReplaySink(frames: frames, items: items)
            self.layOut(sizes, from: state, into: &sink)
        }

        /// Lays out the lines from the checkpoint `state` into `sink`, up to the line holding `sink`'s last item.
        private func layOut(
            _ sizes: UnsafeBufferPointer<Size>,
            from state: UnsafeMutableBufferPointer<Double>,
            into sink: inout ReplaySink
        ) {
            let first = Int(state[0])
            var noLines: [Line]? = nil
            _ = self.builder.layOut(
                ListedItemSizes(sizes: sizes),
                into: &sink,
                from: Line(first: first, v: state[1], lineEndBefore: 0),
                lineIndex: first == 0 ? 0 : 1,
                firstLineCount: self.firstLineCount,
                lines: &noLines,
                until: sink.items.upperBound,
                isUniform: self.isUniform
            )
        }
    }
}

/// Writes the frames of a replay's items into a block's buffer, dropping the others of their lines.
private struct ReplaySink: FlowFrameSink {
    let frames: UnsafeMutableBufferPointer<Rect>
    let items: Range<Int>

    @inline(__always)
    mutating func write(_ frame: Rect, at item: Int) {
        if self.items.contains(item) { self.frames[item - self.items.lowerBound] = frame }
    }
}

/// Finds the first item and `v` of the line holding an item, laying out no line past it.
private struct LineFinder: FlowFrameSink {
    let item: Int
    var line: (first: Int, v: Double)

    @inline(__always)
    mutating func write(_ frame: Rect, at item: Int) {}

    mutating func beginLine(first: Int, v: Double) {
        if first <= self.item { self.line = (first, v) }
    }
}

/// Hands a build's frames to a ``CheckpointedFrames/Recorder`` a block at a time, with the start of the line
/// holding each block's first item as its checkpoint. A resumed build starts at a line start: at a block start, or
/// inside a block whose checkpoint and earlier frames were put in first (``resume(at:)``).
private struct BlockSink: FlowFrameSink {
    var recorder: CheckpointedFrames.Recorder
    var frames = UnsafeMutableBufferPointer<Rect>(start: nil, count: 0)
    var state = UnsafeMutableBufferPointer<Double>(start: nil, count: 0)
    /// The first item of the block being filled.
    private var blockStart: Int
    /// The current line's first item and `v`.
    private var line = (first: 0, v: 0.0)
    /// The items of the section's first line (found when the second line starts).
    private(set) var firstLineCount: Int
    /// The most items of a line so far.
    private(set) var longestLine = 0

    init(recorder: consuming CheckpointedFrames.Recorder, start: FlowSectionBuilder.Line, firstLineCount: Int) {
        self.blockStart = start.first
        self.recorder = recorder
        self.line = (start.first, start.v)
        self.firstLineCount = firstLineCount
    }

    /// Records the checkpoint (in ``state``) of the block starting at `blockStart`, whose frames before the first
    /// line laid out are already in ``frames``.
    mutating func resume(at blockStart: Int) {
        self.recorder.checkpoint(self.state)
        self.blockStart = blockStart
    }

    mutating func beginLine(first: Int, v: Double) {
        if first != self.line.first {
            self.longestLine = Swift.max(self.longestLine, first - self.line.first)
            if self.line.first == 0 { self.firstLineCount = first }
        }
        self.line = (first, v)
    }

    @inline(__always)
    mutating func write(_ frame: Rect, at item: Int) {
        if item % self.recorder.blockSize == 0 {
            if item > self.blockStart { self.recorder.add(block: self.frames, count: item - self.blockStart) }
            self.state[0] = Double(self.line.first)
            self.state[1] = self.line.v
            self.recorder.checkpoint(self.state)
            self.blockStart = item
        }
        self.frames[item - self.blockStart] = frame
    }

    /// Records the last block and the last line's length.
    mutating func finish(count: Int) {
        self.longestLine = Swift.max(self.longestLine, count - self.line.first)
        if self.line.first == 0 { self.firstLineCount = count }
        if count > self.blockStart { self.recorder.add(block: self.frames, count: count - self.blockStart) }
    }
}
