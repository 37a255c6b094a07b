extension PreparedLayout {
    /// Calls `body` with the attributes of every element whose frame intersects `rect`, in the layout's stable
    /// order, without collecting them in an array (`layoutAttributesForElementsInRect:`).
    ///
    /// Intersection is ``Rect/intersects(_:)`` on the untransformed frame, as in UIKit. Pinned headers and footers
    /// are tested where they are drawn at `contentOffset`.
    ///
    /// - Parameters:
    ///   - rect: The rectangle, in content coordinates.
    ///   - contentOffset: The viewport's origin, for scroll-dependent attributes.
    ///   - body: Called once per element.
    /// - Throws: Whatever `body` throws.
    /// - Complexity: O(log n + k) for k elements returned, through the section and item indexes.
    public func forEachAttribute<E: Error>(
        in rect: Rect,
        contentOffset: Point,
        _ body: (LayoutAttributes) throws(E) -> Void
    ) throws(E) {
        let query = self.storedRect(rect)
        let offset = self.storedOffset(contentOffset)
        let sections = self.sectionIndex.candidatePositions(
            from: self.axis.leading(query),
            to: self.axis.trailing(query)
        )
        for position in sections {
            let sectionIndex = self.sectionIndex.element(at: position)
            let section = self.sections[sectionIndex]
            guard section.absoluteExtent.intersects(query) else { continue }
            let local = query.offsetBy(dx: -section.origin.x, dy: -section.origin.y)
            try self.visit(section: sectionIndex, offset: offset, body) { frame in frame.intersects(local) } cells: {
                section.index.candidatePositions(from: self.axis.leading(local), to: self.axis.trailing(local))
            }
        }
    }

    /// The attributes of every element whose frame intersects `rect`, in the layout's stable order.
    ///
    /// - Parameters:
    ///   - rect: The rectangle, in content coordinates.
    ///   - contentOffset: The viewport's origin, for scroll-dependent attributes.
    /// - Returns: The elements' attributes.
    /// - Complexity: O(log n + k) for k elements returned.
    public func attributes(in rect: Rect, contentOffset: Point) -> [LayoutAttributes] {
        var result: [LayoutAttributes] = []
        self.forEachAttribute(in: rect, contentOffset: contentOffset) { result.append($0) }
        return result
    }

    /// Calls `body` with the attributes of every element, in the layout's stable order.
    ///
    /// - Parameters:
    ///   - contentOffset: The viewport's origin, for scroll-dependent attributes.
    ///   - body: Called once per element.
    /// - Throws: Whatever `body` throws.
    /// - Complexity: O(n).
    public func forEachAttribute<E: Error>(
        contentOffset: Point,
        _ body: (LayoutAttributes) throws(E) -> Void
    ) throws(E) {
        let offset = self.storedOffset(contentOffset)
        for sectionIndex in self.sections.indices {
            let count = self.sections[sectionIndex].frames.count
            try self.visit(section: sectionIndex, offset: offset, body) { _ in true } cells: { 0..<count }
        }
    }

    /// The attributes of every element, in the layout's stable order.
    ///
    /// - Parameter contentOffset: The viewport's origin, for scroll-dependent attributes.
    /// - Returns: All elements' attributes.
    /// - Complexity: O(n).
    public func allAttributes(contentOffset: Point) -> [LayoutAttributes] {
        var result: [LayoutAttributes] = []
        result.reserveCapacity(self.elementCount)
        self.forEachAttribute(contentOffset: contentOffset) { result.append($0) }
        return result
    }

    /// The attributes of one cell (`layoutAttributesForItemAtIndexPath:`).
    ///
    /// - Parameters:
    ///   - indexPath: The cell's index path.
    ///   - contentOffset: The viewport's origin, for scroll-dependent attributes.
    /// - Returns: The cell's attributes, or `nil` if there is no such item.
    /// - Complexity: O(1).
    public func attributesForItem(at indexPath: IndexPath, contentOffset: Point) -> LayoutAttributes? {
        guard self.sections.indices.contains(indexPath.section),
            self.sections[indexPath.section].frames.indices.contains(indexPath.item)
        else { return nil }
        let section = self.sections[indexPath.section]
        return self.makeCell(
            section: indexPath.section,
            item: indexPath.item,
            frame: section.frames[indexPath.item],
            offset: self.storedOffset(contentOffset)
        )
    }

    /// The attributes of a section's header or footer (`layoutAttributesForSupplementaryViewOfKind:atIndexPath:`).
    ///
    /// Supplementary views have item 0: `[section, 0]`.
    ///
    /// - Parameters:
    ///   - kind: ``ElementKind/header`` or ``ElementKind/footer``.
    ///   - indexPath: `[section, 0]`.
    ///   - contentOffset: The viewport's origin, for pinned headers and footers.
    /// - Returns: The element's attributes, or `nil` if there is no such element.
    /// - Complexity: O(1).
    public func attributesForSupplementaryElement(
        ofKind kind: ElementKind,
        at indexPath: IndexPath,
        contentOffset: Point
    ) -> LayoutAttributes? {
        guard indexPath.item == 0, self.sections.indices.contains(indexPath.section) else { return nil }
        let offset = self.storedOffset(contentOffset)
        switch kind {
        case .header: return self.makeHeader(section: indexPath.section, offset: offset)
        case .footer: return self.makeFooter(section: indexPath.section, offset: offset)
        default: return nil
        }
    }

    /// The attributes of a decoration view (`layoutAttributesForDecorationViewOfKind:atIndexPath:`).
    ///
    /// - Parameters:
    ///   - kind: ``ElementKind/background``.
    ///   - indexPath: `[section, 0]`.
    ///   - contentOffset: The viewport's origin (unused by today's decorations, kept for symmetry).
    /// - Returns: The element's attributes, or `nil` if there is no such element.
    /// - Complexity: O(1).
    public func attributesForDecorationElement(
        ofKind kind: ElementKind,
        at indexPath: IndexPath,
        contentOffset: Point
    ) -> LayoutAttributes? {
        guard kind == .background, indexPath.item == 0, self.sections.indices.contains(indexPath.section) else {
            return nil
        }
        return self.makeBackground(section: indexPath.section)
    }

    /// Visits one section's elements that pass `test`, in the stable order; `cells` gives the item positions to
    /// consider.
    private func visit<E: Error>(
        section sectionIndex: Int,
        offset: Point,
        _ body: (LayoutAttributes) throws(E) -> Void,
        test: (Rect) -> Bool,
        cells: () -> Range<Int>
    ) throws(E) {
        let section = self.sections[sectionIndex]
        if let background = section.background, test(background) {
            if let attributes = self.makeBackground(section: sectionIndex) { try body(attributes) }
        }
        if section.header != nil, let frame = self.headerFrame(of: section, offset: offset), test(frame) {
            if let attributes = self.makeHeader(section: sectionIndex, offset: offset) { try body(attributes) }
        }
        let positions = cells()
        if section.index.isPermuted {
            var items: [Int] = []
            for position in positions {
                let item = section.index.element(at: position)
                if test(section.frames[item]) { items.append(item) }
            }
            items.sort()
            for item in items {
                try body(self.makeCell(section: sectionIndex, item: item, frame: section.frames[item], offset: offset))
            }
        } else {
            try section.frames.withUnsafeBufferPointer { (frames) throws(E) -> Void in
                for item in positions where test(frames[item]) {
                    try body(self.makeCell(section: sectionIndex, item: item, frame: frames[item], offset: offset))
                }
            }
        }
        if section.footer != nil, let frame = self.footerFrame(of: section, offset: offset), test(frame) {
            if let attributes = self.makeFooter(section: sectionIndex, offset: offset) { try body(attributes) }
        }
    }
}
