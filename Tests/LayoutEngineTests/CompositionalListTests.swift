import LayoutEngine
import Testing

/// `compositional` list sections (`UICollectionLayoutListConfiguration`): every appearance with each header and
/// footer mode against frames worked by hand on an iPhone-sized environment (375 points wide, 16-point side margins),
/// right to left, and rect queries against brute force.
@Suite struct CompositionalListTests {
    typealias C = CompositionalLayout
    typealias List = C.ListConfiguration

    /// An element as `kind section.item (x, y, width, height)`, for comparing answers in any order.
    static func describe(_ attributes: LayoutAttributes) -> String {
        let f = attributes.frame
        return "\(attributes.kind?.rawValue ?? "cell") \(attributes.indexPath.section).\(attributes.indexPath.item) "
            + "(\(f.minX), \(f.minY), \(f.width), \(f.height))"
    }

    /// The list `configuration` for every section, in a 375 × 667 viewport with iPhone insets (safe area 44 top,
    /// 34 bottom) and `margins`.
    static func layout(
        _ list: List,
        sections: [SectionInput] = [SectionInput(count: 3), SectionInput(count: 3)],
        margins: EdgeInsets = EdgeInsets(top: 8, left: 16, bottom: 8, right: 16),
        direction: LayoutDirection = .leftToRight
    ) throws -> PreparedLayout {
        var configuration = C.Configuration()
        configuration.section = .list(list)
        var input = LayoutInput(viewport: Size(width: 375, height: 667), layoutDirection: direction, sections: sections)
        input.safeAreaInsets = EdgeInsets(top: 44, left: 0, bottom: 34, right: 0)
        input.layoutMargins = margins
        return try prepare(input, .compositional(configuration))
    }

    static func list(_ appearance: List.Appearance, _ header: List.HeaderMode, _ footer: List.FooterMode) -> List {
        var list = List(appearance: appearance)
        list.headerMode = header
        list.footerMode = footer
        return list
    }

    /// The expected elements: for each section, its header's y (if any), its rows' ys and its footer's y (if any),
    /// all 44 high, at `x` and `width`.
    static func expected(
        x: Double,
        width: Double,
        _ sections: [(header: Double?, rows: [Double], footer: Double?)]
    ) -> [String] {
        var result: [String] = []
        for (index, section) in sections.enumerated() {
            if let y = section.header { result.append("header \(index).0 (\(x), \(y), \(width), 44.0)") }
            for (item, y) in section.rows.enumerated() {
                result.append("cell \(index).\(item) (\(x), \(y), \(width), 44.0)")
            }
            if let y = section.footer { result.append("footer \(index).0 (\(x), \(y), \(width), 44.0)") }
        }
        return result.sorted()
    }

    static let cases: [(List, [String], Double)] = [
        // Plain: full-width 44-point rows, one section after the other.
        (list(.plain, .none, .none), expected(x: 0, width: 375, [(nil, [0, 44, 88], nil), (nil, [132, 176, 220], nil)]),
         264),
        // Plain with a header and a footer: each 44 points (estimated), before and after the rows.
        (list(.plain, .supplementary, .supplementary),
         expected(x: 0, width: 375, [(0, [44, 88, 132], 176), (220, [264, 308, 352], 396)]), 440),
        // Grouped without a header: 35 points above each section's rows.
        (list(.grouped, .none, .none),
         expected(x: 0, width: 375, [(nil, [35, 79, 123], nil), (nil, [202, 246, 290], nil)]), 334),
        // Grouped with a header: the header takes the room, no spacing of its own.
        (list(.grouped, .supplementary, .none),
         expected(x: 0, width: 375, [(0, [44, 88, 132], nil), (176, [220, 264, 308], nil)]), 352),
        // Inset grouped: the layout margins inset rows, header and footer: x 16, width 375 − 32 = 343.
        (list(.insetGrouped, .supplementary, .supplementary),
         expected(x: 16, width: 343, [(0, [44, 88, 132], 176), (220, [264, 308, 352], 396)]), 440),
        // A first item styled as the header is an ordinary row: grouped spacing as without a header.
        (list(.insetGrouped, .firstItemInSection, .none),
         expected(x: 16, width: 343, [(nil, [35, 79, 123], nil), (nil, [202, 246, 290], nil)]), 334),
        // Sidebar: inset by the margins, no spacing; a footer after the rows.
        (list(.sidebar, .none, .supplementary),
         expected(x: 16, width: 343, [(nil, [0, 44, 88], 132), (nil, [176, 220, 264], 308)]), 352),
        // Sidebar plain: full width, no spacing.
        (list(.sidebarPlain, .firstItemInSection, .supplementary),
         expected(x: 0, width: 375, [(nil, [0, 44, 88], 132), (nil, [176, 220, 264], 308)]), 352),
    ]

    @Test(arguments: Self.cases)
    func everyAppearanceMakesItsRowsHeaderAndFooter(list: List, expected: [String], height: Double) throws {
        let layout = try Self.layout(list)
        #expect(layout.allAttributes(contentOffset: .zero).map(Self.describe).sorted() == expected)
        #expect(layout.contentSize == Size(width: 375, height: height))
    }

    @Test func theSectionIsAnOrdinaryCompositionalSection() {
        var list = List(appearance: .insetGrouped)
        list.headerMode = .supplementary
        list.estimatedRowHeight = 60
        let section = C.Section.list(list)
        #expect(section.list == list)
        #expect(section.contentInsetsReference == .layoutMargins)
        #expect(section.contentInsets == .zero)
        #expect(section.group.size == C.LayoutSize(width: .fractionalWidth(1), height: .estimated(60)))
        #expect(section.boundarySupplementaryItems.map(\.alignment) == [.top])
        #expect(section.background == nil && section.decorationItems.isEmpty)
        #expect(C.Section.list(List(appearance: .plain)).contentInsetsReference == C.ContentInsetsReference.none)
    }

    @Test func anEstimatedRowHeightSizesEveryRow() throws {
        var list = List(appearance: .plain)
        list.estimatedRowHeight = 60
        let layout = try Self.layout(list, sections: [SectionInput(count: 3)])
        #expect(cellFrames(layout) == [Rect(0, 0, 375, 60), Rect(0, 60, 375, 60), Rect(0, 120, 375, 60)])
    }

    @Test func headerTopPaddingMovesTheHeaderAndTheRowsDown() throws {
        var list = Self.list(.plain, .supplementary, .none)
        list.headerTopPadding = 22
        let layout = try Self.layout(list)
        // Section 0: header 22 … 66, rows 66, 110, 154; section 1 from 198: header 220, rows 264, 308, 352.
        #expect(layout.allAttributes(contentOffset: .zero).map(Self.describe).sorted()
            == Self.expected(x: 0, width: 375, [(22, [66, 110, 154], nil), (220, [264, 308, 352], nil)]))
        #expect(layout.contentSize == Size(width: 375, height: 396))
        // A rect over the first padding finds nothing; one just below finds the header.
        #expect(layout.attributes(in: Rect(0, 0, 375, 21), contentOffset: .zero).isEmpty)
        #expect(layout.attributes(in: Rect(0, 0, 375, 23), contentOffset: .zero).map { $0.kind } == [.header])
        // Without a supplementary header the padding is unused: grouped keeps its 35 points.
        var grouped = Self.list(.grouped, .firstItemInSection, .none)
        grouped.headerTopPadding = 22
        #expect(cellFrames(try Self.layout(grouped)).first == Rect(0, 35, 375, 44))
    }

    @Test func separatorsChangeNoFrame() throws {
        var hidden = Self.list(.insetGrouped, .supplementary, .none)
        hidden.showsSeparators = false
        let shown = Self.list(.insetGrouped, .supplementary, .none)
        #expect(try Self.layout(hidden).allAttributes(contentOffset: .zero)
            == Self.layout(shown).allAttributes(contentOffset: .zero))
    }

    @Test func insetListsFollowTheSafeAreaAndTheMarginsTheRequestGives() throws {
        // Landscape-like: a 44-point safe area on the left, 10 and 30 point margins.
        var configuration = C.Configuration()
        configuration.section = .list(Self.list(.insetGrouped, .none, .none))
        var input = LayoutInput(viewport: Size(width: 812, height: 375), sections: [SectionInput(count: 1)])
        input.safeAreaInsets = EdgeInsets(top: 0, left: 44, bottom: 21, right: 0)
        input.layoutMargins = EdgeInsets(top: 0, left: 10, bottom: 0, right: 30)
        let layout = try prepare(input, .compositional(configuration))
        // 44 + 10 on the left, 30 on the right: x 54, width 812 − 54 − 30 = 728.
        #expect(cellFrames(layout) == [Rect(54, 35, 728, 44)])
        // Plain spans the whole width, safe area or not.
        configuration.section = .list(List(appearance: .plain))
        #expect(cellFrames(try prepare(input, .compositional(configuration))) == [Rect(0, 0, 812, 44)])
    }

    @Test(arguments: List.Appearance.allCases)
    func rightToLeftKeepsThePhysicalMargins(appearance: List.Appearance) throws {
        // Margins are physical in UIKit: left 10, right 30 put an inset row at x 10, width 335, in either direction.
        let margins = EdgeInsets(top: 8, left: 10, bottom: 8, right: 30)
        let list = Self.list(appearance, .supplementary, .supplementary)
        let leftToRight = try Self.layout(list, margins: margins)
        let rightToLeft = try Self.layout(list, margins: margins, direction: .rightToLeft)
        let isInset = appearance == .insetGrouped || appearance == .sidebar
        let first = try #require(cellFrames(rightToLeft).first)
        #expect(first.minX == (isInset ? 10 : 0) && first.width == (isInset ? 335 : 375))
        #expect(
            rightToLeft.allAttributes(contentOffset: .zero).map(Self.describe).sorted()
                == leftToRight.allAttributes(contentOffset: .zero).map(Self.describe).sorted()
        )
    }

    @Test func aListIsRefusedInAHorizontalLayout() {
        var configuration = C.Configuration()
        configuration.scrollDirection = .horizontal
        configuration.section = .list(List(appearance: .plain))
        let input = LayoutInput(viewport: Size(width: 375, height: 667), sections: [SectionInput(count: 1)])
        #expect(throws: LayoutError.invalidParameter(name: "section/list", section: nil)) {
            try prepare(input, .compositional(configuration))
        }
    }

    @Test(arguments: [-1, Double.infinity, Double.nan])
    func anUnusableRowHeightOrPaddingIsRefused(value: Double) {
        var list = List(appearance: .plain)
        list.estimatedRowHeight = value
        #expect(throws: LayoutError.invalidParameter(name: "section/list", section: nil)) {
            try Self.layout(list)
        }
        var padded = Self.list(.plain, .supplementary, .none)
        padded.headerTopPadding = value
        #expect(throws: LayoutError.invalidParameter(name: "section/list", section: nil)) {
            try Self.layout(padded)
        }
    }

    @Test func rectQueriesEqualBruteForce() throws {
        for seed in 0..<40 as Range<UInt64> {
            var random = RandomLayouts(seed: seed &* 7919 &+ 11)
            var list = List(appearance: List.Appearance.allCases[random.int(0...4)])
            list.headerMode = List.HeaderMode.allCases[random.int(0...2)]
            list.footerMode = List.FooterMode.allCases[random.int(0...1)]
            list.estimatedRowHeight = random.double(20...80).rounded()
            list.headerTopPadding = random.bool() ? random.double(0...30).rounded() : nil
            let sections = (0..<random.int(1...6)).map { _ in
                random.bool()
                    ? SectionInput(count: random.int(0...40))
                    : SectionInput(items: .sizes((0..<random.int(0...20)).map { _ in
                        Size(width: 375, height: random.double(10...120).rounded())
                    }))
            }
            let direction: LayoutDirection = random.bool() ? .leftToRight : .rightToLeft
            let layout = try Self.layout(list, sections: sections, direction: direction)
            for _ in 0..<100 {
                let rect = random.rect(in: layout.contentSize)
                let expected = layout.allAttributes(contentOffset: .zero).filter { $0.frame.intersects(rect) }
                #expect(layout.attributes(in: rect, contentOffset: .zero) == expected, "seed \(seed)")
            }
        }
    }
}
