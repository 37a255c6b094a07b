import LayoutEngine
import Testing

/// `compositional` boundary supplementary items moved by their `absoluteOffset`, against frames computed by hand in
/// both scroll directions and both writing directions: the item moves, its room in the section stays.
@Suite struct CompositionalBoundaryOffsetTests {
    typealias C = CompositionalLayout

    /// A vertical list of 50-point rows under a 30-point header moved by `offset`, and a 20-point footer.
    static func vertical(offset: Point) -> C.Configuration {
        var header = C.BoundarySupplementaryItem(
            alignment: .top,
            size: .init(width: .fractionalWidth(1), height: .absolute(30))
        )
        header.absoluteOffset = offset
        var footer = C.BoundarySupplementaryItem(
            alignment: .bottom,
            size: .init(width: .absolute(100), height: .absolute(20))
        )
        footer.absoluteOffset = Point(x: 0, y: 7)
        var section = C.Section(group: C.Group(size: .init(width: .fractionalWidth(1), height: .absolute(50))))
        section.boundarySupplementaryItems = [header, footer]
        var configuration = C.Configuration()
        configuration.section = section
        return configuration
    }

    static func element(_ layout: PreparedLayout, _ kind: ElementKind) -> Rect? {
        layout.attributesForSupplementaryElement(ofKind: kind, at: IndexPath(section: 0, item: 0), contentOffset: .zero)?
            .frame
    }

    @Test func aHeaderMovesByItsOffsetAndKeepsItsRoom() throws {
        let layout = try CompositionalLayoutTests.layout(
            Self.vertical(offset: Point(x: 10, y: -5)),
            sections: [SectionInput(count: 2)],
            viewport: Size(width: 400, height: 600)
        )
        // The header is laid out at (0, 0, 400, 30), then moved by (10, −5).
        #expect(Self.element(layout, .header) == Rect(10, -5, 400, 30))
        // Rows still start after the header's 30 points: 30 and 80; the footer at 130 + 7.
        #expect(cellFrames(layout) == [Rect(0, 30, 400, 50), Rect(0, 80, 400, 50)])
        #expect(Self.element(layout, .footer) == Rect(0, 137, 100, 20))
        #expect(layout.contentSize == Size(width: 400, height: 150))
        // A rect query finds the moved header where it is drawn, and not where it was laid out.
        #expect(layout.attributes(in: Rect(405, 0, 5, 5), contentOffset: .zero).map(\.kind) == [.header])
        #expect(layout.attributes(in: Rect(0, 0, 9, 5), contentOffset: .zero).isEmpty)
    }

    @Test func rightToLeftMirrorsTheOffset() throws {
        let layout = try CompositionalLayoutTests.layout(
            Self.vertical(offset: Point(x: 10, y: -5)),
            sections: [SectionInput(count: 2)],
            viewport: Size(width: 400, height: 600),
            direction: .rightToLeft
        )
        // Mirrored in 400 points: x = 400 − (10 + 400) = −10, toward the (now left) trailing side.
        #expect(Self.element(layout, .header) == Rect(-10, -5, 400, 30))
        // The 100-wide footer at x 0 mirrors to 300.
        #expect(Self.element(layout, .footer) == Rect(300, 137, 100, 20))
    }

    @Test func aHorizontalLayoutsLeadingHeaderMovesToo() throws {
        var header = C.BoundarySupplementaryItem(
            alignment: .leading,
            size: .init(width: .absolute(20), height: .fractionalHeight(1))
        )
        header.absoluteOffset = Point(x: 3, y: 4)
        var section = C.Section(group: C.Group(size: .init(width: .absolute(100), height: .fractionalHeight(1))))
        section.boundarySupplementaryItems = [header]
        var configuration = C.Configuration()
        configuration.section = section
        configuration.scrollDirection = .horizontal
        let layout = try CompositionalLayoutTests.layout(
            configuration,
            sections: [SectionInput(count: 2)],
            viewport: Size(width: 400, height: 300)
        )
        #expect(Self.element(layout, .header) == Rect(3, 4, 20, 300))
        #expect(cellFrames(layout) == [Rect(20, 0, 100, 300), Rect(120, 0, 100, 300)])
    }

    @Test func aNonFiniteOffsetIsRefused() {
        var configuration = Self.vertical(offset: Point(x: .infinity, y: 0))
        #expect(throws: LayoutError.invalidParameter(name: "section/boundarySupplementaryItems", section: nil)) {
            try CompositionalLayoutTests.layout(configuration, sections: [SectionInput(count: 1)])
        }
        configuration = Self.vertical(offset: .zero)
        #expect(throws: Never.self) {
            try CompositionalLayoutTests.layout(configuration, sections: [SectionInput(count: 1)])
        }
    }
}
