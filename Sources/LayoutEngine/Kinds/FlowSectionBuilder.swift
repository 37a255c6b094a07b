/// Lays out one flow section in line coordinates: `u` along a line, `v` along the scroll axis.
struct FlowSectionBuilder {
    /// How far a built section reaches, along the scroll axis and across it: what its ``FlowLayout/SectionRecord``
    /// keeps.
    struct Extent: Hashable, Sendable {
        /// The section's length along the scroll axis.
        var length: Double
        /// How far the section reaches across the scroll axis (its widest line plus the trailing inset).
        var crossEnd: Double
    }

    /// A built section and how far it reaches.
    struct Result {
        var section: SectionLayout
        var extent: Extent
    }

    let parameters: FlowLayout.SectionParameters
    let isVertical: Bool
    let crossLength: Double
    let packing: FlowLayout.Packing
    let background: EdgeInsets?

    // Lines accept an item whose end exceeds the available length by this much, absorbing rounding error.
    static let tolerance = 1e-9

    func alongLine(_ size: Size) -> Double { self.isVertical ? size.width : size.height }
    func acrossLine(_ size: Size) -> Double { self.isVertical ? size.height : size.width }

    func rect(u: Double, v: Double, alongLine: Double, acrossLine: Double) -> Rect {
        self.isVertical
            ? Rect(x: u, y: v, width: alongLine, height: acrossLine)
            : Rect(x: v, y: u, width: acrossLine, height: alongLine)
    }

    /// Where a line starts, recorded so that a rebuild (issue 5's invalidation) can resume at any line.
    struct Line: Hashable, Sendable {
        /// The line's first item.
        var first: Int
        /// The line's leading coordinate along the scroll axis, relative to the section.
        var v: Double
        /// How far the lines before it reach along the line (the running maximum of item ends).
        var lineEndBefore: Double
    }

    /// Builds the section.
    ///
    /// - Parameters:
    ///   - sizes: The items' sizes.
    ///   - origin: The section's origin.
    ///   - lines: Filled with the section's lines when not `nil`.
    /// - Complexity: O(n).
    func build<Sizes: ItemSizes>(_ sizes: Sizes, origin: Point, lines: inout [Line]?) -> Result {
        let count = sizes.count
        var end = (v: 0.0, lineEnd: 0.0)
        let start = Line(first: 0, v: self.bodyStart + self.topInset, lineEndBefore: 0)
        // One size for every item: the frames are a grid, computed from the item's index (no lines to resume at).
        // Bound by parts, so that the geometry moves into the frames rather than being copied out of the tuple.
        if case let (geometry, v, lineEnd)? = self.buildGrid(sizes, start: start) {
            lines = lines.map { _ in [] }
            return self.finish(frames: SectionFrames(grid: consume geometry), origin: origin, v: v, lineEnd: lineEnd,
                index: nil)
        }
        // Written once, never zero-filled first: at a million items the extra pass would cost a fifth of the time.
        let frames = [Rect](unsafeUninitializedCapacity: count) { frames, initializedCount in
            var frames = frames
            end = self.layOut(sizes, into: &frames, from: start, lineIndex: 0, firstLineCount: 0, lines: &lines)
            initializedCount = count
        }
        return self.finish(frames: SectionFrames(frames), origin: origin, v: end.v, lineEnd: end.lineEnd, index: nil)
    }

    /// Rebuilds the section from line `lineIndex` on, keeping the frames of the lines before it.
    ///
    /// - Parameters:
    ///   - sizes: The items' sizes (as many as `frames`).
    ///   - origin: The section's origin.
    ///   - frames: The previous frames, rewritten in place (uniquely referenced, they are not copied).
    ///   - lines: The previous lines; truncated to `lineIndex` and refilled.
    ///   - lineIndex: The first line to lay out again.
    ///   - changedFrom: Filled with the first item whose frame may have changed.
    /// - Complexity: O(n − first item of the line), plus the section index's update.
    func rebuild<Sizes: ItemSizes>(
        _ sizes: Sizes,
        origin: Point,
        frames: inout [Rect],
        lines: inout [Line],
        from lineIndex: Int,
        index: SpatialIndex
    ) -> Result {
        precondition(frames.count == sizes.count && lines.indices.contains(lineIndex))
        // The first line starts below the header, which a measured size may have changed.
        let start =
            lineIndex == 0 ? Line(first: 0, v: self.bodyStart + self.topInset, lineEndBefore: 0) : lines[lineIndex]
        let firstLineCount = lineIndex == 0 ? 0 : (lines.count > 1 ? lines[1].first : sizes.count)
        lines.removeSubrange(lineIndex...)
        var recorded: [Line]? = lines
        lines = []
        var end = (v: 0.0, lineEnd: 0.0)
        frames.withUnsafeMutableBufferPointer { frames in
            end = self.layOut(
                sizes,
                into: &frames,
                from: start,
                lineIndex: lineIndex,
                firstLineCount: firstLineCount,
                lines: &recorded
            )
        }
        lines = recorded ?? []
        var updated = index
        updated.update(frames: frames, axis: self.isVertical ? .vertical : .horizontal, from: start.first)
        return self.finish(
            frames: SectionFrames(frames),
            origin: origin,
            v: end.v,
            lineEnd: end.lineEnd,
            index: updated
        )
    }

    /// Builds a section of one item size again as a grid after its count changed from `item` on, resuming at the
    /// line holding `item` (``resumeGrid(_:previous:from:)``).
    ///
    /// - Returns: The section and its first item laid out again, or `nil` when it cannot resume.
    /// - Complexity: O(items from that line on).
    func rebuildGrid<Sizes: ItemSizes>(
        _ sizes: Sizes,
        origin: Point,
        previous: GridGeometry,
        from item: Int
    ) -> (result: Result, first: Int)? {
        guard let grid = self.resumeGrid(sizes, previous: previous, from: item) else { return nil }
        let result = self.finish(
            frames: SectionFrames(grid: grid.geometry),
            origin: origin,
            v: grid.v,
            lineEnd: grid.lineEnd,
            index: nil
        )
        return (result, grid.first)
    }

    var leadingInset: Double { self.isVertical ? self.parameters.inset.left : self.parameters.inset.top }
    var trailingInset: Double { self.isVertical ? self.parameters.inset.right : self.parameters.inset.bottom }
    var topInset: Double { self.isVertical ? self.parameters.inset.top : self.parameters.inset.left }
    var bottomInset: Double { self.isVertical ? self.parameters.inset.bottom : self.parameters.inset.right }
    var bodyStart: Double { self.acrossLine(self.parameters.header) }

    /// Lays out the lines from `start` to the end of the section, writing `frames[start.first...]`.
    ///
    /// - Parameters:
    ///   - stop: Lays out no line starting at or after this item (a replay of a block of checkpointed frames).
    ///   - isUniform: Whether every item has the same size, when known (else scanned if a justified last line needs
    ///     it: ``isUniform(_:)``).
    func layOut<Sizes: ItemSizes, Sink: FlowFrameSink>(
        _ sizes: Sizes,
        into frames: inout Sink,
        from start: Line,
        lineIndex startLine: Int,
        firstLineCount startFirstLineCount: Int,
        lines: inout [Line]?,
        until stop: Int = .max,
        isUniform: Bool? = nil
    ) -> (v: Double, lineEnd: Double) {
        let leadingInset = self.leadingInset
        let available = self.crossLength - leadingInset - self.trailingInset
        let count = sizes.count
        var v = start.v
        var lineEnd = start.lineEndBefore
        var first = start.first
        var lineIndex = startLine
        var firstLineCount = startFirstLineCount
        while first < count && first < stop {
            lines?.append(Line(first: first, v: v, lineEndBefore: lineEnd))
            frames.beginLine(first: first, v: v)
            // Break: the first item always goes; later ones while they fit with the minimum spacing.
            let firstSize = sizes[first]
            var length = self.alongLine(firstSize)
            var sum = length
            var thickness = self.acrossLine(firstSize)
            var end = first + 1
            while end < count {
                let size = sizes[end]
                let next = length + self.parameters.interitemSpacing + self.alongLine(size)
                guard next <= available + Self.tolerance else { break }
                length = next
                sum += self.alongLine(size)
                thickness = Swift.max(thickness, self.acrossLine(size))
                end += 1
            }
            let itemsInLine = end - first
            if lineIndex == 0 { firstLineCount = itemsInLine }
            let (start, gap) = self.spacing(
                available: available,
                length: length,
                sum: sum,
                itemsInLine: itemsInLine,
                isLastLine: end == count && lineIndex > 0,
                firstLineCount: firstLineCount,
                firstSize: firstSize,
                sizes: sizes,
                isUniform: isUniform
            )
            var u = leadingInset + start
            for item in first..<end {
                let size = sizes[item]
                let along = self.alongLine(size)
                let across = self.acrossLine(size)
                let shift: Double
                switch self.parameters.verticalAlignment {
                case .center: shift = (thickness - across) * 0.5
                case .top: shift = 0
                case .bottom: shift = thickness - across
                }
                frames.write(self.rect(u: u, v: v + shift, alongLine: along, acrossLine: across), at: item)
                lineEnd = Swift.max(lineEnd, u + along)
                u += along + gap
            }
            v += thickness
            first = end
            lineIndex += 1
            if first < count { v += self.parameters.lineSpacing }
        }
        return (v, lineEnd)
    }

    /// The header's frame, relative to the section (spanning it across the scroll axis, at its start along it), or
    /// `nil` when the section has none.
    var headerFrame: Rect? {
        let thickness = self.bodyStart
        return thickness > 0 ? self.rect(u: 0, v: 0, alongLine: self.crossLength, acrossLine: thickness) : nil
    }

    /// The footer's frame, relative to the section, starting `v` along the scroll axis (after the last line and the
    /// bottom inset), or `nil` when the section has none.
    func footerFrame(at v: Double) -> Rect? {
        let thickness = self.acrossLine(self.parameters.footer)
        return thickness > 0 ? self.rect(u: 0, v: v, alongLine: self.crossLength, acrossLine: thickness) : nil
    }

    /// The section around laid-out frames (taken, with the index, into the section): footer, background, band and
    /// index.
    func finish(
        frames: consuming SectionFrames,
        origin: Point,
        v lastLineEnd: Double,
        lineEnd: Double,
        index: consuming SpatialIndex?
    ) -> Result {
        let bodyStart = self.bodyStart
        let header = self.headerFrame
        var v = lastLineEnd + self.bottomInset
        let bodyEnd = v
        let footer = self.footerFrame(at: v)
        v += self.acrossLine(self.parameters.footer)
        var background: Rect?
        if let insets = self.background {
            let body = self.rect(u: 0, v: bodyStart, alongLine: self.crossLength, acrossLine: bodyEnd - bodyStart)
            background = Rect(
                x: body.minX + insets.left,
                y: body.minY + insets.top,
                width: Swift.max(0, body.width - insets.left - insets.right),
                height: Swift.max(0, body.height - insets.top - insets.bottom)
            )
        }
        // Made in place in the result: bound to a local first, the section was copied into it.
        return Result(
            section: SectionLayout(
                origin: origin,
                frames: consume frames,
                header: header,
                footer: footer,
                background: background,
                band: self.rect(u: 0, v: 0, alongLine: self.crossLength, acrossLine: v),
                body: (bodyStart, bodyEnd),
                axis: self.isVertical ? .vertical : .horizontal,
                index: consume index
            ),
            extent: Extent(length: v, crossEnd: lineEnd + self.trailingInset)
        )
    }
}
