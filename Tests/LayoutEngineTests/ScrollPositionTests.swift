import LayoutEngine
import Testing

/// `scrollToItem(at:at:animated:)`'s arithmetic on one axis, pinned by hand: a viewport 400 long, content 2,000
/// long, insets 20 before and 30 after (so the visible area is 350 long and the range is −20…1,630).
@Suite struct ScrollPositionTests {
    static func offset(_ alignment: ScrollPosition.Alignment, _ low: Double, _ high: Double, current: Double) -> Double {
        alignment.offset(
            showing: low,
            to: high,
            current: current,
            viewportLength: 400,
            insetLeading: 20,
            insetTrailing: 30,
            contentLength: 2000
        )
    }

    @Test(arguments: [
        // (alignment, element, current offset, expected offset)
        (ScrollPosition.Alignment.leading, 500.0, 600.0, 0.0, 480.0),  // 500 − 20
        (.trailing, 500, 600, 0, 230),  // 600 − 400 + 30
        (.center, 500, 600, 0, 355),  // 550 − 20 − 175
        (.leading, 10, 60, 300, -10),
        (.leading, 0, 50, 300, -20),  // clamped at −inset
        (.trailing, 1950, 2000, 0, 1630),  // 2000 + 30 − 400
        (.leading, 1990, 2000, 0, 1630),  // clamped at the end
        (.nearest, 500, 600, 200, 230),  // below: the least movement brings its bottom in
        (.nearest, 500, 600, 600, 480),  // above: its top
        (.nearest, 500, 600, 300, 300),  // wholly visible (320…670): no movement
        (.nearest, 500, 1200, 300, 480),  // larger than the visible area: its leading edge
        (.nearest, 500, 1200, 900, 480),
    ])
    func eachAlignmentPlacesTheElementOnItsAxis(
        alignment: ScrollPosition.Alignment,
        low: Double,
        high: Double,
        current: Double,
        expected: Double
    ) {
        #expect(Self.offset(alignment, low, high, current: current) == expected)
    }

    @Test func contentShorterThanTheViewportRestsAtMinusTheLeadingInset() {
        let offset = ScrollPosition.Alignment.trailing.offset(
            showing: 100,
            to: 150,
            current: 0,
            viewportLength: 400,
            insetLeading: 20,
            insetTrailing: 30,
            contentLength: 200
        )
        #expect(offset == -20)
    }
}
