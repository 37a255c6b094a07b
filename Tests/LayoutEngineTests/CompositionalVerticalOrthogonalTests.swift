import LayoutEngine
import Testing

/// Orthogonal sections in a horizontally scrolling `compositional` layout: they scroll up and down, their groups
/// one below the other, against frames and resting places computed by hand.
@Suite struct CompositionalVerticalOrthogonalTests {
    typealias C = CompositionalLayout

    /// One orthogonal section in a horizontal layout: groups 180 × 120 holding one cell, 10 apart, the section
    /// inset 30 before and 10 after along x.
    static func configuration(_ behavior: C.OrthogonalScrollingBehavior = .continuous) -> C.Configuration {
        var section = C.Section(group: C.Group(size: .init(width: .absolute(180), height: .absolute(120))))
        section.orthogonalScrollingBehavior = behavior
        section.interGroupSpacing = 10
        section.contentInsets = .init(leading: 30, trailing: 10)
        var configuration = C.Configuration()
        configuration.section = section
        configuration.scrollDirection = .horizontal
        return configuration
    }

    static func layout(
        _ behavior: C.OrthogonalScrollingBehavior = .continuous,
        count: Int = 5,
        direction: LayoutDirection = .leftToRight
    ) throws -> PreparedLayout {
        try CompositionalLayoutTests.layout(
            Self.configuration(behavior),
            sections: [SectionInput(count: count)],
            viewport: Size(width: 400, height: 300),
            direction: direction
        )
    }

    @Test func groupsFollowOneAnotherDownAndTheSectionIsOneGroupWide() throws {
        let layout = try Self.layout()
        // Groups at y = 0, 130, 260, 390, 520, at x = 30; the section is 30 + 180 + 10 = 220 long along x.
        #expect(cellFrames(layout) == (0..<5).map { Rect(30, 130 * Double($0), 180, 120) })
        #expect(layout.contentSize == Size(width: 220, height: 300))
        #expect(layout.orthogonalSectionsScrollVertically)
    }

    @Test(arguments: [0.0, 100, 300, -40])
    func anOrthogonalOffsetMovesTheCellsUp(offset: Double) throws {
        let layout = try Self.layout()
        #expect(
            cellFrames(layout, orthogonalOffsets: [offset])
                == (0..<5).map { Rect(30, 130 * Double($0) - offset, 180, 120) }
        )
        let cell = layout.attributesForItem(
            at: IndexPath(section: 0, item: 2),
            contentOffset: .zero,
            orthogonalOffsets: [offset]
        )
        #expect(cell?.frame == Rect(30, 260 - offset, 180, 120))
    }

    @Test func rightToLeftMirrorsXButNotTheVerticalOffset() throws {
        let layout = try Self.layout(direction: .rightToLeft)
        // Mirrored in the 220-point content: x = 220 − 210.
        #expect(cellFrames(layout, orthogonalOffsets: [100]) == (0..<5).map { Rect(10, 130 * Double($0) - 100, 180, 120) })
    }

    @Test(arguments: [LayoutDirection.leftToRight, .rightToLeft])
    func rectQueriesAtOrthogonalOffsetsMatchABruteForceScan(direction: LayoutDirection) throws {
        var random = RandomLayouts(seed: 0x0F7)
        for _ in 0..<60 {
            var (input, configuration) = random.layout(kind: .compositional)
            if case .compositional(var compositional) = configuration {
                compositional.section.orthogonalScrollingBehavior = .continuous
                compositional.scrollDirection = .horizontal
                configuration = .compositional(compositional)
            }
            input.layoutDirection = direction
            input.sections.append(SectionInput(count: random.int(0...200)))
            let layout = try prepare(input, configuration)
            for _ in 0..<10 {
                let offsets = input.sections.map { _ in random.double(-50...600).rounded() }
                let offset = Point(x: random.double(0...Swift.max(0, layout.contentSize.width)), y: 0)
                let rect = random.rect(in: Size(width: layout.contentSize.width, height: layout.contentSize.height + 400))
                let expected = layout.allAttributes(contentOffset: offset, orthogonalOffsets: offsets)
                    .filter { $0.frame.intersects(rect) }
                #expect(layout.attributes(in: rect, contentOffset: offset, orthogonalOffsets: offsets) == expected)
            }
        }
    }

    @Test(arguments: [
        // Five groups at 0, 130, 260, 390, 520 (120 high): 640 long, so offsets run 0…340 in a 300-high viewport.
        (C.OrthogonalScrollingBehavior.paging, 200.0, 0.0, 300.0),
        (.paging, 100, 0, 0),
        (.paging, 100, 500, 300),
        (.groupPaging, 200, 0, 260),
        (.continuousGroupLeadingBoundary, 100, 500, 130),
        (.continuousGroupLeadingBoundary, 100, -500, 0),
        // Centred: group k rests at 130k + 60 − 150.
        (.groupPagingCentered, 100, 0, 40),
        (.groupPagingCentered, 400, 0, 340),
        (.continuous, 123, 900, 123),
        (.continuous, 1000, 0, 340),
    ])
    func snappingUsesTheViewportsHeight(
        behavior: C.OrthogonalScrollingBehavior,
        proposed: Double,
        velocity: Double,
        expected: Double
    ) throws {
        for direction in [LayoutDirection.leftToRight, .rightToLeft] {
            let layout = try Self.layout(behavior, direction: direction)
            let target = layout.targetOrthogonalOffset(forProposedOffset: proposed, velocity: velocity, section: 0)
            #expect(target.map { isClose($0, expected) } == true, "\(behavior) \(proposed) → \(String(describing: target))")
        }
    }
}
