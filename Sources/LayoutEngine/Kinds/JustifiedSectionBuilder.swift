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
            var placer = self.placer(sizes, into: frames, top: headerHeight)
            placer.rowCheckpoints = []
            state = placer.placeAll()
            checkpoints = placer.rowCheckpoints ?? []
            initializedCount = count
        }
        guard let state else { preconditionFailure("the frames' initializer always runs") }
        let (section, summary) = self.finish(
            frames: SectionFrames(frames), state: state, origin: origin, headerHeight: headerHeight,
            footerHeight: footerHeight, index: nil)
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
            var placer = self.placer(sizes, into: buffer, top: headerHeight)
            placer.restore(checkpoint)
            // Moved, not copied: the placer holds the only reference while it appends.
            placer.rowCheckpoints = checkpoints
            checkpoints = []
            state = placer.placeAll(from: checkpoint.item)
            checkpoints = placer.rowCheckpoints ?? []
        }
        guard let state else { preconditionFailure("the frames' closure always runs") }
        var updated = index
        updated.update(frames: frames, axis: .vertical, from: checkpoint.item)
        let (section, summary) = self.finish(
            frames: SectionFrames(frames), state: state, origin: origin, headerHeight: headerHeight,
            footerHeight: footerHeight, index: updated)
        return (section, summary, sizes.count - checkpoint.item)
    }

    /// The row loop of this builder over `sizes` under a header of height `top`, writing every item's frame into
    /// `frames` (a caller narrows ``RowPlacer/written``).
    func placer<Sizes: ItemSizes>(
        _ sizes: Sizes, into frames: UnsafeMutableBufferPointer<Rect>, top: Double
    ) -> RowPlacer<Sizes> {
        RowPlacer(
            sizes: sizes, frames: frames, configuration: self.configuration, containerWidth: self.containerWidth,
            top: top)
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
