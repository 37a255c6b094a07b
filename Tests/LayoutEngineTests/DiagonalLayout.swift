@testable import LayoutEngine

/// A kind defined outside the engine, to show that a kind is one type and its registration: item i of a section at
/// `(i·step, i·step)` from the section's origin, sections one below the other, snapping to item edges.
///
/// Its registration is ``LayoutKindProtocol/wrap(_:)`` (a ``LayoutConfiguration/custom(_:)``); nothing else in the
/// engine knows it.
enum DiagonalLayout: LayoutKindProtocol {
    struct Configuration: Hashable, Sendable {
        /// The size of items of a `count` section.
        var itemSize = Size(width: 40, height: 40)
        /// How far each item is from the one before, along both axes.
        var step: Double = 30
    }

    static var kind: LayoutKind { LayoutKind(named: "diagonal") }
    static var defaultConfiguration: Configuration { Configuration() }
    static var keepsSections: Bool { true }

    static func makeBuilder(_ context: consuming KindContext<Configuration>) throws(LayoutError) -> Builder {
        let (input, configuration) = (context.input, context.configuration)
        guard configuration.step >= 0, configuration.step < .infinity else {
            throw .invalidParameter(name: "step", section: nil)
        }
        return Builder(input: input, configuration: configuration)
    }

    static func defaultItemSize(of section: SectionInput, configuration: Configuration, viewport: Size) -> Size {
        configuration.itemSize
    }

    struct Builder: KindSectionBuilder {
        let input: LayoutInput
        let configuration: Configuration

        var isVertical: Bool { true }

        mutating func build(_ index: Int, at position: Double) throws(LayoutError)
            -> (SectionLayout, PlainSectionRecord)
        {
            let section = self.input.sections[index]
            try section.validateSizes(section: index)
            let step = self.configuration.step
            var frames: [Rect] = []
            var end = Rect.zero
            for item in 0..<section.itemCount {
                let size: Size
                switch section.items {
                case .count: size = self.configuration.itemSize
                case .sizes(let sizes): size = sizes[item]
                }
                let frame = Rect(x: Double(item) * step, y: Double(item) * step, width: size.width, height: size.height)
                frames.append(frame)
                end = end.union(frame)
            }
            let layout = SectionLayout(
                origin: Point(x: 0, y: position),
                frames: frames,
                header: nil,
                footer: nil,
                background: nil,
                band: Rect(x: 0, y: 0, width: end.maxX, height: end.maxY),
                body: (0, end.maxY),
                axis: .vertical
            )
            return (layout, PlainSectionRecord(length: end.maxY))
        }

        func assemble<Records: RandomAccessCollection<PlainSectionRecord>>(
            sections: [SectionLayout],
            records: Records,
            contentLength: Double
        ) -> PreparedLayout where Records.Index == Int {
            let width = sections.reduce(self.input.viewport.width) { Swift.max($0, $1.extent.maxX) }
            return PreparedLayout(
                kind: DiagonalLayout.kind,
                input: self.input,
                contentSize: Size(width: width, height: contentLength),
                sections: sections,
                axis: .vertical,
                effects: .none,
                snapVelocityThreshold: 300,
                snapMode: .item
            )
        }
    }
}
