extension LiveLayout {
    /// Prepares `input`, reusing (moving without recomputing) the sections `reused` names.
    ///
    /// - Parameters:
    ///   - input: The new input.
    ///   - configuration: The kind and its parameters.
    ///   - limits: Bounds on the input's size.
    ///   - reused: For each new section, the index of an old section of `previous` whose input is identical (so
    ///     its frames are reused and only its origin changes), or `nil` to build it. `nil` builds every section.
    ///   - previous: The old layout's sections and records.
    /// - Returns: The prepared layout and its section records.
    /// - Throws: ``LayoutError``.
    /// - Complexity: O(items of built sections + number of sections) for `flow` and `waterfall`; a full prepare for
    ///   the other kinds.
    static func prepare(
        _ input: LayoutInput,
        configuration: LayoutConfiguration,
        limits: LayoutLimits,
        reused: [Int?]? = nil,
        previous: (sections: [SectionLayout], records: [SectionRecord])? = nil
    ) throws(LayoutError) -> (PreparedLayout, [SectionRecord]) {
        switch configuration {
        case .flow(let flow):
            _ = try input.validate(limits: limits)
            try FlowLayout.validate(flow)
            var sections: [SectionLayout] = []
            var records: [SectionRecord] = []
            sections.reserveCapacity(input.sections.count)
            records.reserveCapacity(input.sections.count)
            var position = 0.0
            let isVertical = flow.scrollDirection == .vertical
            for index in input.sections.indices {
                if let previous, let old = reused?[index] {
                    var section = previous.sections[old]
                    section.origin = isVertical ? Point(x: 0, y: position) : Point(x: position, y: 0)
                    sections.append(section)
                    records.append(previous.records[old])
                } else {
                    let builder = try FlowLayout.makeBuilder(input, configuration: flow, section: index)
                    var lines: [FlowSectionBuilder.Line]? = []
                    let built = FlowLayout.build(input.sections[index], with: builder, origin: position, lines: &lines)
                    sections.append(built.section)
                    records.append(SectionRecord(length: built.length, crossEnd: built.crossEnd, lines: lines ?? []))
                }
                position += records[index].length
            }
            let prepared = FlowLayout.assemble(
                input,
                configuration: flow,
                sections: sections,
                crossEnds: records.map(\.crossEnd),
                contentLength: position
            )
            return (prepared, records)
        case .waterfall(let waterfall):
            _ = try input.validate(limits: limits)
            try WaterfallLayout.validate(waterfall)
            var sections: [SectionLayout] = []
            var records: [SectionRecord] = []
            sections.reserveCapacity(input.sections.count)
            records.reserveCapacity(input.sections.count)
            var position = 0.0
            for index in input.sections.indices {
                if let previous, let old = reused?[index] {
                    var section = previous.sections[old]
                    section.origin = Point(x: 0, y: position)
                    sections.append(section)
                    records.append(previous.records[old])
                } else {
                    let builder = try WaterfallLayout.makeBuilder(
                        input,
                        configuration: waterfall,
                        section: index,
                        limits: limits
                    )
                    let built = WaterfallLayout.build(input.sections[index], with: builder, origin: position)
                    sections.append(built.section)
                    records.append(SectionRecord(length: built.length, crossEnd: 0, lines: []))
                }
                position += records[index].length
            }
            let prepared = WaterfallLayout.assemble(
                input,
                configuration: waterfall,
                sections: sections,
                contentLength: position
            )
            return (prepared, records)
        case .line, .stack, .circle:
            return (try prepareLayout(input, configuration: configuration, limits: limits), [])
        }
    }
}
