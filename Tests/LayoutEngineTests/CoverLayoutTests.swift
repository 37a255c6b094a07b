import LayoutEngine
import Testing

@Suite struct CoverLayoutTests {
    private let viewport = Size(width: 375, height: 667)

    private func cell(_ layout: PreparedLayout, _ item: Int, at offset: Point, section: Int = 0) throws -> LayoutAttributes {
        try #require(layout.attributesForItem(at: IndexPath(section: section, item: item), contentOffset: offset))
    }

    @Test func defaultCardsFillTheWidthAndSixTenthsOfTheHeight() throws {
        let layout = try prepare(LayoutInput(viewport: self.viewport, sections: [SectionInput(count: 3)]), .cover(.init()))
        let frames = cellFrames(layout)
        #expect(frames.count == 3)
        #expect(isClose(frames[0], Rect(0, 0, 375, 400.2)))
        #expect(isClose(frames[1], Rect(0, 410.2, 375, 400.2)))
        #expect(isClose(frames[2], Rect(0, 820.4, 375, 400.2)))
        #expect(isClose(layout.contentSize.height, 1220.6) && layout.contentSize.width == 375)
    }

    @Test func aCardHalfCoveredIsPinnedShrunkAndDimmed() throws {
        var configuration = CoverLayout.Configuration()
        configuration.itemSize = Size(width: 300, height: 190)
        configuration.sectionInset = EdgeInsets(top: 20, left: 10, bottom: 0, right: 10)
        let layout = try prepare(LayoutInput(viewport: self.viewport, sections: [SectionInput(count: 4)]), .cover(configuration))
        // Card 0's top is at 20; the top line at offset 100 is 120: 100 past, half of 190 + 10.
        let first = try cell(layout, 0, at: Point(x: 0, y: 100))
        #expect(first.frame == Rect(10, 120, 300, 190))
        #expect(isClose(first.transform.a, 0.95) && isClose(first.transform.d, 0.95))
        #expect(isClose(first.alpha, 0.8) && !first.isHidden && first.zIndex == 0)
        let second = try cell(layout, 1, at: Point(x: 0, y: 100))
        #expect(second.frame == Rect(10, 220, 300, 190) && second.zIndex == 1 && second.alpha == 1)
        #expect(second.transform == .identity)
        // At offset 200 card 0 is fully covered: hidden, left at its place; card 1 sits exactly on the line.
        let hidden = try cell(layout, 0, at: Point(x: 0, y: 200))
        #expect(hidden.isHidden && hidden.frame == Rect(10, 20, 300, 190))
        let onLine = try cell(layout, 1, at: Point(x: 0, y: 200))
        #expect(onLine.frame.minY == 220 && onLine.alpha == 1 && !onLine.isHidden)
    }

    @Test func horizontalCardsDoTheSameSideways() throws {
        var configuration = CoverLayout.Configuration()
        configuration.scrollDirection = .horizontal
        configuration.sectionInset = EdgeInsets(top: 10, left: 5, bottom: 10, right: 5)
        let layout = try prepare(LayoutInput(viewport: self.viewport, sections: [SectionInput(count: 3)]), .cover(configuration))
        // Default: 0.6 of the width (225) by the height less the insets (647).
        #expect(cellFrames(layout)[1] == Rect(240, 10, 225, 647))
        let first = try cell(layout, 0, at: Point(x: 117.5, y: 0))
        #expect(first.frame == Rect(122.5, 10, 225, 647))
        #expect(isClose(first.transform.a, 0.95) && isClose(first.alpha, 0.8))
    }

    @Test func zIndexCountsItemsAcrossSections() throws {
        let layout = try prepare(
            LayoutInput(viewport: self.viewport, sections: [SectionInput(count: 2), SectionInput(count: 2)]),
            .cover(.init())
        )
        #expect(try cell(layout, 1, at: .zero, section: 1).zIndex == 3)
    }

    @Test func aPinnedCardNeverLeavesTheTopLine() throws {
        var random = RandomLayouts(seed: 0xC0DE)
        for _ in 0..<100 {
            let (input, configuration) = random.layout(kind: .cover)
            guard case .cover(let cover) = configuration else { continue }
            let layout = try prepare(input, configuration)
            let isVertical = cover.scrollDirection == .vertical
            let natural = layout.allAttributes(contentOffset: Point(x: -1e6, y: -1e6))
            for _ in 0..<20 {
                let offset = Point(
                    x: random.double(-50...layout.contentSize.width),
                    y: random.double(-50...layout.contentSize.height)
                )
                let stored = isVertical ? offset : Point(x: input.layoutDirection == .rightToLeft
                    ? layout.contentSize.width - offset.x - input.viewport.width : offset.x, y: offset.y)
                let line = isVertical ? stored.y + cover.sectionInset.top : stored.x + cover.sectionInset.left
                for (now, before) in zip(layout.allAttributes(contentOffset: offset), natural) {
                    #expect(now.indexPath == before.indexPath)
                    let leading = isVertical ? before.frame.minY : self.storedMinX(before.frame, layout, input)
                    let drawn = isVertical ? now.frame.minY : self.storedMinX(now.frame, layout, input)
                    if leading < line && !now.isHidden {
                        #expect(isClose(drawn, line), "pinned \(now.indexPath) at \(drawn), line \(line)")
                        #expect(now.alpha <= 1 && now.alpha >= 1 - cover.dim - 1e-12)
                    } else {
                        #expect(now.frame == before.frame)
                    }
                    if now.isHidden {
                        let length = isVertical ? before.frame.height : before.frame.width
                        #expect(line - leading >= length + cover.minimumLineSpacing - 1e-9)
                    }
                }
            }
        }
    }

    private func storedMinX(_ frame: Rect, _ layout: PreparedLayout, _ input: LayoutInput) -> Double {
        input.layoutDirection == .rightToLeft ? layout.contentSize.width - frame.maxX : frame.minX
    }

    @Test func snappingBringsTheNearestCardsTopToTheTopLine() throws {
        var configuration = CoverLayout.Configuration()
        configuration.itemSize = Size(width: 300, height: 190)
        configuration.sectionInset = EdgeInsets(top: 20, left: 0, bottom: 0, right: 0)
        let layout = try prepare(LayoutInput(viewport: Size(width: 300, height: 400), sections: [SectionInput(count: 10)]), .cover(configuration))
        // Card tops are at 20 + 200k; the top line is the offset + 20, so card k rests at offset 200k.
        #expect(layout.targetContentOffset(forProposedContentOffset: Point(x: 0, y: 290), velocity: .zero) == Point(x: 0, y: 200))
        #expect(layout.targetContentOffset(forProposedContentOffset: Point(x: 0, y: 310), velocity: .zero) == Point(x: 0, y: 400))
        #expect(layout.targetContentOffset(forProposedContentOffset: Point(x: 0, y: 210), velocity: Point(x: 0, y: 500)) == Point(x: 0, y: 400))
        #expect(layout.targetContentOffset(forProposedContentOffset: Point(x: 0, y: 390), velocity: Point(x: 0, y: -500)) == Point(x: 0, y: 200))
    }

    @Test func badParametersAreRefused() {
        var configuration = CoverLayout.Configuration()
        configuration.shrink = 1.5
        #expect(throws: LayoutError.invalidParameter(name: "shrink", section: nil)) {
            try prepareLayout(LayoutInput(sections: [SectionInput(count: 1)]), configuration: .cover(configuration))
        }
    }
}
