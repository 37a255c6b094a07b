/// The shared shape of `stack` and `circle`: every section placed over the viewport, each item by a formula.
enum CenteredSections {
    /// Builds every section with `place(item, size, count)` giving each item's frame in content coordinates.
    ///
    /// - Throws: ``LayoutError`` for a bad item size.
    /// - Complexity: O(n), or O(n log n) when `sorts` is set.
    static func build(
        _ input: LayoutInput,
        itemSize: Size,
        sorts: Bool = false,
        place: (Int, Size, Int) -> Rect
    ) throws(LayoutError) -> [SectionLayout] {
        var sections: [SectionLayout] = []
        sections.reserveCapacity(input.sections.count)
        let band = Rect(origin: .zero, size: input.viewport)
        for (index, section) in input.sections.enumerated() {
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
            sections.append(
                SectionLayout(
                    origin: .zero,
                    frames: frames,
                    header: nil,
                    footer: nil,
                    background: nil,
                    band: band,
                    body: (0, input.viewport.height),
                    axis: .vertical,
                    sortsByLeadingEdge: sorts
                )
            )
        }
        return sections
    }
}
