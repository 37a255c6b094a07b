@testable import LayoutEngine
import Testing

@Suite struct ContentAlignmentTests {
    /// `configuration` with its kind's `contentAlignment` (and `anchor`) set.
    static func bottomAligned(_ configuration: LayoutConfiguration, anchor: ScrollAnchoring = .top)
        -> LayoutConfiguration
    {
        switch configuration {
        case .flow(var flow):
            flow.contentAlignment = .bottom
            flow.anchor = anchor
            return .flow(flow)
        case .waterfall(var waterfall):
            waterfall.contentAlignment = .bottom
            waterfall.anchor = anchor
            return .waterfall(waterfall)
        case .compositional(var compositional):
            compositional.contentAlignment = .bottom
            compositional.anchor = anchor
            return .compositional(compositional)
        default:
            preconditionFailure("no content alignment for \(configuration.kind.rawValue)")
        }
    }

    /// The elements of `top` (a top-aligned layout) as a bottom-aligned one must show them: moved by the viewport
    /// less the content along the scroll axis when the content is shorter, in left-to-right space (so a
    /// right-to-left horizontal layout, mirrored in a content as wide as the viewport, shows them where it did).
    private func expectedElements(of top: PreparedLayout) -> (Size, [LayoutAttributes]) {
        let isVertical = top.axis == .vertical
        let length = isVertical ? top.contentSize.height : top.contentSize.width
        let viewportLength = isVertical ? top.viewport.height : top.viewport.width
        let lead = Swift.max(0, viewportLength - length)
        let size =
            isVertical
            ? Size(width: top.contentSize.width, height: length + lead)
            : Size(width: length + lead, height: top.contentSize.height)
        let mirroredHorizontally = !isVertical && top.layoutDirection == .rightToLeft
        let elements = top.allAttributes(contentOffset: .zero).map { attributes in
            var moved = attributes
            if isVertical {
                moved.frame.origin.y += lead
            } else if !mirroredHorizontally {
                moved.frame.origin.x += lead
            }
            return moved
        }
        return (size, elements)
    }

    @Test(arguments: [LayoutKind.flow, .waterfall, .compositional])
    func shortContentSitsAtTheEndOfTheViewport(kind: LayoutKind) throws {
        var shortCount = 0
        var covered = (horizontal: 0, rightToLeft: 0)
        for seed in 0..<150 as Range<UInt64> {
            var random = RandomLayouts(seed: seed &* 13 &+ 3)
            var (input, configuration) = random.layout(kind: kind)
            // Few items, so that the content is often shorter than the viewport.
            for index in input.sections.indices where input.sections[index].itemCount > 4 {
                input.sections[index].items = .count(random.int(0...4))
            }
            let top = try prepareLayout(input, configuration: configuration)
            let bottom = try prepareLayout(input, configuration: Self.bottomAligned(configuration))
            let (size, elements) = self.expectedElements(of: top)
            #expect(bottom.contentSize == size, "seed \(seed)")
            let actual = bottom.allAttributes(contentOffset: .zero)
            #expect(actual.count == elements.count)
            for (got, expected) in zip(actual, elements) {
                #expect(got.indexPath == expected.indexPath && isClose(got.frame, expected.frame), "seed \(seed)")
            }
            let isVertical = top.axis == .vertical
            if (isVertical ? top.contentSize.height < top.viewport.height : top.contentSize.width < top.viewport.width)
            {
                shortCount += 1
                if !isVertical { covered.horizontal += 1 }
                if input.layoutDirection == .rightToLeft { covered.rightToLeft += 1 }
            }
            // The rect query agrees with the element list.
            let rect = Rect(origin: .zero, size: input.viewport)
            let inRect = bottom.attributes(in: rect, contentOffset: .zero)
            #expect(inRect.count == actual.filter { $0.frame.intersects(rect) }.count, "seed \(seed)")
        }
        #expect(shortCount > 20 && covered.rightToLeft > 0)
        if kind != .waterfall { #expect(covered.horizontal > 0) }
    }

    @Test(arguments: [LayoutKind.flow, .waterfall, .compositional])
    func sessionsStayBottomAlignedThroughUpdatesAndInvalidation(kind: LayoutKind) throws {
        for seed in 0..<60 as Range<UInt64> {
            var random = RandomLayouts(seed: seed &+ 900)
            var (input, configuration) = random.layout(kind: kind)
            for index in input.sections.indices where input.sections[index].itemCount > 3 {
                input.sections[index].items = .count(random.int(0...3))
            }
            configuration = Self.bottomAligned(configuration, anchor: random.bool() ? .top : .bottom)
            var live = try LiveLayout(input: input, configuration: configuration)
            // Grow past the viewport, then shrink back, checking against a fresh prepare each time.
            for step in 0..<4 {
                let section = random.int(0...(live.input.sections.count - 1))
                let count = live.input.sections[section].itemCount
                var updates = BatchUpdates()
                if step % 2 == 0 {
                    updates.insertItems = (0..<random.int(1...25)).map {
                        BatchUpdates.ItemChange(indexPath: IndexPath(section: section, item: $0))
                    }
                } else if count > 0 {
                    updates.deleteItems = (0..<random.int(1...count)).map { IndexPath(section: section, item: $0) }
                }
                guard (try? live.performBatchUpdates(updates)) != nil else { continue }
                let fresh = try prepareLayout(live.input, configuration: configuration)
                #expect(live.prepared == fresh, "seed \(seed), step \(step)")
            }
            if live.input.sections.contains(where: { $0.itemCount > 0 }) {
                let section = live.input.sections.firstIndex { $0.itemCount > 0 }!
                let size = Size(width: random.double(1...100).rounded(), height: random.double(1...200).rounded())
                _ = try live.invalidate(InvalidationContext(itemSizes: [IndexPath(section: section, item: 0): size]))
                let fresh = try prepareLayout(live.input, configuration: configuration)
                #expect(live.prepared == fresh, "seed \(seed)")
            }
            let taller = Size(width: live.input.viewport.width, height: live.input.viewport.height + 300)
            _ = try live.invalidate(InvalidationContext(viewport: taller))
            #expect(live.prepared == (try prepareLayout(live.input, configuration: configuration)), "seed \(seed)")
        }
    }

    @Test func aShortChatSitsAtTheBottomAndItsContentIsTheViewport() throws {
        var flow = FlowLayout.Configuration()
        flow.itemSize = Size(width: 300, height: 50)
        flow.contentAlignment = .bottom
        let input = LayoutInput(viewport: Size(width: 320, height: 400), sections: [SectionInput(count: 3)])
        let layout = try prepareLayout(input, configuration: .flow(flow))
        // Three messages, 170 high: 230 points of space above them.
        #expect(layout.contentSize == Size(width: 320, height: 400))
        #expect(cellFrames(layout).map(\.minY) == [230, 290, 350])
    }
}
