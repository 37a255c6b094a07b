/// Lays out one justified section: flickr/justified-layout's rows, operation for operation (see ``JustifiedLayout``).
///
/// The library builds each row as an object holding its items and sums their ratios again for every item it
/// tries; this keeps one running sum (the same additions in the same order, so the same value) and writes frames
/// straight into the section's array. It also accumulates its boxes by concatenating arrays, which is quadratic;
/// this is linear.
struct JustifiedSectionBuilder {
    /// What a built section adds to the layout besides its frames.
    struct Summary: Hashable, Sendable {
        /// The section's height: header, block and footer.
        var length: Double
        /// How many items were laid out; the rest (from this index on) are hidden.
        var shownCount: Int
        /// How many items the widow row holds (0 when there is none or widows are hidden), as the library counts.
        var widowCount: Int
    }

    /// The row loop's state where a row starts, so that a session can lay the section out again from there
    /// (``rebuild(_:origin:headerHeight:footerHeight:frames:checkpoints:from:index:)``) with the same numbers as
    /// a build from the start. One is kept every ``checkpointStride`` rows.
    struct Checkpoint: Hashable, Sendable {
        /// The row's first item.
        var item: Int
        /// The library's `containerHeight` there: where the row starts within the block.
        var containerHeight: Double
        /// The rows before it.
        var rowCount: Int
        /// The height of the row before (a widow row takes it).
        var lastRowHeight: Double
        /// Whether the row before was a full-width breakout.
        var lastRowIsBreakout: Bool
        /// The top of the row before, within the block (where hidden items go).
        var lastRowTop: Double
        /// The header's height the rows were placed under.
        var top: Double
    }

    /// Rows between checkpoints: 16 keep a section's checkpoints under a byte per item and a resize's work within
    /// 16 rows of its own.
    static let checkpointStride = 16

    let configuration: JustifiedLayout.Configuration
    /// The container's width: the viewport's.
    let containerWidth: Double

    /// Builds the section: header, rows, footer.
    ///
    /// - Parameters:
    ///   - sizes: The items' sizes, whose `width / height` is each item's aspect ratio.
    ///   - origin: The section's origin.
    ///   - headerHeight: The header's height; 0 means none.
    ///   - footerHeight: The footer's height; 0 means none.
    /// - Complexity: O(n).
    func build<Sizes: ItemSizes>(
        _ sizes: Sizes,
        origin: Point,
        headerHeight: Double,
        footerHeight: Double
    ) -> (section: SectionLayout, summary: Summary, checkpoints: [Checkpoint]) {
        let count = sizes.count
        var state: RowPlacer<Sizes>.Result?
        var checkpoints: [Checkpoint] = []
        // Written once, never zero-filled first (see FlowSectionBuilder).
        let frames = [Rect](unsafeUninitializedCapacity: count) { frames, initializedCount in
            var placer = RowPlacer(
                sizes: sizes,
                frames: frames,
                configuration: self.configuration,
                containerWidth: self.containerWidth,
                top: headerHeight
            )
            state = placer.placeAll(checkpoints: &checkpoints)
            initializedCount = count
        }
        guard let state else { preconditionFailure("the frames' initializer always runs") }
        let (section, summary) = self.finish(
            frames: SectionFrames(frames),
            state: state,
            origin: origin,
            headerHeight: headerHeight,
            footerHeight: footerHeight,
            index: nil
        )
        return (section, summary, checkpoints)
    }

    /// Lays the section out again after the items from `item` on changed (sizes, or items inserted or deleted):
    /// from the last checkpoint before `item`, whose state the items before it decided, the rows are placed as
    /// ``build(_:origin:headerHeight:footerHeight:)`` places them, so the result is the same numbers; the frames
    /// before stay, and the index is updated from the checkpoint's item.
    ///
    /// - Parameters:
    ///   - frames: The section's frames, already `sizes.count` long, unchanged before `item`; rewritten in place.
    ///   - checkpoints: The previous build's checkpoints; those from the resumed one on are placed again.
    ///   - item: The first item that changed.
    ///   - index: The section's previous index.
    /// - Returns: The section, its summary and how many items were placed again; `nil` (nothing changed) when no
    ///   checkpoint lies before `item` under the same header.
    /// - Complexity: O(items from the checkpoint on + blocks of the index).
    func rebuild<Sizes: ItemSizes>(
        _ sizes: Sizes,
        origin: Point,
        headerHeight: Double,
        footerHeight: Double,
        frames: inout [Rect],
        checkpoints: inout [Checkpoint],
        from item: Int,
        index: SpatialIndex
    ) -> (section: SectionLayout, summary: Summary, placed: Int)? {
        // A checkpoint's row start was decided by the item there (a rejected item opens the next row), so it must
        // lie before the first changed item.
        var low = 0
        var high = checkpoints.count
        while low < high {
            let middle = (low + high) / 2
            if checkpoints[middle].item < item { low = middle + 1 } else { high = middle }
        }
        guard low > 0, !index.isPermuted, frames.count == sizes.count else { return nil }
        let checkpoint = checkpoints[low - 1]
        guard checkpoint.top == headerHeight, checkpoint.item <= index.count else { return nil }
        checkpoints.removeSubrange((low - 1)...)
        var state: RowPlacer<Sizes>.Result?
        frames.withUnsafeMutableBufferPointer { buffer in
            var placer = RowPlacer(
                sizes: sizes,
                frames: buffer,
                configuration: self.configuration,
                containerWidth: self.containerWidth,
                top: headerHeight
            )
            placer.restore(checkpoint)
            state = placer.placeAll(from: checkpoint.item, checkpoints: &checkpoints)
        }
        guard let state else { preconditionFailure("the frames' closure always runs") }
        var updated = index
        updated.update(frames: frames, axis: .vertical, from: checkpoint.item)
        let (section, summary) = self.finish(
            frames: SectionFrames(frames),
            state: state,
            origin: origin,
            headerHeight: headerHeight,
            footerHeight: footerHeight,
            index: updated
        )
        return (section, summary, sizes.count - checkpoint.item)
    }

    /// The section around placed rows: header, footer, band, and the index (built when `nil`).
    func finish<Sizes: ItemSizes>(
        frames: SectionFrames,
        state: RowPlacer<Sizes>.Result,
        origin: Point,
        headerHeight: Double,
        footerHeight: Double,
        index: SpatialIndex?
    ) -> (section: SectionLayout, summary: Summary) {
        let blockHeight = Swift.max(0, state.containerHeight)
        let bodyEnd = headerHeight + blockHeight
        let length = bodyEnd + footerHeight
        let width = self.containerWidth
        let section = SectionLayout(
            origin: origin,
            frames: frames,
            header: headerHeight > 0 ? Rect(x: 0, y: 0, width: width, height: headerHeight) : nil,
            footer: footerHeight > 0 ? Rect(x: 0, y: bodyEnd, width: width, height: footerHeight) : nil,
            background: nil,
            band: Rect(x: 0, y: 0, width: width, height: length),
            body: (headerHeight, bodyEnd),
            axis: .vertical,
            index: index
        )
        return (section, Summary(length: length, shownCount: state.shownCount, widowCount: state.widowCount))
    }
}

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
    }

    let sizes: Sizes
    /// The frames of the items of ``written`` (item `i` at `i - written.lowerBound`); the others are dropped.
    let frames: UnsafeMutableBufferPointer<Rect>
    /// The items whose frames are written: every item for a build, a block's for a replay.
    var written: Range<Int>
    /// Once a row closes with every item before this one, the loop stops (a replay's end).
    var until = Int.max
    /// When set, each complete row's starting state (``blockState``) once for every block of this many items
    /// starting in it: a checkpointed section's checkpoints (see ``JustifiedSectionBuilder/Replayer``).
    var blockSize: Int?
    /// The states recorded for ``blockSize``, ``JustifiedSectionBuilder/Replayer/stateWidth`` numbers each.
    var blockStates: [Double] = []
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
            lastRowHeight: checkpoint.lastRowHeight, lastRowIsBreakout: checkpoint.lastRowIsBreakout,
            lastRowTop: checkpoint.lastRowTop)
    }

    /// Takes up the loop's state where a row starts.
    mutating func restore(
        containerHeight: Double, rowCount: Int, lastRowHeight: Double, lastRowIsBreakout: Bool, lastRowTop: Double
    ) {
        self.containerHeight = containerHeight
        self.rowCount = rowCount
        self.lastRowHeight = lastRowHeight
        self.lastRowIsBreakout = lastRowIsBreakout
        self.lastRowTop = lastRowTop
    }

    /// The state the open row started from (unchanged until it closes): its first item, `containerHeight`, the
    /// rows before, and the previous row's height, breakout flag and top.
    var blockState: [Double] {
        [
            Double(self.rowStart), self.containerHeight, Double(self.rowCount), self.lastRowHeight,
            self.lastRowIsBreakout ? 1 : 0, self.lastRowTop,
        ]
    }

    /// Writes an item's frame when it is one of ``written``.
    @inline(__always)
    private func write(_ item: Int, _ frame: Rect) {
        if self.written.contains(item) { self.frames[item - self.written.lowerBound] = frame }
    }

    /// Lays out the items from `start` (0, or a restored checkpoint's item), hides the ones left out, and
    /// finishes the block's height; appends a checkpoint every ``JustifiedSectionBuilder/checkpointStride`` rows.
    mutating func placeAll(from start: Int = 0, checkpoints: inout [JustifiedSectionBuilder.Checkpoint]) -> Result {
        let count = self.sizes.count
        var shown = start
        var widows = 0
        var isOpen = false
        var stopped = false
        func open(at item: Int) {
            if self.rowCount % JustifiedSectionBuilder.checkpointStride == 0 {
                checkpoints.append(
                    JustifiedSectionBuilder.Checkpoint(
                        item: item,
                        containerHeight: self.containerHeight,
                        rowCount: self.rowCount,
                        lastRowHeight: self.lastRowHeight,
                        lastRowIsBreakout: self.lastRowIsBreakout,
                        lastRowTop: self.lastRowTop,
                        top: self.yOffset
                    )
                )
            }
            self.openRow(at: item)
        }
        for item in start..<count {
            let ratio = self.ratio(of: item)
            if !isOpen {
                open(at: item)
                isOpen = true
            }
            let added = self.add(item, ratio: ratio)
            guard self.rowHeight > 0 else { continue }
            shown = self.closeRow()
            if self.rowCount >= self.maxRows || shown >= self.until {
                stopped = true
                break
            }
            open(at: added ? item + 1 : item)
            if !added {
                // The rejected item starts the next row; an empty row always accepts it.
                _ = self.add(item, ratio: ratio)
                if self.rowHeight > 0 {
                    shown = self.closeRow()
                    if self.rowCount >= self.maxRows || shown >= self.until {
                        stopped = true
                        break
                    }
                    open(at: item + 1)
                }
            }
        }
        if !stopped && isOpen && self.rowItems > 0 && self.showsWidows {
            let height = self.rowCount == 0 || self.lastRowIsBreakout ? self.targetHeight : self.lastRowHeight
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
        return Result(containerHeight: self.containerHeight, shownCount: shown, widowCount: widows)
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
            var block = (self.rowStart + blockSize - 1) / blockSize
            while block * blockSize < end {
                self.blockStates.append(contentsOf: self.blockState)
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
        let clampedHeight = Swift.max(self.minHeight, Swift.min(newHeight, self.maxHeight))
        let height: Double
        let clampedToNativeRatio: Double
        if newHeight != clampedHeight {
            height = clampedHeight
            clampedToNativeRatio = (rowWidthWithoutSpacing / clampedHeight) / (rowWidthWithoutSpacing / newHeight)
        } else {
            height = newHeight
            clampedToNativeRatio = 1.0
        }
        self.rowHeight = height
        let y = self.yOffset + self.rowTop
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
