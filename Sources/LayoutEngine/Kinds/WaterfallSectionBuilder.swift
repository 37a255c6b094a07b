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

    /// Builds the section: header, columns, footer. With `resume`, keeps the frames before `resume.item`, finds
    /// each column's state there by scanning back to the last item of every column, and lays out the rest.
    ///
    /// - Complexity: O(n·c), or O((n − item)·c) plus the scan back when resuming.
    func build<Sizes: ItemSizes>(
        _ sizes: Sizes,
        origin: Point,
        resume: (frames: [Rect], item: Int)? = nil
    ) -> (section: SectionLayout, length: Double) {
        let columns = self.columnCount
        let top = self.headerHeight + self.inset.top
        // The next free y of each column: its last item's bottom plus the row spacing, or the top inset.
        var next = [Double](repeating: top, count: columns)
        var bottoms = [Double](repeating: top, count: columns)
        let count = sizes.count
        let frames: [Rect]
        if let resume {
            precondition(resume.frames.count == count && resume.item >= 0 && resume.item <= count)
            var found = 0
            var seen = [Bool](repeating: false, count: columns)
            var item = resume.item - 1
            while item >= 0 && found < columns {
                let frame = resume.frames[item]
                let column = self.column(ofX: frame.minX)
                if !seen[column] {
                    seen[column] = true
                    found += 1
                    bottoms[column] = frame.maxY
                    next[column] = frame.maxY + self.rowSpacing
                }
                item -= 1
            }
            var resumed = resume.frames
            resumed.withUnsafeMutableBufferPointer { frames in
                self.place(sizes, into: frames, from: resume.item, next: &next, bottoms: &bottoms)
            }
            frames = resumed
        } else {
            // Written once, never zero-filled first (see FlowSectionBuilder).
            frames = [Rect](unsafeUninitializedCapacity: count) { frames, initializedCount in
                self.place(sizes, into: frames, from: 0, next: &next, bottoms: &bottoms)
                initializedCount = count
            }
        }
        return self.finish(frames: frames, origin: origin, bottoms: bottoms)
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
        bottoms: [Double]
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
            axis: .vertical
        )
        return (section, length)
    }
}
