import LayoutEngine
import Testing

@Suite struct GeometryTests {
    @Test func rectanglesThatOnlyShareAnEdgeDoNotIntersect() {
        let a = Rect(0, 0, 10, 10)
        #expect(a.intersects(Rect(5, 5, 10, 10)))
        #expect(!a.intersects(Rect(10, 0, 10, 10)))
        #expect(!a.intersects(Rect(0, 10, 10, 10)))
        #expect(a.intersects(Rect(5, 5, 0, 0)))
    }

    @Test func theFrameIsTheCentreAndSize() {
        var attributes = LayoutAttributes(
            category: .cell,
            kind: nil,
            indexPath: IndexPath(section: 0, item: 0),
            frame: Rect(10, 20, 30, 40)
        )
        #expect(attributes.center == Point(x: 25, y: 40))
        #expect(attributes.alpha == 1 && attributes.zIndex == 0 && !attributes.isHidden)
        attributes.frame = Rect(0, 0, 2, 2)
        #expect(attributes.center == Point(x: 1, y: 1))
    }

    @Test func theThreeDimensionalTransformDefaultsToTheIdentityAndCompares() {
        var a = LayoutAttributes(category: .cell, kind: nil, indexPath: IndexPath(section: 0, item: 0), frame: .zero)
        let b = a
        #expect(a.transform3D.isIdentity)
        var components = Transform3D.identity.components
        components[11] = -0.002
        a.transform3D = Transform3D(components: components)!
        #expect(a != b)
        #expect(a.transform3D.m34 == -0.002)
        a.transform3D = .identity
        #expect(a == b)
        #expect(Transform3D(components: [1, 2]) == nil)
    }

    @Test func indexPathsOrderBySectionThenItem() {
        #expect(IndexPath(section: 0, item: 9) < IndexPath(section: 1, item: 0))
        #expect(IndexPath(section: 1, item: 1) < IndexPath(section: 1, item: 2))
    }
}
