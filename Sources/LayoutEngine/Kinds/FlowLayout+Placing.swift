extension FlowLayout {
    /// Lays a flow out without keeping it: gives the content size to `contentSize`, then hands each section's
    /// header to `supplementary`, its cells to `cells`, its footer to `supplementary`, section by section.
    ///
    /// This is a stateless answer's shortcut (issue 21). Preparing a layout builds its sections, their grids or
    /// frames and their indexes, and answering then visits them and lets them go: for a small layout, several times
    /// the work of placing the cells. When nothing in the layout depends on the content offset or moves after
    /// placing, the answer needs only the content size and its elements in order, and this gives them as
    /// ``PreparedLayout/forEachAttribute(contentOffset:orthogonalOffsets:plainCell:_:)`` would for the prepared
    /// layout: each section's header, its cells as plain cells, its footer; the same frames, bit for bit (the
    /// section builder's own line breaking, spacing and header and footer frames, the section moved to its origin
    /// the same way), in the same order.
    ///
    /// Every frame is placed, in a buffer, before any closure is called: the content size, which an answer writes
    /// first, is known only after the last section, and a layout left to preparing is known to be before anything
    /// was handed over.
    ///
    /// Only such layouts are placed; for any other the function returns `false` without calling a closure: a
    /// section background, pinned headers or footers, ``ContentAlignment/bottom``, right to left, a section of more
    /// than ``placedGridLimit`` items by `count`. It also returns `false` when
    /// ``prepareLayout(_:configuration:limits:)`` would fail, or might: a bad parameter or size, too many items,
    /// or a coordinate past ±``placedCoordinateLimit``, far inside the range the service promises. A caller then
    /// prepares the layout, which succeeds with the same elements or fails with its own error.
    ///
    /// - Parameters:
    ///   - input: The request's input.
    ///   - configuration: The flow's parameters.
    ///   - limits: Bounds on the input's size.
    ///   - contentSize: Called once, first, with the layout's content size.
    ///   - cells: Called with each section's index and its cells' frames in item order (plain cells' attributes;
    ///     the buffer is valid only during the call). Not called for a section without items.
    ///   - supplementary: Called with each header's and footer's attributes.
    /// - Returns: Whether the layout was placed and handed over (see above).
    /// - Complexity: O(n) time; O(n) scratch memory, on the stack for a few dozen cells.
    public static func placeElements(
        _ input: LayoutInput,
        configuration: Configuration,
        limits: LayoutLimits,
        contentSize: (Size) -> Void,
        cells: (_ section: Int, _ frames: UnsafeBufferPointer<Rect>) -> Void,
        supplementary: (LayoutAttributes) -> Void
    ) -> Bool {
        guard Self.placesEveryElementAsLaidOut(input, configuration: configuration),
            (try? input.validate(limits: limits)) != nil,
            (try? Self.validate(configuration)) != nil
        else { return false }
        // Validated: the items' total is within the limits, so it does not overflow.
        let cellCount = input.sections.withUnsafeBufferPointer { $0.reduce(0) { $0 &+ $1.itemCount } }
        return withUnsafeTemporaryAllocation(of: Rect.self, capacity: cellCount) { frames in
            withUnsafeTemporaryAllocation(of: PlacedSection.self, capacity: input.sections.count) { sections in
                guard let size = Self.place(input, configuration: configuration, frames: frames, sections: sections)
                else { return false }
                contentSize(size)
                for index in sections.indices {
                    let section = sections[index]
                    let indexPath = IndexPath(section: index, item: 0)
                    if let header = section.header {
                        supplementary(LayoutAttributes(category: .supplementaryView, kind: .header,
                            indexPath: indexPath, frame: header))
                    }
                    if !section.cells.isEmpty {
                        cells(index, UnsafeBufferPointer(rebasing: frames[section.cells]))
                    }
                    if let footer = section.footer {
                        supplementary(LayoutAttributes(category: .supplementaryView, kind: .footer,
                            indexPath: indexPath, frame: footer))
                    }
                }
                return true
            }
        }
    }

    /// A placed section's elements, moved to its origin: the header's and footer's frames and the range of
    /// ``placeElements(_:configuration:limits:contentSize:cells:supplementary:)``'s frame buffer that holds its cells.
    private struct PlacedSection {
        var header: Rect?
        var footer: Rect?
        var cells: Range<Int>
    }

    /// Places every section of a layout ``placeElements(_:configuration:limits:contentSize:cells:supplementary:)``
    /// places: the cells' frames into `frames` in order, each section's header, footer and cells' range into
    /// `sections`, every frame moved to its section's origin.
    ///
    /// - Returns: The content size, or `nil` when a section builder refuses its section or a frame or the content
    ///   size reaches past ±``placedCoordinateLimit`` (the buffers' contents are then not to be read).
    private static func place(
        _ input: LayoutInput,
        configuration: Configuration,
        frames: UnsafeMutableBufferPointer<Rect>,
        sections: UnsafeMutableBufferPointer<PlacedSection>
    ) -> Size? {
        let isVertical = configuration.scrollDirection == .vertical
        var position = 0.0
        var crossExtent = isVertical ? input.viewport.width : input.viewport.height
        var next = 0
        for index in input.sections.indices {
            guard let builder = try? Self.makeSectionBuilder(input, configuration: configuration, section: index)
            else { return nil }
            let origin = isVertical ? Point(x: 0, y: position) : Point(x: position, y: 0)
            // A header or footer as ``PreparedLayout/makeHeader(section:offset:)`` makes it, unpinned; `.some(nil)`
            // when the section has none, `nil` when it is out of range.
            func drawn(_ frame: Rect?) -> Rect?? {
                guard let frame else { return .some(nil) }
                let drawn = frame.offsetBy(dx: origin.x, dy: origin.y)
                return Self.isPlacedRect(drawn) ? drawn : nil
            }
            guard let header = drawn(builder.headerFrame) else { return nil }
            let (items, count) = input.sections.withUnsafeBufferPointer { ($0[index].items, $0[index].itemCount) }
            var cells = UnsafeMutableBufferPointer(rebasing: frames[next..<(next + count)])
            let start = FlowSectionBuilder.Line(first: 0, v: builder.bodyStart + builder.topInset, lineEndBefore: 0)
            var noLines: [FlowSectionBuilder.Line]? = nil
            let end: (v: Double, lineEnd: Double)
            switch items {
            case .count:
                // One size: the full lines repeat the first, as a prepared grid's do (``GridGeometry``).
                let sizes = UniformItemSizes(size: builder.parameters.itemSize, count: count)
                var grid = RepeatedFrames(frames: cells, builder: builder, columns: builder.gridColumns(sizes))
                if count > 0, let columns = grid.columns,
                    let repeated = builder.layOutRepeatingFirstLine(sizes, columns: columns, into: &grid, from: start)
                {
                    end = repeated
                } else {
                    end = builder.layOut(sizes, into: &cells, from: start, lineIndex: 0, firstLineCount: 0,
                        lines: &noLines)
                }
            case .sizes(let sizes):
                end = sizes.withUnsafeBufferPointer { sizes in
                    builder.layOut(ListedItemSizes(sizes: sizes), into: &cells, from: start, lineIndex: 0,
                        firstLineCount: 0, lines: &noLines)
                }
            }
            for item in cells.indices {
                // Moved as a prepared layout's plain cells are drawn (``CellContext``).
                let moved = cells[item].offsetBy(dx: origin.x, dy: origin.y)
                guard Self.isPlacedRect(moved) else { return nil }
                cells[item] = moved
            }
            // The footer, the section's length and its reach as
            // ``FlowSectionBuilder/finish(frames:origin:v:lineEnd:index:)`` computes them, and the sections stacked
            // as preparing stacks them (no spacing between).
            var length = end.v + builder.bottomInset
            guard let footer = drawn(builder.footerFrame(at: length)) else { return nil }
            (sections.baseAddress! + index).initialize(
                to: PlacedSection(header: header, footer: footer, cells: next..<(next + count)))
            next += count
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

    /// How many elements ``placeElements(_:configuration:limits:contentSize:cells:supplementary:)`` hands over for
    /// this layout when it places it (its cells, headers and footers: what the prepared layout's
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
    /// (``placeElements(_:configuration:limits:contentSize:cells:supplementary:)``).
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
