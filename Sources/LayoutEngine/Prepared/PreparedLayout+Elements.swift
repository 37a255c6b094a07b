extension PreparedLayout {
    /// A section's header attributes, where it is drawn at `offset` (stored space), or `nil` if it has none.
    func makeHeader(section sectionIndex: Int, offset: Point) -> LayoutAttributes? {
        let section = self.sections[sectionIndex]
        guard let frame = self.headerFrame(section: sectionIndex, offset: offset) else { return nil }
        var attributes = LayoutAttributes(
            category: .supplementaryView,
            kind: .header,
            indexPath: IndexPath(section: sectionIndex, item: 0),
            frame: frame.offsetBy(dx: section.origin.x, dy: section.origin.y)
        )
        if case .pinning(true, _) = self.effects { attributes.zIndex = ElementEffects.pinnedZIndex }
        if case .compositional(let effects) = self.effects {
            attributes.zIndex = effects.sections[sectionIndex].headerZIndex
        }
        return self.isMirrored ? attributes.mirrored(inWidth: self.contentSize.width) : attributes
    }

    /// A section's footer attributes, where it is drawn at `offset` (stored space), or `nil` if it has none.
    func makeFooter(section sectionIndex: Int, offset: Point) -> LayoutAttributes? {
        let section = self.sections[sectionIndex]
        guard let frame = self.footerFrame(section: sectionIndex, offset: offset) else { return nil }
        var attributes = LayoutAttributes(
            category: .supplementaryView,
            kind: .footer,
            indexPath: IndexPath(section: sectionIndex, item: 0),
            frame: frame.offsetBy(dx: section.origin.x, dy: section.origin.y)
        )
        if case .pinning(_, true) = self.effects { attributes.zIndex = ElementEffects.pinnedZIndex }
        if case .compositional(let effects) = self.effects {
            attributes.zIndex = effects.sections[sectionIndex].footerZIndex
        }
        return self.isMirrored ? attributes.mirrored(inWidth: self.contentSize.width) : attributes
    }

    /// A `compositional` section's item beside it across the scroll axis, at the axis's start (`isEnd` false) or
    /// end, where it is drawn at `offset` (stored space), or `nil` if it has none.
    func makeSide(section sectionIndex: Int, isEnd: Bool, offset: Point) -> LayoutAttributes? {
        let section = self.sections[sectionIndex]
        guard let frame = self.sideFrame(section: sectionIndex, isEnd: isEnd, offset: offset) else { return nil }
        var attributes = LayoutAttributes(
            category: .supplementaryView,
            kind: self.sideKind(isEnd: isEnd),
            indexPath: IndexPath(section: sectionIndex, item: 0),
            frame: frame.offsetBy(dx: section.origin.x, dy: section.origin.y)
        )
        if case .compositional(let effects) = self.effects {
            attributes.zIndex = isEnd ? effects.sections[sectionIndex].sideEndZIndex
                : effects.sections[sectionIndex].sideStartZIndex
        }
        return self.isMirrored ? attributes.mirrored(inWidth: self.contentSize.width) : attributes
    }

    /// The element kind of the item beside a section at the cross axis's start or end (`isEnd`): leading and
    /// trailing when the layout scrolls vertically, top and bottom when it scrolls horizontally.
    func sideKind(isEnd: Bool) -> ElementKind {
        switch (self.axis, isEnd) {
        case (.vertical, false): return .leadingSupplementary
        case (.vertical, true): return .trailingSupplementary
        case (.horizontal, false): return .topSupplementary
        case (.horizontal, true): return .bottomSupplementary
        }
    }

    /// The frame of the item beside a section relative to its section; a pinned one follows the viewport's
    /// leading edge along the scroll axis, as a pinned header does, within its section's body, and stays just after
    /// the section's header when that is pinned too (a contacts list's letter below its sticky title).
    func sideFrame(section sectionIndex: Int, isEnd: Bool, offset: Point) -> Rect? {
        guard let frame = isEnd ? self.sections[sectionIndex].sideEnd : self.sections[sectionIndex].sideStart else {
            return nil
        }
        guard case .compositional(let effects) = self.effects,
            isEnd ? effects.sections[sectionIndex].pinsSideEnd : effects.sections[sectionIndex].pinsSideStart
        else { return frame }
        var headerLength = 0.0
        if effects.sections[sectionIndex].pinsHeader, let header = self.sections[sectionIndex].header {
            headerLength = self.axis.trailing(header) - self.axis.leading(header)
        }
        return self.pinnedToLeadingEdge(frame, section: sectionIndex, offset: offset, after: headerLength)
    }

    /// A section's background decoration, or `nil` if the layout adds none.
    func makeBackground(section sectionIndex: Int) -> LayoutAttributes? {
        let section = self.sections[sectionIndex]
        guard let frame = section.background else { return nil }
        var attributes = LayoutAttributes(
            category: .decorationView,
            kind: .background,
            indexPath: IndexPath(section: sectionIndex, item: 0),
            frame: frame.offsetBy(dx: section.origin.x, dy: section.origin.y)
        )
        attributes.zIndex = ElementEffects.backgroundZIndex
        if case .compositional(let effects) = self.effects {
            attributes.zIndex = effects.sections[sectionIndex].backgroundZIndex
        }
        return self.isMirrored ? attributes.mirrored(inWidth: self.contentSize.width) : attributes
    }

    /// The header's frame relative to its section, pinned to the viewport's leading edge when the layout pins
    /// headers: it follows the offset but never leaves its section's band (UIKit's behaviour).
    func headerFrame(section sectionIndex: Int, offset: Point) -> Rect? {
        guard let frame = self.sections[sectionIndex].header else { return nil }
        guard self.pins(header: true, section: sectionIndex) else { return frame }
        return self.pinnedToLeadingEdge(frame, section: sectionIndex, offset: offset)
    }

    /// `frame` (relative to its section) following the viewport's leading edge along the scroll axis, `after`
    /// points past it, never before where it is laid out nor past its section's body.
    private func pinnedToLeadingEdge(
        _ frame: Rect,
        section sectionIndex: Int,
        offset: Point,
        after: Double = 0
    ) -> Rect {
        let section = self.sections[sectionIndex]
        let leading = self.axis.leading(frame)
        let length = self.axis.trailing(frame) - leading
        let visibleStart = self.axis.coordinate(offset) - self.axis.coordinate(section.origin) + after
        let pinned = Swift.max(leading, Swift.min(visibleStart, section.bodyEnd - length))
        return self.moved(frame, alongAxisTo: pinned)
    }

    /// The footer's frame relative to its section, pinned to the viewport's trailing edge when the layout pins
    /// footers: it follows the offset but never leaves its section's band.
    func footerFrame(section sectionIndex: Int, offset: Point) -> Rect? {
        let section = self.sections[sectionIndex]
        guard var frame = section.footer else { return nil }
        guard self.pins(header: false, section: sectionIndex) else { return frame }
        let leading = self.axis.leading(frame)
        let length = self.axis.trailing(frame) - leading
        let viewportLength = self.axis == .vertical ? self.viewport.height : self.viewport.width
        let visibleEnd = self.axis.coordinate(offset) - self.axis.coordinate(section.origin) + viewportLength
        let pinned = Swift.min(leading, Swift.max(visibleEnd - length, section.bodyStart))
        frame = self.moved(frame, alongAxisTo: pinned)
        return frame
    }

    /// Whether the section's header (or footer) is pinned: the layout's setting for `flow`, the supplementary's own
    /// for `compositional`.
    private func pins(header: Bool, section index: Int) -> Bool {
        switch self.effects {
        case .pinning(let headers, let footers): return header ? headers : footers
        case .compositional(let effects):
            return header ? effects.sections[index].pinsHeader : effects.sections[index].pinsFooter
        default: return false
        }
    }

    private func moved(_ frame: Rect, alongAxisTo leading: Double) -> Rect {
        switch self.axis {
        case .vertical: return Rect(x: frame.minX, y: leading, width: frame.width, height: frame.height)
        case .horizontal: return Rect(x: leading, y: frame.minY, width: frame.width, height: frame.height)
        }
    }
}
