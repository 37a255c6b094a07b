import LayoutEngine
import Testing

@Suite struct LineLayoutTests {
    // Seed 000's demo: 20 images in a view 200 points high.
    private let layout: PreparedLayout = {
        let input = LayoutInput(viewport: Size(width: 375, height: 200), sections: [SectionInput(count: 20)])
        return try! prepareLayout(input, configuration: .line(.init()))
    }()

    @Test func itemsFormOneRowCentredVerticallyWithCentringInsets() {
        let frames = cellFrames(self.layout)
        for (item, frame) in frames.enumerated() {
            #expect(frame == Rect(137.5 + 170 * Double(item), 50, 100, 100))
        }
        #expect(self.layout.contentSize == Size(width: 137.5 * 2 + 20 * 100 + 19 * 70, height: 200))
    }

    @Test func itemsScaleByTheirDistanceFromTheViewportCentreClampedAtZero() {
        let attributes = self.layout.allAttributes(contentOffset: .zero)
        #expect(attributes[0].transform == .scale(x: 1.6, y: 1.6))
        let second = 1 + 0.6 * (1 - 170.0 / 150)
        #expect(isClose(attributes[1].transform.a, second))
        #expect(attributes[3].transform == .scale(x: 0, y: 0))
        // Scrolled by one item, the second item is at the centre.
        let scrolled = self.layout.attributesForItem(
            at: IndexPath(section: 0, item: 1),
            contentOffset: Point(x: 170, y: 0)
        )
        #expect(scrolled?.transform == .scale(x: 1.6, y: 1.6))
        #expect(scrolled?.frame == Rect(307.5, 50, 100, 100))
    }

    @Test func snappingBringsTheNearestCentreToTheViewportCentre() {
        let target = self.layout.targetContentOffset(forProposedContentOffset: Point(x: 100, y: 0), velocity: .zero)
        #expect(target == Point(x: 170, y: 0))
        let back = self.layout.targetContentOffset(forProposedContentOffset: Point(x: 60, y: 0), velocity: .zero)
        #expect(back == Point(x: 0, y: 0))
    }

    @Test func aFlickNeverSnapsBackAgainstItsDirection() {
        let forward = self.layout.targetContentOffset(
            forProposedContentOffset: Point(x: 10, y: 0),
            velocity: Point(x: 800, y: 0)
        )
        #expect(forward == Point(x: 170, y: 0))
        let backward = self.layout.targetContentOffset(
            forProposedContentOffset: Point(x: 160, y: 0),
            velocity: Point(x: -800, y: 0)
        )
        #expect(backward == Point(x: 0, y: 0))
        // Below the threshold it is an ordinary snap to the nearest.
        let slow = self.layout.targetContentOffset(
            forProposedContentOffset: Point(x: 10, y: 0),
            velocity: Point(x: 100, y: 0)
        )
        #expect(slow == Point(x: 0, y: 0))
    }

    @Test func snappingWorksWhenNoItemIsInTheProposedRect() {
        let beyond = self.layout.targetContentOffset(forProposedContentOffset: Point(x: 9000, y: 0), velocity: .zero)
        #expect(beyond == Point(x: 3230, y: 0))
        let before = self.layout.targetContentOffset(forProposedContentOffset: Point(x: -900, y: 0), velocity: .zero)
        #expect(before == Point(x: 0, y: 0))
    }

    @Test func snappingMirrorsInRightToLeft() throws {
        let input = LayoutInput(
            viewport: Size(width: 375, height: 200),
            layoutDirection: .rightToLeft,
            sections: [SectionInput(count: 20)]
        )
        let mirrored = try prepare(input, .line(.init()))
        // Offset 3230 shows item 0 at the centre in right to left; 3060 shows item 1.
        let target = mirrored.targetContentOffset(forProposedContentOffset: Point(x: 3130, y: 0), velocity: .zero)
        #expect(target == Point(x: 3060, y: 0))
        let flick = mirrored.targetContentOffset(
            forProposedContentOffset: Point(x: 3220, y: 0),
            velocity: Point(x: -800, y: 0)
        )
        #expect(flick == Point(x: 3060, y: 0))
    }

    @Test func lineReadsASectionsItemSizeAndSpacingAndRotaryDoesNot() throws {
        var section = SectionInput(count: 3)
        section.overrides.itemSize = Size(width: 60, height: 40)
        section.overrides.minimumLineSpacing = 5
        let input = LayoutInput(viewport: Size(width: 375, height: 200), sections: [section])
        let line = try prepare(input, .line(.init()))
        #expect(cellFrames(line) == [Rect(157.5, 80, 60, 40), Rect(222.5, 80, 60, 40), Rect(287.5, 80, 60, 40)])
        // Rotary keeps its own card size (200 × 280) and spacing (20), taller than the viewport: y is 0.
        let rotary = try prepare(input, .rotary(.init()))
        #expect(cellFrames(rotary) == [Rect(87.5, 0, 200, 280), Rect(307.5, 0, 200, 280), Rect(527.5, 0, 200, 280)])
    }

    @Test func otherKindsKeepTheProposedOffset() throws {
        let flow = try prepare(LayoutInput(sections: [SectionInput(count: 100)]), .flow(.init()))
        #expect(
            flow.targetContentOffset(forProposedContentOffset: Point(x: 0, y: 123), velocity: .zero)
                == Point(x: 0, y: 123)
        )
    }
}
