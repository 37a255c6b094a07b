/// The frames of a section whose items all have one size and fill equal lines: the frame of item `i` is computed
/// from `i`, so the section stores O(lines / ``checkpointStride`` + columns) numbers instead of one ``Rect`` per item.
///
/// Lines run across the scroll axis (`u`), one after another along it (`v`). Every line but the last puts its items
/// at the same `u` positions (``lineU``); the last line has its own (``lastLineU``). A line's `v` is the previous
/// line's `v` plus the item's thickness, then plus the line spacing: the very additions the builder makes, replayed
/// from a checkpoint kept every ``checkpointStride`` lines, so frames are bit for bit those of the builder.
///
/// The fields are kept in one immutable box (``GridParts``, built by ``GridRecorder`` or the factories below): a grid
/// lives in a section's ``SectionFrames`` and again in its ``SpatialIndex``, and those are copied whole as a
/// section is built and read, so each copy held inline moved its 137 bytes and retained its three arrays; boxed, a
/// copy is one reference.
struct GridGeometry: Hashable, Sendable {
    /// Lines between two stored checkpoints of `v`.
    static let checkpointStride = 32

    /// The box holding a grid's fields, never mutated once made.
    private final class Storage: Sendable {
        let parts: GridParts

        init(_ parts: consuming GridParts) { self.parts = parts }
    }

    /// The grid's fields.
    private let storage: Storage

    /// Boxes `parts`.
    ///
    /// - Complexity: O(1): one allocation; the arrays are moved, not copied.
    init(_ parts: consuming GridParts) {
        self.storage = Storage(parts)
    }

    /// The grid's fields, copied out (a recorder resuming the grid starts from them).
    var parts: GridParts { self.storage.parts }

    /// The number of items.
    var count: Int { self.storage.parts.count }
    /// Items per line (every line but the last is full).
    var columns: Int { self.storage.parts.columns }
    /// Whether lines run horizontally (the layout scrolls vertically).
    var isVertical: Bool { self.storage.parts.isVertical }
    /// The items' size.
    var size: Size { self.storage.parts.size }
    /// The thickness a line adds to `v` before the line spacing.
    var thickness: Double { self.storage.parts.thickness }
    /// The spacing between lines along the scroll axis.
    var lineSpacing: Double { self.storage.parts.lineSpacing }
    /// The `u` of each column of a full line (empty when the section has one line).
    var lineU: ArraySlice<Double> { self.storage.parts.lineU }
    /// The `u` of each column of the last line.
    var lastLineU: ArraySlice<Double> { self.storage.parts.lastLineU }
    /// The `v` of lines 0, stride, 2 × stride, … (see ``GridParts/checkpoints``).
    var checkpoints: [Double] { self.storage.parts.checkpoints }
    /// The `v` of the first line.
    var firstLineV: Double { self.storage.parts.firstLineV }
    /// The smallest rectangle containing every frame, or `nil` without items.
    var bounds: Rect? { self.storage.parts.bounds }
    /// The pitch of lines whose `v` are products (see ``GridParts/pitch``).
    var pitch: Double? { self.storage.parts.pitch }
    /// The number of lines.
    var lines: Int { self.storage.parts.lines }

    /// The `v` of a line, replayed from its checkpoint.
    ///
    /// - Complexity: O(``checkpointStride``).
    @inline(__always)
    func lineV(_ line: Int) -> Double { self.storage.parts.lineV(line) }

    /// ``GridParts/forEachFrame(in:_:)``, read in the box.
    ///
    /// - Complexity: O(`range.count` + ``checkpointStride``).
    @inline(__always)
    func forEachFrame<E: Error>(in range: Range<Int>, _ body: (Int, Rect) throws(E) -> Void) throws(E) {
        try self.storage.parts.forEachFrame(in: range, body)
    }

    /// The frame of an item.
    ///
    /// - Complexity: O(``checkpointStride``).
    @inline(__always)
    func frame(_ item: Int) -> Rect { self.storage.parts.frame(item) }

    /// ``GridParts/candidateItems(from:to:)``, read in the box.
    ///
    /// - Complexity: O(``checkpointStride``) for a band that a line's pitch estimates well, O(log lines) at worst.
    func candidateItems(from lo: Double, to hi: Double) -> Range<Int> {
        self.storage.parts.candidateItems(from: lo, to: hi)
    }

    /// The first line for which `predicate` (monotone: false then true) holds, or `lines`.
    func firstLine(_ lines: Int, _ predicate: (Int) -> Bool) -> Int {
        self.storage.parts.firstLine(lines, predicate)
    }

    /// ``GridParts/firstLine(_:near:_:)``, read in the box.
    ///
    /// - Complexity: O(1) for an estimate within a few lines, O(log lines) otherwise.
    func firstLine(_ lines: Int, near estimate: Double, _ predicate: (Int) -> Bool) -> Int {
        self.storage.parts.firstLine(lines, near: estimate, predicate)
    }

    static func == (lhs: Self, rhs: Self) -> Bool {
        lhs.storage === rhs.storage || lhs.storage.parts == rhs.storage.parts
    }

    func hash(into hasher: inout Hasher) {
        hasher.combine(self.storage.parts)
    }

    /// Items of one size in single file along the scroll axis (`line`, `cover`): the first at `start`, each next one
    /// `step` further (one addition, as those builders make it), all at `u` across.
    ///
    /// - Returns: The grid and the leading coordinate of the last item.
    /// - Complexity: O(n) time, O(n / ``checkpointStride``) memory.
    static func singleFile(
        count: Int,
        size: Size,
        isVertical: Bool,
        start: Double,
        step: Double,
        u: Double
    ) -> (grid: GridGeometry, last: Double) {
        precondition(count > 0)
        let length = isVertical ? size.height : size.width
        var v = start
        var checkpoints: [Double] = []
        checkpoints.reserveCapacity((count + Self.checkpointStride - 1) / Self.checkpointStride)
        var (low, high) = (Double.infinity, -Double.infinity)
        var isProduct = true
        for item in 0..<count {
            if item > 0 { v += step }
            if item % Self.checkpointStride == 0 { checkpoints.append(v) }
            if isProduct && v != start + Double(item) * step { isProduct = false }
            low = Swift.min(low, v)
            high = Swift.max(high, v + length)
        }
        let across = isVertical ? size.width : size.height
        let bounds =
            isVertical
            ? Rect(x: u, y: low, width: u + across - u, height: high - low)
            : Rect(x: low, y: u, width: high - low, height: u + across - u)
        let parts = GridParts(
            count: count,
            columns: 1,
            isVertical: isVertical,
            size: size,
            thickness: step,
            lineSpacing: 0,
            positions: [u, u],
            lineUCount: 1,
            checkpoints: isProduct ? [] : checkpoints,
            firstLineV: start,
            bounds: bounds,
            pitch: isProduct ? step : nil
        )
        return (GridGeometry(parts), v)
    }

    /// `count` items along the scroll axis, item `i`'s leading edge at `start + Double(i) * pitch` (`pagecover`'s
    /// pages, `stack`'s pile with a pitch of 0), all at `u` across.
    ///
    /// - Complexity: O(1).
    static func product(count: Int, size: Size, isVertical: Bool, start: Double, pitch: Double, u: Double) -> Self {
        precondition(count > 0)
        let first = start + Double(0) * pitch
        let last = start + Double(count - 1) * pitch
        let (low, high) = (Swift.min(first, last), Swift.max(first, last) + (isVertical ? size.height : size.width))
        let across = isVertical ? size.width : size.height
        let parts = GridParts(
            count: count,
            columns: 1,
            isVertical: isVertical,
            size: size,
            thickness: pitch,
            lineSpacing: 0,
            positions: [u, u],
            lineUCount: 1,
            checkpoints: [],
            firstLineV: start,
            bounds: isVertical
                ? Rect(x: u, y: low, width: u + across - u, height: high - low)
                : Rect(x: low, y: u, width: high - low, height: u + across - u),
            pitch: pitch
        )
        return GridGeometry(parts)
    }

    /// The bytes this geometry holds on the heap, its box included.
    var heapBytes: Int {
        let parts = self.storage.parts
        return 16 + MemoryLayout<GridParts>.stride
            + (parts.positions.capacity + parts.checkpoints.capacity)
            * MemoryLayout<Double>.stride
    }
}

/// The fields of a ``GridGeometry`` and what they compute, inline: what a ``GridGeometry`` boxes, and what a recorder
/// fills in before boxing it.
struct GridParts: Hashable, Sendable {
    /// Lines between two stored checkpoints of `v`.
    static var checkpointStride: Int { GridGeometry.checkpointStride }

    /// The number of items.
    var count: Int
    /// Items per line (every line but the last is full).
    var columns: Int
    /// Whether lines run horizontally (the layout scrolls vertically).
    var isVertical: Bool
    /// The items' size.
    var size: Size
    /// The thickness a line adds to `v` before the line spacing.
    var thickness: Double
    /// The spacing between lines along the scroll axis.
    var lineSpacing: Double
    /// The `u` of each column of a full line (empty when the section has one line), then those of the last line:
    /// one array, so a grid holds one allocation for its positions rather than two (issue 21).
    var positions: [Double]
    /// How many of ``positions`` are a full line's (``lineU``); the rest are the last line's (``lastLineU``).
    var lineUCount: Int
    /// The `v` of lines 0, stride, 2 × stride, …, when they are replayed (empty when ``pitch`` is set: then every
    /// line's `v` is a product from ``firstLineV``).
    var checkpoints: [Double]
    /// The `v` of the first line.
    var firstLineV: Double
    /// The smallest rectangle containing every frame, or `nil` without items.
    var bounds: Rect?
    /// When set, a line's `v` is the first line's plus the line's index times this pitch (a product, as `pagecover`
    /// computes its pages, or where the builder's additions were checked to give the same numbers), and only the
    /// first checkpoint is kept.
    var pitch: Double?

    /// The `u` of each column of a full line (empty when the section has one line).
    var lineU: ArraySlice<Double> { self.positions[..<self.lineUCount] }
    /// The `u` of each column of the last line.
    var lastLineU: ArraySlice<Double> { self.positions[self.lineUCount...] }

    /// The number of lines.
    var lines: Int { self.columns == 0 ? 0 : (self.count + self.columns - 1) / self.columns }

    /// The `v` of a line, replayed from its checkpoint.
    ///
    /// - Complexity: O(``checkpointStride``).
    @inline(__always)
    func lineV(_ line: Int) -> Double {
        if let pitch = self.pitch { return self.firstLineV + Double(line) * pitch }
        var v = self.checkpoints[line / Self.checkpointStride]
        for _ in 0..<(line % Self.checkpointStride) { self.advance(&v) }
        return v
    }

    /// Moves `v` from a line to the next with the builder's two additions.
    @inline(__always)
    private func advance(_ v: inout Double) {
        v += self.thickness
        v += self.lineSpacing
    }

    /// The frame of column `column` of a line at `v` (the last line's columns are its own).
    @inline(__always)
    private func frame(column: Int, ofLastLine isLastLine: Bool, v: Double) -> Rect {
        let u = self.positions[isLastLine ? self.lineUCount &+ column : column]
        return self.isVertical
            ? Rect(x: u, y: v, width: self.size.width, height: self.size.height)
            : Rect(x: v, y: u, width: self.size.width, height: self.size.height)
    }

    /// Calls `body` with each item of `range` and its frame, in item order: a line's `v` is found once for its items
    /// and the next line's follows by the builder's two additions (or its product, or its checkpoint), where
    /// ``frame(_:)`` replays up to ``checkpointStride`` lines per item.
    ///
    /// - Complexity: O(`range.count` + ``checkpointStride``).
    @inline(__always)
    func forEachFrame<E: Error>(in range: Range<Int>, _ body: (Int, Rect) throws(E) -> Void) throws(E) {
        guard !range.isEmpty else { return }
        var line = range.lowerBound / self.columns
        var v = self.lineV(line)
        var item = range.lowerBound
        while true {
            let first = line * self.columns
            let end = Swift.min(range.upperBound, first + self.columns)
            let isLastLine = (line + 1) * self.columns >= self.count
            for item in item..<end {
                try body(item, self.frame(column: item - first, ofLastLine: isLastLine, v: v))
            }
            item = end
            if item >= range.upperBound { return }
            line += 1
            if self.pitch != nil || line % Self.checkpointStride == 0 {
                v = self.lineV(line)
            } else {
                self.advance(&v)
            }
        }
    }

    /// The frame of an item.
    ///
    /// - Complexity: O(``checkpointStride``).
    @inline(__always)
    func frame(_ item: Int) -> Rect {
        let line = item / self.columns
        let column = item - line * self.columns
        // The last line starts at the last item's line; the only line whose items are past `count - columns`.
        let isLastLine = (line + 1) * self.columns >= self.count
        return self.frame(column: column, ofLastLine: isLastLine, v: self.lineV(line))
    }

    /// The items whose frames may overlap the band `lo..<hi` along the scroll axis; every other item certainly does
    /// not (a superset, as ``SpatialIndex/candidatePositions(from:to:)`` answers).
    ///
    /// - Complexity: O(``checkpointStride``) for a band that a line's pitch estimates well, O(log lines) at worst.
    func candidateItems(from lo: Double, to hi: Double) -> Range<Int> {
        let lines = self.lines
        guard lines > 0 else { return 0..<0 }
        let extent = self.isVertical ? self.size.height : self.size.width
        // First line whose trailing edge passes lo; first line from which the leading edge reaches hi.
        let first = self.firstLine(lines) { self.lineV($0) + extent > lo }
        let end = self.firstLine(lines) { self.lineV($0) >= hi }
        let (start, stop) = (first * self.columns, Swift.min(self.count, end * self.columns))
        return start < stop ? start..<stop : 0..<0
    }

    /// The first line for which `predicate` (monotone: false then true) holds, or `lines`.
    func firstLine(_ lines: Int, _ predicate: (Int) -> Bool) -> Int {
        var low = 0
        var high = lines
        while low < high {
            let middle = (low + high) / 2
            if predicate(middle) { high = middle } else { low = middle + 1 }
        }
        return low
    }

    /// ``firstLine(_:_:)``'s answer, looked for from `estimate` (a line number, e.g. a coordinate over the pitch):
    /// a few steps from there when the estimate is that close, the binary search otherwise.
    ///
    /// - Complexity: O(1) for an estimate within a few lines, O(log lines) otherwise.
    func firstLine(_ lines: Int, near estimate: Double, _ predicate: (Int) -> Bool) -> Int {
        guard estimate.isFinite else { return self.firstLine(lines, predicate) }
        var line = Int(Swift.min(Swift.max(estimate.rounded(.down), 0), Double(lines)))
        var steps = 0
        while line > 0, predicate(line - 1), steps < 4 { (line, steps) = (line - 1, steps + 1) }
        while line < lines, !predicate(line), steps < 4 { (line, steps) = (line + 1, steps + 1) }
        // Far from the estimate (never expected of a pitch's): the binary search.
        return steps == 4 ? self.firstLine(lines, predicate) : line
    }
}
