import LayoutEngine
import Testing

@Suite struct MoveTests {
    /// 20 flow cells of 50 × 50 in a 375-point-wide viewport: six a line, justified 15 apart (x = 0, 65, …, 325),
    /// lines 60 apart; the last line (items 18, 19) keeps the grid. Content height 230.
    private func flow(sections: [SectionInput] = [SectionInput(count: 20)]) throws -> PreparedLayout {
        try prepare(LayoutInput(sections: sections), .flow(.init()))
    }

    /// A waterfall 340 wide: three 100-point columns at x = 10, 120, 230, starting at y = 10. Items (aspect →
    /// height): 0 → col 0, 10…110; 1 (1:2) → col 1, 10…210; 2 → col 2, 10…110; 3 → col 0, 120…220; 4 → col 2,
    /// 120…220; 5 → col 1, 220…320.
    private func waterfall() throws -> PreparedLayout {
        let square = Size(width: 1, height: 1)
        let sizes = [square, Size(width: 1, height: 2), square, square, square, square]
        return try prepare(
            LayoutInput(viewport: Size(width: 340, height: 600), sections: [SectionInput(items: .sizes(sizes))]),
            .waterfall(.init())
        )
    }

    @Test func theMovingItemFollowsThePositionAboveEverything() throws {
        let layout = try self.flow()
        let path = IndexPath(section: 0, item: 7)
        let moving = try #require(
            layout.attributesForInteractivelyMovingItem(
                at: path,
                targetPosition: Point(x: 300, y: 400),
                contentOffset: .zero
            )
        )
        var expected = try #require(layout.attributesForItem(at: path, contentOffset: .zero))
        expected.frame = Rect(275, 375, 50, 50)
        expected.zIndex = 2_147_483_647
        #expect(moving == expected)
        #expect(PreparedLayout.interactivelyMovingItemZIndex == Int(Int32.max))
        #expect(
            layout.attributesForInteractivelyMovingItem(
                at: IndexPath(section: 0, item: 20),
                targetPosition: .zero,
                contentOffset: .zero
            ) == nil
        )
        #expect(
            layout.attributesForInteractivelyMovingItem(
                at: path,
                targetPosition: Point(x: .nan, y: 0),
                contentOffset: .zero
            ) == nil
        )
    }

    @Test(arguments: [
        (Point(x: 70, y: 70), 7),  // inside item 7 (65…115 × 60…110)
        (Point(x: 120, y: 30), 1),  // in the gap: item 1's centre (90, 25) is nearer than item 2's (155, 25)
        (Point(x: 200, y: 1000), 19),  // below the content: item 19's centre (90, 205) is nearest
        (Point(x: -100, y: -100), 0),  // above and left of everything
        (Point(x: 65, y: 60), 7),  // a frame's top-left corner belongs to it
        (Point(x: 360, y: 200), 17),  // beside the last line: item 17 (350, 145) at 55.9, item 19 at 270
    ])
    func targetIndexPathInAFlow(position: Point, item: Int) throws {
        let layout = try self.flow()
        let answer = layout.targetIndexPathForInteractivelyMovingItem(
            IndexPath(section: 0, item: 3),
            position: position
        )
        #expect(answer == IndexPath(section: 0, item: item))
    }

    @Test(arguments: [
        (Point(x: 150, y: 150), 1),  // inside the tall item 1
        (Point(x: 115, y: 215), 3),  // between columns: item 3's centre (60, 170) at 71.1, item 5's (170, 270) at 77.8
        (Point(x: 300, y: 5000), 5),  // far below: item 5 (170, 270) beats item 4 (280, 170)
        (Point(x: 280, y: 330), 5),  // under column 2: item 5 (170, 270) at 125.3 beats item 4 (280, 170) at 160
    ])
    func targetIndexPathInAWaterfall(position: Point, item: Int) throws {
        let layout = try self.waterfall()
        let answer = layout.targetIndexPathForInteractivelyMovingItem(
            IndexPath(section: 0, item: 0),
            position: position
        )
        #expect(answer == IndexPath(section: 0, item: item))
    }

    @Test func targetIndexPathPicksTheSectionUnderThePosition() throws {
        // Section 0: 20 items (y 0…230); section 1: empty with a 40-point header (230…270); section 2: 5 items.
        var empty = SectionInput(count: 0)
        empty.header = Size(width: 375, height: 40)
        let layout = try self.flow(sections: [SectionInput(count: 20), empty, SectionInput(count: 5)])
        let moving = IndexPath(section: 0, item: 3)
        #expect(
            layout.targetIndexPathForInteractivelyMovingItem(moving, position: Point(x: 100, y: 250))
                == IndexPath(section: 1, item: 0)
        )
        // Section 2 starts at 270, one justified line of five: x = 0, 81.25, 162.5, 243.75, 325 (31.25 apart).
        #expect(
            layout.targetIndexPathForInteractivelyMovingItem(moving, position: Point(x: 90, y: 280))
                == IndexPath(section: 2, item: 1)
        )
        // Below everything: section 2 is the nearest; its item 3 (centre 268.75, 295) is nearest to (300, 900).
        #expect(
            layout.targetIndexPathForInteractivelyMovingItem(moving, position: Point(x: 300, y: 900))
                == IndexPath(section: 2, item: 3)
        )
        // Beside section 0's last line: still section 0.
        #expect(
            layout.targetIndexPathForInteractivelyMovingItem(moving, position: Point(x: 500, y: 200))
                == IndexPath(section: 0, item: 17)
        )
        // An unknown item stays where it is.
        let unknown = IndexPath(section: 1, item: 0)
        #expect(layout.targetIndexPathForInteractivelyMovingItem(unknown, position: .zero) == unknown)
    }

    @Test func targetIndexPathMatchesABruteForceSearch() throws {
        var random = RandomLayouts(seed: 0x70A6)
        for kind in [LayoutKind.flow, .waterfall, .line] {
            for _ in 0..<40 {
                let (input, configuration) = random.layout(kind: kind)
                let layout = try prepare(input, configuration)
                let cells = layout.allAttributes(contentOffset: .zero).filter { $0.category == .cell }
                guard let moving = cells.first?.indexPath else { continue }
                for _ in 0..<20 {
                    let position = Point(
                        x: random.double(-200...(layout.contentSize.width + 200)),
                        y: random.double(-200...(layout.contentSize.height + 200))
                    )
                    let answer = layout.targetIndexPathForInteractivelyMovingItem(moving, position: position)
                    #expect(answer.item >= 0 && answer.item <= layout.numberOfItems(inSection: answer.section))
                    if answer.section == moving.section {
                        #expect(answer.item < layout.numberOfItems(inSection: answer.section))
                    }
                    let inSection = cells.filter { $0.indexPath.section == answer.section }
                    guard !inSection.isEmpty else { continue }
                    let containing = inSection.filter {
                        !$0.isHidden && $0.frame.minX <= position.x && position.x < $0.frame.maxX
                            && $0.frame.minY <= position.y && position.y < $0.frame.maxY
                    }
                    if containing.isEmpty {
                        func distance(_ cell: LayoutAttributes) -> Double {
                            let dx = cell.center.x - position.x
                            let dy = cell.center.y - position.y
                            return (dx * dx + dy * dy).squareRoot()
                        }
                        let best = inSection.map(distance).min()!
                        let chosen = inSection.first { $0.indexPath == answer }!
                        #expect(isClose(distance(chosen), best, tolerance: 1e-9), "\(kind) \(position)")
                    } else {
                        #expect(containing.contains { $0.indexPath == answer }, "\(kind) \(position)")
                    }
                }
            }
        }
    }

    @Test func overlappingCellsGiveTheFrontmostShownOne() throws {
        let input = LayoutInput(viewport: Size(width: 375, height: 200), sections: [SectionInput(count: 20)])
        let moving = IndexPath(section: 0, item: 4)
        // Every card piles at (187.5, 100); item 0 is on top (zIndex 20), items 5… are hidden.
        let stack = try prepare(input, .stack(.init()))
        let onTop = stack.targetIndexPathForInteractivelyMovingItem(moving, position: Point(x: 190, y: 100))
        #expect(onTop == IndexPath(section: 0, item: 0))
        // Item 0 (centre 257.5, 100) and item 1 (centre 254.07, 78.37) both cover (255, 90): item 1 is in front.
        let circle = try prepare(input, .circle(.init()))
        let front = circle.targetIndexPathForInteractivelyMovingItem(moving, position: Point(x: 255, y: 90))
        #expect(front == IndexPath(section: 0, item: 1))
    }

    @Test func thePreviewEqualsPreparingTheReorderedInputFromScratch() throws {
        var random = RandomLayouts(seed: 0x30FE)
        for kind in [LayoutKind.flow, .waterfall, .line, .circle] {
            for _ in 0..<60 {
                let (input, configuration) = random.layout(kind: kind)
                let counts = input.sections.map(\.itemCount)
                guard let source = self.randomItem(counts: counts, random: &random) else { continue }
                let section = random.int(0...(counts.count - 1))
                let room = counts[section] + (section == source.section ? 0 : 1)
                guard room > 0 else { continue }
                let destination = IndexPath(section: section, item: random.int(0...(room - 1)))
                let (moved, layout) = try layoutMovingItem(
                    from: source,
                    to: destination,
                    input: input,
                    configuration: configuration
                )
                #expect(layout == (try prepare(moved, configuration)))
                // The sizes moved with the item and nothing else changed.
                var expected = self.sizes(of: input, configuration)
                let size = expected[source.section].remove(at: source.item)
                expected[destination.section].insert(size, at: destination.item)
                #expect(self.sizes(of: moved, configuration) == expected)
                // Moving back gives the same layout.
                let (_, back) = try layoutMovingItem(
                    from: destination,
                    to: source,
                    input: moved,
                    configuration: configuration
                )
                #expect(
                    back.allAttributes(contentOffset: .zero)
                        == (try prepare(input, configuration)).allAttributes(contentOffset: .zero)
                )
            }
        }
    }

    @Test func countSectionsBecomeListsOnlyWhenSizesDiffer() throws {
        let input = LayoutInput(sections: [
            SectionInput(count: 3), SectionInput(count: 2), SectionInput(items: .sizes([Size(width: 80, height: 20)])),
        ])
        let configuration = LayoutConfiguration.flow(.init())
        let within = try input.movingItem(
            from: IndexPath(section: 0, item: 0),
            to: IndexPath(section: 0, item: 2),
            configuration: configuration
        )
        #expect(within == input)
        let across = try input.movingItem(
            from: IndexPath(section: 0, item: 0),
            to: IndexPath(section: 1, item: 2),
            configuration: configuration
        )
        #expect(across.sections[0].items == .count(2) && across.sections[1].items == .count(3))
        let odd = try input.movingItem(
            from: IndexPath(section: 2, item: 0),
            to: IndexPath(section: 1, item: 1),
            configuration: configuration
        )
        let square = Size(width: 50, height: 50)
        #expect(odd.sections[1].items == .sizes([square, Size(width: 80, height: 20), square]))
        #expect(odd.sections[2].items == .sizes([]))
    }

    @Test func indexPathsOutOfRangeAreNamed() throws {
        let input = LayoutInput(sections: [SectionInput(count: 3), SectionInput(count: 0)])
        let configuration = LayoutConfiguration.flow(.init())
        func move(_ from: (Int, Int), _ to: (Int, Int)) throws(LayoutError) {
            _ = try layoutMovingItem(
                from: IndexPath(section: from.0, item: from.1),
                to: IndexPath(section: to.0, item: to.1),
                input: input,
                configuration: configuration
            )
        }
        #expect(throws: LayoutError.indexPathOutOfRange(section: 0, item: 3)) { try move((0, 3), (0, 0)) }
        #expect(throws: LayoutError.indexPathOutOfRange(section: 2, item: 0)) { try move((2, 0), (0, 0)) }
        #expect(throws: LayoutError.indexPathOutOfRange(section: 0, item: -1)) { try move((0, -1), (0, 0)) }
        #expect(throws: LayoutError.indexPathOutOfRange(section: 0, item: 3)) { try move((0, 0), (0, 3)) }
        #expect(throws: LayoutError.indexPathOutOfRange(section: 1, item: 1)) { try move((0, 0), (1, 1)) }
        #expect(throws: LayoutError.indexPathOutOfRange(section: 5, item: 0)) { try move((0, 0), (5, 0)) }
        // Appending to another section, even an empty one, is fine.
        try move((0, 2), (1, 0))
    }

    private func randomItem(counts: [Int], random: inout RandomLayouts) -> IndexPath? {
        let filled = counts.indices.filter { counts[$0] > 0 }
        guard !filled.isEmpty else { return nil }
        let section = filled[random.int(0...(filled.count - 1))]
        return IndexPath(section: section, item: random.int(0...(counts[section] - 1)))
    }

    /// Every section's item sizes as the input means them, counts expanded to the kind's default.
    private func sizes(of input: LayoutInput, _ configuration: LayoutConfiguration) -> [[Size]] {
        input.sections.map { section in
            switch section.items {
            case .sizes(let sizes): return sizes
            case .count(let count):
                let size: Size
                switch configuration {
                case .flow(let flow): size = section.overrides.itemSize ?? flow.itemSize
                case .waterfall, .justified: size = Size(width: 1, height: 1)
                case .line(let line): size = section.overrides.itemSize ?? line.itemSize
                case .stack(let stack): size = section.overrides.itemSize ?? stack.itemSize
                case .circle(let circle): size = section.overrides.itemSize ?? circle.itemSize
                case .cover(let cover): size = cover.resolvedItemSize(viewport: input.viewport)
                case .rotary(let rotary): size = rotary.itemSize
                case .pagecover: size = input.viewport
                case .compositional: size = .zero
                case .custom: preconditionFailure("the built-in kinds only")
                }
                return [Size](repeating: size, count: count)
            }
        }
    }
}
