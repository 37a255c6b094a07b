/// Where ``FlowSectionBuilder`` writes the frames it lays out, in item order.
protocol FlowFrameSink {
    /// Takes the frame of `item`.
    mutating func write(_ frame: Rect, at item: Int)
    /// Learns that a line starts at item `first`, `v` along the scroll axis (before any of its frames).
    mutating func beginLine(first: Int, v: Double)
}

extension FlowFrameSink {
    @inline(__always)
    mutating func beginLine(first: Int, v: Double) {}
}

extension UnsafeMutableBufferPointer<Rect>: FlowFrameSink {
    @inline(__always)
    mutating func write(_ frame: Rect, at item: Int) { self[item] = frame }
}

extension FlowSectionBuilder {
    /// The most items per line a grid keeps the positions of; wider sections store their frames.
    static let maximumGridColumns = 4096

    /// Lays a section of one item size out as a ``GridGeometry``: the frames the builder writes are checked against
    /// the grid's closed form as they come, so the grid answers them bit for bit; `nil` when the sizes differ, the
    /// section is empty or too wide, or a frame does not follow the form (then the frames are stored).
    ///
    /// Only the first line and the last are laid out item by item. The full lines between them repeat the first
    /// line's positions: their items have the first's sizes, so they break after as many items and ``spacing``
    /// (which differs only for the last line) places them alike, at the `v` the builder's two additions per line
    /// reach (``GridRecorder/repeatFirstLine(through:)`` makes those additions, keeping the checkpoints).
    ///
    /// - Complexity: O(columns + lines) time, O(lines / ``GridGeometry/checkpointStride`` + columns) memory.
    func buildGrid<Sizes: ItemSizes>(
        _ sizes: Sizes,
        start: Line
    ) -> (geometry: GridGeometry, v: Double, lineEnd: Double)? {
        guard sizes is UniformItemSizes, sizes.count > 0, let columns = self.gridColumns(sizes) else { return nil }
        let count = sizes.count
        let size = sizes[0]
        var recorder = GridRecorder(
            count: count,
            columns: columns,
            isVertical: self.isVertical,
            size: size,
            thickness: self.acrossLine(size),
            lineSpacing: self.parameters.lineSpacing
        )
        guard let end = self.layOutRepeatingFirstLine(sizes, columns: columns, into: &recorder, from: start),
            let geometry = (consume recorder).finishedGeometry()
        else { return nil }
        return (geometry, end.v, end.lineEnd)
    }

    /// Lays out a section of one item size, `columns` to a line, laying out only the first line and the last: the
    /// full lines between them repeat the first line's positions (their items have the first's sizes, so they break
    /// after as many items and ``spacing`` places them alike, at the `v` the builder's two additions per line reach),
    /// which `sink` records (``RepeatingFlowFrameSink/repeatFirstLine(through:)``). The last line is resumed as a
    /// rebuild resumes at a line, with the first line's count (which a justified last line reads).
    ///
    /// - Returns: Where the section's lines end, as
    ///   ``layOut(_:into:from:lineIndex:firstLineCount:lines:until:isUniform:)`` returns it, or `nil` when `sink`
    ///   did not record the first line as the form needs.
    /// - Complexity: O(columns + lines).
    func layOutRepeatingFirstLine<Sizes: ItemSizes, Sink: RepeatingFlowFrameSink>(
        _ sizes: Sizes,
        columns: Int,
        into sink: inout Sink,
        from start: Line
    ) -> (v: Double, lineEnd: Double)? {
        var noLines: [Line]? = nil
        let lines = (sizes.count + columns - 1) / columns
        guard lines > 2 else {
            return self.layOut(sizes, into: &sink, from: start, lineIndex: 0, firstLineCount: 0, lines: &noLines)
        }
        let first = self.layOut(sizes, into: &sink, from: start, lineIndex: 0, firstLineCount: 0, lines: &noLines,
            until: columns)
        guard sink.hasRecordedFirstLine else { return nil }
        let lastV = sink.repeatFirstLine(through: lines - 2)
        let last = Line(first: (lines - 1) * columns, v: lastV, lineEndBefore: first.lineEnd)
        return self.layOut(sizes, into: &sink, from: last, lineIndex: lines - 1, firstLineCount: columns,
            lines: &noLines)
    }

    /// The items per line of a section of one item size (the builder's own break rule: every line of equal items
    /// holds as many), or `nil` past ``maximumGridColumns``.
    func gridColumns<Sizes: ItemSizes>(_ sizes: Sizes) -> Int? {
        let along = self.alongLine(sizes[0])
        let available = self.crossLength - self.leadingInset - self.trailingInset
        var columns = 1
        var length = along
        while columns < sizes.count {
            let next = length + self.parameters.interitemSpacing + along
            guard next <= available + Self.tolerance else { break }
            length = next
            columns += 1
            if columns > Self.maximumGridColumns { return nil }
        }
        return columns
    }

    /// Lays a section of one item size out again as a grid after a change from `item` on (another count, from a
    /// batch update), keeping `previous`'s lines before the one holding `item` (and before either last line, whose
    /// positions depend on the count): only the lines from there are laid out and checked, so the cost is that of
    /// the items after the change, not the section's.
    ///
    /// - Returns: The grid, bit for bit ``buildGrid(_:start:)``'s, or `nil` when it cannot resume (another size or
    ///   line width, the change in the first line, or a frame off the form): then build the section whole.
    /// - Complexity: O(items from the resumed line on + lines / ``GridGeometry/checkpointStride``).
    func resumeGrid<Sizes: ItemSizes>(
        _ sizes: Sizes,
        previous: GridGeometry,
        from item: Int
    ) -> (geometry: GridGeometry, v: Double, lineEnd: Double, first: Int)? {
        guard sizes is UniformItemSizes, sizes.count > 0, previous.count > 0, sizes[0] == previous.size,
            let columns = self.gridColumns(sizes), columns == previous.columns,
            previous.thickness == self.acrossLine(previous.size), previous.lineSpacing == self.parameters.lineSpacing,
            previous.firstLineV == self.bodyStart + self.topInset
        else { return nil }
        let line = Swift.min(Swift.max(0, item), previous.count - 1, sizes.count - 1) / columns
        // The first line decides the full lines' positions (and a justified last line's): build whole from it.
        guard line > 0 else { return nil }
        let along = self.alongLine(previous.size)
        var lineEnd = 0.0
        for u in previous.lineU { lineEnd = Swift.max(lineEnd, u + along) }
        let start = Line(first: line * columns, v: previous.lineV(line), lineEndBefore: lineEnd)
        var recorder = GridRecorder(resuming: previous, count: sizes.count, at: line)
        var noLines: [Line]? = nil
        let end = self.layOut(sizes, into: &recorder, from: start, lineIndex: line, firstLineCount: columns,
            lines: &noLines)
        guard let geometry = (consume recorder).finishedGeometry() else { return nil }
        return (geometry, end.v, end.lineEnd, start.first)
    }
}

/// A frame sink that can also record full lines that repeat the first line
/// (``FlowSectionBuilder/layOutRepeatingFirstLine(_:columns:into:from:)``).
protocol RepeatingFlowFrameSink: FlowFrameSink {
    /// Whether the first line's frames, and only they, were written, as the repeated lines need them.
    var hasRecordedFirstLine: Bool { get }
    /// Records lines 1 through `last` (full lines, none the last line) as the builder would lay them out after the
    /// first: at the first line's positions across, each `v` the previous one's plus the thickness, then plus the
    /// line spacing (the builder's two additions).
    ///
    /// - Returns: The `v` of the line after `last`, by the same two additions.
    mutating func repeatFirstLine(through last: Int) -> Double
}

/// Records the frames of a uniform flow section as a ``GridGeometry``, checking that each follows it.
private struct GridRecorder: RepeatingFlowFrameSink {
    /// The grid being recorded: its parameters as given, its positions and checkpoints filled in as frames come
    /// (unboxed while it is filled in).
    private var grid: GridParts
    /// The index of the grid's last line (whose positions are its own).
    private let lastLine: Int
    private var lineV = 0.0
    private var isExact = true
    /// Whether every line's `v` is the first's plus the line's index times the pitch (then no checkpoints are kept).
    private var isProduct = true
    private var extremes = (
        minX: Double.infinity,
        minY: Double.infinity,
        maxX: -Double.infinity,
        maxY: -Double.infinity
    )

    init(count: Int, columns: Int, isVertical: Bool, size: Size, thickness: Double, lineSpacing: Double) {
        self.grid = GridParts(
            count: count,
            columns: columns,
            isVertical: isVertical,
            size: size,
            thickness: thickness,
            lineSpacing: lineSpacing,
            positions: [],
            lineUCount: 0,
            checkpoints: [],
            firstLineV: 0
        )
        self.lastLine = (count - 1) / columns
        // Each array at its final size up front: growing them by appends cost a handful of allocations a section.
        let lines = (count + columns - 1) / columns
        // A full line's positions and the last line's share one array (``GridParts/positions``).
        self.grid.positions.reserveCapacity((lines > 1 ? columns : 0) + count - (lines - 1) * columns)
        // Checkpoints only past the first stride of lines: a grid whose lines' `v` are products keeps none, and
        // fewer lines are replayed from the first line's (``recordCheckpoint(line:)``).
        let stride = GridGeometry.checkpointStride
        if lines > stride { self.grid.checkpoints.reserveCapacity((lines + stride - 1) / stride) }
    }

    mutating func write(_ frame: Rect, at item: Int) {
        let line = item / self.grid.columns
        let column = item - line * self.grid.columns
        let lastLine = self.lastLine
        let u = self.grid.isVertical ? frame.origin.x : frame.origin.y
        let v = self.grid.isVertical ? frame.origin.y : frame.origin.x
        if column == 0 {
            if line == 0 {
                self.lineV = v
                self.grid.firstLineV = v
            } else {
                self.lineV += self.grid.thickness
                self.lineV += self.grid.lineSpacing
            }
            self.recordCheckpoint(line: line)
            if self.isProduct,
                self.lineV != self.grid.firstLineV + Double(line) * (self.grid.thickness + self.grid.lineSpacing)
            {
                self.isProduct = false
            }
        }
        // Items come in order: the first line's positions are all appended before the last line's.
        if line == lastLine {
            self.grid.positions.append(u)
        } else if line == 0 {
            self.grid.positions.append(u)
            self.grid.lineUCount += 1
        } else if self.grid.positions[column] != u {
            self.isExact = false
        }
        if v != self.lineV || frame.size != self.grid.size { self.isExact = false }
        self.extremes.minX = Swift.min(self.extremes.minX, frame.minX)
        self.extremes.minY = Swift.min(self.extremes.minY, frame.minY)
        self.extremes.maxX = Swift.max(self.extremes.maxX, frame.maxX)
        self.extremes.maxY = Swift.max(self.extremes.maxY, frame.maxY)
    }

    /// Keeps the `v` of `line` (``lineV``, just reached) when it starts a stride of lines, but for the first line,
    /// whose `v` is ``GridGeometry/firstLineV``: the checkpoints array is made only once a second checkpoint comes,
    /// with the first line's `v` put in first, so a grid of one stride of lines allocates none.
    @inline(__always)
    private mutating func recordCheckpoint(line: Int) {
        guard line > 0, line % GridGeometry.checkpointStride == 0 else { return }
        if self.grid.checkpoints.isEmpty { self.grid.checkpoints.append(self.grid.firstLineV) }
        self.grid.checkpoints.append(self.lineV)
    }

    /// Whether the first line's frames, and only they, were written: the grid's full-line positions, complete.
    var hasRecordedFirstLine: Bool {
        self.isExact && self.grid.lineUCount == self.grid.columns && self.grid.positions.count == self.grid.columns
    }

    /// Records lines 1 through `last` (full lines, none the last line) as the builder would lay them out after
    /// the first: at the first line's positions across, each `v` the previous one's plus the thickness, then plus
    /// the line spacing (the builder's two additions).
    ///
    /// Their frames need no check and leave the extremes across the scroll axis as the first line's; along it, each
    /// line's leading and trailing edges are taken in, as ``write(_:at:)`` would take them from its first frame.
    ///
    /// - Returns: The `v` of the line after `last`, by the same two additions.
    /// - Complexity: O(`last`).
    mutating func repeatFirstLine(through last: Int) -> Double {
        precondition(self.hasRecordedFirstLine && last >= 1)
        let (thickness, lineSpacing) = (self.grid.thickness, self.grid.lineSpacing)
        let (u, size) = (self.grid.positions[0], self.grid.size)
        for line in 1...last {
            self.lineV += thickness
            self.lineV += lineSpacing
            self.recordCheckpoint(line: line)
            if self.isProduct, self.lineV != self.grid.firstLineV + Double(line) * (thickness + lineSpacing) {
                self.isProduct = false
            }
            let frame =
                self.grid.isVertical
                ? Rect(x: u, y: self.lineV, width: size.width, height: size.height)
                : Rect(x: self.lineV, y: u, width: size.width, height: size.height)
            self.extremes.minX = Swift.min(self.extremes.minX, frame.minX)
            self.extremes.minY = Swift.min(self.extremes.minY, frame.minY)
            self.extremes.maxX = Swift.max(self.extremes.maxX, frame.maxX)
            self.extremes.maxY = Swift.max(self.extremes.maxY, frame.maxY)
        }
        var next = self.lineV
        next += thickness
        next += lineSpacing
        return next
    }

    /// A recorder that has seen `previous`'s frames of the lines before `line` (all full lines), for a section of
    /// `count` items of the same grid.
    init(resuming previous: GridGeometry, count: Int, at line: Int) {
        precondition(line > 0 && line < previous.lines && !previous.lineU.isEmpty)
        // The same grid (its full lines' positions kept), with the new count and its lines yet to come.
        self.grid = previous.parts
        self.grid.count = count
        self.lastLine = (count - 1) / previous.columns
        self.grid.positions = Array(previous.lineU)
        self.grid.bounds = nil
        self.grid.pitch = nil
        let stride = GridGeometry.checkpointStride
        self.grid.checkpoints = Array(previous.checkpoints.prefix((line + stride - 1) / stride))
        if previous.pitch != nil {
            self.grid.checkpoints = Swift.stride(from: 0, to: line, by: stride).map(previous.lineV)
        }
        self.isProduct = previous.pitch != nil
        self.lineV = previous.lineV(line - 1)
        // Full lines share their `u`; `v` never decreases: the first and the last kept line hold the extremes.
        for kept in [0, line - 1] {
            for column in 0..<previous.columns {
                let frame = previous.frame(kept * previous.columns + column)
                self.extremes.minX = Swift.min(self.extremes.minX, frame.minX)
                self.extremes.minY = Swift.min(self.extremes.minY, frame.minY)
                self.extremes.maxX = Swift.max(self.extremes.maxX, frame.maxX)
                self.extremes.maxY = Swift.max(self.extremes.maxY, frame.maxY)
            }
        }
    }

    /// The grid, if every frame followed it; the recorder is used up, so the grid moves out of it (a copy retained
    /// its three arrays, and dropping the recorder released them again). Callers pass the recorder with `consume`:
    /// called on a variable, the method was given a copy of the whole recorder.
    consuming func finishedGeometry() -> GridGeometry? {
        guard self.isExact else { return nil }
        let (minX, minY, maxX, maxY) = self.extremes
        if self.isProduct {
            self.grid.checkpoints = []
        } else if self.grid.checkpoints.isEmpty {
            // Replayed lines, all within the first stride: their one checkpoint is the first line's.
            self.grid.checkpoints = [self.grid.firstLineV]
        }
        self.grid.bounds = Rect(x: minX, y: minY, width: maxX - minX, height: maxY - minY)
        self.grid.pitch = self.isProduct ? self.grid.thickness + self.grid.lineSpacing : nil
        // Swapped out, not returned as `self.grid`: that copied the grid (retaining its three arrays) and dropping
        // the recorder released them again. Then boxed, its arrays moved into the box.
        var geometry = GridParts(
            count: 0,
            columns: 0,
            isVertical: true,
            size: .zero,
            thickness: 0,
            lineSpacing: 0,
            positions: [],
            lineUCount: 0,
            checkpoints: [],
            firstLineV: 0
        )
        swap(&geometry, &self.grid)
        return GridGeometry(consume geometry)
    }
}

extension GridGeometry {
    /// The lines ``FlowSectionBuilder`` records for these frames, so that a change within the section can resume
    /// at a line (the section's frames are stored from then on).
    ///
    /// - Complexity: O(lines × ``checkpointStride`` + columns).
    var flowLines: [FlowSectionBuilder.Line] {
        let along = self.isVertical ? self.size.width : self.size.height
        var lines: [FlowSectionBuilder.Line] = []
        lines.reserveCapacity(self.lines)
        var lineEnd = 0.0
        for line in 0..<self.lines {
            let first = line * self.columns
            lines.append(FlowSectionBuilder.Line(first: first, v: self.lineV(line), lineEndBefore: lineEnd))
            let positions = line == self.lines - 1 ? self.lastLineU : self.lineU
            for u in positions { lineEnd = Swift.max(lineEnd, u + along) }
        }
        return lines
    }
}
