/// The library's row loop (`computeLayout`, `Row.addItem`, `Row.completeLayout`) over one section's items.
struct RowPlacer<Sizes: ItemSizes> {
    /// What the loop leaves besides the frames.
    struct Result {
        /// The library's `containerHeight`.
        var containerHeight: Double
        /// How many items (a prefix) were laid out.
        var shownCount: Int
        /// The library's `widowCount`.
        var widowCount: Int
        /// The height of the row before the widow row (what the widows take unless it was a breakout), or 0.
        var widowPreviousHeight = 0.0
    }

    let sizes: Sizes
    /// The frames of the items of ``written`` (item `i` at `i - written.lowerBound`); the others are dropped.
    let frames: UnsafeMutableBufferPointer<Rect>
    /// The items whose frames are written: every item for a build, a block's for a replay.
    var written: Range<Int>
    /// Once a row closes with every item before this one, the loop stops (a replay's end).
    var until = Int.max
    /// When set, each complete row's starting state once for every block of this many items starting in it: a
    /// checkpointed section's checkpoints (see ``JustifiedSectionBuilder/Replayer``).
    var blockSize: Int?
    /// The first block whose state is recorded (a resumed recording's: the rows from its checkpoint may start
    /// in earlier blocks).
    var firstBlock = 0
    /// The states recorded for ``blockSize``, ``JustifiedSectionBuilder/Replayer/width`` numbers each.
    var blockStates: [Double] = []
    /// When set, the row loop's state every ``JustifiedSectionBuilder/checkpointStride`` rows (a stored section's
    /// checkpoints); a replay keeps none.
    var rowCheckpoints: [JustifiedSectionBuilder.Checkpoint]?
    let forcedRatio: Double?
    let left: Double
    let width: Double
    let spacing: Double
    let verticalSpacing: Double
    let bottomPadding: Double
    let targetHeight: Double
    let minRatio: Double
    let maxRatio: Double
    let minHeight: Double
    let maxHeight: Double
    let maxRows: Int
    let cadence: Int?
    let widowStyle: JustifiedLayout.WidowLayoutStyle
    let showsWidows: Bool
    /// Added to every row's top: the header's height.
    let yOffset: Double

    /// The library's `containerHeight`: where the next row starts, within the block.
    private var containerHeight: Double
    private var rowCount = 0
    private var lastRowHeight = 0.0
    private var lastRowIsBreakout = false
    private var lastRowTop: Double
    // The open row: items rowStart..<rowStart + rowItems.
    private var rowStart = 0
    private var rowItems = 0
    private var rowRatioSum = 0.0
    private var rowTop = 0.0
    private var rowIsBreakout = false
    /// The open row's height once complete; 0 while it accepts items.
    private var rowHeight = 0.0

    init(
        sizes: Sizes,
        frames: UnsafeMutableBufferPointer<Rect>,
        configuration: JustifiedLayout.Configuration,
        containerWidth: Double,
        top: Double
    ) {
        let padding = configuration.containerPadding
        self.sizes = sizes
        self.frames = frames
        self.written = 0..<sizes.count
        self.forcedRatio = configuration.forceAspectRatio
        self.left = padding.left
        self.width = containerWidth - padding.left - padding.right
        self.spacing = configuration.horizontalSpacing
        self.verticalSpacing = configuration.verticalSpacing
        self.bottomPadding = padding.bottom
        self.targetHeight = configuration.targetRowHeight
        let tolerance = configuration.targetRowHeightTolerance
        self.minRatio = self.width / self.targetHeight * (1 - tolerance)
        self.maxRatio = self.width / self.targetHeight * (1 + tolerance)
        self.minHeight = 0.5 * self.targetHeight
        self.maxHeight = 2 * self.targetHeight
        self.maxRows = configuration.maxNumRows ?? .max
        self.cadence = configuration.fullWidthBreakoutRowCadence
        self.widowStyle = configuration.widowLayoutStyle
        self.showsWidows = configuration.showWidows
        self.yOffset = top
        self.containerHeight = padding.top
        self.lastRowTop = padding.top
    }

    /// Takes up the loop's state at a checkpoint, whose row starts the items still to place.
    mutating func restore(_ checkpoint: JustifiedSectionBuilder.Checkpoint) {
        self.restore(
            containerHeight: checkpoint.containerHeight, rowCount: checkpoint.rowCount,
            lastRowHeight: checkpoint.lastRowHeight, lastRowTop: checkpoint.lastRowTop)
    }

    /// Takes up the loop's state where a row starts; whether the row before was a breakout follows from the rows'
    /// count (every cadence-th row is one).
    ///
    /// The previous row's height and top are read only by a widow row and by hidden items: a replay that closes a
    /// row before either has them from that row.
    mutating func restore(containerHeight: Double, rowCount: Int, lastRowHeight: Double, lastRowTop: Double) {
        self.containerHeight = containerHeight
        self.rowCount = rowCount
        self.lastRowHeight = lastRowHeight
        self.lastRowIsBreakout = self.cadence.map { rowCount > 0 && rowCount % $0 == 0 } ?? false
        self.lastRowTop = lastRowTop
    }

    /// The full state where the open row starts (unchanged until it closes): what a session resumes from.
    var checkpoint: JustifiedSectionBuilder.Checkpoint {
        JustifiedSectionBuilder.Checkpoint(
            item: self.rowStart,
            containerHeight: self.containerHeight,
            rowCount: self.rowCount,
            lastRowHeight: self.lastRowHeight,
            lastRowIsBreakout: self.lastRowIsBreakout,
            lastRowTop: self.lastRowTop,
            top: self.yOffset
        )
    }

    /// Writes an item's frame when it is one of ``written``.
    @inline(__always)
    private func write(_ item: Int, _ frame: Rect) {
        if self.written.contains(item) { self.frames[item - self.written.lowerBound] = frame }
    }

    /// Places the rows from `start` (a restored row start) until one closes at `end` (a later row start) and
    /// returns the loop's whole state there: where a session resumes, found from a checkpoint before it.
    mutating func advance(from start: Int, to end: Int) -> JustifiedSectionBuilder.Checkpoint {
        self.until = end
        if start < end { _ = self.placeRows(from: start) }
        var checkpoint = self.checkpoint
        checkpoint.item = end
        return checkpoint
    }

    /// Lays out the items from `start` (0, or a restored checkpoint's item), hides the ones left out, and
    /// finishes the block's height.
    mutating func placeAll(from start: Int = 0) -> Result {
        let count = self.sizes.count
        let rows = self.placeRows(from: start)
        var shown = rows.shown
        var widows = 0
        var widowPreviousHeight = 0.0
        if !rows.stopped && start < count && self.rowItems > 0 && self.showsWidows {
            let height = self.rowCount == 0 || self.lastRowIsBreakout ? self.targetHeight : self.lastRowHeight
            widowPreviousHeight = self.lastRowHeight
            self.complete(height, style: self.widowStyle)
            widows = self.rowItems
            shown = self.closeRow()
        }
        let hidden = Rect(x: self.left, y: self.yOffset + self.lastRowTop, width: 0, height: 0)
        // Only the written ones: a replay stops early and would otherwise walk every item after it.
        let hiddenStart = Swift.max(shown, self.written.lowerBound)
        for item in hiddenStart..<Swift.max(hiddenStart, Swift.min(count, self.written.upperBound)) {
            self.write(item, hidden)
        }
        self.containerHeight = self.containerHeight - self.verticalSpacing
        self.containerHeight = self.containerHeight + self.bottomPadding
        return Result(
            containerHeight: self.containerHeight, shownCount: shown, widowCount: widows,
            widowPreviousHeight: widowPreviousHeight)
    }

    /// The row loop from `start` until the items run out (an open row is left: the widows) or ``stops(_:)``.
    ///
    /// - Returns: The items laid out so far, and whether the loop stopped before the items ran out.
    private mutating func placeRows(from start: Int) -> (shown: Int, stopped: Bool) {
        var shown = start
        var stopped = false
        var isOpen = false
        for item in start..<self.sizes.count {
            let ratio = self.ratio(of: item)
            if !isOpen {
                self.open(at: item)
                isOpen = true
            }
            var added = self.add(item, ratio: ratio)
            // A rejected item closes the row and starts the next one, which always accepts it.
            while self.rowHeight > 0 {
                shown = self.closeRow()
                if self.stops(shown) {
                    stopped = true
                    break
                }
                self.open(at: added ? item + 1 : item)
                guard !added else { break }
                added = self.add(item, ratio: ratio)
            }
            if stopped { break }
        }
        return (shown, stopped)
    }

    /// Whether the loop ends after a row that closed with the items before `shown`: the row limit or the end of a
    /// replay.
    private func stops(_ shown: Int) -> Bool {
        self.rowCount >= self.maxRows || shown >= self.until
    }

    /// Opens a row at `item`, keeping a checkpoint there every ``JustifiedSectionBuilder/checkpointStride`` rows
    /// when asked to (``rowCheckpoints``).
    private mutating func open(at item: Int) {
        self.openRow(at: item)
        if self.rowCheckpoints != nil, self.rowCount % JustifiedSectionBuilder.checkpointStride == 0 {
            let checkpoint = self.checkpoint
            self.rowCheckpoints?.append(checkpoint)
        }
    }

    /// An item's aspect ratio, as the library computes it.
    private func ratio(of item: Int) -> Double {
        if let forced = self.forcedRatio { return forced }
        let size = self.sizes[item]
        return size.width / size.height
    }

    /// Starts an empty row whose first item will be `item` (`createNewRow`).
    private mutating func openRow(at item: Int) {
        self.rowStart = item
        self.rowItems = 0
        self.rowRatioSum = 0
        self.rowHeight = 0
        self.rowTop = self.containerHeight
        if let cadence = self.cadence {
            self.rowIsBreakout = (self.rowCount + 1) % cadence == 0
        } else {
            self.rowIsBreakout = false
        }
    }

    /// Records the complete row (`addRow`) and returns how many items are laid out so far.
    private mutating func closeRow() -> Int {
        if let blockSize = self.blockSize, self.rowItems > 0 {
            let end = self.rowStart + self.rowItems
            var block = Swift.max(self.firstBlock, (self.rowStart + blockSize - 1) / blockSize)
            while block * blockSize < end {
                // The row's first item, `containerHeight` and the rows before (see ``Replayer``).
                self.blockStates.append(Double(self.rowStart))
                self.blockStates.append(self.containerHeight)
                self.blockStates.append(Double(self.rowCount))
                block += 1
            }
        }
        self.rowCount += 1
        self.lastRowHeight = self.rowHeight
        self.lastRowIsBreakout = self.rowIsBreakout
        self.lastRowTop = self.rowTop
        self.containerHeight += self.rowHeight + self.verticalSpacing
        return self.rowStart + self.rowItems
    }

    /// Adds the item to the open row unless it would leave the row further from its target (`Row.addItem`).
    ///
    /// - Returns: Whether the item joined the row; the row is complete when ``rowHeight`` is positive.
    private mutating func add(_ item: Int, ratio: Double) -> Bool {
        precondition(item == self.rowStart + self.rowItems)
        let items = self.rowItems + 1
        let rowWidthWithoutSpacing = self.width - Double(items - 1) * self.spacing
        let newRatio = self.rowRatioSum + ratio
        let targetRatio = rowWidthWithoutSpacing / self.targetHeight
        if self.rowIsBreakout && self.rowItems == 0 && ratio >= 1 {
            self.push(ratio)
            self.complete(rowWidthWithoutSpacing / ratio, style: .justify)
            return true
        }
        if newRatio < self.minRatio {
            self.push(ratio)
            return true
        }
        if newRatio > self.maxRatio {
            if self.rowItems == 0 {
                self.push(ratio)
                self.complete(rowWidthWithoutSpacing / newRatio, style: .justify)
                return true
            }
            let previousWidth = self.width - Double(self.rowItems - 1) * self.spacing
            let previousRatio = self.rowRatioSum
            let previousTarget = previousWidth / self.targetHeight
            if abs(newRatio - targetRatio) > abs(previousRatio - previousTarget) {
                self.complete(previousWidth / previousRatio, style: .justify)
                return false
            }
        }
        self.push(ratio)
        self.complete(rowWidthWithoutSpacing / newRatio, style: .justify)
        return true
    }

    private mutating func push(_ ratio: Double) {
        self.rowItems += 1
        self.rowRatioSum += ratio
    }

    /// Sets the row's height and its items' frames (`Row.completeLayout`).
    private mutating func complete(_ newHeight: Double, style: JustifiedLayout.WidowLayoutStyle) {
        let count = self.rowItems
        let rowWidthWithoutSpacing = self.width - Double(count - 1) * self.spacing
        // The clamped height, which is `newHeight` when not clamped.
        let height = Swift.max(self.minHeight, Swift.min(newHeight, self.maxHeight))
        self.rowHeight = height
        let y = self.yOffset + self.rowTop
        let clampedToNativeRatio =
            newHeight != height ? (rowWidthWithoutSpacing / height) / (rowWidthWithoutSpacing / newHeight) : 1.0
        let range = self.rowStart..<(self.rowStart + count)
        // Each frame is written once, with the arithmetic of placing it then correcting it in place: the widths
        // are summed first, then computed again (the same operations, so the same values) and written.
        var itemWidthSum = self.left
        for item in range { itemWidthSum += self.ratio(of: item) * height * clampedToNativeRatio + self.spacing }
        var x = self.left
        @inline(__always) func next(_ item: Int) -> Rect {
            let width = self.ratio(of: item) * height * clampedToNativeRatio
            defer { x += width + self.spacing }
            return Rect(x: x, y: y, width: width, height: height)
        }
        switch style {
        case .left:
            for item in range { self.write(item, next(item)) }
        case .justify:
            itemWidthSum -= self.spacing + self.left
            let errorWidthPerItem = (itemWidthSum - self.width) / Double(count)
            // Every cumulative error then rounds to (±)0 and changes nothing: the common case of a full row, whose
            // widths already fill it up to floating-point noise.
            if abs(errorWidthPerItem) * Double(count) < 0.5 {
                for item in range { self.write(item, next(item)) }
                return
            }
            if count == 1 {
                var frame = next(self.rowStart)
                frame.size.width -= Self.roundedAsJavaScript(errorWidthPerItem)
                self.write(self.rowStart, frame)
                return
            }
            var previous = 0.0
            for index in 0..<count {
                let cumulative = Self.roundedAsJavaScript(Double(index + 1) * errorWidthPerItem)
                let item = self.rowStart + index
                var frame = next(item)
                if index > 0 {
                    frame.origin.x -= previous
                    frame.size.width -= cumulative - previous
                } else {
                    frame.size.width -= cumulative
                }
                self.write(item, frame)
                previous = cumulative
            }
        case .center:
            let centerOffset = (self.width - itemWidthSum) / 2
            for item in range {
                var frame = next(item)
                frame.origin.x += centerOffset + self.spacing
                self.write(item, frame)
            }
        }
    }

    /// JavaScript's `Math.round`: the nearest integer, halves toward +∞ (`(-2.5).rounded()` would give −3).
    private static func roundedAsJavaScript(_ value: Double) -> Double {
        let floor = value.rounded(.down)
        return value - floor >= 0.5 ? floor + 1 : floor
    }
}
