import LayoutEngine
import Testing

@Suite struct TransitionInterpolationTests {
    private func isClose(_ a: AffineTransform, _ b: AffineTransform, tolerance: Double = 1e-12) -> Bool {
        [a.a - b.a, a.b - b.b, a.c - b.c, a.d - b.d, a.tx - b.tx, a.ty - b.ty].allSatisfy { abs($0) <= tolerance }
    }

    @Test func decompositionRoundTripsRandomTransforms() {
        var random = SplitMix64(seed: 0xDEC0)
        func value() -> Double { Double.random(in: -3...3, using: &random) }
        var transforms: [AffineTransform] = [
            .identity, .scale(x: -1, y: 1), .scale(x: 1, y: -1), .scale(x: 0, y: 2), .scale(x: 0, y: 0),
            AffineTransform(a: 0, b: 0, c: 1.5, d: -0.5, tx: 3, ty: 4), .rotation(Double.pi), .rotation(-3),
        ]
        for _ in 0..<2000 {
            transforms.append(AffineTransform(a: value(), b: value(), c: value(), d: value(), tx: value(), ty: value()))
        }
        for transform in transforms {
            let decomposition = AffineTransform.Decomposition(transform)
            #expect(isClose(decomposition.transform, transform), "\(transform) → \(decomposition)")
            #expect(decomposition.scaleX >= 0)
        }
    }

    @Test func decomposedRotationsRecoverTheirAngle() {
        var random = SplitMix64(seed: 0xA7A2)
        var angles = [0, 0.25, -0.5, 1, Double.pi / 2, -Double.pi / 2, 3 * Double.pi / 4, -3, 3.14159]
        for _ in 0..<5000 { angles.append(Double.random(in: -3.14159...3.14159, using: &random)) }
        for angle in angles {
            let scale = Double.random(in: 0.01...100, using: &random)
            var transform = AffineTransform.rotation(angle)
            transform.a *= scale
            transform.b *= scale
            let decomposition = AffineTransform.Decomposition(transform)
            #expect(abs(decomposition.rotation - angle) <= 4e-16 * Swift.max(1, abs(angle)), "\(angle)")
            #expect(abs(decomposition.scaleX - scale) <= 1e-14 * scale)
        }
        // The x axis turned by π/4, and reflected (a half turn): exact to the last digit.
        #expect(
            AffineTransform.Decomposition(AffineTransform(a: 1, b: 1, c: -1, d: 1, tx: 0, ty: 0)).rotation == Double.pi
                / 4
        )
        #expect(AffineTransform.Decomposition(AffineTransform.scale(x: -1, y: 1)).rotation == Double.pi)
    }

    @Test func aRotatedCardTurnsUprightAlongItsAngle() {
        for progress in stride(from: 0.0, through: 1.0, by: 0.125) {
            let mixed = AffineTransform.rotation(-0.5).interpolated(to: .identity, progress: progress)
            #expect(isClose(mixed, .rotation(-0.5 * (1 - progress))), "progress \(progress)")
        }
    }

    @Test func rotationsTakeTheShortWayRound() {
        // From 3 rad to −3 rad is 0.283 rad through π, not 6 rad back through 0.
        let mixed = AffineTransform.rotation(3).interpolated(to: .rotation(-3), progress: 0.5)
        #expect(isClose(mixed, .rotation(3 + (2 * Double.pi - 6) / 2)))
        let quarter = AffineTransform.rotation(Double.pi * 0.9).interpolated(
            to: .rotation(-Double.pi * 0.9),
            progress: 0.5
        )
        #expect(isClose(quarter, .rotation(Double.pi)))
    }

    @Test func aFlipCollapsesAlongOneAxisInsteadOfSpinning() {
        let mixed = AffineTransform.identity.interpolated(to: .scale(x: -1, y: 1), progress: 0.5)
        #expect(isClose(mixed, .scale(x: 0, y: 1)))
        let quarter = AffineTransform.identity.interpolated(to: .scale(x: 1, y: -1), progress: 0.25)
        #expect(isClose(quarter, .scale(x: 1, y: 0.5)))
    }

    @Test func aDegenerateEndBorrowsTheOtherEndsAngle() {
        let mixed = AffineTransform.scale(x: 0, y: 0).interpolated(to: .rotation(0.4), progress: 0.5)
        let expected = AffineTransform.rotation(0.4)
        #expect(
            isClose(
                mixed,
                AffineTransform(
                    a: expected.a / 2,
                    b: expected.b / 2,
                    c: expected.c / 2,
                    d: expected.d / 2,
                    tx: 0,
                    ty: 0
                )
            )
        )
    }

    @Test func scalesShearsAndTranslationsInterpolateLinearly() {
        let from = AffineTransform(a: 2, b: 0, c: 0, d: 4, tx: 10, ty: -10)
        let to = AffineTransform(a: 1, b: 0, c: 1, d: 1, tx: 0, ty: 0)
        let mixed = from.interpolated(to: to, progress: 0.5)
        #expect(isClose(mixed, AffineTransform(a: 1.5, b: 0, c: 0.5, d: 2.5, tx: 5, ty: -5)))
    }

    @Test func equalTransformsStayExactlyEqual() {
        var random = SplitMix64(seed: 7)
        for _ in 0..<100 {
            let transform = AffineTransform.rotation(Double.random(in: -4...4, using: &random))
            let progress = Double.random(in: 0...1, using: &random)
            #expect(transform.interpolated(to: transform, progress: progress) == transform)
        }
    }

    @Test func interpolatedAttributesMixFrameAlphaAndZIndex() {
        var from = LayoutAttributes(
            category: .cell,
            kind: nil,
            indexPath: IndexPath(section: 0, item: 1),
            frame: Rect(0, 0, 100, 100)
        )
        from.zIndex = 4
        from.alpha = 1
        var to = from
        to.frame = Rect(100, 200, 50, 50)
        to.zIndex = 9
        to.alpha = 0.5
        let early = LayoutAttributes.interpolated(from: from, to: to, progress: 0.25)
        #expect(early.center == Point(x: 50 * 0.75 + 125 * 0.25, y: 50 * 0.75 + 225 * 0.25))
        #expect(early.size == Size(width: 87.5, height: 87.5))
        #expect(early.alpha == 0.875)
        #expect(early.zIndex == 4)
        #expect(LayoutAttributes.interpolated(from: from, to: to, progress: 0.5).zIndex == 9)
        var hiddenEnd = to
        hiddenEnd.isHidden = true
        let fading = LayoutAttributes.interpolated(from: from, to: hiddenEnd, progress: 0.25)
        #expect(fading.alpha == 0.75 && !fading.isHidden)
        var hiddenStart = from
        hiddenStart.isHidden = true
        #expect(LayoutAttributes.interpolated(from: hiddenStart, to: hiddenEnd, progress: 0.5).isHidden)
    }

    @Test func threeDimensionalTransformsInterpolateComponentwise() {
        var from = LayoutAttributes(
            category: .cell,
            kind: nil,
            indexPath: IndexPath(section: 0, item: 0),
            frame: Rect(0, 0, 10, 10)
        )
        var to = from
        from.transform3D = Transform3D(components: [1, 0, 0, 0, 0, 1, 0, 0, 0, 0, 1, -0.002, 0, 0, 0, 1])!
        to.transform3D = Transform3D(components: [3, 0, 0, 0, 0, 1, 0, 0, 0, 0, 1, 0, 10, 0, 0, 1])!
        let mixed = LayoutAttributes.interpolated(from: from, to: to, progress: 0.5)
        #expect(mixed.transform3D.components == [2, 0, 0, 0, 0, 1, 0, 0, 0, 0, 1, -0.001, 5, 0, 0, 1])
    }
}
