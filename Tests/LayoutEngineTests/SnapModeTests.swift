import LayoutEngine
import Testing

@Suite struct SnapModeTests {
    /// 100 items of 50 × 50 in a 320-wide viewport: five a line, lines at y = 60·k, content 1190 high, offsets up
    /// to 790 in a 400-high viewport.
    private func grid(_ snap: SnapMode) throws -> PreparedLayout {
        var flow = FlowLayout.Configuration()
        flow.snap = snap
        return try prepare(
            LayoutInput(viewport: Size(width: 320, height: 400), sections: [SectionInput(count: 100)]),
            .flow(flow)
        )
    }

    @Test(arguments: [
        (85.0, 0.0, 60.0), (95, 0, 120), (65, 500, 120), (115, -500, 60), (119, 299, 120), (1000, 0, 790),
        (-40, 0, 0), (60, 0, 60), (60, 800, 60),
    ])
    func itemSnappingBringsTheNearestItemEdgeToTheTop(proposed: Double, velocity: Double, expected: Double) throws {
        let layout = try self.grid(.item)
        let target = layout.targetContentOffset(
            forProposedContentOffset: Point(x: 0, y: proposed),
            velocity: Point(x: 0, y: velocity)
        )
        #expect(target == Point(x: 0, y: expected))
    }

    @Test(arguments: [(450.0, 0.0, 400.0), (650, 0, 790), (450, 1000, 790), (750, -1000, 400), (399, 0, 400)])
    func pageSnappingStopsAtMultiplesOfTheViewport(proposed: Double, velocity: Double, expected: Double) throws {
        let layout = try self.grid(.page)
        let target = layout.targetContentOffset(
            forProposedContentOffset: Point(x: 0, y: proposed),
            velocity: Point(x: 0, y: velocity)
        )
        #expect(target == Point(x: 0, y: expected))
    }

    @Test func lineSnappingIgnoresItemsCentredInsideTheirLine() throws {
        var flow = FlowLayout.Configuration()
        flow.snap = .line
        let sizes = (0..<20).map { $0 % 2 == 0 ? Size(width: 50, height: 50) : Size(width: 50, height: 20) }
        let input = LayoutInput(viewport: Size(width: 120, height: 100), sections: [SectionInput(items: .sizes(sizes))])
        let lines = try prepare(input, .flow(flow))
        flow.snap = .item
        let items = try prepare(input, .flow(flow))
        // Lines at 0, 60, …; the short items sit at 15, 75, ….
        #expect(items.targetContentOffset(forProposedContentOffset: Point(x: 0, y: 14), velocity: .zero).y == 15)
        #expect(lines.targetContentOffset(forProposedContentOffset: Point(x: 0, y: 14), velocity: .zero).y == 0)
        #expect(
            lines.targetContentOffset(forProposedContentOffset: Point(x: 0, y: 16), velocity: Point(x: 0, y: 400)).y
                == 60
        )
    }

    @Test func snappingWorksWithNothingInTheProposedRect() throws {
        var flow = FlowLayout.Configuration()
        flow.snap = .item
        var first = SectionInput(count: 5)
        first.overrides.sectionInset = EdgeInsets(top: 0, left: 0, bottom: 3000, right: 0)
        let layout = try prepare(
            LayoutInput(viewport: Size(width: 320, height: 400), sections: [first, SectionInput(count: 100)]),
            .flow(flow)
        )
        // Items at 0 and at 3050 (second section), nothing between.
        #expect(layout.targetContentOffset(forProposedContentOffset: Point(x: 0, y: 1000), velocity: .zero).y == 0)
        #expect(layout.targetContentOffset(forProposedContentOffset: Point(x: 0, y: 2600), velocity: .zero).y == 3050)
        #expect(
            layout.targetContentOffset(forProposedContentOffset: Point(x: 0, y: 1000), velocity: Point(x: 0, y: 900)).y
                == 3050
        )
    }

    @Test func horizontalFlowSnapsAlongXAndMirrorsInRightToLeft() throws {
        var flow = FlowLayout.Configuration()
        flow.snap = .item
        flow.scrollDirection = .horizontal
        // Three items a column, columns at x = 60·k, content 590 wide, offsets up to 390.
        var input = LayoutInput(viewport: Size(width: 200, height: 170), sections: [SectionInput(count: 30)])
        let leftToRight = try prepare(input, .flow(flow))
        #expect(leftToRight.contentSize.width == 590)
        #expect(
            leftToRight.targetContentOffset(forProposedContentOffset: Point(x: 70, y: 0), velocity: .zero)
                == Point(x: 60, y: 0)
        )
        input.layoutDirection = .rightToLeft
        let rightToLeft = try prepare(input, .flow(flow))
        // Mirrored: the column at stored 60 is brought to the viewport's right edge.
        #expect(
            rightToLeft.targetContentOffset(forProposedContentOffset: Point(x: 320, y: 0), velocity: .zero)
                == Point(x: 330, y: 0)
        )
        #expect(
            rightToLeft.targetContentOffset(
                forProposedContentOffset: Point(x: 325, y: 0),
                velocity: Point(x: 500, y: 0)
            ) == Point(x: 330, y: 0)
        )
        #expect(
            rightToLeft.targetContentOffset(
                forProposedContentOffset: Point(x: 325, y: 0),
                velocity: Point(x: -500, y: 0)
            ) == Point(x: 270, y: 0)
        )
    }

    @Test(arguments: [SnapMode.item, .line])
    func waterfallSnapsToRowsOfItems(snap: SnapMode) throws {
        var waterfall = WaterfallLayout.Configuration()
        waterfall.snap = snap
        // Squares of 100 in three columns: rows at 10, 120, 230, ….
        let layout = try prepare(
            LayoutInput(viewport: Size(width: 340, height: 300), sections: [SectionInput(count: 30)]),
            .waterfall(waterfall)
        )
        #expect(layout.targetContentOffset(forProposedContentOffset: Point(x: 0, y: 100), velocity: .zero).y == 120)
        #expect(
            layout.targetContentOffset(forProposedContentOffset: Point(x: 0, y: 100), velocity: Point(x: 0, y: -300)).y
                == 10
        )
        #expect(layout.targetContentOffset(forProposedContentOffset: Point(x: 0, y: 0), velocity: .zero).y == 10)
    }

    @Test func noSnapModeAndOtherKindsKeepTheProposedOffset() throws {
        let layout = try self.grid(.none)
        #expect(
            layout.targetContentOffset(forProposedContentOffset: Point(x: 0, y: 85), velocity: .zero)
                == Point(x: 0, y: 85)
        )
        let stack = try prepare(LayoutInput(sections: [SectionInput(count: 3)]), .stack(.init()))
        #expect(
            stack.targetContentOffset(forProposedContentOffset: Point(x: 3, y: 85), velocity: .zero)
                == Point(x: 3, y: 85)
        )
    }

    @Test func snappedOffsetsAreAlwaysItemEdgesOrTheRangeEnds() throws {
        for seed in 0..<60 as Range<UInt64> {
            var random = RandomLayouts(seed: seed &+ 4242)
            var (input, configuration) = random.layout(kind: random.bool() ? .flow : .waterfall)
            switch configuration {
            case .flow(var flow):
                flow.snap = .item
                configuration = .flow(flow)
            case .waterfall(var waterfall):
                waterfall.snap = .item
                configuration = .waterfall(waterfall)
            default: break
            }
            input.layoutDirection = .leftToRight
            let layout = try prepare(input, configuration)
            var isVertical = true
            if case .flow(let flow) = configuration { isVertical = flow.scrollDirection == .vertical }
            let length = isVertical ? layout.contentSize.height : layout.contentSize.width
            let viewport = isVertical ? input.viewport.height : input.viewport.width
            let maximum = Swift.max(0, length - viewport)
            let edges = Set(
                layout.allAttributes(contentOffset: .zero).filter { $0.category == .cell }.map {
                    isVertical ? $0.frame.minY : $0.frame.minX
                }
            )
            for _ in 0..<10 {
                let proposed = random.double(-100...(length + 100))
                let velocity = random.double(-1000...1000)
                let target = layout.targetContentOffset(
                    forProposedContentOffset: isVertical ? Point(x: 0, y: proposed) : Point(x: proposed, y: 0),
                    velocity: isVertical ? Point(x: 0, y: velocity) : Point(x: velocity, y: 0)
                )
                let value = isVertical ? target.y : target.x
                #expect(value >= 0 && value <= maximum)
                #expect(edges.contains(value) || value == 0 || value == maximum)
                if velocity >= 300 && edges.contains(where: { $0 >= proposed && $0 <= maximum }) {
                    #expect(value >= Swift.min(proposed, maximum))
                }
                if velocity <= -300 && edges.contains(where: { $0 <= proposed && $0 >= 0 }) {
                    #expect(value <= Swift.max(proposed, 0))
                }
            }
        }
    }

    @Test func aNegativeFlickThresholdIsRefused() throws {
        var flow = FlowLayout.Configuration()
        flow.flickVelocityThreshold = -1
        #expect(throws: LayoutError.invalidParameter(name: "flickVelocityThreshold", section: nil)) {
            try prepareLayout(LayoutInput(sections: [SectionInput(count: 1)]), configuration: .flow(flow))
        }
        var waterfall = WaterfallLayout.Configuration()
        waterfall.flickVelocityThreshold = .nan
        #expect(throws: LayoutError.invalidParameter(name: "flickVelocityThreshold", section: nil)) {
            try LiveLayout(input: LayoutInput(sections: [SectionInput(count: 1)]), configuration: .waterfall(waterfall))
        }
    }
}
