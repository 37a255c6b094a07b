extension FlowLayout {
    /// Lays a flow out without keeping it: hands each element to `cell` or `supplementary` as it is placed, then
    /// returns the content size.
    ///
    /// This is a stateless answer's shortcut (issue 21). Preparing a layout builds its sections, their grids or
    /// frames and their indexes, and answering then visits them and lets them go: for a small layout, several times
    /// the work of placing the cells. When nothing in the layout depends on the content offset or moves after
    /// placing, the answer needs only its elements in order and the content size, and this gives them as
    /// ``PreparedLayout/forEachAttribute(contentOffset:orthogonalOffsets:plainCell:_:)`` would for the prepared
    /// layout: each section's header, its cells as plain cells, its footer; the same frames, bit for bit (the
    /// section builder's own line breaking, spacing and header and footer frames, the section moved to its origin
    /// the same way), in the same order.
    ///
    /// Only such layouts are placed; for any other the function returns `nil` before calling either closure: a
    /// section background, pinned headers or footers, ``ContentAlignment/bottom``, right to left, a section of more
    /// than ``placedGridLimit`` items by `count`.
    /// It also returns `nil`, possibly after calling the closures (the caller then discards what it was given), when
    /// ``prepareLayout(_:configuration:limits:)`` would fail, or might: a bad parameter or size, too many items,
    /// or a coordinate past ±``placedCoordinateLimit``, far inside the range the service promises. A caller falls
    /// back to preparing the layout, which then succeeds with the same elements or fails with its own error.
    ///
    /// - Parameters:
    ///   - input: The request's input.
    ///   - configuration: The flow's parameters.
    ///   - limits: Bounds on the input's size.
    ///   - cell: Called with each cell's index path and frame (a plain cell's attributes).
    ///   - supplementary: Called with each header's and footer's attributes.
    /// - Returns: The content size, or `nil` (see above).
    /// - Complexity: O(n).
    public static func placeElements(
        _ input: LayoutInput,
        configuration: Configuration,
        limits: LayoutLimits,
        cell: (IndexPath, Rect) -> Void,
        supplementary: (LayoutAttributes) -> Void
    ) -> Size? {
        guard Self.placesEveryElementAsLaidOut(input, configuration: configuration),
            (try? input.validate(limits: limits)) != nil,
            (try? Self.validate(configuration)) != nil
        else { return nil }
        let isVertical = configuration.scrollDirection == .vertical
        var position = 0.0
        var crossExtent = isVertical ? input.viewport.width : input.viewport.height
        var isInRange = true
        for index in input.sections.indices {
            guard let builder = try? Self.makeSectionBuilder(input, configuration: configuration, section: index)
            else { return nil }
            let origin = isVertical ? Point(x: 0, y: position) : Point(x: position, y: 0)
            // A header or footer as ``PreparedLayout/makeHeader(section:offset:)`` makes it, unpinned.
            func place(_ frame: Rect?, kind: ElementKind) {
                guard let frame, isInRange else { return }
                let drawn = frame.offsetBy(dx: origin.x, dy: origin.y)
                guard Self.isPlacedRect(drawn) else {
                    isInRange = false
                    return
                }
                let indexPath = IndexPath(section: index, item: 0)
                supplementary(LayoutAttributes(category: .supplementaryView, kind: kind, indexPath: indexPath,
                    frame: drawn))
            }
            place(builder.headerFrame, kind: .header)
            let (items, count) = input.sections.withUnsafeBufferPointer { ($0[index].items, $0[index].itemCount) }
            // Laid out into a scratch buffer (on the stack for a few dozen cells), then handed over in item order:
            // the closure is called from this loop rather than stored in a frame sink (a stored closure went
            // through a thunk per cell, and checking that it did not escape cost an allocation).
            let end = withUnsafeTemporaryAllocation(of: Rect.self, capacity: count) { buffer in
                var frames = buffer
                let start = FlowSectionBuilder.Line(first: 0, v: builder.bodyStart + builder.topInset, lineEndBefore: 0)
                var noLines: [FlowSectionBuilder.Line]? = nil
                let end: (v: Double, lineEnd: Double)
                switch items {
                case .count:
                    // One size: the full lines repeat the first, as a prepared grid's do (``GridGeometry``).
                    let sizes = UniformItemSizes(size: builder.parameters.itemSize, count: count)
                    var grid = RepeatedFrames(frames: frames, builder: builder, columns: builder.gridColumns(sizes))
                    if count > 0, let columns = grid.columns,
                        let repeated = builder.layOutRepeatingFirstLine(sizes, columns: columns, into: &grid,
                            from: start)
                    {
                        end = repeated
                    } else {
                        end = builder.layOut(sizes, into: &frames, from: start, lineIndex: 0, firstLineCount: 0,
                            lines: &noLines)
                    }
                case .sizes(let sizes):
                    end = sizes.withUnsafeBufferPointer { sizes in
                        builder.layOut(ListedItemSizes(sizes: sizes), into: &frames, from: start, lineIndex: 0,
                            firstLineCount: 0, lines: &noLines)
                    }
                }
                for item in frames.indices {
                    // Moved as a prepared layout's plain cells are drawn (``CellContext``).
                    let drawn = frames[item].offsetBy(dx: origin.x, dy: origin.y)
                    // Past the range, the layout is left to preparing: nothing more is handed over.
                    guard Self.isPlacedRect(drawn) else {
                        isInRange = false
                        break
                    }
                    cell(IndexPath(section: index, item: item), drawn)
                }
                return end
            }
            // The footer, the section's length and its reach as
            // ``FlowSectionBuilder/finish(frames:origin:v:lineEnd:index:)`` computes them, and the sections stacked
            // as preparing stacks them (no spacing between).
            var length = end.v + builder.bottomInset
            place(builder.footerFrame(at: length), kind: .footer)
            guard isInRange else { return nil }
            length += builder.acrossLine(builder.parameters.footer)
            position += length
            crossExtent = Swift.max(crossExtent, end.lineEnd + builder.trailingInset)
        }
        let contentSize = configuration.scrollDirection.contentSize(length: position, crossLength: crossExtent)
        guard Self.isPlacedCoordinate(contentSize.width), Self.isPlacedCoordinate(contentSize.height) else {
            return nil
        }
        return contentSize
    }

    /// How many elements ``placeElements(_:configuration:limits:cell:supplementary:)`` hands over for this layout
    /// when it places it (its cells, headers and footers: what the prepared layout's
    /// ``PreparedLayout/elementCount`` would be), or `nil` when the layout is not one it places (see there), known
    /// before anything is placed: a caller decides from it how to write the answer.
    ///
    /// - Complexity: O(number of sections).
    public static func placedElementCount(_ input: LayoutInput, configuration: Configuration) -> Int? {
        guard Self.placesEveryElementAsLaidOut(input, configuration: configuration) else { return nil }
        var count = 0
        input.sections.withUnsafeBufferPointer { sections in
            for index in sections.indices {
                count &+= sections[index].itemCount
                if Self.hasBoundary(Self.headerSize(of: sections[index], configuration), configuration) { count &+= 1 }
                if Self.hasBoundary(Self.footerSize(of: sections[index], configuration), configuration) { count &+= 1 }
            }
        }
        return count
    }

    /// How far from 0 a placed layout's coordinates may reach: a tenth of ``PreparedLayout/coordinateLimit``, so
    /// that a layout placed within it is well inside what preparing it accepts (whose check reads section extents,
    /// not frames); a layout reaching further is prepared instead, which accepts or refuses it.
    static let placedCoordinateLimit = PreparedLayout.coordinateLimit / 10

    /// Whether `value` is finite and within ±``placedCoordinateLimit``.
    @inline(__always)
    static func isPlacedCoordinate(_ value: Double) -> Bool {
        value.magnitude <= Self.placedCoordinateLimit
    }

    /// Whether every edge of `rect` is within ±``placedCoordinateLimit``.
    @inline(__always)
    static func isPlacedRect(_ rect: Rect) -> Bool {
        Self.isPlacedCoordinate(rect.minX) && Self.isPlacedCoordinate(rect.maxX)
            && Self.isPlacedCoordinate(rect.minY) && Self.isPlacedCoordinate(rect.maxY)
    }

    /// Whether the layout's elements are its headers, cells and footers with UIKit's default attributes, at their
    /// laid-out frames: no background to place among them, no attribute that depends on the content offset, nothing
    /// moved after placing (bottom alignment, mirroring).
    ///
    /// Nor is a layout placed that has a section of more than ``placedGridLimit`` items given by `count`: a prepared
    /// grid computes such a section's frames from its first line, and writing them from it costs less than placing
    /// and handing over each (callgrind: 2,000 by count 886K instructions prepared, 910K placed; 500 by count 205K
    /// and 206K; 100 by count 43K and 39K).
    private static func placesEveryElementAsLaidOut(_ input: LayoutInput, configuration: Configuration) -> Bool {
        guard input.layoutDirection == .leftToRight, configuration.contentAlignment == .top,
            configuration.sectionBackground == nil, !configuration.sectionHeadersPinToVisibleBounds,
            !configuration.sectionFootersPinToVisibleBounds
        else { return false }
        return input.sections.withUnsafeBufferPointer { sections in
            !sections.contains { section in
                if case .count(let count) = section.items { return count > Self.placedGridLimit }
                return false
            }
        }
    }

    /// The most items a section given by `count` may have in a placed layout
    /// (``placeElements(_:configuration:limits:cell:supplementary:)``).
    static let placedGridLimit = 512

    /// The frames of a section of one item size, whose full lines repeat the first line's positions
    /// (``FlowSectionBuilder/layOutRepeatingFirstLine(_:columns:into:from:)``), written into a buffer.
    private struct RepeatedFrames: RepeatingFlowFrameSink {
        var frames: UnsafeMutableBufferPointer<Rect>
        let isVertical: Bool
        let thickness: Double
        let lineSpacing: Double
        /// Items per line, or `nil` when the section is too wide to be placed this way.
        let columns: Int?
        /// The first line's `v`, then each repeated line's.
        private var lineV = 0.0
        private var firstLineCount = 0

        init(frames: UnsafeMutableBufferPointer<Rect>, builder: FlowSectionBuilder, columns: Int?) {
            self.frames = frames
            self.isVertical = builder.isVertical
            self.thickness = builder.acrossLine(builder.parameters.itemSize)
            self.lineSpacing = builder.parameters.lineSpacing
            self.columns = columns
        }

        @inline(__always)
        mutating func write(_ frame: Rect, at item: Int) {
            self.frames[item] = frame
            if item < self.columns ?? 0 { self.firstLineCount = item + 1 }
        }

        mutating func beginLine(first: Int, v: Double) {
            if first == 0 { self.lineV = v }
        }

        var hasRecordedFirstLine: Bool { self.firstLineCount == self.columns }

        mutating func repeatFirstLine(through last: Int) -> Double {
            let columns = self.columns ?? 0
            for line in 1...last {
                self.lineV += self.thickness
                self.lineV += self.lineSpacing
                for column in 0..<columns {
                    var frame = self.frames[column]
                    if self.isVertical { frame.origin.y = self.lineV } else { frame.origin.x = self.lineV }
                    self.frames[line * columns + column] = frame
                }
            }
            var next = self.lineV
            next += self.thickness
            next += self.lineSpacing
            return next
        }
    }
}
