extension LiveLayout {
    /// Prepares `input` from scratch, keeping the section records.
    ///
    /// - Throws: ``LayoutError``.
    /// - Complexity: That of ``prepareLayout(_:configuration:limits:)``.
    static func prepare(
        _ input: LayoutInput,
        configuration: LayoutConfiguration,
        limits: LayoutLimits
    ) throws(LayoutError) -> (PreparedLayout, [SectionRecord]) {
        var none: [SectionLayout] = []
        return try Self.prepare(
            input,
            configuration: configuration,
            limits: limits,
            previousSections: &none,
            previousRecords: []
        )
    }

    /// Checks everything preparing with reuse would check for the sections it builds or resumes, without building
    /// anything (`compositional`: making their group templates, and charging kept sections' templates, as
    /// `previousRecords` count them, to the layout's budget as preparing from scratch would).
    ///
    /// - Throws: ``LayoutError``.
    /// - Complexity: O(items of the built and resumed sections + number of sections).
    static func validate(
        _ input: LayoutInput,
        configuration: LayoutConfiguration,
        limits: LayoutLimits,
        reused: [Int?],
        firstChanged: [Int?],
        previousRecords: [SectionRecord]
    ) throws(LayoutError) {
        _ = try input.validate(limits: limits)
        if case .compositional(let compositional) = configuration {
            var stacker = try CompositionalLayout.SectionStacker(input: input, configuration: compositional)
            for index in input.sections.indices {
                if let old = reused[index], firstChanged[index] == nil {
                    try stacker.charge(index, cells: previousRecords[old].templateCells)
                } else {
                    try stacker.check(index)
                }
            }
            return
        }
        for index in input.sections.indices where reused[index] == nil || firstChanged[index] != nil {
            switch configuration {
            case .flow(let flow):
                try FlowLayout.validate(flow)
                _ = try FlowLayout.makeBuilder(input, configuration: flow, section: index)
            case .waterfall(let waterfall):
                try WaterfallLayout.validate(waterfall)
                _ = try WaterfallLayout.makeBuilder(input, configuration: waterfall, section: index, limits: limits)
            case .justified(let justified):
                _ = try JustifiedLayout.makeBuilder(input, configuration: justified)
                try JustifiedLayout.validateSizes(of: input.sections[index], section: index)
            case .line, .stack, .circle, .cover, .rotary, .pagecover, .compositional:
                return
            }
        }
    }

    /// Prepares `input`, reusing (moving without recomputing) the sections `reused` names.
    ///
    /// - Parameters:
    ///   - input: The new input.
    ///   - configuration: The kind and its parameters.
    ///   - limits: Bounds on the input's size.
    ///   - reused: For each new section, the index of an old section of `previous` whose input is identical (so
    ///     its frames are reused and only its origin changes), or `nil` to build it. `nil` builds every section.
    ///   - firstChanged: For each new section continuing an old one, the first item that changed: the section is
    ///     laid out again from there, its earlier frames kept; `nil` entries (or no array) reuse it as it was.
    ///   - previousSections: The old layout's sections; the frames of resumed sections are moved out of it, so they
    ///     are rewritten in place when this array holds their only reference.
    ///   - previousRecords: The old layout's records.
    ///   - validatesResumed: Whether to check the sizes of resumed sections (a caller that checked them first
    ///     passes `false`).
    /// - Returns: The prepared layout and its section records.
    /// - Throws: ``LayoutError``.
    /// - Complexity: O(items of built sections + number of sections) for `flow`, `waterfall`, `justified` and
    ///   `compositional` (the last two build resumed sections with a change again whole); a full prepare for the
    ///   other kinds.
    static func prepare(
        _ input: LayoutInput,
        configuration: LayoutConfiguration,
        limits: LayoutLimits,
        reused: [Int?]? = nil,
        firstChanged: [Int?]? = nil,
        previousSections: inout [SectionLayout],
        previousRecords: [SectionRecord],
        validatesResumed: Bool = true
    ) throws(LayoutError) -> (PreparedLayout, [SectionRecord]) {
        // Every section in turn, stacked along the scroll axis: a reused one resumed, a new one built by `build`.
        func stack(
            isVertical: Bool = true,
            spacing: Double = 0,
            build: (_ index: Int, _ position: Double) throws(LayoutError) -> (SectionLayout, SectionRecord)
        ) throws(LayoutError) -> (sections: [SectionLayout], records: [SectionRecord], length: Double) {
            var sections: [SectionLayout] = []
            var records: [SectionRecord] = []
            sections.reserveCapacity(input.sections.count)
            records.reserveCapacity(input.sections.count)
            var position = 0.0
            for index in input.sections.indices {
                if index > 0 { position += spacing }
                let (section, record) =
                    if let old = reused?[index] {
                        try Self.resume(
                            old,
                            as: index,
                            origin: isVertical ? Point(x: 0, y: position) : Point(x: position, y: 0),
                            from: firstChanged?[index],
                            previousSections: &previousSections,
                            previousRecords: previousRecords,
                            input: input,
                            configuration: configuration,
                            limits: limits,
                            validatesSizes: validatesResumed
                        )
                    } else {
                        try build(index, position)
                    }
                sections.append(section)
                records.append(record)
                position += record.length
            }
            return (sections, records, position)
        }

        switch configuration {
        case .flow(let flow):
            _ = try input.validate(limits: limits)
            try FlowLayout.validate(flow)
            let isVertical = flow.scrollDirection == .vertical
            let stacked = try stack(isVertical: isVertical) { index, position throws(LayoutError) in
                let builder = try FlowLayout.makeBuilder(input, configuration: flow, section: index)
                var lines: [FlowSectionBuilder.Line]? = []
                let built = FlowLayout.build(input.sections[index], with: builder, origin: position, lines: &lines)
                let record = SectionRecord(length: built.length, crossEnd: built.crossEnd, lines: lines ?? [])
                return (built.section, record)
            }
            let prepared = FlowLayout.assemble(
                input,
                configuration: flow,
                sections: stacked.sections,
                crossEnds: stacked.records.map(\.crossEnd),
                contentLength: stacked.length
            )
            return (prepared, stacked.records)
        case .waterfall(let waterfall):
            _ = try input.validate(limits: limits)
            try WaterfallLayout.validate(waterfall)
            let stacked = try stack { index, position throws(LayoutError) in
                let builder = try WaterfallLayout.makeBuilder(
                    input,
                    configuration: waterfall,
                    section: index,
                    limits: limits
                )
                let built = WaterfallLayout.build(input.sections[index], with: builder, origin: position)
                return (built.section, SectionRecord(length: built.length, crossEnd: 0, lines: []))
            }
            let prepared = WaterfallLayout.assemble(
                input,
                configuration: waterfall,
                sections: stacked.sections,
                contentLength: stacked.length
            )
            return (prepared, stacked.records)
        case .justified(let justified):
            _ = try input.validate(limits: limits)
            let builder = try JustifiedLayout.makeBuilder(input, configuration: justified)
            let stacked = try stack { index, position throws(LayoutError) in
                try JustifiedLayout.validateSizes(of: input.sections[index], section: index)
                let built = JustifiedLayout.build(input.sections[index], with: builder, origin: position)
                return (built.section, SectionRecord(built.summary, checkpoints: built.checkpoints))
            }
            let prepared = JustifiedLayout.assemble(
                input,
                configuration: justified,
                sections: stacked.sections,
                summaries: stacked.records.map(\.justifiedSummary),
                contentLength: stacked.length
            )
            return (prepared, stacked.records)
        case .compositional(let compositional):
            _ = try input.validate(limits: limits)
            // Kept sections are not charged to the budget of template cells here: preparing with reuse follows a
            // check (``validate(_:configuration:limits:reused:firstChanged:previousRecords:)``) that charged them.
            var stacker = try CompositionalLayout.SectionStacker(input: input, configuration: compositional)
            let stacked = try stack(
                isVertical: compositional.scrollDirection == .vertical,
                spacing: compositional.interSectionSpacing
            ) { index, position throws(LayoutError) in
                let (built, cells) = try stacker.build(index, at: position)
                return (built.section, SectionRecord(built, templateCells: cells))
            }
            let prepared = CompositionalLayout.assemble(
                input,
                configuration: compositional,
                sections: stacked.sections,
                effects: stacked.records.map(\.effects),
                contentLength: stacked.length
            )
            return (prepared, stacked.records)
        case .line, .stack, .circle, .cover, .rotary, .pagecover:
            return (try prepareLayout(input, configuration: configuration, limits: limits), [])
        }
    }

    /// Takes section `old` of the previous layout as section `index` of the new one: moved to `origin`, and laid
    /// out again from item `first` on when given. Its frames are moved out of `previousSections`, so they are
    /// rewritten in place when that array held their only reference.
    ///
    /// - Throws: ``LayoutError`` from laying the section out again.
    /// - Complexity: O(1) without `first`; else O(items from `first` to the end of the section).
    private static func resume(
        _ old: Int,
        as index: Int,
        origin: Point,
        from first: Int?,
        previousSections: inout [SectionLayout],
        previousRecords: [SectionRecord],
        input: LayoutInput,
        configuration: LayoutConfiguration,
        limits: LayoutLimits,
        validatesSizes: Bool
    ) throws(LayoutError) -> (SectionLayout, SectionRecord) {
        var section = previousSections[old]
        previousSections[old].frames = []
        var record = previousRecords[old]
        section.origin = origin
        if let first {
            _ = try Self.relayOut(
                &section,
                record: &record,
                section: index,
                from: first,
                input: input,
                configuration: configuration,
                limits: limits,
                validatesSizes: validatesSizes
            )
        }
        return (section, record)
    }
}
