@testable import LayoutEngine
import Testing

/// ``LayoutConfiguration`` boxes its payloads: the value is one reference, and a boxed case answers as inline.
@Suite struct LayoutConfigurationTests {
    @Test func aConfigurationIsOneReferenceWhateverItsKind() {
        #expect(MemoryLayout<LayoutConfiguration>.size == MemoryLayout<AnyObject>.size)
        #expect(MemoryLayout<LayoutConfiguration>.size < MemoryLayout<FlowLayout.Configuration>.size)
    }

    @Test func aBoxedCaseGivesBackItsPayloadAndComparesByIt() {
        var columns = WaterfallLayout.Configuration()
        columns.columnCount = 5
        let boxed = LayoutConfiguration.waterfall(columns)
        #expect(boxed.kind == .waterfall)
        #expect(boxed.payload(as: WaterfallLayout.Configuration.self)?.columnCount == 5)
        #expect(boxed.payload(as: FlowLayout.Configuration.self) == nil)
        #expect(boxed == .waterfall(columns) && boxed.hashValue == LayoutConfiguration.waterfall(columns).hashValue)
        #expect(boxed != LayoutConfiguration.defaults(for: .waterfall))
        var copy = boxed
        columns.columnCount = 2
        copy = .waterfall(columns)
        #expect(boxed.payload(as: WaterfallLayout.Configuration.self)?.columnCount == 5)
        #expect(copy.payload(as: WaterfallLayout.Configuration.self)?.columnCount == 2)
    }
}
