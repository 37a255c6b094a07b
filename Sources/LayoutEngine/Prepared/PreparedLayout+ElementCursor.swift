/// A position in a prepared layout's stable element order, for visiting every element a batch at a time.
///
/// Made with ``init()`` at the first element; ``PreparedLayout/forEachAttribute(from:limit:contentOffset:orthogonalOffsets:_:)``
/// moves it on. A cursor belongs to the layout it walks.
public struct ElementCursor: Hashable, Sendable {
    /// Where within a section the cursor is: the order ``PreparedLayout/forEachAttribute(contentOffset:orthogonalOffsets:_:)``
    /// visits a section's elements in.
    enum Step: Int, Hashable, Sendable {
        // `compositional`'s layout-wide header, its decorations of client-named kinds and its anchored
        // supplementaries (`anchored`: cells' then group repetitions', ``item`` counting both).
        case layoutHeader, decorations, background, header, sideStart, sideEnd, cells, anchored, footer
    }

    var section = 0
    var step = Step.layoutHeader
    var item = 0
    /// Whether every element was visited.
    public internal(set) var isFinished = false

    /// A cursor at the first element.
    public init() {}
}

extension PreparedLayout {
    /// Calls `body` with the attributes of up to `limit` elements from `cursor` on, in the layout's stable order, and
    /// moves the cursor past them (`compositional`'s anchored supplementaries go `limit` cells at a time, so a call
    /// may visit as many more as a cell has badges).
    ///
    /// Visiting from a fresh cursor until ``ElementCursor/isFinished`` gives exactly the elements, in the order, of
    /// ``forEachAttribute(contentOffset:orthogonalOffsets:_:)``: for producing a large answer piece by piece, as the
    /// client takes it, without holding all of it.
    ///
    /// - Parameters:
    ///   - cursor: Where to start; afterwards, where to go on from.
    ///   - limit: The most elements to visit in this call.
    ///   - contentOffset: The viewport's origin, for scroll-dependent attributes.
    ///   - orthogonalOffsets: Orthogonal sections' own offsets (see
    ///     ``forEachAttribute(in:contentOffset:orthogonalOffsets:_:)``).
    ///   - body: Called once per element.
    /// - Returns: The number of elements visited.
    /// - Complexity: O(`limit` + the sections passed).
    @discardableResult
    public func forEachAttribute(
        from cursor: inout ElementCursor,
        limit: Int,
        contentOffset: Point,
        orthogonalOffsets: [Double] = [],
        _ body: (LayoutAttributes) -> Void
    ) -> Int {
        let offset = self.storedOffset(contentOffset)
        var visited = 0
        while visited < limit, !cursor.isFinished {
            if cursor.step == .layoutHeader {
                self.visitLayoutBoundary(isFooter: false, rect: nil, offset: offset) { body($0); visited += 1 }
                cursor.step = .decorations
                continue
            }
            guard cursor.section < self.sections.count else {
                self.visitLayoutBoundary(isFooter: true, rect: nil, offset: offset) { body($0); visited += 1 }
                cursor.isFinished = true
                break
            }
            let index = cursor.section
            switch cursor.step {
            case .layoutHeader:
                break
            case .decorations:
                self.visitDecorations(section: index, rect: nil) { body($0); visited += 1 }
                cursor.step = .background
            case .background:
                if self.sections[index].background != nil, let attributes = self.makeBackground(section: index) {
                    body(attributes)
                    visited += 1
                }
                cursor.step = .header
            case .header:
                if self.sections[index].header != nil, self.headerFrame(section: index, offset: offset) != nil,
                    let attributes = self.makeHeader(section: index, offset: offset)
                {
                    body(attributes)
                    visited += 1
                }
                cursor.step = .sideStart
            case .sideStart, .sideEnd:
                let isEnd = cursor.step == .sideEnd
                if self.sections[index].sideStart != nil || self.sections[index].sideEnd != nil,
                    self.sideFrame(section: index, isEnd: isEnd, offset: offset) != nil,
                    let attributes = self.makeSide(section: index, isEnd: isEnd, offset: offset)
                {
                    body(attributes)
                    visited += 1
                }
                cursor.step = isEnd ? .cells : .sideEnd
                cursor.item = 0
            case .cells:
                let frames = self.sections[index].frames
                let scrolled = self.orthogonalOffset(orthogonalOffsets, section: index)
                let context = CellContext(layout: self, section: index, offset: offset, scrolled: scrolled)
                let end = Swift.min(frames.count, cursor.item + (limit - visited))
                frames.forEachFrame(in: cursor.item..<end) { item, frame in
                    body(context.makeCell(item: item, frame: frame))
                }
                visited += end - cursor.item
                cursor.item = end
                if end == frames.count {
                    cursor.step = .anchored
                    cursor.item = 0
                }
            case .anchored:
                let counts = self.anchoredCounts(section: index)
                let total = counts.cells + counts.repetitions
                let end = Swift.min(total, cursor.item + (limit - visited))
                if cursor.item < end {
                    let cells = Swift.min(cursor.item, counts.cells)..<Swift.min(end, counts.cells)
                    let first = Swift.max(cursor.item, counts.cells) - counts.cells
                    let repetitions = first..<(Swift.max(end, counts.cells) - counts.cells)
                    let scrolled = self.orthogonalOffset(orthogonalOffsets, section: index)
                    self.visitAnchored(section: index, rect: nil, scrolled: scrolled, chunk: (cells, repetitions)) {
                        body($0)
                        visited += 1
                    }
                }
                cursor.item = end
                if end == total { cursor.step = .footer }
            case .footer:
                if self.sections[index].footer != nil, self.footerFrame(section: index, offset: offset) != nil,
                    let attributes = self.makeFooter(section: index, offset: offset)
                {
                    body(attributes)
                    visited += 1
                }
                cursor.section += 1
                cursor.step = .decorations
            }
        }
        if !cursor.isFinished, cursor.section >= self.sections.count, cursor.step != .layoutHeader,
            self.layoutBoundary.footer == nil
        {
            cursor.isFinished = true
        }
        return visited
    }
}
