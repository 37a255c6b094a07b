/// The shared shape of `stack` and `circle`: every section placed over the viewport, each item by a formula.
enum CenteredSections {
    /// Builds section `index` with `place(item, size, count)` giving each item's frame in content coordinates, and
    /// `computed(count, size)` the frames of a `count` section by its closed form.
    ///
    /// - Throws: ``LayoutError`` for a bad item size.
    /// - Complexity: O(n), or O(n log n) when `sorts` is set and the frames are stored.
    static func build(
        _ input: LayoutInput,
        section index: Int,
        itemSize: Size,
        sorts: Bool = false,
        computed: (Int, Size) -> SectionFrames,
        place: (Int, Size, Int) -> Rect
    ) throws(LayoutError) -> (SectionLayout, PlainSectionRecord) {
        let section = input.sections[index]
        let size = section.overrides.itemSize ?? itemSize
        try validateSize(size, name: "itemSize", section: index)
        try section.validateSizes(section: index)
        let count = section.itemCount
        let frames: SectionFrames
        switch section.items {
        case .count where count > 0:
            frames = computed(count, size)
        case .count:
            frames = []
        case .sizes(let sizes):
            frames = SectionFrames((0..<count).map { place($0, sizes[$0], count) })
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

    /// The builder of `stack` and `circle`: every section over the viewport, its items placed by `shape`.
    struct Builder: KindSectionBuilder {
        /// How items are placed.
        enum Shape {
            /// Every item at the viewport's centre (`stack`).
            case pile
            /// Items evenly on a circle of this radius around the viewport's centre (`circle`): a `count` section
            /// computed (``CircleGeometry``), listed sizes stored and indexed sorted.
            case circle(radius: Double)
        }

        let kind: LayoutKind
        let input: LayoutInput
        let itemSize: Size
        let shape: Shape
        let effects: ElementEffects

        var isVertical: Bool { true }

        /// - Complexity: O(n), or O(n log n) for a circle of listed sizes, whose index sorts the items by their top
        ///   edge.
        mutating func build(_ index: Int, at position: Double) throws(LayoutError)
            -> (SectionLayout, PlainSectionRecord)
        {
            let center = Point(x: self.input.viewport.width * 0.5, y: self.input.viewport.height * 0.5)
            switch self.shape {
            case .pile:
                // Every item at one place: one frame, computed for every index.
                return try CenteredSections.build(
                    self.input,
                    section: index,
                    itemSize: self.itemSize,
                    computed: { count, size in
                        let frame = StackLayout.frame(of: size, centeredAt: center)
                        return SectionFrames(
                            grid: .product(count: count, size: size, isVertical: true, start: frame.minY, pitch: 0,
                                u: frame.minX)
                        )
                    },
                    place: { _, size, _ in StackLayout.frame(of: size, centeredAt: center) }
                )
            case .circle(let radius):
                return try CenteredSections.build(
                    self.input,
                    section: index,
                    itemSize: self.itemSize,
                    sorts: true,
                    computed: { count, size in
                        SectionFrames(circle: CircleGeometry(count: count, size: size, center: center, radius: radius))
                    },
                    place: { CircleLayout.frame(item: $0, of: $1, count: $2, around: center, radius: radius) }
                )
            }
        }

        func assemble<Records: RandomAccessCollection<PlainSectionRecord>>(
            sections: [SectionLayout],
            records: Records,
            contentLength: Double
        ) -> PreparedLayout where Records.Index == Int {
            PreparedLayout(
                kind: self.kind,
                input: self.input,
                contentSize: self.input.viewport,
                sections: sections,
                axis: .vertical,
                effects: self.effects
            )
        }
    }
}

/// A kind whose sections all lie over the viewport, built by ``CenteredSections/Builder`` (`stack` and `circle`):
/// the kind says only how its items are placed and what queries add to them.
protocol CenteredSectionsKind: LayoutKindProtocol
where Builder == CenteredSections.Builder, Configuration: UniformItemSizeConfiguration {
    /// Checks the kind's parameters, and tells how items are placed and what queries compute on top of the frames.
    ///
    /// - Throws: ``LayoutError/invalidParameter(name:section:)`` for a bad parameter.
    static func placement(_ configuration: Configuration) throws(LayoutError)
        -> (shape: CenteredSections.Builder.Shape, effects: ElementEffects)
}

extension CenteredSectionsKind {
    static func makeBuilder(_ context: consuming KindContext<Configuration>) throws(LayoutError) -> Builder {
        let placement = try Self.placement(context.configuration)
        return Builder(
            kind: Self.kind,
            input: context.input,
            itemSize: context.configuration.itemSize,
            shape: placement.shape,
            effects: placement.effects
        )
    }
}
