import LayoutEngine
import Testing

/// `compositional`'s layout-wide boundary items (`UICollectionViewCompositionalLayoutConfiguration
/// .boundarySupplementaryItems`): a header before the first section and a footer after the last, against frames
/// computed by hand, both scroll directions, right to left, pinned, and through sessions.
@Suite struct CompositionalLayoutBoundaryTests {
    typealias C = CompositionalLayout

    static let banner = ElementName("banner")!
    static let credits = ElementName("credits")!

    /// Rows (or columns) 50 points long, sections 10 apart, a 60-point `banner` header and a 40-point `credits`
    /// footer of the layout.
    static func configuration(isVertical: Bool = true) -> C.Configuration {
        var configuration = C.Configuration()
        configuration.scrollDirection = isVertical ? .vertical : .horizontal
        let group =
            isVertical
            ? C.Group(size: .init(width: .fractionalWidth(1), height: .absolute(50)))
            : C.Group(size: .init(width: .absolute(50), height: .fractionalHeight(1)))
        configuration.section = C.Section(group: group)
        configuration.interSectionSpacing = 10
        func size(_ length: Double) -> C.LayoutSize {
            isVertical
                ? .init(width: .fractionalWidth(1), height: .absolute(length))
                : .init(width: .absolute(length), height: .fractionalHeight(1))
        }
        configuration.boundarySupplementaryItems = [
            C.BoundarySupplementaryItem(alignment: isVertical ? .top : .leading, size: size(60), kind: .named(banner)),
            C.BoundarySupplementaryItem(
                alignment: isVertical ? .bottom : .trailing,
                size: size(40),
                kind: .named(credits)
            ),
        ]
        return configuration
    }

    static func element(_ layout: PreparedLayout, _ name: ElementName, offset: Point = .zero) -> LayoutAttributes? {
        layout.attributesForSupplementaryElement(
            ofKind: .named(name),
            at: IndexPath(section: 0, item: 0),
            contentOffset: offset
        )
    }

    static let sections = [SectionInput(count: 2), SectionInput(count: 3)]

    static func cell(_ layout: PreparedLayout, _ section: Int, _ item: Int) -> Rect? {
        layout.attributesForItem(at: IndexPath(section: section, item: item), contentOffset: .zero)?.frame
    }

    static func layout(
        _ configuration: C.Configuration,
        height: Double = 200,
        direction: LayoutDirection = .leftToRight
    ) throws -> PreparedLayout {
        try CompositionalLayoutTests.layout(
            configuration,
            sections: Self.sections,
            viewport: Size(width: 300, height: height),
            direction: direction
        )
    }

    @Test func theHeaderAndFooterTakeRoomBeforeTheFirstSectionAndAfterTheLast() throws {
        let layout = try CompositionalLayoutTests.layout(
            Self.configuration(),
            sections: Self.sections,
            viewport: Size(width: 300, height: 200)
        )
        // Banner 0…60; section 0 60…160 (two 50-point rows); 10 apart; section 1 170…320; credits 320…360.
        #expect(layout.contentSize == Size(width: 300, height: 360))
        #expect(Self.element(layout, Self.banner)?.frame == Rect(0, 0, 300, 60))
        #expect(Self.element(layout, Self.credits)?.frame == Rect(0, 320, 300, 40))
        #expect(Self.cell(layout, 0, 0) == Rect(0, 60, 300, 50))
        #expect(Self.cell(layout, 1, 0) == Rect(0, 170, 300, 50))
        let banner = try #require(Self.element(layout, Self.banner))
        #expect(banner.category == .supplementaryView && banner.indexPath == IndexPath(section: 0, item: 0))
        #expect(banner.kind?.rawValue == "banner")
        // No such element at another index path, nor of another name.
        #expect(
            layout.attributesForSupplementaryElement(
                ofKind: .named(Self.banner),
                at: IndexPath(section: 0, item: 1),
                contentOffset: .zero
            ) == nil
        )
        // The stable order: the layout's header first, its footer last.
        let all = layout.allAttributes(contentOffset: .zero)
        #expect(all.first?.kind?.rawValue == "banner" && all.last?.kind?.rawValue == "credits")
        #expect(all.count == 7)
    }

    @Test func horizontalLayoutsPutThemBeforeAndAfterAlongX() throws {
        let layout = try CompositionalLayoutTests.layout(
            Self.configuration(isVertical: false),
            sections: Self.sections,
            viewport: Size(width: 200, height: 300)
        )
        #expect(layout.contentSize == Size(width: 360, height: 300))
        #expect(Self.element(layout, Self.banner)?.frame == Rect(0, 0, 60, 300))
        #expect(Self.element(layout, Self.credits)?.frame == Rect(320, 0, 40, 300))
        #expect(Self.cell(layout, 1, 0) == Rect(170, 0, 50, 300))
        // Right to left mirrors x in the content's width: the banner ends at 360, the credits start at 0.
        let mirrored = try CompositionalLayoutTests.layout(
            Self.configuration(isVertical: false),
            sections: Self.sections,
            viewport: Size(width: 200, height: 300),
            direction: .rightToLeft
        )
        #expect(Self.element(mirrored, Self.banner)?.frame == Rect(300, 0, 60, 300))
        #expect(Self.element(mirrored, Self.credits)?.frame == Rect(0, 0, 40, 300))
    }

    @Test func rightToLeftMirrorsAHeaderNarrowerThanTheViewportWithItsOffset() throws {
        var configuration = Self.configuration()
        configuration.boundarySupplementaryItems[0].size.width = .fractionalWidth(0.5)
        configuration.boundarySupplementaryItems[0].absoluteOffset = Point(x: 10, y: 5)
        let left = try Self.layout(configuration)
        // 150 wide, moved 10 toward the trailing edge and 5 down; its room stays 60.
        #expect(Self.element(left, Self.banner)?.frame == Rect(10, 5, 150, 60))
        #expect(left.attributesForItem(at: IndexPath(section: 0, item: 0), contentOffset: .zero)?.frame.minY == 60)
        let right = try CompositionalLayoutTests.layout(
            configuration,
            sections: Self.sections,
            viewport: Size(width: 300, height: 200),
            direction: .rightToLeft
        )
        // Mirrored in 300: x = 300 − 160 = 140.
        #expect(Self.element(right, Self.banner)?.frame == Rect(140, 5, 150, 60))
    }

    @Test(arguments: [(0.0, 0.0, 160.0), (100, 100, 260), (160, 160, 320), (320, 300, 320)])
    func pinnedTheyStayInTheViewportWithinTheContent(offset: Double, headerY: Double, footerY: Double) throws {
        var configuration = Self.configuration()
        configuration.boundarySupplementaryItems[0].pinsToVisibleBounds = true
        configuration.boundarySupplementaryItems[1].pinsToVisibleBounds = true
        let layout = try Self.layout(configuration)
        let point = Point(x: 0, y: offset)
        // The header at the viewport's top, at most 360 − 60 = 300; the footer at its bottom (offset + 200 − 40),
        // at most where it lies (320).
        #expect(Self.element(layout, Self.banner, offset: point)?.frame.minY == headerY)
        #expect(Self.element(layout, Self.credits, offset: point)?.frame.minY == footerY)
        // Rect queries find them where they are drawn.
        let visible = layout.attributes(in: Rect(0, offset, 300, 1), contentOffset: point).compactMap {
            $0.kind?.rawValue
        }
        #expect(visible.contains("banner"))
    }

    @Test func aHeaderThatDoesNotExtendTheBoundaryOverlapsTheFirstSection() throws {
        var configuration = Self.configuration()
        configuration.boundarySupplementaryItems[0].extendsBoundary = false
        let layout = try Self.layout(configuration)
        #expect(layout.contentSize.height == 300)
        #expect(Self.element(layout, Self.banner)?.frame == Rect(0, 0, 300, 60))
        #expect(Self.cell(layout, 0, 0)?.minY == 0)
    }

    @Test func aShortContentAlignedToTheBottomMovesThemWithTheSections() throws {
        var configuration = Self.configuration()
        configuration.contentAlignment = .bottom
        let layout = try Self.layout(configuration, height: 500)
        // 360 of content in 500: everything 140 lower.
        #expect(Self.element(layout, Self.banner)?.frame == Rect(0, 140, 300, 60))
        #expect(Self.element(layout, Self.credits)?.frame == Rect(0, 460, 300, 40))
        #expect(Self.cell(layout, 0, 0)?.minY == 200)
    }

    @Test(arguments: [true, false], [LayoutDirection.leftToRight, .rightToLeft])
    func rectQueriesEqualBruteForce(isVertical: Bool, direction: LayoutDirection) throws {
        var random = RandomLayouts(seed: 18)
        for _ in 0..<20 {
            var configuration = random.compositional()
            configuration.scrollDirection = isVertical ? .vertical : .horizontal
            configuration.section = random.compositionalSection(isVertical: isVertical)
            let layoutWide = Self.configuration(isVertical: isVertical).boundarySupplementaryItems
            configuration.boundarySupplementaryItems = layoutWide
            configuration.boundarySupplementaryItems[0].pinsToVisibleBounds = random.bool()
            configuration.boundarySupplementaryItems[1].pinsToVisibleBounds = random.bool()
            configuration.boundarySupplementaryItems[1].extendsBoundary = random.bool()
            let viewport = Size(width: 320, height: 480)
            let layout = try CompositionalLayoutTests.layout(
                configuration,
                sections: (0..<random.int(0...4)).map { _ in SectionInput(count: random.int(0...12)) },
                viewport: viewport,
                direction: direction
            )
            for _ in 0..<10 {
                let along = random.double(-50...(max(layout.contentSize.width, layout.contentSize.height) + 50))
                let offset = isVertical ? Point(x: 0, y: along) : Point(x: along, y: 0)
                let rect = Rect(
                    x: isVertical ? random.double(-20...300) : along,
                    y: isVertical ? along : random.double(-20...400),
                    width: random.double(1...400),
                    height: random.double(1...400)
                )
                let expected = layout.allAttributes(contentOffset: offset).filter { $0.frame.intersects(rect) }
                #expect(layout.attributes(in: rect, contentOffset: offset) == expected)
            }
        }
    }

    @Test func sessionsKeepThemThroughInvalidationAndUpdates() throws {
        var configuration = Self.configuration()
        configuration.section.group.size.height = .estimated(50)
        let row = C.Item(size: .init(width: .fractionalWidth(1), height: .estimated(50)))
        configuration.section.group.subitems = [.item(row)]
        configuration.boundarySupplementaryItems[0].pinsToVisibleBounds = true
        let input = LayoutInput(viewport: Size(width: 300, height: 200), sections: Self.sections)
        var live = try LiveLayout(input: input, configuration: .compositional(configuration))
        _ = try live.invalidate(
            InvalidationContext(itemSizes: [IndexPath(section: 0, item: 1): Size(width: 300, height: 80)])
        )
        // Section 0 is 30 longer: section 1 and the footer move by 30, the header stays.
        #expect(Self.cell(live.prepared, 1, 0)?.minY == 200)
        #expect(Self.element(live.prepared, Self.banner)?.frame == Rect(0, 0, 300, 60))
        #expect(Self.element(live.prepared, Self.credits)?.frame == Rect(0, 350, 300, 40))
        CompositionalSessionTests.expectSame(live.prepared, try prepare(live.input, .compositional(configuration)))
        var updates = BatchUpdates()
        updates.deleteSections = [0]
        _ = try live.performBatchUpdates(updates)
        // Only the old section 1 is left: banner 0…60, its three rows 60…210, credits 210…250.
        #expect(Self.element(live.prepared, Self.credits)?.frame == Rect(0, 210, 300, 40))
        CompositionalSessionTests.expectSame(live.prepared, try prepare(live.input, .compositional(configuration)))
    }

    @Test func badKindsAndAlignmentsAreRefused() throws {
        func refuses(_ change: (inout C.Configuration) -> Void) -> Bool {
            var configuration = Self.configuration()
            change(&configuration)
            do {
                _ = try CompositionalLayoutTests.layout(configuration, sections: Self.sections)
                return false
            } catch {
                return (error as? LayoutError) == .invalidParameter(name: "boundarySupplementaryItems", section: nil)
            }
        }
        // A built-in kind would share [0, 0] with section 0's header.
        #expect(refuses { $0.boundarySupplementaryItems[0].kind = .header })
        // Across the scroll axis.
        #expect(refuses { $0.boundarySupplementaryItems[0].alignment = .leading })
        // Two headers.
        #expect(refuses { $0.boundarySupplementaryItems[1].alignment = .top })
        // A badge of the same kind as the layout's header.
        #expect(
            refuses {
                $0.section.group.supplementaryItems = [
                    C.SupplementaryItem(
                        kind: Self.banner,
                        size: .init(width: .absolute(10), height: .absolute(10)),
                        anchor: C.Anchor(edges: [.top])
                    )
                ]
            }
        )
        #expect(refuses { $0.boundarySupplementaryItems[1].absoluteOffset = Point(x: .nan, y: 0) })
    }
}
