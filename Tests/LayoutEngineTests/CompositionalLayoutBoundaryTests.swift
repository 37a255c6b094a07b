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
        layout.attributesForSupplementaryElement(ofKind: .named(name), at: IndexPath(section: 0, item: 0), contentOffset: offset)
    }

    static let sections = [SectionInput(count: 2), SectionInput(count: 3)]

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
        #expect(layout.attributesForItem(at: IndexPath(section: 0, item: 0), contentOffset: .zero)?.frame == Rect(0, 60, 300, 50))
        #expect(layout.attributesForItem(at: IndexPath(section: 1, item: 0), contentOffset: .zero)?.frame == Rect(0, 170, 300, 50))
        let banner = try #require(Self.element(layout, Self.banner))
        #expect(banner.category == .supplementaryView && banner.indexPath == IndexPath(section: 0, item: 0))
        #expect(banner.kind?.rawValue == "banner")
        // No such element at another index path, nor of another name.
        #expect(
            layout.attributesForSupplementaryElement(ofKind: .named(Self.banner), at: IndexPath(section: 0, item: 1), contentOffset: .zero)
                == nil
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
        #expect(layout.attributesForItem(at: IndexPath(section: 1, item: 0), contentOffset: .zero)?.frame == Rect(170, 0, 50, 300))
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
        let left = try CompositionalLayoutTests.layout(configuration, sections: Self.sections, viewport: Size(width: 300, height: 200))
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
        let layout = try CompositionalLayoutTests.layout(configuration, sections: Self.sections, viewport: Size(width: 300, height: 200))
        let point = Point(x: 0, y: offset)
        // The header at the viewport's top, at most 360 − 60 = 300; the footer at its bottom (offset + 200 − 40),
        // at most where it lies (320).
        #expect(Self.element(layout, Self.banner, offset: point)?.frame.minY == headerY)
        #expect(Self.element(layout, Self.credits, offset: point)?.frame.minY == footerY)
        // Rect queries find them where they are drawn.
        let visible = layout.attributes(in: Rect(0, offset, 300, 1), contentOffset: point).compactMap { $0.kind?.rawValue }
        #expect(visible.contains("banner"))
    }

    @Test func aHeaderThatDoesNotExtendTheBoundaryOverlapsTheFirstSection() throws {
        var configuration = Self.configuration()
        configuration.boundarySupplementaryItems[0].extendsBoundary = false
        let layout = try CompositionalLayoutTests.layout(configuration, sections: Self.sections, viewport: Size(width: 300, height: 200))
        #expect(layout.contentSize.height == 300)
        #expect(Self.element(layout, Self.banner)?.frame == Rect(0, 0, 300, 60))
        #expect(layout.attributesForItem(at: IndexPath(section: 0, item: 0), contentOffset: .zero)?.frame.minY == 0)
    }

    @Test func aShortContentAlignedToTheBottomMovesThemWithTheSections() throws {
        var configuration = Self.configuration()
        configuration.contentAlignment = .bottom
        let layout = try CompositionalLayoutTests.layout(configuration, sections: Self.sections, viewport: Size(width: 300, height: 500))
        // 360 of content in 500: everything 140 lower.
        #expect(Self.element(layout, Self.banner)?.frame == Rect(0, 140, 300, 60))
        #expect(Self.element(layout, Self.credits)?.frame == Rect(0, 460, 300, 40))
        #expect(layout.attributesForItem(at: IndexPath(section: 0, item: 0), contentOffset: .zero)?.frame.minY == 200)
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
        configuration.section.group.subitems = [.item(C.Item(size: .init(width: .fractionalWidth(1), height: .estimated(50))))]
        configuration.boundarySupplementaryItems[0].pinsToVisibleBounds = true
        let input = LayoutInput(viewport: Size(width: 300, height: 200), sections: Self.sections)
        var live = try LiveLayout(input: input, configuration: .compositional(configuration))
        _ = try live.invalidate(
            InvalidationContext(itemSizes: [IndexPath(section: 0, item: 1): Size(width: 300, height: 80)])
        )
        // Section 0 is 30 longer: section 1 and the footer move by 30, the header stays.
        #expect(live.prepared.attributesForItem(at: IndexPath(section: 1, item: 0), contentOffset: .zero)?.frame.minY == 200)
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

/// Visiting a `compositional` layout a batch at a time (``ElementCursor``, the streamed answer) gives every element
/// of ``PreparedLayout/allAttributes(contentOffset:orthogonalOffsets:)`` in its order: the layout's header and
/// footer, decorations of client-named kinds and anchored supplementaries included.
@Suite struct CompositionalCursorTests {
    typealias C = CompositionalLayout

    @Test(arguments: [1, 3, 7, 256], [true, false])
    func theCursorVisitsWhatAllAttributesDoes(limit: Int, isVertical: Bool) throws {
        var configuration = CompositionalLayoutBoundaryTests.configuration(isVertical: isVertical)
        var item = C.Item(size: .init(width: .fractionalWidth(0.5), height: .fractionalHeight(0.5)))
        item.supplementaryItems = [
            C.SupplementaryItem(
                kind: ElementName("badge")!,
                size: .init(width: .absolute(10), height: .absolute(10)),
                anchor: C.Anchor(edges: [.top, .trailing])
            )
        ]
        configuration.section.group.subitems = [.item(item)]
        configuration.section.group.supplementaryItems = [
            C.SupplementaryItem(
                kind: ElementName("ribbon")!,
                size: .init(width: .absolute(20), height: .absolute(5)),
                anchor: C.Anchor(edges: [.bottom])
            )
        ]
        configuration.section.decorationItems = [C.DecorationItem(kind: ElementName("card")!)]
        configuration.section.background = .zero
        for sections in [[], [SectionInput(count: 0)], [SectionInput(count: 5), SectionInput(count: 1)]] {
            for direction in [LayoutDirection.leftToRight, .rightToLeft] {
                let layout = try CompositionalLayoutTests.layout(
                    configuration,
                    sections: sections,
                    viewport: Size(width: 200, height: 200),
                    direction: direction
                )
                let offset = Point(x: 0, y: 30)
                var cursor = ElementCursor()
                var walked: [LayoutAttributes] = []
                var calls = 0
                while !cursor.isFinished, calls < 1000 {
                    let visited = layout.forEachAttribute(from: &cursor, limit: limit, contentOffset: offset) {
                        walked.append($0)
                    }
                    #expect(visited >= 0)
                    calls += 1
                }
                #expect(walked == layout.allAttributes(contentOffset: offset))
            }
        }
    }
}

/// Measured side items (invalidate's `supplementaries` of kind `leadingSupplementary`, `trailingSupplementary`,
/// `topSupplementary`, `bottomSupplementary`): their estimated dimensions take the measured lengths, as a header's do.
@Suite struct CompositionalMeasuredSideTests {
    typealias C = CompositionalLayout

    /// Three 44-point rows (columns) per section, 10 apart, a side item 40 thick with an estimated length of 100 at
    /// the start of the cross axis and one 30 thick with an estimated length of 50 at its end.
    static func configuration(isVertical: Bool) -> C.Configuration {
        var configuration = C.Configuration()
        configuration.scrollDirection = isVertical ? .vertical : .horizontal
        configuration.section = C.Section(
            group: isVertical
                ? C.Group(size: .init(width: .fractionalWidth(1), height: .absolute(44)))
                : C.Group(size: .init(width: .absolute(44), height: .fractionalHeight(1)))
        )
        configuration.interSectionSpacing = 10
        func side(_ alignment: C.Alignment, thickness: Double, length: Double) -> C.BoundarySupplementaryItem {
            C.BoundarySupplementaryItem(
                alignment: alignment,
                size: isVertical
                    ? .init(width: .absolute(thickness), height: .estimated(length))
                    : .init(width: .estimated(length), height: .absolute(thickness))
            )
        }
        configuration.section.boundarySupplementaryItems = [
            side(isVertical ? .leading : .top, thickness: 40, length: 100),
            side(isVertical ? .trailing : .bottom, thickness: 30, length: 50),
        ]
        return configuration
    }

    @Test(arguments: [true, false], [LayoutDirection.leftToRight, .rightToLeft])
    func aMeasuredSideItemLengthensItsSectionAndMovesTheNext(isVertical: Bool, direction: LayoutDirection) throws {
        let configuration = Self.configuration(isVertical: isVertical)
        let input = LayoutInput(
            viewport: Size(width: 300, height: 300),
            layoutDirection: direction,
            sections: [SectionInput(count: 3), SectionInput(count: 3)]
        )
        var live = try LiveLayout(input: input, configuration: .compositional(configuration))
        let start: ElementKind = isVertical ? .leadingSupplementary : .topSupplementary
        let end: ElementKind = isVertical ? .trailingSupplementary : .bottomSupplementary
        // Before: each section is max(132, 100) = 132 long; section 1 starts at 142.
        // Along the scroll axis from the content's start (right to left, a horizontal layout starts at the right).
        func along(_ rect: Rect?) -> Double? {
            rect.map { rect in
                isVertical ? rect.minY : direction == .rightToLeft ? live.prepared.contentSize.width - rect.maxX : rect.minX
            }
        }
        func length(_ rect: Rect?) -> Double? { rect.map { isVertical ? $0.height : $0.width } }
        let next = IndexPath(section: 1, item: 0)
        #expect(along(live.prepared.attributesForItem(at: next, contentOffset: .zero)?.frame) == 142)
        let measured = isVertical ? Size(width: 55, height: 200) : Size(width: 200, height: 55)
        let result = try live.invalidate(
            InvalidationContext(
                supplementarySizes: [SupplementaryIndexPath(kind: start, indexPath: IndexPath(section: 0, item: 0)): measured]
            )
        )
        // The start item is 200 long now (its thickness 40 is absolute: not estimated, not measured), section 0 is
        // 200 long, and section 1 moves 68 further.
        let side = live.prepared.attributesForSupplementaryElement(ofKind: start, at: IndexPath(section: 0, item: 0), contentOffset: .zero)
        #expect(length(side?.frame) == 200)
        #expect(side.map { isVertical ? $0.frame.width : $0.frame.height } == 40)
        #expect(along(live.prepared.attributesForItem(at: next, contentOffset: .zero)?.frame) == 210)
        #expect(result.contentSizeAdjustment == (isVertical ? Size(width: 0, height: 68) : Size(width: 68, height: 0)))
        CompositionalSessionTests.expectSame(live.prepared, try prepare(live.input, .compositional(configuration)))
        // The end item of section 1, measured shorter than its estimate: 20 long, the section stays 132.
        let shorter = isVertical ? Size(width: 30, height: 20) : Size(width: 20, height: 30)
        _ = try live.invalidate(
            InvalidationContext(
                supplementarySizes: [SupplementaryIndexPath(kind: end, indexPath: IndexPath(section: 1, item: 0)): shorter]
            )
        )
        let endSide = live.prepared.attributesForSupplementaryElement(ofKind: end, at: IndexPath(section: 1, item: 0), contentOffset: .zero)
        #expect(length(endSide?.frame) == 20)
        #expect(live.prepared.contentSize == (isVertical ? Size(width: 300, height: 342) : Size(width: 342, height: 300)))
        CompositionalSessionTests.expectSame(live.prepared, try prepare(live.input, .compositional(configuration)))
    }

    @Test func aSideKindOfTheOtherDirectionOrOfNoItemIsNotMeasured() throws {
        var live = try LiveLayout(
            input: LayoutInput(viewport: Size(width: 300, height: 300), sections: [SectionInput(count: 3)]),
            configuration: .compositional(Self.configuration(isVertical: true))
        )
        let wrong = SupplementaryIndexPath(kind: .topSupplementary, indexPath: IndexPath(section: 0, item: 0))
        #expect(throws: LayoutError.noSuchSupplementary(kind: .topSupplementary, section: 0, item: 0)) {
            try live.invalidate(InvalidationContext(supplementarySizes: [wrong: Size(width: 10, height: 10)]))
        }
    }
}
