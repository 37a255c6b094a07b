extension CompositionalLayout {
    /// The room the layout-wide boundary items (``Configuration/boundarySupplementaryItems``) take before the first
    /// section and after the last along the scroll axis: the length of each that extends the boundary.
    ///
    /// - Complexity: O(1) (at most two items).
    static func layoutBoundaryRoom(_ configuration: Configuration, viewport: Size) -> (before: Double, after: Double) {
        let isVertical = configuration.scrollDirection == .vertical
        var room = (before: 0.0, after: 0.0)
        for item in configuration.boundarySupplementaryItems where item.extendsBoundary {
            let size = item.size.resolved(in: viewport)
            let length = isVertical ? size.height : size.width
            if item.alignment.role(isVertical: isVertical) == .header {
                room.before = length
            } else {
                room.after = length
            }
        }
        return room
    }

    /// Checks the layout-wide boundary items: each of a client-named kind, aligned along the scroll axis (a header
    /// at `top`, or `leading` when the layout scrolls horizontally; a footer at the opposite edge), finite, at most
    /// one header and one footer, of two distinct kinds.
    ///
    /// - Throws: ``LayoutError/invalidParameter(name:section:)`` (`boundarySupplementaryItems`).
    static func validateLayoutBoundary(_ configuration: Configuration) throws(LayoutError) {
        let isVertical = configuration.scrollDirection == .vertical
        var roles: Set<BoundaryRole> = []
        var names: Set<ElementName> = []
        for item in configuration.boundarySupplementaryItems {
            let role = item.alignment.role(isVertical: isVertical)
            guard case .named(let name)? = item.kind, role == .header || role == .footer,
                roles.insert(role).inserted, names.insert(name).inserted,
                item.absoluteOffset.isFinite, Self.isValidLength(item.size)
            else { throw .invalidParameter(name: "boundarySupplementaryItems", section: nil) }
        }
    }

    /// Whether a section's description names any of the layout-wide boundary items' kinds for an anchored
    /// supplementary or a decoration (they would share `[0, 0]` with the layout's header or footer).
    static func sharesLayoutBoundaryKinds(_ section: Section, configuration: Configuration) -> Bool {
        let names = configuration.boundarySupplementaryItems.compactMap { item -> ElementName? in
            if case .named(let name)? = item.kind { return name }
            return nil
        }
        guard !names.isEmpty else { return false }
        let used = Self.itemKinds(in: section.group).union(section.group.supplementaryItems.map(\.kind))
            .union(section.decorationItems.map(\.kind))
        return !used.isDisjoint(with: names)
    }

    private static func isValidLength(_ size: LayoutSize) -> Bool {
        [size.width, size.height].allSatisfy { dimension in
            switch dimension {
            case .fractionalWidth(let value), .fractionalHeight(let value), .absolute(let value),
                .estimated(let value):
                return value >= 0 && value < .infinity
            }
        }
    }

    /// The layout-wide boundary items as the prepared layout keeps them: frames along the scroll axis relative to
    /// the content's start (the header) or its end (the footer), so that they hold when sections move.
    static func makeLayoutBoundary(_ configuration: Configuration, viewport: Size) -> CompositionalEffects.Boundary {
        let isVertical = configuration.scrollDirection == .vertical
        var boundary = CompositionalEffects.Boundary()
        for item in configuration.boundarySupplementaryItems {
            guard case .named(let name)? = item.kind else { continue }
            let size = item.size.resolved(in: viewport)
            let isHeader = item.alignment.role(isVertical: isVertical) == .header
            let length = isVertical ? size.height : size.width
            let along = isHeader ? 0 : -length
            let frame = Rect(
                x: (isVertical ? 0 : along) + item.absoluteOffset.x,
                y: (isVertical ? along : 0) + item.absoluteOffset.y,
                width: size.width,
                height: size.height
            )
            let element = CompositionalEffects.BoundaryElement(
                kind: name,
                frame: frame,
                pins: item.pinsToVisibleBounds,
                zIndex: item.zIndex
            )
            if isHeader { boundary.header = element } else { boundary.footer = element }
        }
        return boundary
    }
}

extension CompositionalEffects {
    /// One layout-wide boundary item.
    struct BoundaryElement: Hashable, Sendable {
        /// Its element kind.
        var kind: ElementName
        /// Its frame (left-to-right space), along the scroll axis relative to the content's start for the header,
        /// to its end for the footer.
        var frame: Rect
        /// Whether it stays in the viewport.
        var pins: Bool
        /// Its zIndex.
        var zIndex: Int
    }

    /// The layout-wide header and footer (`UICollectionViewCompositionalLayoutConfiguration
    /// .boundarySupplementaryItems`), kept by ``PreparedLayout/layoutBoundary``.
    struct Boundary: Hashable, Sendable {
        /// Before the first section.
        var header: BoundaryElement?
        /// After the last section.
        var footer: BoundaryElement?
    }
}

extension PreparedLayout {
    /// The layout-wide header (`isFooter == false`) or footer of a `compositional` layout, where it is drawn at
    /// `offset` (left-to-right space), unmirrored.
    ///
    /// Along the scroll axis the header starts where the content does (after a bottom-aligned content's lead), the
    /// footer ends where the content does. Pinned, the header stays at the viewport's leading edge and the footer at
    /// its trailing edge, each kept within the content; an absolute offset moves it from there.
    ///
    /// - Complexity: O(1).
    func layoutBoundaryAttributes(isFooter: Bool, offset: Point) -> LayoutAttributes? {
        guard let element = isFooter ? self.layoutBoundary.footer : self.layoutBoundary.header else { return nil }
        let isVertical = self.axis == .vertical
        let contentLength = isVertical ? self.contentSize.height : self.contentSize.width
        let viewportLength = isVertical ? self.viewport.height : self.viewport.width
        let visible = isVertical ? offset.y : offset.x
        let length = isVertical ? element.frame.height : element.frame.width
        // Where the alignment puts it, and the absolute offset's share along the axis (the stored frame of a
        // footer starts `length` before the content's end).
        var start = isFooter ? contentLength - length : self.contentLead
        let moved = (isVertical ? element.frame.minY : element.frame.minX) + (isFooter ? length : 0)
        if element.pins {
            start =
                isFooter
                ? Swift.min(start, Swift.max(self.contentLead, visible + viewportLength - length))
                : Swift.max(start, Swift.min(visible, contentLength - length))
        }
        start += moved
        let frame =
            isVertical
            ? Rect(x: element.frame.minX, y: start, width: element.frame.width, height: element.frame.height)
            : Rect(x: start, y: element.frame.minY, width: element.frame.width, height: element.frame.height)
        var attributes = LayoutAttributes(
            category: .supplementaryView,
            kind: .named(element.kind),
            indexPath: IndexPath(section: 0, item: 0),
            frame: frame
        )
        attributes.zIndex = element.zIndex
        return self.isMirrored ? attributes.mirrored(inWidth: self.contentSize.width) : attributes
    }

    /// Calls `body` with the layout-wide header or footer when it intersects `rect` (left-to-right space, `nil` for
    /// any).
    func visitLayoutBoundary<E: Error>(
        isFooter: Bool,
        rect: Rect?,
        offset: Point,
        _ body: (LayoutAttributes) throws(E) -> Void
    ) throws(E) {
        // Every kind's queries come here: a check of two optionals when there is nothing to visit.
        guard isFooter ? self.layoutBoundary.footer != nil : self.layoutBoundary.header != nil,
            let attributes = self.layoutBoundaryAttributes(isFooter: isFooter, offset: offset)
        else { return }
        if let rect, !self.storedRect(attributes.frame).intersects(rect) { return }
        try body(attributes)
    }

    /// The layout-wide header or footer of kind `name` at `[0, 0]` (the supplementary route), if any.
    func layoutBoundaryAttributes(ofKind name: ElementName, at indexPath: IndexPath, offset: Point)
        -> LayoutAttributes?
    {
        guard indexPath.section == 0, indexPath.item == 0 else { return nil }
        if self.layoutBoundary.header?.kind == name {
            return self.layoutBoundaryAttributes(isFooter: false, offset: offset)
        }
        if self.layoutBoundary.footer?.kind == name {
            return self.layoutBoundaryAttributes(isFooter: true, offset: offset)
        }
        return nil
    }
}
