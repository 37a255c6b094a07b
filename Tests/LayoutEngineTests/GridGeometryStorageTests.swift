@testable import LayoutEngine
import Testing

/// ``GridGeometry`` keeps its fields in one box: two grids made apart with the same fields are equal and hash
/// alike, and a grid built by the flow builder answers the frames its fields give.
@Suite struct GridGeometryStorageTests {
    static func grid(lastLineU: [Double]) -> GridGeometry {
        GridGeometry(GridParts(
            count: 5,
            columns: 2,
            isVertical: true,
            size: Size(width: 10, height: 4),
            thickness: 4,
            lineSpacing: 1.5,
            positions: [0, 12] + lastLineU,
            lineUCount: 2,
            checkpoints: [2],
            firstLineV: 2
        ))
    }

    @Test func gridsOfEqualFieldsMadeApartAreEqual() {
        let first = Self.grid(lastLineU: [6])
        let second = Self.grid(lastLineU: [6])
        #expect(first == second)
        #expect(first.hashValue == second.hashValue)
        #expect(first != Self.grid(lastLineU: [5]))
    }

    @Test func framesFollowTheBoxedFields() {
        let grid = Self.grid(lastLineU: [6])
        #expect(grid.lines == 3)
        #expect(grid.frame(0) == Rect(x: 0, y: 2, width: 10, height: 4))
        #expect(grid.frame(3) == Rect(x: 12, y: 7.5, width: 10, height: 4))
        #expect(grid.frame(4) == Rect(x: 6, y: 13, width: 10, height: 4))
        var visited: [Rect] = []
        grid.forEachFrame(in: 0..<5) { _, frame in visited.append(frame) }
        #expect(visited == (0..<5).map(grid.frame))
    }

    @Test func aFlowCountSectionIsAGridWithTheBuildersFrames() throws {
        var flow = FlowLayout.Configuration()
        flow.itemSize = Size(width: 50, height: 30)
        flow.minimumInteritemSpacing = 7
        flow.minimumLineSpacing = 3
        let viewport = Size(width: 320, height: 600)
        let computed = try prepareLayout(
            LayoutInput(viewport: viewport, sections: [SectionInput(count: 23)]), configuration: .flow(flow))
        let stored = try prepareLayout(
            LayoutInput(viewport: viewport, sections: [SectionInput(items: .sizes(Array(repeating: flow.itemSize,
                count: 23)))]),
            configuration: .flow(flow))
        let grid = try #require(computed.sections[0].frames.grid)
        #expect(grid.count == 23)
        #expect(computed.sections[0].index.grid == grid)
        #expect(Array(computed.sections[0].frames) == Array(stored.sections[0].frames))
    }
}
