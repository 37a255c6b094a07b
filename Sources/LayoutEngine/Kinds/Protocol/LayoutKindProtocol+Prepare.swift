/// The one orchestration of every kind: sections built by the kind's builder (or kept from a previous layout),
/// stacked along the scroll axis, and the prepared layout assembled around them.
extension LayoutKindProtocol {
    static func prepareLayout(
        _ input: LayoutInput,
        configuration: LayoutConfiguration,
        limits: LayoutLimits
    ) throws(LayoutError) -> PreparedLayout {
        var none: [SectionLayout] = []
        return try Self.prepare(
            input,
            configuration: Self.unwrap(configuration),
            limits: limits,
            previousSections: &none,
            previousRecords: [],
            keepsRecords: false
        ).prepared
    }

    static func prepareKeepingRecords(
        _ input: LayoutInput,
        configuration: LayoutConfiguration,
        limits: LayoutLimits
    ) throws(LayoutError) -> (PreparedLayout, SectionRecords) {
        var none: [SectionLayout] = []
        let (prepared, records) = try Self.prepare(
            input,
            configuration: Self.unwrap(configuration),
            limits: limits,
            previousSections: &none,
            previousRecords: []
        )
        return (prepared, SectionRecords(records))
    }

    static func defaultItemSize(of section: SectionInput, in configuration: LayoutConfiguration, viewport: Size)
        -> Size
    {
        Self.defaultItemSize(of: section, configuration: Self.unwrap(configuration), viewport: viewport)
    }

    static func measures(_ element: SupplementaryIndexPath, input: LayoutInput, in configuration: LayoutConfiguration)
        -> Bool
    {
        Self.measures(element, input: input, configuration: Self.unwrap(configuration))
    }

    /// Prepares `input`, reusing (moving without recomputing) the sections `reused` names.
    ///
    /// - Parameters:
    ///   - input: The new input.
    ///   - configuration: The kind's parameters.
    ///   - limits: Bounds on the input's size.
    ///   - reused: For each new section, the index of an old section of `previousSections` whose input is
    ///     identical (so its frames are reused and only its origin changes), or `nil` to build it. `nil` builds
    ///     every section.
    ///   - firstChanged: For each new section continuing an old one, the first item that changed: the section is
    ///     laid out again from there, its earlier frames kept; `nil` entries (or no array) reuse it as it was.
    ///   - previousSections: The old layout's sections; the frames of resumed sections are moved out of it, so they
    ///     are rewritten in place when this array holds their only reference.
    ///   - previousRecords: The old layout's records.
    ///   - validatesResumed: Whether to check the sizes of resumed sections (a caller that checked them first
    ///     passes `false`).
    ///   - keepsRecords: Whether the records are kept (a session).
    ///   - streamed: A section laid out while the request was read (``WaterfallSectionStream``). Defaults to `nil`.
    /// - Returns: The prepared layout and its section records.
    /// - Throws: ``LayoutError``.
    /// - Complexity: O(items of built sections + number of sections).
    static func prepare(
        _ input: LayoutInput,
        configuration: consuming Configuration,
        limits: LayoutLimits,
        reused: [Int?]? = nil,
        firstChanged: [Int?]? = nil,
        previousSections: inout [SectionLayout],
        previousRecords: [Record],
        validatesResumed: Bool = true,
        keepsRecords: Bool = true,
        streamed: WaterfallSectionStream? = nil
    ) throws(LayoutError) -> (prepared: PreparedLayout, records: [Record]) {
        _ = try input.validate(limits: limits)
        // What assembling reads of the context, taken before the context moves into the builder.
        let alignment = Self.contentAlignment(configuration)
        var builder = try Self.makeBuilder(
            KindContext(
                input: input,
                configuration: consume configuration,
                limits: limits,
                keepsRecords: keepsRecords,
                streamed: streamed
            )
        )
        var sections: [SectionLayout] = []
        sections.reserveCapacity(input.sections.count)
        // A stateless prepare of one section keeps its record here, for assembling only: an array of records
        // would be one more allocation per request (issue 21).
        let holdsOneRecord = !keepsRecords && reused == nil && input.sections.count == 1
        var records: [Record] = []
        var onlyRecord: Record? = nil
        if !holdsOneRecord { records.reserveCapacity(input.sections.count) }
        let spacing = builder.sectionSpacing
        let room = builder.contentRoom
        var position = room.before
        for index in input.sections.indices {
            if index > 0 { position += spacing }
            let section: SectionLayout
            let record: Record
            if let old = reused?[index] {
                (section, record) = try Self.resume(
                    old,
                    as: index,
                    at: position,
                    from: firstChanged?[index],
                    previousSections: &previousSections,
                    previousRecords: previousRecords,
                    builder: &builder,
                    validatesSizes: validatesResumed
                )
            } else {
                (section, record) = try builder.build(index, at: position)
            }
            // Moved into the arrays: a section is a large value, and a copy here retained all of its arrays.
            position += record.length
            sections.append(consume section)
            if holdsOneRecord { onlyRecord = consume record } else { records.append(consume record) }
        }
        let prepared: PreparedLayout
        if let onlyRecord {
            prepared = Self.assembleAligned(
                consume builder,
                sections: consume sections,
                records: CollectionOfOne(onlyRecord),
                sectionsEnd: position,
                viewport: input.viewport,
                alignment: alignment
            )
        } else {
            prepared = Self.assembleAligned(
                consume builder,
                sections: consume sections,
                records: records,
                sectionsEnd: position,
                viewport: input.viewport,
                alignment: alignment
            )
        }
        return (prepared, records)
    }

    /// Checks everything preparing with reuse would check for the sections it builds or resumes, without building
    /// anything (and lets the builder charge kept sections as preparing from scratch would); `checkingSplice` is
    /// called with each built or resumed section's index right after the builder checked it (a batch's spliced
    /// sizes, see ``SplicesBatchSizes``).
    ///
    /// - Throws: ``LayoutError``.
    /// - Complexity: O(items of the built and resumed sections + number of sections).
    static func validate(
        _ input: LayoutInput,
        configuration: Configuration,
        limits: LayoutLimits,
        reused: [Int?],
        firstChanged: [Int?],
        previousRecords: [Record],
        checkingSplice: (Int) throws(LayoutError) -> Void = { _ in }
    ) throws(LayoutError) {
        _ = try input.validate(limits: limits)
        let context = KindContext(input: input, configuration: configuration, limits: limits, keepsRecords: true)
        var builder = try Self.makeBuilder(context)
        for index in input.sections.indices {
            if let old = reused[index], firstChanged[index] == nil {
                try builder.check(index, keeping: previousRecords[old])
            } else {
                try builder.check(index, keeping: nil)
                try checkingSplice(index)
            }
        }
    }

    /// Takes section `old` of the previous layout as section `index` of the new one: moved to `position`, and laid
    /// out again from item `first` on when given. Its frames are moved out of `previousSections`, so they are
    /// rewritten in place when that array held their only reference.
    ///
    /// - Throws: ``LayoutError`` from laying the section out again.
    /// - Complexity: O(1) without `first`; else that of the builder's
    ///   ``KindSectionBuilder/relayOut(_:record:_:)``.
    private static func resume(
        _ old: Int,
        as index: Int,
        at position: Double,
        from first: Int?,
        previousSections: inout [SectionLayout],
        previousRecords: [Record],
        builder: inout Builder,
        validatesSizes: Bool
    ) throws(LayoutError) -> (SectionLayout, Record) {
        var section = previousSections[old]
        previousSections[old].frames = []
        var record = previousRecords[old]
        section.origin = builder.isVertical ? Point(x: 0, y: position) : Point(x: position, y: 0)
        if let first {
            let change = SectionChange(
                section: index,
                firstItem: first,
                validatesSizes: validatesSizes,
                resumesAtCheckpoint: false
            )
            _ = try builder.relayOut(&section, record: &record, change)
        }
        return (section, record)
    }
}
