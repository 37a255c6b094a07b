import LayoutEngine
import Testing

/// Visiting a `compositional` layout a batch at a time (``ElementCursor``, the streamed answer) gives every element
/// of ``PreparedLayout/allAttributes(contentOffset:orthogonalOffsets:)`` in its order: the layout's header and
/// footer, decorations of client-named kinds and anchored supplementaries included.
@Suite struct CompositionalCursorTests {
    typealias C = CompositionalLayout

    @Test(arguments: [1, 3, 7, 256], [true, false])
    func theCursorVisitsWhatAllAttributesDoes(limit: Int, isVertical: Bool) throws {
        var configuration = CompositionalLayoutBoundaryTests.configuration(isVertical: isVertical)
        var item = C.Item(size: .init(width: .fractionalWidth(0.5), height: .fractionalHeight(0.5)))
        item.supplementaryItems = [
            C.SupplementaryItem(
                kind: ElementName("badge")!,
                size: .init(width: .absolute(10), height: .absolute(10)),
                anchor: C.Anchor(edges: [.top, .trailing])
            )
        ]
        configuration.section.group.subitems = [.item(item)]
        configuration.section.group.supplementaryItems = [
            C.SupplementaryItem(
                kind: ElementName("ribbon")!,
                size: .init(width: .absolute(20), height: .absolute(5)),
                anchor: C.Anchor(edges: [.bottom])
            )
        ]
        configuration.section.decorationItems = [C.DecorationItem(kind: ElementName("card")!)]
        configuration.section.background = .zero
        for sections in [[], [SectionInput(count: 0)], [SectionInput(count: 5), SectionInput(count: 1)]] {
            for direction in [LayoutDirection.leftToRight, .rightToLeft] {
                let layout = try CompositionalLayoutTests.layout(
                    configuration,
                    sections: sections,
                    viewport: Size(width: 200, height: 200),
                    direction: direction
                )
                let offset = Point(x: 0, y: 30)
                var cursor = ElementCursor()
                var walked: [LayoutAttributes] = []
                var calls = 0
                while !cursor.isFinished, calls < 1000 {
                    let visited = layout.forEachAttribute(from: &cursor, limit: limit, contentOffset: offset) {
                        walked.append($0)
                    }
                    #expect(visited >= 0)
                    calls += 1
                }
                #expect(walked == layout.allAttributes(contentOffset: offset))
            }
        }
    }
}
