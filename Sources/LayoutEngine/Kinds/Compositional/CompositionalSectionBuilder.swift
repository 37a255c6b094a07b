/// Lays out one compositional section: its header, its repeated group, its footer and its background.
struct CompositionalSectionBuilder {
    /// The section's description.
    let description: CompositionalLayout.Section
    /// The section's index, for errors.
    let index: Int
    /// The collection view's bounds size.
    let viewport: Size
    /// Whether the layout scrolls vertically (sections and groups follow one another down) or horizontally.
    var isVertical = true

    /// What building a section gives.
    struct Result {
        var section: SectionLayout
        var length: Double
        var effects: CompositionalEffects.Section
    }

    /// One laid-out repetition of a section's group: what every repetition copies (or, with measured sizes,
    /// places again from ``node``).
    struct Template {
        /// The group's structure.
        var node: CompositionalGroupLayout.Node
        /// The group's size with estimates at their estimates.
        var groupSize: Size
        /// The group's size once laid out (estimated dimensions sized by the subitems).
        var size: Size
        /// The cells' frames relative to the group's origin.
        var frames: [Rect]
    }

    /// The section's room for its groups: the viewport less the section's insets.
    var container: Size {
        let insets = self.description.contentInsets
        return Size(
            width: Swift.max(0, self.viewport.width - insets.leading - insets.trailing),
            height: Swift.max(0, self.viewport.height - insets.top - insets.bottom)
        )
    }

    /// Lays out one repetition of the section's group at the estimates.
    ///
    /// - Throws: ``LayoutError/invalidParameter(name:section:)`` for a group holding no cell or too many.
    /// - Complexity: O(cells of one repetition).
    func makeTemplate() throws(LayoutError) -> Template {
        let group = self.description.group
        let groupSize = group.size.resolved(in: self.container)
        let node = try CompositionalGroupLayout.structure(of: group, size: groupSize, section: self.index)
        var frames: [Rect] = []
        frames.reserveCapacity(node.leafCount)
        let size = CompositionalGroupLayout.place(
            node,
            size: groupSize,
            firstLeaf: 0,
            measured: { _ in nil },
            into: &frames
        )
        return Template(node: node, groupSize: groupSize, size: size, frames: frames)
    }

    /// Builds the section with its origin at `origin`.
    ///
    /// - Parameters:
    ///   - input: The section's items (how many, and for listed sizes what the client measured, see
    ///     ``CompositionalLayout``) and its measured header and footer sizes (``SectionInput/header``,
    ///     ``SectionInput/footer``), which replace the supplementaries' estimated dimensions.
    ///   - origin: The section's origin.
    ///   - template: The section's template (``makeTemplate()``), shared by the sections of one description.
    /// - Complexity: O(n) cells plus, for sections with estimated dimensions and listed sizes, one placement of the
    ///   group per repetition.
    func build(_ input: SectionInput, origin: Point, template shared: Template) -> Result {
        let sectionItems = input.items
        let insets = self.description.contentInsets
        let isVertical = self.isVertical
        let container = self.container
        // Supplementaries follow the section's insets across the scroll axis.
        let supplementaryContainer =
            isVertical
            ? Size(width: container.width, height: self.viewport.height)
            : Size(width: self.viewport.width, height: container.height)
        let items = self.description.boundarySupplementaryItems
        let headerItem = items.first { $0.alignment.isHeader }
        let footerItem = items.first { !$0.alignment.isHeader }
        let headerSize = headerItem.map { $0.size.resolved(in: supplementaryContainer, measured: input.header) }
        let footerSize = footerItem.map { $0.size.resolved(in: supplementaryContainer, measured: input.footer) }
        func along(_ size: Size?) -> Double { size.map { isVertical ? $0.height : $0.width } ?? 0 }
        let headerRoom = headerItem?.extendsBoundary == true ? along(headerSize) : 0
        let footerRoom = footerItem?.extendsBoundary == true ? along(footerSize) : 0

        let contentStart = headerRoom + (isVertical ? insets.top : insets.leading)
        let placed = self.placeGroups(items: sectionItems, shared: shared, contentStart: contentStart)
        let bodyEnd = placed.end
        let length = bodyEnd + footerRoom
        let header = headerSize.map { size in
            isVertical
                ? Rect(x: insets.leading, y: 0, width: size.width, height: size.height)
                : Rect(x: 0, y: insets.top, width: size.width, height: size.height)
        }
        let footer = footerSize.map { size in
            let start = footerRoom > 0 ? bodyEnd : bodyEnd - along(size)
            return isVertical
                ? Rect(x: insets.leading, y: start, width: size.width, height: size.height)
                : Rect(x: start, y: insets.top, width: size.width, height: size.height)
        }
        let band =
            isVertical
            ? Rect(x: 0, y: 0, width: self.viewport.width, height: length)
            : Rect(x: 0, y: 0, width: length, height: self.viewport.height)
        let background = self.description.background.map { $0.inset(band) }
        var effects = CompositionalEffects.Section()
        effects.pinsHeader = headerItem?.pinsToVisibleBounds ?? false
        effects.pinsFooter = footerItem?.pinsToVisibleBounds ?? false
        effects.headerZIndex = headerItem?.zIndex ?? 0
        effects.footerZIndex = footerItem?.zIndex ?? 0
        effects.backgroundZIndex = self.description.backgroundZIndex
        effects.orthogonal = placed.orthogonal
        let section = SectionLayout(
            origin: origin,
            frames: placed.frames,
            header: header,
            footer: footer,
            background: background,
            band: band,
            body: (headerRoom, bodyEnd),
            axis: placed.orthogonal != nil || !isVertical ? .horizontal : .vertical
        )
        return Result(section: section, length: length, effects: effects)
    }

    /// Repeats the group until the items run out, from `contentStart` along the scroll axis (or, orthogonally,
    /// from the leading inset across it).
    ///
    /// - Returns: The cells' frames, where the section's body ends along the scroll axis (its trailing inset
    ///   included), and for an orthogonal section its groups.
    private func placeGroups(
        items: SectionInput.Items,
        shared: Template,
        contentStart: Double
    ) -> (frames: [Rect], end: Double, orthogonal: CompositionalEffects.Orthogonal?) {
        let insets = self.description.contentInsets
        let isVertical = self.isVertical
        let perGroup = shared.node.leafCount
        let count: Int
        var measured: [Size] = []
        switch items {
        case .count(let n): count = n
        case .sizes(let sizes):
            count = sizes.count
            if Self.hasEstimate(self.description.group) { measured = sizes }
        }
        let isOrthogonal = self.description.orthogonalScrollingBehavior != .none
        let spacing = self.description.interGroupSpacing
        var groupStarts: [Double] = []
        var groupWidths: [Double] = []
        var position = isOrthogonal ? insets.leading : contentStart
        var thickness = 0.0
        let repetitions = perGroup > 0 ? (count + perGroup - 1) / perGroup : 0
        var frames: [Rect] = []
        frames.reserveCapacity(count)
        var scratch: [Rect] = []
        for repetition in 0..<repetitions {
            var size = shared.size
            let first = repetition * perGroup
            let cells = Swift.min(perGroup, count - first)
            let origin: Point
            if isOrthogonal {
                origin = Point(x: position, y: contentStart)
            } else {
                origin = isVertical ? Point(x: insets.leading, y: position) : Point(x: position, y: insets.top)
            }
            // A repetition none of whose cells was measured is the template itself.
            let isMeasured = !measured.isEmpty && measured[first..<(first + cells)].contains { $0 != .zero }
            if !isMeasured {
                for leaf in 0..<cells { frames.append(shared.frames[leaf].offsetBy(dx: origin.x, dy: origin.y)) }
            } else {
                scratch.removeAll(keepingCapacity: true)
                size = measured.withUnsafeBufferPointer { sizes in
                    CompositionalGroupLayout.place(
                        shared.node,
                        size: shared.groupSize,
                        firstLeaf: first,
                        measured: { $0 < sizes.count ? sizes[$0] : nil },
                        into: &scratch
                    )
                }
                for leaf in 0..<cells { frames.append(scratch[leaf].offsetBy(dx: origin.x, dy: origin.y)) }
            }
            if isOrthogonal {
                groupStarts.append(position)
                groupWidths.append(size.width)
                position += size.width + spacing
                thickness = Swift.max(thickness, size.height)
            } else {
                position += (isVertical ? size.height : size.width) + spacing
            }
        }
        let groupsEnd = repetitions > 0 ? position - spacing : position
        guard isOrthogonal else { return (frames, groupsEnd + (isVertical ? insets.bottom : insets.trailing), nil) }
        let orthogonal = CompositionalEffects.Orthogonal(
            behavior: self.description.orthogonalScrollingBehavior,
            groupStarts: groupStarts,
            groupWidths: groupWidths,
            contentWidth: groupsEnd + insets.trailing,
            leadingInset: insets.leading
        )
        return (frames, contentStart + thickness + insets.bottom, orthogonal)
    }

    /// Whether any dimension in `group` is estimated (so measured sizes matter).
    static func hasEstimate(_ group: CompositionalLayout.Group) -> Bool {
        if group.size.width.isEstimated || group.size.height.isEstimated { return true }
        for element in group.subitems {
            switch element {
            case .item(let item): if item.size.width.isEstimated || item.size.height.isEstimated { return true }
            case .group(let nested): if Self.hasEstimate(nested) { return true }
            }
        }
        return false
    }
}
