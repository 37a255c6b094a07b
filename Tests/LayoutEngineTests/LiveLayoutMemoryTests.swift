import LayoutEngine
import Testing

/// ``LiveLayout/heapBytes`` counts what a session holds: it grows linearly with the listed items, between the bytes
/// the 16 of input every listed item must cost and 20 (flow, waterfall and justified keep checkpoints, not frames).
/// (`layout-bench sessions` compares it with
/// the resident memory of a process holding thousands of sessions.)
@Suite struct LiveLayoutMemoryTests {
    static let kinds: [LayoutConfiguration] = [.flow(.init()), .waterfall(.init()), .justified(.init())]

    static let byCount = LayoutInput(sections: [SectionInput(count: 10_000)])

    static func session(items: Int, _ configuration: LayoutConfiguration) throws -> LiveLayout {
        let sizes = (0..<items).map { Size(width: 40 + Double($0 % 7) * 10, height: 30 + Double($0 % 5) * 10) }
        let input = LayoutInput(sections: [SectionInput(items: .sizes(sizes))])
        return try LiveLayout(input: input, configuration: configuration)
    }

    @Test(arguments: kinds)
    func bytesGrowLinearlyWithTheListedItems(configuration: LayoutConfiguration) throws {
        let empty = try Self.session(items: 0, configuration).heapBytes
        let small = try Self.session(items: 10_000, configuration).heapBytes - empty
        let large = try Self.session(items: 40_000, configuration).heapBytes - empty
        // Four times the items, four times the bytes, give or take the arrays' growth slack.
        #expect(Double(large) / Double(small) > 3.6 && Double(large) / Double(small) < 4.4)
        // Every listed kind: the input's 16 bytes per item and at most 4 more, the frames being replayed from
        // checkpoints.
        #expect(small >= 10_000 * 16 && small <= 10_000 * 20)
    }

    @Test func aCountSectionHoldsNoInputPerItem() throws {
        let input = LayoutInput(sections: [SectionInput(count: 10_000)])
        let byCount = try LiveLayout(input: input, configuration: .flow(.init()))
        let bySizes = try Self.session(items: 10_000, .flow(.init()))
        #expect(byCount.input.heapBytes < 1_000)
        #expect(bySizes.input.heapBytes >= 10_000 * 16)
    }

    @Test func bytesFollowAnInvalidationThatListsSizes() throws {
        var live = try LiveLayout(input: Self.byCount, configuration: .flow(.init()))
        let before = live.heapBytes
        let resized = [IndexPath(section: 0, item: 5): Size(width: 80, height: 80)]
        _ = try live.invalidate(InvalidationContext(itemSizes: resized))
        // The count section became a list of 10,000 sizes.
        #expect(live.heapBytes >= before + 10_000 * 16)
    }

    /// The kinds whose `count` sections of one item size are computed (``GridGeometry``, ``CircleGeometry``,
    /// ``RepeatedGroupGeometry``), not stored.
    static let closedForm: Set<LayoutKind> = [.flow, .line, .cover, .rotary, .pagecover, .stack, .circle, .compositional]

    @Test(arguments: LayoutKind.allCases)
    func everyKindCountsItsFramesAndRecords(kind: LayoutKind) throws {
        let input = LayoutInput(sections: [SectionInput(count: 1_000), SectionInput(count: 500)])
        let live = try LiveLayout(input: input, configuration: .defaults(for: kind))
        #expect(live.heapBytes >= live.prepared.heapBytes + input.heapBytes)
        if Self.closedForm.contains(kind) {
            #expect(live.heapBytes < 1_500 * 4, "far less than a frame per item")
        } else {
            #expect(live.heapBytes >= 1_500 * 32, "a frame per item at least")
        }
    }

    @Test func aMillionItemFlowByCountHoldsUnder100Kilobytes() throws {
        let input = LayoutInput(sections: [SectionInput(count: 1_000_000)])
        let live = try LiveLayout(input: input, configuration: .flow(.init()))
        #expect(live.heapBytes < 100_000, "a checkpoint every 32 lines, one line's positions")
        #expect(live.prepared.numberOfItems(inSection: 0) == 1_000_000)
    }
}
