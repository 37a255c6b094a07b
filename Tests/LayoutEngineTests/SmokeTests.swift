import LayoutEngine
import Testing

@Suite struct SmokeTests {
    @Test func aFlowLayoutPrepares() throws {
        let layout = try prepareLayout(LayoutInput(sections: [SectionInput(count: 3)]), configuration: .flow(.init()))
        #expect(layout.elementCount == 3)
    }
}
