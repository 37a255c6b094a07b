import LayoutEngine
import Testing

@Suite struct RotaryLayoutTests {
    private let viewport = Size(width: 375, height: 667)

    @Test func cardsSitInAStripWhoseEndsCanBeCentred() throws {
        let layout = try prepare(LayoutInput(viewport: self.viewport, sections: [SectionInput(count: 3)]), .rotary(.init()))
        #expect(cellFrames(layout) == [Rect(87.5, 193.5, 200, 280), Rect(307.5, 193.5, 200, 280), Rect(527.5, 193.5, 200, 280)])
        #expect(layout.contentSize == Size(width: 815, height: 667))
    }

    @Test func theCentredCardIsFlatAndItsNeighbourTurnsAQuarterPi() throws {
        let layout = try prepare(LayoutInput(viewport: self.viewport, sections: [SectionInput(count: 3)]), .rotary(.init()))
        let cells = layout.allAttributes(contentOffset: .zero)
        var flat = Transform3D.identity
        flat.m34 = -1.0 / 500
        #expect(cells[0].transform3D == flat && cells[0].alpha == 1 && cells[0].zIndex == 0)
        let s = 0.8
        let h = 0.5.squareRoot()
        let expected: [Double] = [s * h, 0, s * h, -0.002 * s * h, 0, s, 0, 0, -h, 0, h, -0.002 * h, 0, 0, 0, 1]
        for (actual, value) in zip(cells[1].transform3D.components, expected) {
            #expect(isClose(actual, value, tolerance: 1e-12), "\(cells[1].transform3D.components)")
        }
        #expect(isClose(cells[1].alpha, 0.7) && cells[1].zIndex == -1000)
        // Two pitches away the progress clamps at 1: same transform and alpha, lower zIndex.
        #expect(cells[2].transform3D == cells[1].transform3D && cells[2].zIndex == -2000)
    }

    @Test func aSnappedCardIsTheIdentityUpToPerspective() throws {
        var random = RandomLayouts(seed: 0x5017)
        var checked = 0
        for _ in 0..<60 {
            let (input, configuration) = random.layout(kind: .rotary)
            let layout = try prepare(input, configuration)
            for _ in 0..<10 {
                let proposed = Point(x: random.double(0...layout.contentSize.width), y: 0)
                let target = layout.targetContentOffset(forProposedContentOffset: proposed, velocity: .zero)
                let centre = target.x + input.viewport.width / 2
                let cells = layout.allAttributes(contentOffset: target)
                guard let centred = cells.first(where: { $0.center.x == centre }) else { continue }
                checked += 1
                var components = centred.transform3D.components
                #expect(isClose(components[11], -1.0 / 500))
                components[11] = 0
                #expect(components == Transform3D.identity.components)
                #expect(centred.alpha == 1 && cells.allSatisfy { $0.zIndex <= centred.zIndex })
                #expect(cells.allSatisfy { $0.alpha >= 0.7 - 1e-12 && $0.alpha <= 1 })
            }
        }
        // Most snaps land on a centre exactly (the others are clamped at an end of a short strip).
        #expect(checked > 300)
    }

    @Test func rightToLeftMirrorsTheTurn() throws {
        var input = LayoutInput(viewport: self.viewport, sections: [SectionInput(count: 4)])
        let leftToRight = try prepare(input, .rotary(.init()))
        input.layoutDirection = .rightToLeft
        let rightToLeft = try prepare(input, .rotary(.init()))
        let width = leftToRight.contentSize.width
        let offset = Point(x: 130, y: 0)
        let mirrored = Point(x: width - offset.x - self.viewport.width, y: 0)
        for (ltr, rtl) in zip(leftToRight.allAttributes(contentOffset: offset), rightToLeft.allAttributes(contentOffset: mirrored)) {
            let a = ltr.transform3D.components
            let b = rtl.transform3D.components
            // F·T·F with F = diag(−1, 1, 1, 1): the first row and column change sign, except m11.
            for index in 0..<16 {
                let flips = (index < 4 || index % 4 == 0) && index != 0
                #expect(b[index] == (flips ? -a[index] : a[index]))
            }
            #expect(rtl.alpha == ltr.alpha && rtl.zIndex == ltr.zIndex)
        }
    }
}
