import LayoutEngine
import Testing

@Suite struct PageCoverLayoutTests {
    private let viewport = Size(width: 300, height: 500)

    @Test func theNextPageWaitsBeneathTheTurningOne() throws {
        let layout = try prepare(
            LayoutInput(viewport: self.viewport, sections: [SectionInput(count: 2), SectionInput(count: 1)]),
            .pagecover(.init())
        )
        #expect(layout.contentSize == Size(width: 900, height: 500))
        let cells = layout.allAttributes(contentOffset: Point(x: 120, y: 0))
        #expect(cells.map(\.frame) == [Rect(0, 0, 300, 500), Rect(120, 0, 300, 500), Rect(600, 0, 300, 500)])
        #expect(cells.map(\.zIndex) == [0, -1, 0])
        // Turning the second page: the first page of the next section waits beneath it.
        let later = layout.allAttributes(contentOffset: Point(x: 450, y: 0))
        #expect(later.map(\.frame.minX) == [0, 300, 450] && later.map(\.zIndex) == [0, 0, -1])
        // A bounce turns nothing: the offset is clamped to the pages.
        #expect(layout.allAttributes(contentOffset: Point(x: -40, y: 0)).map(\.frame.minX) == [0, 0, 600])
    }

    @Test func theViewportShowsExactlyTheTurningPageAndTheNext() throws {
        var random = RandomLayouts(seed: 0xB00C)
        for _ in 0..<60 {
            let (input, configuration) = random.layout(kind: .pagecover)
            let layout = try prepare(input, configuration)
            let pages = Int((layout.contentSize.width / input.viewport.width).rounded())
            guard pages > 0 else { continue }
            for _ in 0..<20 {
                let x = random.double(0...(layout.contentSize.width - input.viewport.width)).rounded()
                let viewportRect = Rect(origin: Point(x: x, y: 0), size: input.viewport)
                let shown = layout.attributes(in: viewportRect, contentOffset: Point(x: x, y: 0))
                let stored = input.layoutDirection == .rightToLeft ? layout.contentSize.width - x - input.viewport.width : x
                let c = Int((stored / input.viewport.width).rounded(.down))
                let expected = Swift.min(pages, c + 2) - c
                #expect(shown.count == expected, "x \(x) of \(pages) pages")
                let leading = shown.filter { $0.zIndex == 0 }
                let beneath = shown.filter { $0.zIndex == -1 }
                #expect(leading.count == 1 && beneath.count == expected - 1)
                // The page beneath fills the viewport exactly; the turning one keeps its natural place.
                #expect(beneath.allSatisfy { $0.frame == viewportRect })
                #expect(leading.allSatisfy { isClose($0.frame.width, input.viewport.width) })
            }
        }
    }

    @Test func snappingRestsOnAWholePageAndFlicksTurnIt() throws {
        let layout = try prepare(LayoutInput(viewport: self.viewport, sections: [SectionInput(count: 5)]), .pagecover(.init()))
        #expect(layout.targetContentOffset(forProposedContentOffset: Point(x: 420, y: 0), velocity: .zero).x == 300)
        #expect(layout.targetContentOffset(forProposedContentOffset: Point(x: 460, y: 0), velocity: .zero).x == 600)
        #expect(layout.targetContentOffset(forProposedContentOffset: Point(x: 310, y: 0), velocity: Point(x: 800, y: 0)).x == 600)
        #expect(layout.targetContentOffset(forProposedContentOffset: Point(x: 590, y: 0), velocity: Point(x: -800, y: 0)).x == 300)
        #expect(layout.targetContentOffset(forProposedContentOffset: Point(x: 1300, y: 0), velocity: .zero).x == 1200)
    }
}

@Suite struct CardLayoutExtremeTests {
    @Test(arguments: LayoutKind.allCases.filter { [.cover, .rotary, .pagecover].contains($0) })
    func tinyAndHugeValuesNeitherTrapNorGiveNaN(kind: LayoutKind) throws {
        for viewport in [Size(width: .leastNonzeroMagnitude, height: .leastNonzeroMagnitude), Size(width: 0, height: 0), Size(width: 1e7, height: 1e7)] {
            let layout = try prepare(LayoutInput(viewport: viewport, sections: [SectionInput(count: 5)]), .defaults(for: kind))
            for offset in [Point(x: 1e9, y: 1e9), Point(x: -1e9, y: -1e9), Point(x: .leastNonzeroMagnitude, y: 0)] {
                for attributes in layout.allAttributes(contentOffset: offset) {
                    #expect(!attributes.alpha.isNaN && !attributes.frame.minX.isNaN && !attributes.frame.minY.isNaN)
                    #expect(attributes.transform3D.components.allSatisfy { $0.isFinite })
                }
                _ = layout.attributes(in: Rect(x: -1e9, y: -1e9, width: 2e9, height: 2e9), contentOffset: offset)
                _ = layout.targetContentOffset(forProposedContentOffset: offset, velocity: Point(x: 1e6, y: 1e6))
            }
        }
    }
}
