extension FlowLayout {
    /// Lays a flow out without keeping it: hands each element to `cell` or `supplementary` as it is placed, then
    /// returns the content size.
    ///
    /// This is a stateless answer's shortcut (issue 21). Preparing a layout builds its sections, their grids or
    /// frames and their indexes, and answering then visits them and lets them go: for a small layout, several times
    /// the work of placing the cells. When every element of the layout is a plain cell, the answer needs only the
    /// cells in item order and the content size, and this gives them as
    /// ``PreparedLayout/forEachAttribute(contentOffset:orthogonalOffsets:plainCell:_:)`` would for the prepared
    /// layout: the same frames, bit for bit (the section builder's own line breaking and spacing, the section moved
    /// to its origin the same way), in the same order.
    ///
    /// Only such layouts are placed; for any other the function returns `nil` before calling `cell`: a header,
    /// footer or section background, pinned supplementaries, ``ContentAlignment/bottom``, right to left.
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
    public static func placeCells(
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
                guard let frame else { return }
                let drawn = frame.offsetBy(dx: origin.x, dy: origin.y)
                if !Self.isPlacedRect(drawn) { isInRange = false }
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
                    let sizes = UniformItemSizes(size: builder.parameters.itemSize, count: count)
                    end = builder.layOut(sizes, into: &frames, from: start, lineIndex: 0, firstLineCount: 0,
                        lines: &noLines)
                case .sizes(let sizes):
                    end = sizes.withUnsafeBufferPointer { sizes in
                        builder.layOut(ListedItemSizes(sizes: sizes), into: &frames, from: start, lineIndex: 0,
                            firstLineCount: 0, lines: &noLines)
                    }
                }
                for item in frames.indices {
                    // Moved as a prepared layout's plain cells are drawn (``CellContext``).
                    let drawn = frames[item].offsetBy(dx: origin.x, dy: origin.y)
                    if !Self.isPlacedRect(drawn) { isInRange = false }
                    cell(IndexPath(section: index, item: item), drawn)
                }
                return end
            }
            // The footer, the section's length and its reach as
            // ``FlowSectionBuilder/finish(frames:origin:v:lineEnd:index:)`` computes them, and the sections stacked
            // as preparing stacks them (no spacing between).
            var length = end.v + builder.bottomInset
            place(builder.footerFrame(at: length), kind: .footer)
            length += builder.acrossLine(builder.parameters.footer)
            position += length
            crossExtent = Swift.max(crossExtent, end.lineEnd + builder.trailingInset)
        }
        let contentSize = configuration.scrollDirection.contentSize(length: position, crossLength: crossExtent)
        guard isInRange, Self.isPlacedCoordinate(contentSize.width), Self.isPlacedCoordinate(contentSize.height)
        else { return nil }
        return contentSize
    }

    /// How far from 0 a placed layout's coordinates may reach: a tenth of ``PreparedLayout/coordinateLimit``, so
    /// that a layout placed within it is well inside what preparing it accepts (whose check reads section extents,
    /// not frames); a layout reaching further is prepared instead, which accepts or refuses it.
    public static let placedCoordinateLimit = PreparedLayout.coordinateLimit / 10

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
    private static func placesEveryElementAsLaidOut(_ input: LayoutInput, configuration: Configuration) -> Bool {
        input.layoutDirection == .leftToRight && configuration.contentAlignment == .top
            && configuration.sectionBackground == nil && !configuration.sectionHeadersPinToVisibleBounds
            && !configuration.sectionFootersPinToVisibleBounds
    }
}
