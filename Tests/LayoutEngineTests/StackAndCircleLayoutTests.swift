import LayoutEngine
import Testing

#if canImport(Glibc)
    import Glibc
#endif

@Suite struct StackAndCircleLayoutTests {
    private let viewport = Size(width: 375, height: 200)

    @Test func theStackPilesFiveRotatedCardsAndHidesTheRest() throws {
        let layout = try prepare(
            LayoutInput(viewport: self.viewport, sections: [SectionInput(count: 7)]),
            .stack(.init())
        )
        let attributes = layout.allAttributes(contentOffset: .zero)
        let angles = [0, -0.2, -0.5, 0.2, 0.5]
        #expect(attributes.count == 7)
        for (item, element) in attributes.enumerated() {
            #expect(element.frame == Rect(137.5, 50, 100, 100))
            #expect(element.zIndex == 7 - item)
            #expect(element.isHidden == (item >= 5))
            if item < 5 {
                #expect(isClose(element.transform.a, cos(angles[item]), tolerance: 1e-15))
                #expect(isClose(element.transform.b, sin(angles[item]), tolerance: 1e-15))
                #expect(isClose(element.transform.c, -sin(angles[item]), tolerance: 1e-15))
            } else {
                #expect(element.transform == .identity)
            }
        }
        #expect(attributes[0].transform == .identity)
        #expect(layout.contentSize == self.viewport)
    }

    @Test func seedTwosAnglesAreAConfiguration() throws {
        var configuration = StackLayout.Configuration()
        configuration.angles = [0, 1, 0.05, -1, -0.05]
        let layout = try prepare(
            LayoutInput(viewport: self.viewport, sections: [SectionInput(count: 5)]),
            .stack(configuration)
        )
        let third = layout.attributesForItem(at: IndexPath(section: 0, item: 3), contentOffset: .zero)
        #expect(third.map { isClose($0.transform.b, sin(-1.0), tolerance: 1e-15) } == true)
    }

    @Test func twentyItemsSitEvenlyOnTheCircle() throws {
        let layout = try prepare(
            LayoutInput(viewport: self.viewport, sections: [SectionInput(count: 20)]),
            .circle(.init())
        )
        let attributes = layout.allAttributes(contentOffset: .zero)
        #expect(attributes.count == 20)
        for (item, element) in attributes.enumerated() {
            let angle = Double(item) * 2 * Double.pi / 20
            #expect(isClose(element.center.x, 187.5 + 70 * cos(angle), tolerance: 1e-13))
            #expect(isClose(element.center.y, 100 - 70 * sin(angle), tolerance: 1e-13))
            #expect(element.size == Size(width: 50, height: 50))
            #expect(element.zIndex == item)
        }
        #expect(attributes[0].center == Point(x: 257.5, y: 100))
        #expect(attributes[5].frame == Rect(162.5, 5, 50, 50))
    }

    @Test func theEngineSineAndCosineMatchTheCLibrary() {
        var generator = SplitMix64(seed: 7)
        for _ in 0..<10_000 {
            let x = Double.random(in: -100...100, using: &generator)
            let transform = AffineTransform.rotation(x)
            #expect(abs(transform.a - cos(x)) <= 2e-16 * 4)
            #expect(abs(transform.b - sin(x)) <= 2e-16 * 4)
        }
        #expect(AffineTransform.rotation(0) == .identity)
    }
}
