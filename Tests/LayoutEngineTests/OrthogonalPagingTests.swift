import LayoutEngine
import Testing

/// With the offset where the gesture began, paging behaviours move at most one page or group per gesture.
@Suite struct OrthogonalPagingTests {
    @Test(arguments: [
        // Ten groups of 340 at 0, 340, …, 3060; 3400 wide in a 400-wide viewport, so offsets run 0…3000.
        (CompositionalLayout.OrthogonalScrollingBehavior.groupPaging, 340.0, 2000.0, 2000.0, 2040.0, 680.0),
        (.groupPaging, 1700, 200, -2000, 0, 1360),
        (.groupPaging, 1020, 1900, 0, 2040, 1360),
        (.groupPaging, 1020, 1100, 0, 1020, 1020),
        (.groupPaging, 3000, 3000, 2000, 3000, 3000),
        (.paging, 800, 2500, 2000, 2800, 1200),
        (.paging, 800, 0, -2000, 0, 400),
        (.groupPagingCentered, 310, 3000, 2000, 3000, 650),
        (.continuousGroupLeadingBoundary, 340, 2000, 2000, 2040, 2040),
        (.continuous, 340, 2000, 2000, 2000, 2000),
    ])
    func aGestureMovesAtMostOnePageOrGroupFromWhereItBegan(
        behavior: CompositionalLayout.OrthogonalScrollingBehavior,
        start: Double,
        proposed: Double,
        velocity: Double,
        unlimited: Double,
        limited: Double
    ) throws {
        let layout = try prepare(
            LayoutInput(viewport: Size(width: 400, height: 600), sections: [SectionInput(count: 30)]),
            .compositional(CompositionalLayoutTests.orthogonal(behavior))
        )
        let free = layout.targetOrthogonalOffset(forProposedOffset: proposed, velocity: velocity, section: 0)
        let bounded = layout.targetOrthogonalOffset(
            forProposedOffset: proposed,
            velocity: velocity,
            section: 0,
            startOffset: start
        )
        #expect(free.map { isClose($0, unlimited) } == true, "\(behavior) without a start: \(String(describing: free))")
        #expect(
            bounded.map { isClose($0, limited) } == true,
            "\(behavior) from \(start): \(String(describing: bounded))"
        )
    }

    @Test func aStartOffsetThatIsNotANumberIsIgnored() throws {
        let layout = try prepare(
            LayoutInput(viewport: Size(width: 400, height: 600), sections: [SectionInput(count: 30)]),
            .compositional(CompositionalLayoutTests.orthogonal(.groupPaging))
        )
        #expect(
            layout.targetOrthogonalOffset(forProposedOffset: 2000, velocity: 2000, section: 0, startOffset: .nan)
                == layout.targetOrthogonalOffset(forProposedOffset: 2000, velocity: 2000, section: 0)
        )
    }
}
