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
    /// How much farther in from the section's insets its boundary supplementaries sit across the scroll axis, at
    /// its start and end (their own insets reference against the section's); may be negative.
    var supplementaryShift: (start: Double, end: Double) = (0, 0)

    /// How many repetitions apart a resumable section remembers where its repetitions start
    /// (``Result/checkpoints``): resuming places again at most this many − 1 repetitions before the changed one,
    /// and the section keeps 8 bytes per this many repetitions.
    static let checkpointStride = 16

    /// What building a section gives.
    struct Result {
        var section: SectionLayout
        var length: Double
        var effects: CompositionalEffects.Section
        /// For a plain (not orthogonal) section whose group has an estimated dimension: where every
        /// ``checkpointStride``-th repetition of the group starts along the scroll axis, relative to the section,
        /// exactly as the repetitions' lengths added up to it, so that a measured size can resume there
        /// (``resume(_:section:checkpoints:from:template:)``). Empty for other sections.
        var checkpoints: [Double]
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
        /// The supplementaries anchored to the cells and the group, if any.
        var anchored: CompositionalEffects.Anchored? = nil
        /// The frames of the nested groups that have supplementaries, relative to the group's origin, in the order
        /// of ``CompositionalEffects/Anchored/nestedSlots``.
        var nestedFrames: [Rect] = []

        /// What the template costs the layout's budget of template cells: its cells and the supplementaries
        /// anchored to them and to the group (each kept for every cell of a repetition).
        var cost: Int {
            self.frames.count + (self.anchored.map { $0.items.count + $0.groupItems.count + $0.nestedItems.count } ?? 0)
        }
    }

    /// The viewport less the section's insets.
    private var insetViewport: Size {
        let insets = self.description.contentInsets
        return Size(
            width: Swift.max(0, self.viewport.width - insets.leading - insets.trailing),
            height: Swift.max(0, self.viewport.height - insets.top - insets.bottom)
        )
    }

    /// The room boundary supplementaries are sized in: the viewport, less the section's insets across the scroll
    /// axis (supplementaries follow the section's insets there).
    private var supplementaryRoom: Size {
        let inset = self.insetViewport
        let shift = self.supplementaryShift.start + self.supplementaryShift.end
        return self.isVertical
            ? Size(width: Swift.max(0, inset.width - shift), height: self.viewport.height)
            : Size(width: self.viewport.width, height: Swift.max(0, inset.height - shift))
    }

    /// The size of the section's supplementary in `role`, if it has one: the size the client measured
    /// (``SectionInput/header``, ``SectionInput/footer``, ``SectionInput/sideStart``, ``SectionInput/sideEnd``)
    /// replaces estimated dimensions. The room side items take across the scroll axis (``sideRoom``) keeps their
    /// estimate, so that sections of one description share their group's template.
    private func supplementarySize(_ role: CompositionalLayout.BoundaryRole, of input: SectionInput? = nil) -> Size? {
        let measured: Size? =
            switch role {
            case .header: input?.header
            case .footer: input?.footer
            case .sideStart: input?.sideStart
            case .sideEnd: input?.sideEnd
            }
        return self.description.boundaryItem(role, isVertical: self.isVertical)?.size
            .resolved(in: self.supplementaryRoom, measured: measured)
    }

    /// The room side items that extend the boundary take across the scroll axis, at its start and at its end.
    private var sideRoom: (start: Double, end: Double) {
        func room(_ role: CompositionalLayout.BoundaryRole) -> Double {
            guard let item = self.description.boundaryItem(role, isVertical: self.isVertical), item.extendsBoundary,
                let size = self.supplementarySize(role)
            else { return 0 }
            return self.isVertical ? size.width : size.height
        }
        return (room(.sideStart), room(.sideEnd))
    }

    /// The section's room for its groups: the viewport less the section's insets and less the room of side items
    /// that extend the boundary.
    var container: Size {
        let inset = self.insetViewport
        let sides = self.sideRoom
        return self.isVertical
            ? Size(width: Swift.max(0, inset.width - sides.start - sides.end), height: inset.height)
            : Size(width: inset.width, height: Swift.max(0, inset.height - sides.start - sides.end))
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
        var nestedFrames: [Rect] = []
        frames.reserveCapacity(node.leafCount)
        let size = CompositionalGroupLayout.place(
            node,
            size: groupSize,
            firstLeaf: 0,
            measured: { _ in nil },
            into: &frames,
            groups: &nestedFrames
        )
        return Template(
            node: node,
            groupSize: groupSize,
            size: size,
            frames: frames,
            anchored: try Self.anchoredPlan(node, group: group, section: self.index),
            nestedFrames: nestedFrames
        )
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
        var frames: [Rect] = []
        frames.reserveCapacity(input.itemCount)
        var none: SpatialIndex?
        var checkpoints: [Double] = []
        return self.build(
            input,
            origin: origin,
            template: shared,
            resuming: nil,
            previousIndex: &none,
            frames: &frames,
            checkpoints: &checkpoints
        )
    }

    /// Where the section's groups start along the scroll axis: after the header's room and the leading inset.
    func contentStart(of input: SectionInput) -> Double {
        let insets = self.description.contentInsets
        return self.alongRoom(.header, of: input) + (self.isVertical ? insets.top : insets.leading)
    }

    /// The room the section's supplementary in `role` takes along the scroll axis: its length when it extends the
    /// boundary, 0 when it overlaps the cells (or is absent).
    private func alongRoom(_ role: CompositionalLayout.BoundaryRole, of input: SectionInput) -> Double {
        guard self.description.boundaryItem(role, isVertical: self.isVertical)?.extendsBoundary == true,
            let size = self.supplementarySize(role, of: input)
        else { return 0 }
        return self.isVertical ? size.height : size.width
    }

    /// Builds the section, or, with `resuming`, places its groups from a repetition on after the kept `frames`
    /// (``resume(_:section:checkpoints:from:template:)``).
    ///
    /// - Parameters:
    ///   - resuming: The first repetition to place and where it starts; `nil` builds the whole section.
    ///   - previousIndex: When resuming, the section's previous index, taken and updated from the first placed
    ///     cell on rather than built again.
    ///   - frames: The frames of the repetitions before the first one placed; appended to, then moved into the
    ///     result.
    ///   - checkpoints: The checkpoints of the repetitions before the first one placed; appended to, then moved
    ///     into the result.
    func build(
        _ input: SectionInput,
        origin: Point,
        template shared: Template,
        resuming: (repetition: Int, position: Double)?,
        previousIndex: inout SpatialIndex?,
        frames: inout [Rect],
        checkpoints: inout [Double]
    ) -> Result {
        typealias Role = CompositionalLayout.BoundaryRole
        let insets = self.description.contentInsets
        let isVertical = self.isVertical
        func item(_ role: Role) -> CompositionalLayout.BoundarySupplementaryItem? {
            self.description.boundaryItem(role, isVertical: isVertical)
        }
        func along(_ size: Size?) -> Double { size.map { isVertical ? $0.height : $0.width } ?? 0 }
        func rect(along position: Double, across: Double, _ size: Size) -> Rect {
            isVertical
                ? Rect(x: across, y: position, width: size.width, height: size.height)
                : Rect(x: position, y: across, width: size.width, height: size.height)
        }
        // Room along the scroll axis: a supplementary that does not extend the boundary overlaps the cells.
        func room(_ role: Role) -> Double { self.alongRoom(role, of: input) }
        let headerRoom = room(.header)
        let footerRoom = room(.footer)
        let sides = self.sideRoom
        let crossStart = isVertical ? insets.leading : insets.top
        let crossEnd = isVertical ? self.viewport.width - insets.trailing : self.viewport.height - insets.bottom
        // Where boundary supplementaries start and end across the axis (their own insets reference).
        let supplementaryStart = crossStart + self.supplementaryShift.start
        let supplementaryEnd = crossEnd - self.supplementaryShift.end

        let contentStart = self.contentStart(of: input)
        var groupFrames: [Rect]? = shared.anchored?.hasGroupSupplementaries == true ? [] : nil
        var nestedFrames: [Rect] = []
        let placed = self.placeGroups(
            items: input.items,
            // Supplementaries anchored to cells are placed from their cells' frames, computed ones as well; a
            // group's need every repetition's frame (`groupFrames`), and a measured one its cell's stored frame.
            mayBeComputed: input.anchoredSizes.isEmpty,
            shared: shared,
            contentStart: contentStart,
            crossStart: crossStart + sides.start,
            crossEndRoom: sides.end,
            from: resuming,
            frames: &frames,
            checkpoints: &checkpoints,
            groupFrames: &groupFrames,
            nestedFrames: &nestedFrames
        )
        // Side items start where the body does, and the body is at least as long as those that take room.
        let bodyEnd = Swift.max(placed.end, headerRoom + Swift.max(room(.sideStart), room(.sideEnd)))
        let length = bodyEnd + footerRoom
        // A boundary item's absoluteOffset moves it from where its alignment puts it; its room stays.
        func moved(_ frame: Rect?, _ role: Role) -> Rect? {
            guard let frame, let offset = item(role)?.absoluteOffset, offset != .zero else { return frame }
            return frame.offsetBy(dx: offset.x, dy: offset.y)
        }
        let header = moved(
            self.supplementarySize(.header, of: input).map { rect(along: 0, across: supplementaryStart, $0) },
            .header
        )
        let footer = moved(
            self.supplementarySize(.footer, of: input).map { size in
                rect(along: footerRoom > 0 ? bodyEnd : bodyEnd - along(size), across: supplementaryStart, size)
            },
            .footer
        )
        let sideStart = moved(
            self.supplementarySize(.sideStart, of: input).map {
                rect(along: headerRoom, across: supplementaryStart, $0)
            },
            .sideStart
        )
        let sideEnd = moved(
            self.supplementarySize(.sideEnd, of: input).map { size in
                rect(along: headerRoom, across: supplementaryEnd - (isVertical ? size.width : size.height), size)
            },
            .sideEnd
        )
        let band =
            isVertical
            ? Rect(x: 0, y: 0, width: self.viewport.width, height: length)
            : Rect(x: 0, y: 0, width: length, height: self.viewport.height)
        let background = self.description.background.map { $0.inset(band) }
        var effects = CompositionalEffects.Section()
        effects.pinsHeader = item(.header)?.pinsToVisibleBounds ?? false
        effects.pinsFooter = item(.footer)?.pinsToVisibleBounds ?? false
        effects.pinsSideStart = item(.sideStart)?.pinsToVisibleBounds ?? false
        effects.pinsSideEnd = item(.sideEnd)?.pinsToVisibleBounds ?? false
        effects.headerZIndex = item(.header)?.zIndex ?? 0
        effects.footerZIndex = item(.footer)?.zIndex ?? 0
        effects.sideStartZIndex = item(.sideStart)?.zIndex ?? 0
        effects.sideEndZIndex = item(.sideEnd)?.zIndex ?? 0
        effects.backgroundZIndex = self.description.backgroundZIndex
        effects.visibleItemsEffect = self.description.visibleItemsEffect
        effects.decorations = self.description.decorationItems.map { item in
            CompositionalEffects.Decoration(kind: item.kind, frame: item.contentInsets.inset(band), zIndex: item.zIndex)
        }
        effects.orthogonal = placed.orthogonal
        // An orthogonal section's groups follow one another across the layout's axis; its index sorts that way.
        let groupsRunVertically = (placed.orthogonal != nil) != isVertical
        let axis: Axis = groupsRunVertically ? .vertical : .horizontal
        var updated: SpatialIndex?
        if let resuming, var index = previousIndex {
            previousIndex = nil
            index.update(frames: frames, axis: axis, from: resuming.repetition * shared.node.leafCount)
            updated = index
        }
        var section = SectionLayout(
            origin: origin,
            frames: placed.repeatedGroup.map(SectionFrames.init(repeatedGroup:)) ?? SectionFrames(frames),
            header: header,
            footer: footer,
            background: background,
            sides: (sideStart, sideEnd),
            band: band,
            body: (headerRoom, bodyEnd),
            axis: axis,
            index: updated
        )
        for decoration in effects.decorations { section.extent = section.extent.union(decoration.frame) }
        if let plan = shared.anchored {
            // Anchored supplementaries take no room: they widen only the section's extent.
            let finished = Self.finish(
                plan,
                frames: frames,
                cellBounds: section.index.bounds,
                template: shared.frames,
                isMeasured: Self.hasEstimate(self.description.group) && input.items.isSizes,
                groupFrames: groupFrames ?? [],
                nestedFrames: nestedFrames,
                measuredSizes: input.anchoredSizes,
                axis: axis
            )
            effects.anchored = finished.anchored
            if let bounds = finished.bounds { section.extent = section.extent.union(bounds) }
        }
        frames = []
        let result = Result(section: section, length: length, effects: effects, checkpoints: checkpoints)
        checkpoints = []
        return result
    }

    /// Repeats the group until the items run out: from `contentStart` along the scroll axis at `crossStart` across
    /// it, or, for an orthogonal section, from `crossStart` across the layout's axis at `contentStart` along it.
    ///
    /// - Parameters:
    ///   - crossEndRoom: The room a side item takes at the end of the cross axis, which an orthogonal section's
    ///     scrollable length includes.
    ///   - resuming: For a plain section, the first repetition to place and where it starts (a checkpoint);
    ///     `nil` places them all.
    ///   - frames: The frames of the repetitions before the first one placed; the placed cells are appended.
    ///   - checkpoints: The checkpoints before the first repetition placed; the later ones are appended for a
    ///     plain section whose group has an estimated dimension.
    ///   - groupFrames: When not `nil`, receives every placed repetition's frame.
    ///   - nestedFrames: With `groupFrames`, receives every placed repetition's nested groups' frames that have
    ///     supplementaries (``Template/nestedFrames``, moved to the repetition).
    ///   - mayBeComputed: Whether unmeasured repetitions may be kept as their closed form: not when the client
    ///     measured an anchored supplementary (its frame is found from its cell's stored frame). Supplementaries
    ///     anchored to cells do not prevent it (a query places them from the computed cells, see
    ///     ``PreparedLayout/visitAnchoredCells(section:rect:scrolled:_:)``); a group's do, through `groupFrames`.
    /// - Returns: Where the section's body ends along the scroll axis (its trailing inset included), for an
    ///   orthogonal section its groups, and for a plain section of unmeasured repetitions their closed form (no
    ///   frame appended).
    private func placeGroups(
        items: SectionInput.Items,
        mayBeComputed: Bool,
        shared: Template,
        contentStart: Double,
        crossStart: Double,
        crossEndRoom: Double,
        from resuming: (repetition: Int, position: Double)?,
        frames: inout [Rect],
        checkpoints: inout [Double],
        groupFrames: inout [Rect]?,
        nestedFrames: inout [Rect]
    ) -> (end: Double, orthogonal: CompositionalEffects.Orthogonal?, repeatedGroup: RepeatedGroupGeometry?) {
        let insets = self.description.contentInsets
        let isVertical = self.isVertical
        let perGroup = shared.node.leafCount
        let count: Int
        var measured: [Size] = []
        let hasEstimate = Self.hasEstimate(self.description.group)
        switch items {
        case .count(let n): count = n
        case .sizes(let sizes):
            count = sizes.count
            if hasEstimate { measured = sizes }
        }
        let isOrthogonal = self.description.orthogonalScrollingBehavior != .none
        precondition(resuming == nil || !isOrthogonal)
        // A measured size changes only the repetitions from its own on: remember where they start.
        let recordsCheckpoints = hasEstimate && !isOrthogonal
        let every = Self.checkpointStride
        // Groups follow one another down in a vertical layout's plain section and a horizontal one's orthogonal
        // section, sideways otherwise; `fixed` is where they all start on the other axis.
        let groupsRunVertically = isOrthogonal != isVertical
        let spacing = self.description.interGroupSpacing
        var groupStarts: [Double] = []
        var groupWidths: [Double] = []
        var position = resuming?.position ?? (isOrthogonal ? crossStart : contentStart)
        let fixed = isOrthogonal ? contentStart : crossStart
        var thickness = 0.0
        let repetitions = perGroup > 0 ? (count + perGroup - 1) / perGroup : 0
        let alongEndInset = isVertical ? insets.bottom : insets.trailing
        if mayBeComputed, measured.isEmpty, !isOrthogonal, resuming == nil, groupFrames == nil, count > 0,
            perGroup > 0
        {
            // Every repetition is the template: keep it and where the repetitions start, not the frames.
            let length = groupsRunVertically ? shared.size.height : shared.size.width
            let (geometry, lastStart) = RepeatedGroupGeometry.make(
                count: count,
                cells: Array(shared.frames.prefix(perGroup)),
                start: position,
                step: length + spacing,
                fixed: fixed,
                runsVertically: groupsRunVertically
            )
            let groupsEnd = (lastStart + (length + spacing)) - spacing
            return (groupsEnd + alongEndInset, nil, geometry)
        }
        var scratch: [Rect] = []
        var scratchGroups: [Rect] = []
        let firstRepetition = resuming?.repetition ?? 0
        precondition(frames.count == firstRepetition * perGroup)
        if recordsCheckpoints { checkpoints.reserveCapacity((repetitions + every - 1) / every) }
        for repetition in firstRepetition..<repetitions {
            if recordsCheckpoints && repetition % every == 0 { checkpoints.append(position) }
            var size = shared.size
            let first = repetition * perGroup
            let cells = Swift.min(perGroup, count - first)
            let origin = groupsRunVertically ? Point(x: fixed, y: position) : Point(x: position, y: fixed)
            // A repetition none of whose cells was measured is the template itself.
            let isMeasured = !measured.isEmpty && measured[first..<(first + cells)].contains { $0 != .zero }
            if !isMeasured {
                for leaf in 0..<cells { frames.append(shared.frames[leaf].offsetBy(dx: origin.x, dy: origin.y)) }
            } else {
                scratch.removeAll(keepingCapacity: true)
                scratchGroups.removeAll(keepingCapacity: true)
                size = measured.withUnsafeBufferPointer { sizes in
                    CompositionalGroupLayout.place(
                        shared.node,
                        size: shared.groupSize,
                        firstLeaf: first,
                        measured: { $0 < sizes.count ? sizes[$0] : nil },
                        into: &scratch,
                        groups: &scratchGroups
                    )
                }
                for leaf in 0..<cells { frames.append(scratch[leaf].offsetBy(dx: origin.x, dy: origin.y)) }
            }
            groupFrames?.append(Rect(origin: origin, size: size))
            if groupFrames != nil {
                for frame in isMeasured ? scratchGroups : shared.nestedFrames {
                    nestedFrames.append(frame.offsetBy(dx: origin.x, dy: origin.y))
                }
            }
            let length = groupsRunVertically ? size.height : size.width
            if isOrthogonal {
                groupStarts.append(position)
                groupWidths.append(length)
                thickness = Swift.max(thickness, groupsRunVertically ? size.width : size.height)
            }
            position += length + spacing
        }
        let groupsEnd = repetitions > 0 ? position - spacing : position
        guard isOrthogonal else { return (groupsEnd + alongEndInset, nil, nil) }
        let orthogonal = CompositionalEffects.Orthogonal(
            behavior: self.description.orthogonalScrollingBehavior,
            groupStarts: groupStarts,
            groupWidths: groupWidths,
            contentWidth: groupsEnd + (isVertical ? insets.trailing : insets.bottom) + crossEndRoom,
            leadingInset: crossStart
        )
        return (contentStart + thickness + alongEndInset, orthogonal, nil)
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
