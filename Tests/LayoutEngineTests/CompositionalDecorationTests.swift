import LayoutEngine
import Testing

/// `compositional`'s decoration items of client-named kinds (`NSCollectionLayoutDecorationItem
/// .background(elementKind:)`): any number per section, each its own kind, against frames computed by hand.
@Suite struct CompositionalDecorationTests {
    typealias C = CompositionalLayout

    static let card = ElementName("cardBackground")!
    static let shadow = ElementName("shadow")!

    /// 50-point rows under a 30-point header, a `cardBackground` inset 5 above and below and 10 at the sides, a
    /// `shadow` with no insets at zIndex −2, and the section's own background.
    static func configuration() -> C.Configuration {
        var section = C.Section(group: C.Group(size: .init(width: .fractionalWidth(1), height: .absolute(50))))
        section.boundarySupplementaryItems = [
            C.BoundarySupplementaryItem(alignment: .top, size: .init(width: .fractionalWidth(1), height: .absolute(30))),
        ]
        var card = C.DecorationItem(kind: Self.card)
        card.contentInsets = .init(top: 5, leading: 10, bottom: 5, trailing: 10)
        var shadow = C.DecorationItem(kind: Self.shadow)
        shadow.zIndex = -2
        section.decorationItems = [card, shadow]
        section.background = .zero
        var configuration = C.Configuration()
        configuration.section = section
        return configuration
    }

    static func decoration(_ layout: PreparedLayout, _ name: ElementName, section: Int) -> LayoutAttributes? {
        layout.attributesForDecorationElement(
            ofKind: .named(name),
            at: IndexPath(section: section, item: 0),
            contentOffset: .zero
        )
    }

    @Test func eachDecorationSpansItsSectionLessItsInsets() throws {
        let layout = try CompositionalLayoutTests.layout(
            Self.configuration(),
            sections: [SectionInput(count: 3), SectionInput(count: 1)],
            viewport: Size(width: 400, height: 600)
        )
        // Section 0 is 30 + 3 × 50 = 180 long: its band is (0, 0, 400, 180); section 1's starts at 180, 80 long.
        #expect(Self.decoration(layout, Self.card, section: 0)?.frame == Rect(10, 5, 380, 170))
        #expect(Self.decoration(layout, Self.shadow, section: 0)?.frame == Rect(0, 0, 400, 180))
        #expect(Self.decoration(layout, Self.card, section: 1)?.frame == Rect(10, 185, 380, 70))
        let card = Self.decoration(layout, Self.card, section: 0)
        #expect(card?.category == .decorationView && card?.zIndex == -1 && card?.kind?.rawValue == "cardBackground")
        #expect(Self.decoration(layout, Self.shadow, section: 0)?.zIndex == -2)
        #expect(
            layout.attributesForDecorationElement(
                ofKind: .named(Self.card),
                at: IndexPath(section: 0, item: 1),
                contentOffset: .zero
            ) == nil
        )
        // The element lookup the session routes use finds them too.
        #expect(
            layout.attributesForElement(ofKind: .named(Self.shadow), at: IndexPath(section: 1, item: 0), contentOffset: .zero)?
                .frame == Rect(0, 180, 400, 80)
        )
        // The stable order: the named decorations, the background, the header, the cells.
        let kinds = layout.allAttributes(contentOffset: .zero).prefix(6).map { $0.kind?.rawValue ?? "cell" }
        #expect(kinds == ["cardBackground", "shadow", "background", "header", "cell", "cell"])
        // A rect in section 0's top inset band, left of the card: only the shadow, the background and the header.
        let found = layout.attributes(in: Rect(2, 2, 4, 2), contentOffset: .zero).map { $0.kind?.rawValue ?? "cell" }
        #expect(found == ["shadow", "background", "header"])
    }

    @Test func rightToLeftMirrorsThem() throws {
        var configuration = Self.configuration()
        configuration.section.decorationItems[0].contentInsets.leading = 30
        let layout = try CompositionalLayoutTests.layout(
            configuration,
            sections: [SectionInput(count: 3)],
            viewport: Size(width: 400, height: 600),
            direction: .rightToLeft
        )
        // Left to right (30, 5, 360, 170); mirrored in 400: x = 400 − 390 = 10.
        #expect(Self.decoration(layout, Self.card, section: 0)?.frame == Rect(10, 5, 360, 170))
    }

    @Test func aHorizontalLayoutsDecorationsSpanItsColumns() throws {
        var configuration = Self.configuration()
        configuration.scrollDirection = .horizontal
        configuration.section.group = C.Group(size: .init(width: .absolute(50), height: .fractionalHeight(1)))
        configuration.section.boundarySupplementaryItems = []
        let layout = try CompositionalLayoutTests.layout(
            configuration,
            sections: [SectionInput(count: 4)],
            viewport: Size(width: 300, height: 200)
        )
        // Four 50-point columns: the band is (0, 0, 200, 200); the card (10, 5, 180, 190).
        #expect(Self.decoration(layout, Self.card, section: 0)?.frame == Rect(10, 5, 180, 190))
    }

    @Test func moreThan32NamedDecorationsAreRefused() {
        var configuration = Self.configuration()
        configuration.section.decorationItems = (0..<33).map { C.DecorationItem(kind: ElementName("d\($0)")!) }
        #expect(throws: LayoutError.invalidParameter(name: "section/decorationItems", section: nil)) {
            try CompositionalLayoutTests.layout(configuration, sections: [SectionInput(count: 1)])
        }
    }

    @Test func repeatedKindsOrAKindABadgeHasAreRefused() {
        var configuration = Self.configuration()
        configuration.section.decorationItems.append(C.DecorationItem(kind: Self.card))
        #expect(throws: LayoutError.invalidParameter(name: "section/decorationItems", section: nil)) {
            try CompositionalLayoutTests.layout(configuration, sections: [SectionInput(count: 1)])
        }
        configuration = Self.configuration()
        var item = C.Item()
        item.supplementaryItems = [
            C.SupplementaryItem(
                kind: Self.shadow,
                size: .init(width: .absolute(4), height: .absolute(4)),
                anchor: C.Anchor(edges: [.top])
            ),
        ]
        configuration.section.group.subitems = [.item(item)]
        #expect(throws: LayoutError.invalidParameter(name: "section/decorationItems", section: nil)) {
            try CompositionalLayoutTests.layout(configuration, sections: [SectionInput(count: 1)])
        }
    }
}
