/// Lays out one waterfall section.
struct WaterfallSectionBuilder {
    let columnCount: Int
    let columnSpacing: Double
    let rowSpacing: Double
    let inset: EdgeInsets
    let direction: WaterfallLayout.ItemRenderDirection
    let headerHeight: Double
    let footerHeight: Double
    let background: EdgeInsets?
    let width: Double
    private(set) var columnWidth = 0.0

    init(
        columnCount: Int,
        columnSpacing: Double,
        rowSpacing: Double,
        inset: EdgeInsets,
        direction: WaterfallLayout.ItemRenderDirection,
        headerHeight: Double,
        footerHeight: Double,
        background: EdgeInsets?,
        width: Double
    ) {
        self.columnCount = columnCount
        self.columnSpacing = columnSpacing
        self.rowSpacing = rowSpacing
        self.inset = inset
        self.direction = direction
        self.headerHeight = headerHeight
        self.footerHeight = footerHeight
        self.background = background
        self.width = width
    }

    /// Checks the section's parameters and computes the column width.
    ///
    /// - Throws: ``LayoutError``.
    mutating func validate(section: Int, limits: LayoutLimits) throws(LayoutError) {
        guard self.columnCount >= 1, self.columnCount <= limits.maximumColumnCount else {
            throw .invalidColumnCount(section: section, columnCount: self.columnCount)
        }
        try validateNonNegative(self.columnSpacing, name: "columnSpacing", section: section)
        try validateNonNegative(self.rowSpacing, name: "rowSpacing", section: section)
        try validateInsets(self.inset, name: "sectionInset", section: section)
        try validateNonNegative(self.headerHeight, name: "headerHeight", section: section)
        try validateNonNegative(self.footerHeight, name: "footerHeight", section: section)
        let columns = Double(self.columnCount)
        let columnWidth =
            (self.width - self.inset.left - self.inset.right - (columns - 1) * self.columnSpacing) / columns
        guard columnWidth > 0, columnWidth < .infinity else {
            throw .columnsDoNotFit(section: section, columnCount: self.columnCount)
        }
        self.columnWidth = columnWidth
    }

    /// Builds the section: header, columns, footer.
    ///
    /// - Complexity: O(n·c).
    func build<Sizes: ItemSizes>(_ sizes: Sizes, origin: Point) -> (section: SectionLayout, length: Double) {
        let top = self.headerHeight + self.inset.top
        // The next free y of each column: its last item's bottom plus the row spacing, or the top inset.
        var next = [Double](repeating: top, count: self.columnCount)
        var bottoms = [Double](repeating: top, count: self.columnCount)
        let count = sizes.count
        // Written once, never zero-filled first (see FlowSectionBuilder).
        let frames = [Rect](unsafeUninitializedCapacity: count) { frames, initializedCount in
            self.place(sizes, into: frames, from: 0, next: &next, bottoms: &bottoms)
            initializedCount = count
        }
        return self.finish(frames: frames, origin: origin, bottoms: bottoms, index: nil)
    }

    /// Lays the section out again from `item` on, keeping the frames before it: each column's state there is found
    /// by scanning back to the last item of every column.
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
        let top = self.headerHeight + self.inset.top
        var next = [Double](repeating: top, count: columns)
        var bottoms = [Double](repeating: top, count: columns)
        var found = 0
        var seen = [Bool](repeating: false, count: columns)
        var previous = item - 1
        while previous >= 0 && found < columns {
            let frame = frames[previous]
            let column = self.column(ofX: frame.minX)
            if !seen[column] {
                seen[column] = true
                found += 1
                bottoms[column] = frame.maxY
                next[column] = frame.maxY + self.rowSpacing
            }
            previous -= 1
        }
        frames.withUnsafeMutableBufferPointer { frames in
            self.place(sizes, into: frames, from: item, next: &next, bottoms: &bottoms)
        }
        var updated = index
        updated.update(frames: frames, axis: .vertical, from: item)
        return self.finish(frames: frames, origin: origin, bottoms: bottoms, index: updated)
    }

    /// The column whose left edge is `x`.
    private func column(ofX x: Double) -> Int {
        let column = ((x - self.inset.left) / (self.columnWidth + self.columnSpacing)).rounded()
        return Swift.min(self.columnCount - 1, Swift.max(0, Int(column)))
    }

    /// Places items `start...` given each column's next free y and last bottom.
    private func place<Sizes: ItemSizes>(
        _ sizes: Sizes,
        into frames: UnsafeMutableBufferPointer<Rect>,
        from start: Int,
        next: inout [Double],
        bottoms: inout [Double]
    ) {
        let columns = self.columnCount
        let columnWidth = self.columnWidth
        next.withUnsafeMutableBufferPointer { next in
            for item in start..<sizes.count {
                let column: Int
                switch self.direction {
                case .shortestFirst:
                    var shortest = 0
                    for candidate in 1..<columns where next[candidate] < next[shortest] { shortest = candidate }
                    column = shortest
                case .leftToRight: column = item % columns
                case .rightToLeft: column = columns - 1 - item % columns
                }
                let size = sizes[item]
                let height = columnWidth * (size.height / size.width)
                let x = self.inset.left + (columnWidth + self.columnSpacing) * Double(column)
                let y = next[column]
                frames[item] = Rect(x: x, y: y, width: columnWidth, height: height)
                next[column] = y + height + self.rowSpacing
                bottoms[column] = y + height
            }
        }
    }

    /// The section around placed frames: header, footer, background, band and index.
    private func finish(
        frames: [Rect],
        origin: Point,
        bottoms: [Double],
        index: SpatialIndex?
    ) -> (section: SectionLayout, length: Double) {
        let top = self.headerHeight + self.inset.top
        let bodyEnd = (bottoms.max() ?? top) + self.inset.bottom
        let header = self.headerHeight > 0 ? Rect(x: 0, y: 0, width: self.width, height: self.headerHeight) : nil
        let footer =
            self.footerHeight > 0 ? Rect(x: 0, y: bodyEnd, width: self.width, height: self.footerHeight) : nil
        let length = bodyEnd + self.footerHeight
        var background: Rect?
        if let insets = self.background {
            background = Rect(
                x: insets.left,
                y: self.headerHeight + insets.top,
                width: Swift.max(0, self.width - insets.left - insets.right),
                height: Swift.max(0, bodyEnd - self.headerHeight - insets.top - insets.bottom)
            )
        }
        let section = SectionLayout(
            origin: origin,
            frames: frames,
            header: header,
            footer: footer,
            background: background,
            band: Rect(x: 0, y: 0, width: self.width, height: length),
            body: (self.headerHeight, bodyEnd),
            axis: .vertical,
            index: index
        )
        return (section, length)
    }
}
