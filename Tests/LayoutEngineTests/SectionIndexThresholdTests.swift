@testable import LayoutEngine
import Testing

/// A prepared layout indexes its sections only past one block of the index (``SpatialIndex/blockSize``); below, a
/// rect query scans them in order. Either way it must answer what a brute-force scan of every element finds.
@Suite struct SectionIndexThresholdTests {
    /// Section counts on both sides of the threshold.
    static let sectionCounts = [1, 2, SpatialIndex.blockSize, SpatialIndex.blockSize + 1, 3 * SpatialIndex.blockSize]

    @Test(arguments: [LayoutKind.flow, .waterfall], sectionCounts)
    func rectQueriesFindWhatABruteForceScanFinds(kind: LayoutKind, sections: Int) throws {
        var random = RandomLayouts(seed: UInt64(sections) &* 7_919 &+ (kind == .flow ? 1 : 2))
        for _ in 0..<20 {
            var input = LayoutInput(
                viewport: Size(width: 320, height: 480),
                sections: (0..<sections).map { _ in SectionInput(count: random.int(0...6)) }
            )
            for index in input.sections.indices where random.bool() {
                input.sections[index].header = Size(width: 320, height: 24)
            }
            let configuration: LayoutConfiguration = kind == .flow ? .flow(.init()) : .waterfall(.init())
            let layout = try prepare(input, configuration)
            for _ in 0..<20 {
                let rect = random.rect(in: layout.contentSize)
                let expected = layout.allAttributes(contentOffset: .zero).filter { $0.frame.intersects(rect) }
                #expect(layout.attributes(in: rect, contentOffset: .zero) == expected, "\(kind) \(sections) \(rect)")
            }
        }
    }

    @Test(arguments: sectionCounts)
    func candidateSectionsHoldEverySectionCrossingTheBand(sections: Int) throws {
        let input = LayoutInput(
            viewport: Size(width: 320, height: 480),
            sections: (0..<sections).map { SectionInput(count: 1 + $0 % 5) }
        )
        let layout = try prepare(input, .flow(.init()))
        let (lo, hi) = (layout.contentSize.height * 0.3, layout.contentSize.height * 0.6)
        let candidates = layout.candidateSections(from: lo, to: hi)
        for section in 0..<layout.numberOfSections {
            let extent = layout.sections[section].absoluteExtent
            if extent.maxY > lo && extent.minY < hi { #expect(candidates.contains(section), "section \(section)") }
        }
    }
}
