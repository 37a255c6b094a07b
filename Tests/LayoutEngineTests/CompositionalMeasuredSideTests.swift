import LayoutEngine
import Testing

/// Measured side items (invalidate's `supplementaries` of kind `leadingSupplementary`, `trailingSupplementary`,
/// `topSupplementary`, `bottomSupplementary`): their estimated dimensions take the measured lengths, as a header's do.
@Suite struct CompositionalMeasuredSideTests {
    typealias C = CompositionalLayout

    /// Three 44-point rows (columns) per section, 10 apart, a side item 40 thick with an estimated length of 100 at
    /// the start of the cross axis and one 30 thick with an estimated length of 50 at its end.
    static func configuration(isVertical: Bool) -> C.Configuration {
        var configuration = C.Configuration()
        configuration.scrollDirection = isVertical ? .vertical : .horizontal
        configuration.section = C.Section(
            group: isVertical
                ? C.Group(size: .init(width: .fractionalWidth(1), height: .absolute(44)))
                : C.Group(size: .init(width: .absolute(44), height: .fractionalHeight(1)))
        )
        configuration.interSectionSpacing = 10
        func side(_ alignment: C.Alignment, thickness: Double, length: Double) -> C.BoundarySupplementaryItem {
            C.BoundarySupplementaryItem(
                alignment: alignment,
                size: isVertical
                    ? .init(width: .absolute(thickness), height: .estimated(length))
                    : .init(width: .estimated(length), height: .absolute(thickness))
            )
        }
        configuration.section.boundarySupplementaryItems = [
            side(isVertical ? .leading : .top, thickness: 40, length: 100),
            side(isVertical ? .trailing : .bottom, thickness: 30, length: 50),
        ]
        return configuration
    }

    @Test(arguments: [true, false], [LayoutDirection.leftToRight, .rightToLeft])
    func aMeasuredSideItemLengthensItsSectionAndMovesTheNext(isVertical: Bool, direction: LayoutDirection) throws {
        let configuration = Self.configuration(isVertical: isVertical)
        let input = LayoutInput(
            viewport: Size(width: 300, height: 300),
            layoutDirection: direction,
            sections: [SectionInput(count: 3), SectionInput(count: 3)]
        )
        var live = try LiveLayout(input: input, configuration: .compositional(configuration))
        let start: ElementKind = isVertical ? .leadingSupplementary : .topSupplementary
        let end: ElementKind = isVertical ? .trailingSupplementary : .bottomSupplementary
        // Before: each section is max(132, 100) = 132 long; section 1 starts at 142.
        // Along the scroll axis from the content's start (right to left, a horizontal layout starts at the right).
        func along(_ rect: Rect?) -> Double? {
            rect.map { rect in
                guard !isVertical else { return rect.minY }
                return direction == .rightToLeft ? live.prepared.contentSize.width - rect.maxX : rect.minX
            }
        }
        func length(_ rect: Rect?) -> Double? { rect.map { isVertical ? $0.height : $0.width } }
        let next = IndexPath(section: 1, item: 0)
        #expect(along(live.prepared.attributesForItem(at: next, contentOffset: .zero)?.frame) == 142)
        let measured = isVertical ? Size(width: 55, height: 200) : Size(width: 200, height: 55)
        func element(_ kind: ElementKind, _ section: Int) -> SupplementaryIndexPath {
            SupplementaryIndexPath(kind: kind, indexPath: IndexPath(section: section, item: 0))
        }
        func frame(_ kind: ElementKind, _ section: Int) -> Rect? {
            live.prepared.attributesForSupplementaryElement(
                ofKind: kind,
                at: IndexPath(section: section, item: 0),
                contentOffset: .zero
            )?.frame
        }
        let result = try live.invalidate(InvalidationContext(supplementarySizes: [element(start, 0): measured]))
        // The start item is 200 long now (its thickness 40 is absolute: not estimated, not measured), section 0 is
        // 200 long, and section 1 moves 68 further.
        let side = frame(start, 0)
        #expect(length(side) == 200)
        #expect(side.map { isVertical ? $0.width : $0.height } == 40)
        #expect(along(live.prepared.attributesForItem(at: next, contentOffset: .zero)?.frame) == 210)
        #expect(result.contentSizeAdjustment == (isVertical ? Size(width: 0, height: 68) : Size(width: 68, height: 0)))
        CompositionalSessionTests.expectSame(live.prepared, try prepare(live.input, .compositional(configuration)))
        // The end item of section 1, measured shorter than its estimate: 20 long, the section stays 132.
        let shorter = isVertical ? Size(width: 30, height: 20) : Size(width: 20, height: 30)
        _ = try live.invalidate(InvalidationContext(supplementarySizes: [element(end, 1): shorter]))
        #expect(length(frame(end, 1)) == 20)
        let content = isVertical ? Size(width: 300, height: 342) : Size(width: 342, height: 300)
        #expect(live.prepared.contentSize == content)
        CompositionalSessionTests.expectSame(live.prepared, try prepare(live.input, .compositional(configuration)))
    }

    @Test func aSideKindOfTheOtherDirectionOrOfNoItemIsNotMeasured() throws {
        var live = try LiveLayout(
            input: LayoutInput(viewport: Size(width: 300, height: 300), sections: [SectionInput(count: 3)]),
            configuration: .compositional(Self.configuration(isVertical: true))
        )
        let wrong = SupplementaryIndexPath(kind: .topSupplementary, indexPath: IndexPath(section: 0, item: 0))
        #expect(throws: LayoutError.noSuchSupplementary(kind: .topSupplementary, section: 0, item: 0)) {
            try live.invalidate(InvalidationContext(supplementarySizes: [wrong: Size(width: 10, height: 10)]))
        }
    }
}
