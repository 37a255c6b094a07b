import LayoutEngine
import Testing

/// `compositional`'s `contentInsetsReference` and `supplementaryContentInsetsReference`: a section's insets measured
/// from the safe area, the layout margins or the readable content guide, against frames worked by hand.
@Suite struct CompositionalInsetsReferenceTests {
    typealias C = CompositionalLayout

    /// Full-width 50-point rows with 4-point leading and trailing insets and a full-width 30-point header, in a
    /// 400 × 600 viewport whose safe area is 10 left and 20 right, with 8-point margins and a 300-point readable
    /// width.
    static func layout(
        _ reference: C.ContentInsetsReference,
        supplementary: C.ContentInsetsReference = .automatic,
        direction: LayoutDirection = .leftToRight
    ) throws -> PreparedLayout {
        var section = C.Section(group: C.Group(size: .init(width: .fractionalWidth(1), height: .absolute(50))))
        section.contentInsets = .init(top: 0, leading: 4, bottom: 0, trailing: 4)
        section.contentInsetsReference = reference
        section.supplementaryContentInsetsReference = supplementary
        section.boundarySupplementaryItems = [
            C.BoundarySupplementaryItem(alignment: .top, size: .init(width: .fractionalWidth(1), height: .absolute(30))),
        ]
        var configuration = C.Configuration()
        configuration.section = section
        var input = LayoutInput(
            viewport: Size(width: 400, height: 600),
            layoutDirection: direction,
            sections: [SectionInput(count: 1)]
        )
        input.safeAreaInsets = EdgeInsets(top: 44, left: 10, bottom: 34, right: 20)
        input.readableContentWidth = 300
        return try prepare(input, .compositional(configuration))
    }

    static func header(_ layout: PreparedLayout) -> Rect? {
        layout.attributesForSupplementaryElement(ofKind: .header, at: IndexPath(section: 0, item: 0), contentOffset: .zero)?
            .frame
    }

    @Test(arguments: [
        // none: 4 and 4 → x 4, width 392.
        (C.ContentInsetsReference.none, Rect(4, 30, 392, 50)),
        // automatic and safeArea: 10 + 4 and 20 + 4 → x 14, width 362.
        (.automatic, Rect(14, 30, 362, 50)),
        (.safeArea, Rect(14, 30, 362, 50)),
        // layoutMargins: 10 + 8 + 4 and 20 + 8 + 4 → x 22, width 346.
        (.layoutMargins, Rect(22, 30, 346, 50)),
        // readableContent: (400 − 300) / 2 = 50 each side, more than the margins: 50 + 4 → x 54, width 292.
        (.readableContent, Rect(54, 30, 292, 50)),
    ])
    func theReferenceAddsToTheSectionsInsets(reference: C.ContentInsetsReference, cell: Rect) throws {
        let layout = try Self.layout(reference)
        #expect(cellFrames(layout) == [cell])
        // The header follows the section's insets (supplementaryContentInsetsReference automatic).
        #expect(Self.header(layout) == Rect(cell.minX, 0, cell.width, 30))
    }

    @Test func rightToLeftTakesTheRightInsetAsLeading() throws {
        // Leading is the right edge now: 20 + 4 there, 10 + 4 on the left: the cell spans 14 … 376 again, mirrored
        // from a left-to-right layout of leading 24 and trailing 14: x = 400 − (24 + 362) = 14.
        let layout = try Self.layout(.safeArea, direction: .rightToLeft)
        #expect(cellFrames(layout) == [Rect(14, 30, 362, 50)])
    }

    @Test func supplementariesMayHaveTheirOwnReference() throws {
        // Cells within the layout margins (22 … 378), the header from the collection view's edges plus the
        // section's own 4 points (4 … 396).
        let layout = try Self.layout(.layoutMargins, supplementary: .none)
        #expect(cellFrames(layout) == [Rect(22, 30, 346, 50)])
        #expect(Self.header(layout) == Rect(4, 0, 392, 30))
    }
}
