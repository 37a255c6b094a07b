import LayoutEngine
import Testing

/// `compositional`'s visible-item effect (the declarative `visibleItemsInvalidationHandler`): scale, alpha and
/// rotation from each cell's distance to the visible centre, against values worked by hand.
@Suite struct CompositionalVisibleItemsTests {
    typealias C = CompositionalLayout

    /// Apple's carousel: an orthogonal section of 200 × 100 cards (x = 0, 200, 400, …) in a 400-wide viewport, so
    /// the visible centre is x = 200 and the distance defaults to 400; scale 1.2 at the centre to 0.8 at the edge,
    /// alpha 1 to 0.5.
    static func carousel(rotation: C.EffectRange? = nil, distance: Double? = nil) -> C.Configuration {
        var section = C.Section(group: C.Group(size: .init(width: .absolute(200), height: .absolute(100))))
        section.orthogonalScrollingBehavior = .continuous
        var effect = C.VisibleItemsEffect()
        effect.scale = C.EffectRange(center: 1.2, edge: 0.8)
        effect.alpha = C.EffectRange(center: 1, edge: 0.5)
        effect.rotation = rotation
        effect.distance = distance
        section.visibleItemsEffect = effect
        var configuration = C.Configuration()
        configuration.section = section
        return configuration
    }

    static func cells(_ layout: PreparedLayout, scrolled: Double = 0) -> [LayoutAttributes] {
        layout.allAttributes(contentOffset: .zero, orthogonalOffsets: [scrolled]).filter { $0.category == .cell }
    }

    @Test func cardsScaleAndFadeWithTheirDistanceFromTheCentre() throws {
        let layout = try CompositionalLayoutTests.layout(
            Self.carousel(),
            sections: [SectionInput(count: 5)],
            viewport: Size(width: 400, height: 600)
        )
        let cells = Self.cells(layout)
        // Centres 100, 300, 500, 700, 900 from 200: t = 0.25, 0.25, 0.75, 1 (clamped), 1.
        let expected: [(scale: Double, alpha: Double)] = [(1.1, 0.875), (1.1, 0.875), (0.9, 0.625), (0.8, 0.5), (0.8, 0.5)]
        for (cell, value) in zip(cells, expected) {
            #expect(isClose(cell.transform.a, value.scale) && isClose(cell.transform.d, value.scale), "\(cell)")
            #expect(cell.transform.b == 0 && cell.transform.c == 0)
            #expect(isClose(cell.alpha, value.alpha), "\(cell)")
        }
        // Frames are the untransformed ones.
        #expect(cells.map(\.frame) == (0..<5).map { Rect(Double($0) * 200, 0, 200, 100) })
    }

    @Test func theSectionsOwnOffsetMovesTheCentre() throws {
        let layout = try CompositionalLayoutTests.layout(
            Self.carousel(),
            sections: [SectionInput(count: 5)],
            viewport: Size(width: 400, height: 600)
        )
        // Scrolled by 100: card 1 is drawn centred on 200 (t = 0, scale 1.2, alpha 1); card 0 on 0 (t = 0.5,
        // scale 1, the identity, alpha 0.75).
        let cells = Self.cells(layout, scrolled: 100)
        #expect(isClose(cells[1].transform.a, 1.2) && cells[1].alpha == 1)
        #expect(cells[0].transform.isIdentity && isClose(cells[0].alpha, 0.75))
        let item = layout.attributesForItem(at: IndexPath(section: 0, item: 1), contentOffset: .zero, orthogonalOffsets: [100])
        #expect(item == cells[1])
    }

    @Test func rotationTurnsAboutTheCentreAndMirrorsRightToLeft() throws {
        let configuration = Self.carousel(rotation: C.EffectRange(center: 0, edge: 0.5), distance: 200)
        let layout = try CompositionalLayoutTests.layout(
            configuration,
            sections: [SectionInput(count: 3)],
            viewport: Size(width: 400, height: 600)
        )
        // Card 2's centre 500 is 300 from 200, past the 200-point distance: t = 1, rotation 0.5, scale 0.8.
        let card = Self.cells(layout)[2]
        #expect(isClose(card.transform.a, 0.8 * 0.8775825618903728))
        #expect(isClose(card.transform.b, 0.8 * 0.479425538604203))
        #expect(isClose(card.transform.c, -0.8 * 0.479425538604203))
        let mirrored = try CompositionalLayoutTests.layout(
            configuration,
            sections: [SectionInput(count: 3)],
            viewport: Size(width: 400, height: 600),
            direction: .rightToLeft
        )
        // Right to left the same card turns the other way: b and c change sign.
        let turned = Self.cells(mirrored)[2]
        #expect(isClose(turned.transform.b, -0.8 * 0.479425538604203) && isClose(turned.transform.a, card.transform.a))
    }

    @Test func aPlainSectionMeasuresAlongTheLayoutsAxis() throws {
        var section = C.Section(group: C.Group(size: .init(width: .fractionalWidth(1), height: .absolute(100))))
        var effect = C.VisibleItemsEffect()
        effect.alpha = C.EffectRange(center: 1, edge: 0)
        section.visibleItemsEffect = effect
        var configuration = C.Configuration()
        configuration.section = section
        let layout = try CompositionalLayoutTests.layout(
            configuration,
            sections: [SectionInput(count: 10)],
            viewport: Size(width: 400, height: 600)
        )
        // At offset 200 the visible centre is y = 500; row 2's centre 250 is 250 away: t = 250 / 600.
        let row = layout.attributesForItem(at: IndexPath(section: 0, item: 2), contentOffset: Point(x: 0, y: 200))
        #expect(isClose(row?.alpha ?? -1, 1 - 250.0 / 600))
        // A transition at progress 0 shows the current layout's effect.
        let transition = try TransitionLayout(current: layout, target: layout, progress: 0)
        let first = transition.attributes(in: nil, fromContentOffset: Point(x: 0, y: 200), toContentOffset: .zero)
            .first { $0.indexPath == IndexPath(section: 0, item: 2) }
        #expect(isClose(first?.alpha ?? -1, 1 - 250.0 / 600))
    }

    @Test func aNonPositiveDistanceIsRefused() {
        var configuration = Self.carousel()
        configuration.section.visibleItemsEffect?.distance = 0
        #expect(throws: LayoutError.invalidParameter(name: "section/visibleItemsEffect", section: nil)) {
            try CompositionalLayoutTests.layout(configuration, sections: [SectionInput(count: 1)])
        }
    }
}
