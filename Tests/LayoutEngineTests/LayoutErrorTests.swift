import LayoutEngine
import Testing

@Suite struct LayoutErrorTests {
    private func sizes(_ sizes: Size...) -> [SectionInput] {
        [SectionInput(count: 2), SectionInput(items: .sizes(sizes))]
    }

    @Test(arguments: [
        Size(width: -1, height: 10), Size(width: 10, height: .nan), Size(width: .infinity, height: 1),
        Size(width: 1, height: -.infinity),
    ])
    func badItemSizesAreRefusedNamingSectionAndItem(size: Size) {
        for kind in LayoutKind.allCases {
            #expect(throws: LayoutError.invalidItemSize(section: 1, item: 2)) {
                try prepareLayout(
                    LayoutInput(sections: self.sizes(Size(width: 1, height: 1), Size(width: 2, height: 2), size)),
                    configuration: .defaults(for: kind)
                )
            }
        }
    }

    @Test func aWaterfallRefusesAZeroWidthItemBecauseItHasNoAspect() {
        #expect(throws: LayoutError.invalidItemSize(section: 1, item: 0)) {
            try prepareLayout(
                LayoutInput(sections: self.sizes(Size(width: 0, height: 1))),
                configuration: .waterfall(.init())
            )
        }
    }

    @Test func zeroAndNegativeColumnCountsAreRefused() {
        for columns in [0, -3, 1_000_000] {
            var configuration = WaterfallLayout.Configuration()
            configuration.columnCount = columns
            #expect(throws: LayoutError.invalidColumnCount(section: 0, columnCount: columns)) {
                try prepareLayout(
                    LayoutInput(sections: [SectionInput(count: 1)]),
                    configuration: .waterfall(configuration)
                )
            }
        }
    }

    @Test func moreColumnsThanFitAreRefused() {
        var section = SectionInput(count: 1)
        section.overrides.columnCount = 40
        #expect(throws: LayoutError.columnsDoNotFit(section: 1, columnCount: 40)) {
            try prepareLayout(
                LayoutInput(sections: [SectionInput(count: 1), section]),
                configuration: .waterfall(.init())
            )
        }
    }

    @Test func negativeCountsHeadersAndViewportsAreRefused() {
        #expect(throws: LayoutError.negativeItemCount(section: 0)) {
            try prepareLayout(LayoutInput(sections: [SectionInput(count: -1)]), configuration: .flow(.init()))
        }
        #expect(throws: LayoutError.invalidHeaderSize(section: 0)) {
            try prepareLayout(
                LayoutInput(sections: [SectionInput(items: .count(1), header: Size(width: 1, height: -2))]),
                configuration: .flow(.init())
            )
        }
        #expect(throws: LayoutError.invalidFooterSize(section: 0)) {
            try prepareLayout(
                LayoutInput(sections: [SectionInput(items: .count(1), footer: Size(width: .nan, height: 2))]),
                configuration: .flow(.init())
            )
        }
        #expect(throws: LayoutError.invalidViewport) {
            try prepareLayout(
                LayoutInput(viewport: Size(width: -375, height: 667), sections: []),
                configuration: .flow(.init())
            )
        }
        #expect(throws: LayoutError.invalidContentOffset) {
            try prepareLayout(
                LayoutInput(contentOffset: Point(x: .nan, y: 0), sections: []),
                configuration: .flow(.init())
            )
        }
    }

    @Test func badParametersAreRefusedByName() {
        var flow = FlowLayout.Configuration()
        flow.minimumLineSpacing = -10
        #expect(throws: LayoutError.invalidParameter(name: "minimumLineSpacing", section: 0)) {
            try prepareLayout(LayoutInput(sections: [SectionInput(count: 1)]), configuration: .flow(flow))
        }
        var section = SectionInput(count: 1)
        section.overrides.sectionInset = EdgeInsets(top: .infinity, left: 0, bottom: 0, right: 0)
        #expect(throws: LayoutError.invalidParameter(name: "sectionInset", section: 1)) {
            try prepareLayout(LayoutInput(sections: [SectionInput(count: 1), section]), configuration: .flow(.init()))
        }
        var line = LineLayout.Configuration()
        line.activeDistance = 0
        #expect(throws: LayoutError.invalidParameter(name: "activeDistance", section: nil)) {
            try prepareLayout(LayoutInput(sections: []), configuration: .line(line))
        }
    }

    @Test func inputsBeyondTheLimitsAreRefusedBeforeAllocating() {
        var limits = LayoutLimits()
        limits.maximumItemCount = 100
        #expect(throws: LayoutError.tooManyItems(count: 101, limit: 100)) {
            try prepareLayout(
                LayoutInput(sections: [SectionInput(count: 60), SectionInput(count: 41)]),
                configuration: .flow(.init()),
                limits: limits
            )
        }
        #expect(throws: LayoutError.tooManyItems(count: Int.max, limit: 50_000_000)) {
            try prepareLayout(LayoutInput(sections: [SectionInput(count: Int.max)]), configuration: .circle(.init()))
        }
    }

    @Test func garbageInputsThrowOrPrepareButNeverTrap() {
        var random = SplitMix64(seed: 31337)
        let specials: [Double] = [0, -0.0, 1, -1, 1e308, -1e308, .infinity, -.infinity, .nan, 1e-300, 375, 0.5]
        func value() -> Double {
            Bool.random(using: &random)
                ? specials.randomElement(using: &random)! : Double.random(in: -1000...1000, using: &random)
        }
        for iteration in 0..<2_000 {
            let sections = (0..<Int.random(in: 0...3, using: &random)).map { _ in
                var section =
                    Bool.random(using: &random)
                    ? SectionInput(count: Int.random(in: -2...20, using: &random))
                    : SectionInput(
                        items: .sizes(
                            (0..<Int.random(in: 0...10, using: &random)).map { _ in
                                Size(width: value(), height: value())
                            }
                        )
                    )
                if Bool.random(using: &random) { section.header = Size(width: value(), height: value()) }
                if Bool.random(using: &random) { section.overrides.sectionInset = EdgeInsets(all: value()) }
                if Bool.random(using: &random) {
                    section.overrides.columnCount = Int.random(in: -2...2000, using: &random)
                }
                if Bool.random(using: &random) { section.overrides.minimumLineSpacing = value() }
                return section
            }
            let input = LayoutInput(
                viewport: Size(width: value(), height: value()),
                contentOffset: Point(x: value(), y: value()),
                layoutDirection: Bool.random(using: &random) ? .leftToRight : .rightToLeft,
                sections: sections
            )
            var flow = FlowLayout.Configuration()
            flow.itemSize = Size(width: value(), height: value())
            flow.scrollDirection = Bool.random(using: &random) ? .vertical : .horizontal
            var circle = CircleLayout.Configuration()
            circle.radius = value()
            let configuration: LayoutConfiguration = [
                .flow(flow), .waterfall(.init()), .line(.init()), .stack(.init()), .circle(circle),
            ][iteration % 5]
            guard let layout = try? prepareLayout(input, configuration: configuration) else { continue }
            let rect = Rect(x: value(), y: value(), width: value(), height: value())
            let offset = Point(x: value(), y: value())
            _ = layout.attributes(in: rect, contentOffset: offset)
            _ = layout.allAttributes(contentOffset: offset)
            _ = layout.attributesForItem(
                at: IndexPath(
                    section: Int.random(in: -1...3, using: &random),
                    item: Int.random(in: -1...30, using: &random)
                ),
                contentOffset: offset
            )
            _ = layout.targetContentOffset(forProposedContentOffset: offset, velocity: Point(x: value(), y: value()))
        }
    }
}
