/// The shared shape of `stack` and `circle`: every section placed over the viewport, each item by a formula.
enum CenteredSections {
    /// Builds section `index` with `place(item, size, count)` giving each item's frame in content coordinates.
    ///
    /// - Throws: ``LayoutError`` for a bad item size.
    /// - Complexity: O(n), or O(n log n) when `sorts` is set.
    static func build(
        _ input: LayoutInput,
        section index: Int,
        itemSize: Size,
        sorts: Bool = false,
        place: (Int, Size, Int) -> Rect
    ) throws(LayoutError) -> (SectionLayout, PlainSectionRecord) {
        let section = input.sections[index]
        let size = section.overrides.itemSize ?? itemSize
        try validateSize(size, name: "itemSize", section: index)
        try section.validateSizes(section: index)
        let count = section.itemCount
        var frames = [Rect](repeating: .zero, count: count)
        switch section.items {
        case .count:
            for item in 0..<count { frames[item] = place(item, size, count) }
        case .sizes(let sizes):
            for item in 0..<count { frames[item] = place(item, sizes[item], count) }
        }
        let layout = SectionLayout(
            origin: .zero,
            frames: frames,
            header: nil,
            footer: nil,
            background: nil,
            band: Rect(origin: .zero, size: input.viewport),
            body: (0, input.viewport.height),
            axis: .vertical,
            sortsByLeadingEdge: sorts
        )
        // Every section lies over the same viewport: the next starts where this one does.
        return (layout, PlainSectionRecord(length: 0))
    }

    /// The prepared layout of sections over the viewport, which is the content size.
    static func assemble(
        _ kind: LayoutKind,
        input: LayoutInput,
        sections: [SectionLayout],
        effects: ElementEffects
    ) -> PreparedLayout {
        PreparedLayout(
            kind: kind,
            input: input,
            contentSize: input.viewport,
            sections: sections,
            axis: .vertical,
            effects: effects
        )
    }
}
