/// Lays out one waterfall section.
///
/// A horizontal waterfall is built transposed: the builder is given the section's height as its `width` and its
/// insets turned a quarter (top for left), places "columns" (rows) as a vertical one, and stores every frame with x
/// and y swapped back.
struct WaterfallSectionBuilder {
    let columns: Columns
    let columnSpacing: Double
    let rowSpacing: Double
    let inset: EdgeInsets
    let direction: WaterfallLayout.ItemRenderDirection
    let headerHeight: Double
    let footerHeight: Double
    /// Space around the header (CHT's `headerInset`): its top always, its sides and bottom when there is a header.
    var headerInset = EdgeInsets.zero
    /// Space around the footer (CHT's `footerInset`): its top always, its sides and bottom when there is a footer.
    var footerInset = EdgeInsets.zero
    /// Whether the section scrolls vertically; a horizontal one stores its frames transposed.
    var isVertical = true
    let background: EdgeInsets?
    let width: Double
    /// The number of columns, set by ``validate(section:limits:)``.
    var columnCount = 1
    /// The width of one column, set by ``validate(section:limits:)``.
    var columnWidth = 0.0

    /// Builds the section: header, columns, footer.
    ///
    /// - Complexity: O(n·c).
    func build<Sizes: ItemSizes>(_ sizes: Sizes, origin: Point) -> (section: SectionLayout, length: Double) {
        let top = self.headerEnd + self.inset.top
        // The next free y of each column: its last item's bottom plus the row spacing, or the top inset.
        var next = [Double](repeating: top, count: self.columnCount)
        var bottoms = [Double](repeating: top, count: self.columnCount)
        let count = sizes.count
        // Written once, never zero-filled first (see FlowSectionBuilder).
        let frames = [Rect](unsafeUninitializedCapacity: count) { frames, initializedCount in
            next.withUnsafeMutableBufferPointer { next in
                bottoms.withUnsafeMutableBufferPointer { bottoms in
                    self.place(sizes, items: 0..<count, into: frames, next: next, bottoms: bottoms)
                }
            }
            initializedCount = count
        }
        return self.finish(frames: SectionFrames(frames), origin: origin, bottoms: bottoms, index: nil)
    }

    /// Lays the section out again from `item` on, keeping the frames before it: each column's state there is found
    /// by scanning back to the last item covering every column (a spanning item covers several).
    ///
    /// - Parameters:
    ///   - sizes: The items' sizes (as many as `frames`).
    ///   - origin: The section's origin.
    ///   - frames: The previous frames, rewritten in place (uniquely referenced, they are not copied).
    ///   - item: The first item to place again.
    ///   - index: The previous index over `frames`, updated from `item` on.
    /// - Complexity: O((n − item)·c) plus the scan back (until every column is seen).
    func rebuild<Sizes: ItemSizes>(
        _ sizes: Sizes,
        origin: Point,
        frames: inout [Rect],
        from item: Int,
        index: SpatialIndex
    ) -> (section: SectionLayout, length: Double) {
        let columns = self.columnCount
        let count = sizes.count
        precondition(frames.count == count && item >= 0 && item <= count)
        let top = self.headerEnd + self.inset.top
        var next = [Double](repeating: top, count: columns)
        var bottoms = [Double](repeating: top, count: columns)
        var found = 0
        var seen = [Bool](repeating: false, count: columns)
        var previous = item - 1
        let pitch = self.columnWidth + self.columnSpacing
        while previous >= 0 && found < columns {
            let frame = self.isVertical ? frames[previous] : frames[previous].transposed
            let first = self.column(ofX: frame.minX)
            let span = Swift.max(1, Int(((frame.width + self.columnSpacing) / pitch).rounded()))
            for column in first..<Swift.min(columns, first + span) where !seen[column] {
                seen[column] = true
                found += 1
                bottoms[column] = frame.maxY
                next[column] = frame.maxY + self.rowSpacing
            }
            previous -= 1
        }
        frames.withUnsafeMutableBufferPointer { frames in
            next.withUnsafeMutableBufferPointer { next in
                bottoms.withUnsafeMutableBufferPointer { bottoms in
                    self.place(sizes, items: item..<count, into: frames, next: next, bottoms: bottoms)
                }
            }
        }
        var updated = index
        updated.update(frames: frames, axis: self.isVertical ? .vertical : .horizontal, from: item)
        return self.finish(frames: SectionFrames(frames), origin: origin, bottoms: bottoms, index: updated)
    }

    /// The column whose left edge is `x`.
    private func column(ofX x: Double) -> Int {
        let column = ((x - self.inset.left) / (self.columnWidth + self.columnSpacing)).rounded()
        return Swift.min(self.columnCount - 1, Swift.max(0, Int(column)))
    }

    /// Places `items` given each column's next free y and last bottom, writing item `i`'s frame to
    /// `frames[i - base]`.
    ///
    /// A plain aspect item (positive width) takes one column; an encoded item (``WaterfallLayout/Item``) may take
    /// `k` columns: the run of `k` adjacent columns whose tallest is lowest (the leftmost of equals), Masonry.js's
    /// rule; its top is that column's next free y and all `k` columns end at its bottom.
    @inline(__always)
    func place<Sizes: ItemSizes>(
        _ sizes: Sizes,
        items: Range<Int>,
        into frames: UnsafeMutableBufferPointer<Rect>,
        base: Int = 0,
        next: UnsafeMutableBufferPointer<Double>,
        bottoms: UnsafeMutableBufferPointer<Double>
    ) {
        let columns = self.columnCount
        let columnWidth = self.columnWidth
        let spacing = self.columnSpacing
        let isVertical = self.isVertical
        for item in items {
            let size = sizes[item]
            var span = 1
            let width: Double
            let height: Double
            if size.width > 0 {
                width = columnWidth
                if isVertical {
                    height = columnWidth * (size.height / size.width)
                } else {
                    // A zero height (refused by a new layout, not by a session's `accepts`) gives no length.
                    height = size.height > 0 ? columnWidth * (size.width / size.height) : 0
                }
            } else {
                let code = Int(-size.width)
                span = Swift.min(code >> 2, columns)
                width = columnWidth * Double(span) + spacing * Double(span - 1)
                if code & 3 == 1 {
                    height = isVertical ? width * size.height : (size.height > 0 ? width / size.height : 0)
                } else {
                    height = size.height
                }
            }
            let column = self.column(for: item, span: span, next: next)
            var y = next[column]
            let x = self.inset.left + (columnWidth + spacing) * Double(column)
            if span == 1 {
                frames[item - base] = Self.frame(x: x, y: y, width: width, height: height, isVertical: isVertical)
                next[column] = y + height + self.rowSpacing
                bottoms[column] = y + height
                continue
            }
            for other in (column + 1)..<(column + span) where next[other] > y { y = next[other] }
            frames[item - base] = Self.frame(x: x, y: y, width: width, height: height, isVertical: isVertical)
            for other in column..<(column + span) {
                next[other] = y + height + self.rowSpacing
                bottoms[other] = y + height
            }
        }
    }

    /// A frame in the section's coordinates from one in the builder's (transposed when horizontal).
    @inline(__always)
    private static func frame(x: Double, y: Double, width: Double, height: Double, isVertical: Bool) -> Rect {
        isVertical ? Rect(x: x, y: y, width: width, height: height) : Rect(x: y, y: x, width: height, height: width)
    }

    /// The first column of item `item`'s run of `span` columns.
    @inline(__always)
    private func column(for item: Int, span: Int, next: UnsafeMutableBufferPointer<Double>) -> Int {
        let columns = self.columnCount
        switch self.direction {
        case .shortestFirst:
            if span == 1 {
                // Selected without a branch on the comparison: which column is shortest changes from item to item
                // without a pattern, so a branch on it was mispredicted about every other item, on the chain from
                // one item's column to the next item's.
                var shortest = 0
                var shortestTop = next[0]
                for candidate in 1..<columns {
                    let top = next[candidate]
                    let isShorter = top < shortestTop
                    shortest = isShorter ? candidate : shortest
                    shortestTop = isShorter ? top : shortestTop
                }
                return shortest
            }
            var best = 0
            var bestTop = Double.infinity
            for first in 0...(columns - span) {
                var top = next[first]
                for other in (first + 1)..<(first + span) where next[other] > top { top = next[other] }
                if top < bestTop {
                    best = first
                    bestTop = top
                }
            }
            return best
        case .leftToRight: return Swift.min(item % columns, columns - span)
        case .rightToLeft: return Swift.max(0, columns - item % columns - span)
        }
    }

    /// Where the header's block ends: its inset's top, then (with a header) its height and its inset's bottom,
    /// as CHTCollectionViewWaterfallLayout stacks them.
    var headerEnd: Double {
        self.headerHeight > 0
            ? self.headerInset.top + self.headerHeight + self.headerInset.bottom : self.headerInset.top
    }

    /// The section around placed frames: header, footer, background, band and index.
    func finish(
        frames: SectionFrames,
        origin: Point,
        bottoms: [Double],
        index: SpatialIndex?
    ) -> (section: SectionLayout, length: Double) {
        let headerEnd = self.headerEnd
        let top = headerEnd + self.inset.top
        let bodyEnd = (bottoms.max() ?? top) + self.inset.bottom
        let (headerInset, footerInset) = (self.headerInset, self.footerInset)
        let header =
            self.headerHeight > 0
            ? Rect(
                x: headerInset.left,
                y: headerInset.top,
                width: Swift.max(0, self.width - headerInset.left - headerInset.right),
                height: self.headerHeight
            ) : nil
        let footerTop = bodyEnd + footerInset.top
        let footer =
            self.footerHeight > 0
            ? Rect(
                x: footerInset.left,
                y: footerTop,
                width: Swift.max(0, self.width - footerInset.left - footerInset.right),
                height: self.footerHeight
            ) : nil
        let length = self.footerHeight > 0 ? footerTop + self.footerHeight + footerInset.bottom : footerTop
        var background: Rect?
        if let insets = self.background {
            background = Rect(
                x: insets.left,
                y: headerEnd + insets.top,
                width: Swift.max(0, self.width - insets.left - insets.right),
                height: Swift.max(0, bodyEnd - headerEnd - insets.top - insets.bottom)
            )
        }
        let isVertical = self.isVertical
        let section = SectionLayout(
            origin: origin,
            frames: frames,
            header: isVertical ? header : header?.transposed,
            footer: isVertical ? footer : footer?.transposed,
            background: isVertical ? background : background?.transposed,
            band: isVertical
                ? Rect(x: 0, y: 0, width: self.width, height: length)
                : Rect(x: 0, y: 0, width: length, height: self.width),
            body: (headerEnd, bodyEnd),
            axis: isVertical ? .vertical : .horizontal,
            index: index
        )
        return (section, length)
    }
}

extension Rect {
    /// The rect with x and y (and width and height) swapped.
    fileprivate var transposed: Rect { Rect(x: self.minY, y: self.minX, width: self.height, height: self.width) }
}
