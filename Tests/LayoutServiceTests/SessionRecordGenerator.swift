import LayoutEngine
@testable import LayoutService

/// Random session inputs and mutations from a seeded SplitMix64 stream, covering every kind, every optional
/// member present and absent, and sizes both exact as floats and not.
struct SessionRecordGenerator {
    private var state: UInt64

    init(seed: UInt64) { self.state = seed }

    mutating func next() -> UInt64 {
        self.state &+= 0x9E37_79B9_7F4A_7C15
        var z = self.state
        z = (z ^ (z >> 30)) &* 0xBF58_476D_1CE4_E5B9
        z = (z ^ (z >> 27)) &* 0x94D0_49BB_1331_11EB
        return z ^ (z >> 31)
    }

    mutating func int(_ range: ClosedRange<Int>) -> Int {
        range.lowerBound + Int(self.next() % UInt64(range.count))
    }

    mutating func bool() -> Bool { self.next() & 1 == 1 }

    /// A double that is sometimes a round number, sometimes an arbitrary bit pattern (never NaN), sometimes -0.
    mutating func double() -> Double {
        switch self.next() % 6 {
        case 0: return Double(self.int(0...400))
        case 1: return -0.0
        case 2: return .infinity
        default:
            let value = Double(bitPattern: self.next())
            return value.isNaN ? 1.5 : value
        }
    }

    mutating func maybe<T>(_ make: (inout Self) -> T) -> T? { self.bool() ? make(&self) : nil }

    mutating func choice<T: CaseIterable>(_ type: T.Type) -> T {
        let all = Array(T.allCases)
        return all[self.int(0...all.count - 1)]
    }

    mutating func size() -> Size { Size(width: self.double(), height: self.double()) }
    mutating func point() -> Point { Point(x: self.double(), y: self.double()) }
    mutating func insets() -> EdgeInsets {
        EdgeInsets(top: self.double(), left: self.double(), bottom: self.double(), right: self.double())
    }
    mutating func indexPath() -> IndexPath { IndexPath(section: self.int(-3...40), item: self.int(0...1_000_000)) }

    mutating func input() -> LayoutInput {
        var input = LayoutInput(
            viewport: self.size(),
            contentOffset: self.point(),
            layoutDirection: self.choice(LayoutDirection.self),
            sections: (0..<self.int(0...5)).map { _ in self.section() }
        )
        input.safeAreaInsets = self.insets()
        input.layoutMargins = self.insets()
        input.readableContentWidth = self.maybe { $0.double() }
        return input
    }

    mutating func section() -> SectionInput {
        let items: SectionInput.Items
        switch self.next() % 4 {
        case 0: items = .count(self.int(-5...2_000_000))
        case 1: items = .sizes((0..<self.int(0...20)).map { _ in Size(width: 40, height: Double(self.int(1...90))) })
        case 2: items = .sizes((0..<self.int(0...20)).map { _ in self.waterfallItemSize() })
        default: items = .sizes((0..<self.int(0...20)).map { _ in self.size() })
        }
        var section = SectionInput(
            items: items,
            header: self.maybe { $0.size() },
            footer: self.maybe { $0.size() },
            overrides: self.overrides()
        )
        section.sideStart = self.maybe { $0.size() }
        section.sideEnd = self.maybe { $0.size() }
        section.anchoredSizes = (0..<self.int(0...3)).map { item in
            SectionInput.AnchoredSize(item: item * 2, kind: ElementName("badge\(item)")!, size: self.size())
        }
        return section
    }

    mutating func overrides() -> SectionOverrides {
        var o = SectionOverrides()
        o.itemSize = self.maybe { $0.size() }
        o.sectionInset = self.maybe { $0.insets() }
        o.minimumLineSpacing = self.maybe { $0.double() }
        o.minimumInteritemSpacing = self.maybe { $0.double() }
        o.headerReferenceSize = self.maybe { $0.size() }
        o.footerReferenceSize = self.maybe { $0.size() }
        o.horizontalAlignment = self.maybe { $0.choice(FlowLayout.HorizontalAlignment.self) }
        o.verticalAlignment = self.maybe { $0.choice(FlowLayout.VerticalAlignment.self) }
        o.columnCount = self.maybe { $0.int(-2...12) }
        o.minColumnWidth = self.maybe { $0.double() }
        o.maxColumnCount = self.maybe { $0.int(-2...12) }
        o.maxColumnWidth = self.maybe { $0.double() }
        o.columnSpacing = self.maybe { $0.double() }
        o.rowSpacing = self.maybe { $0.double() }
        o.itemRenderDirection = self.maybe { $0.choice(WaterfallLayout.ItemRenderDirection.self) }
        o.headerHeight = self.maybe { $0.double() }
        o.footerHeight = self.maybe { $0.double() }
        o.headerInset = self.maybe { $0.insets() }
        o.footerInset = self.maybe { $0.insets() }
        o.compositionalSection = self.maybe { $0.compositionalSection(depth: 1) }
        return o
    }

    mutating func configuration() -> LayoutConfiguration {
        switch self.next() % 10 {
        case 0:
            var c = FlowLayout.Configuration()
            c.itemSize = self.size()
            c.estimatedItemSize = self.maybe { $0.size() }
            c.sectionInsetReference = self.choice(FlowLayout.SectionInsetReference.self)
            c.minimumLineSpacing = self.double()
            c.sectionInset = self.insets()
            c.scrollDirection = self.choice(FlowLayout.ScrollDirection.self)
            c.headerReferenceSize = self.size()
            c.sectionFootersPinToVisibleBounds = self.bool()
            c.horizontalAlignment = self.choice(FlowLayout.HorizontalAlignment.self)
            c.verticalAlignment = self.choice(FlowLayout.VerticalAlignment.self)
            c.sectionBackground = self.maybe { $0.insets() }
            c.snap = self.choice(SnapMode.self)
            c.anchor = self.choice(ScrollAnchoring.self)
            c.contentAlignment = self.choice(ContentAlignment.self)
            return .flow(c)
        case 1:
            var c = WaterfallLayout.Configuration()
            c.columnCount = self.int(1...9)
            c.minColumnWidth = self.maybe { $0.double() }
            c.maxColumnCount = self.maybe { $0.int(0...12) }
            c.maxColumnWidth = self.maybe { $0.double() }
            c.rowSpacing = self.double()
            c.itemRenderDirection = self.choice(WaterfallLayout.ItemRenderDirection.self)
            c.footerHeight = self.double()
            c.headerInset = self.insets()
            c.footerInset = self.insets()
            c.minimumContentHeight = self.double()
            c.scrollDirection = self.choice(FlowLayout.ScrollDirection.self)
            c.sectionBackground = self.maybe { $0.insets() }
            c.flickVelocityThreshold = self.double()
            return .waterfall(c)
        case 2:
            var c = LineLayout.Configuration()
            c.itemSize = self.size()
            c.scaleFactor = self.double()
            return .line(c)
        case 3:
            var c = StackLayout.Configuration()
            c.angles = (0..<self.int(0...7)).map { _ in self.double() }
            return .stack(c)
        case 4:
            var c = CircleLayout.Configuration()
            c.radius = self.double()
            return .circle(c)
        case 5:
            var c = CoverLayout.Configuration()
            c.itemSize = self.maybe { $0.size() }
            c.dim = self.double()
            c.scrollDirection = self.choice(FlowLayout.ScrollDirection.self)
            return .cover(c)
        case 6:
            var c = RotaryLayout.Configuration()
            c.perspective = self.double()
            c.maxAngle = self.double()
            return .rotary(c)
        case 7:
            var c = PageCoverLayout.Configuration()
            c.flickVelocityThreshold = self.double()
            return .pagecover(c)
        case 8:
            var c = JustifiedLayout.Configuration()
            c.containerPadding = self.insets()
            c.maxNumRows = self.maybe { $0.int(0...50) }
            c.forceAspectRatio = self.maybe { $0.double() }
            c.showWidows = self.bool()
            c.fullWidthBreakoutRowCadence = self.maybe { $0.int(0...9) }
            c.widowLayoutStyle = self.choice(JustifiedLayout.WidowLayoutStyle.self)
            c.snap = self.choice(SnapMode.self)
            return .justified(c)
        default:
            var c = CompositionalLayout.Configuration()
            c.section = self.compositionalSection(depth: 0)
            c.interSectionSpacing = self.double()
            c.boundarySupplementaryItems = (0..<self.int(0...2)).map { _ in self.boundaryItem() }
            c.scrollDirection = self.choice(FlowLayout.ScrollDirection.self)
            c.anchor = self.choice(ScrollAnchoring.self)
            return .compositional(c)
        }
    }

    mutating func dimension() -> CompositionalLayout.Dimension {
        switch self.next() % 4 {
        case 0: .fractionalWidth(self.double())
        case 1: .fractionalHeight(self.double())
        case 2: .absolute(self.double())
        default: .estimated(self.double())
        }
    }

    mutating func layoutSize() -> CompositionalLayout.LayoutSize {
        CompositionalLayout.LayoutSize(width: self.dimension(), height: self.dimension())
    }

    mutating func directionalInsets() -> CompositionalLayout.DirectionalInsets {
        CompositionalLayout.DirectionalInsets(
            top: self.double(),
            leading: self.double(),
            bottom: self.double(),
            trailing: self.double()
        )
    }

    mutating func spacing() -> CompositionalLayout.Spacing {
        self.bool() ? .fixed(self.double()) : .flexible(self.double())
    }

    mutating func edgeSpacing() -> CompositionalLayout.EdgeSpacing {
        CompositionalLayout.EdgeSpacing(
            leading: self.maybe { $0.spacing() },
            top: self.maybe { $0.spacing() },
            trailing: self.maybe { $0.spacing() },
            bottom: self.maybe { $0.spacing() }
        )
    }

    mutating func group(depth: Int) -> CompositionalLayout.Group {
        let layout: CompositionalLayout.GroupLayout
        switch self.next() % 3 {
        case 0: layout = .horizontal
        case 1: layout = .vertical
        default:
            layout = .custom((0..<self.int(0...3)).map { _ in Rect(origin: self.point(), size: self.size()) })
        }
        let subitems = (0..<self.int(0...3)).map { _ -> CompositionalLayout.Element in
            if depth < 3, self.bool() { return .group(self.group(depth: depth + 1)) }
            var item = CompositionalLayout.Item(size: self.layoutSize())
            item.contentInsets = self.directionalInsets()
            item.edgeSpacing = self.edgeSpacing()
            item.supplementaryItems = self.supplementaryItems()
            return .item(item)
        }
        var group = CompositionalLayout.Group(
            layout: layout,
            size: self.layoutSize(),
            subitems: subitems,
            count: self.maybe { $0.int(0...9) }
        )
        group.interItemSpacing = self.maybe { $0.spacing() }
        group.contentInsets = self.directionalInsets()
        group.edgeSpacing = self.edgeSpacing()
        group.supplementaryItems = self.supplementaryItems()
        return group
    }

    mutating func boundaryItem() -> CompositionalLayout.BoundarySupplementaryItem {
        var item = CompositionalLayout.BoundarySupplementaryItem(
            alignment: self.choice(CompositionalLayout.Alignment.self),
            size: self.layoutSize(),
            kind: self.maybe { $0.elementKind() }
        )
        item.pinsToVisibleBounds = self.bool()
        item.extendsBoundary = self.bool()
        item.zIndex = self.int(-5...5)
        item.absoluteOffset = self.point()
        return item
    }

    mutating func compositionalSection(depth: Int) -> CompositionalLayout.Section {
        var section = CompositionalLayout.Section(group: self.group(depth: depth))
        section.contentInsets = self.directionalInsets()
        section.interGroupSpacing = self.double()
        section.orthogonalScrollingBehavior = self.choice(CompositionalLayout.OrthogonalScrollingBehavior.self)
        section.boundarySupplementaryItems = (0..<self.int(0...2)).map { _ in self.boundaryItem() }
        section.background = self.maybe { $0.directionalInsets() }
        section.backgroundZIndex = self.int(-3...3)
        section.decorationItems = (0..<self.int(0...2)).map { _ in
            var item = CompositionalLayout.DecorationItem(kind: self.elementName())
            item.contentInsets = self.directionalInsets()
            item.zIndex = self.int(-5...5)
            return item
        }
        section.contentInsetsReference = self.choice(CompositionalLayout.ContentInsetsReference.self)
        section.supplementaryContentInsetsReference = self.choice(CompositionalLayout.ContentInsetsReference.self)
        section.visibleItemsEffect = self.maybe { generator in
            var effect = CompositionalLayout.VisibleItemsEffect()
            effect.scale = generator.maybe { $0.effectRange() }
            effect.alpha = generator.maybe { $0.effectRange() }
            effect.rotation = generator.maybe { $0.effectRange() }
            effect.distance = generator.maybe { $0.double() }
            return effect
        }
        section.list = self.maybe { generator in
            var list = CompositionalLayout.ListConfiguration(
                appearance: generator.choice(CompositionalLayout.ListConfiguration.Appearance.self)
            )
            list.headerMode = generator.choice(CompositionalLayout.ListConfiguration.HeaderMode.self)
            list.footerMode = generator.choice(CompositionalLayout.ListConfiguration.FooterMode.self)
            list.estimatedRowHeight = generator.double()
            list.showsSeparators = generator.int(0...1) == 1
            list.headerTopPadding = generator.maybe { $0.double() }
            return list
        }
        return section
    }

    mutating func mutation() -> SessionMutation {
        switch self.next() % 3 {
        case 0:
            var context = InvalidationContext()
            for _ in 0..<self.int(0...4) { context.itemSizes[self.indexPath()] = self.size() }
            for _ in 0..<self.int(0...3) {
                let key = SupplementaryIndexPath(kind: self.elementKind(), indexPath: self.indexPath())
                context.supplementarySizes[key] = self.size()
            }
            context.viewport = self.maybe { $0.size() }
            context.invalidatesEverything = self.bool()
            context.contentOffset = self.maybe { $0.point() }
            return .invalidate(context)
        case 1:
            var batch = BatchUpdates()
            batch.deleteSections = (0..<self.int(0...3)).map { _ in self.int(-1...9) }
            batch.insertSections = (0..<self.int(0...2)).map { _ in
                BatchUpdates.SectionInsertion(index: self.int(0...9), section: self.section())
            }
            batch.deleteItems = (0..<self.int(0...3)).map { _ in self.indexPath() }
            batch.insertItems = (0..<self.int(0...3)).map { _ in
                BatchUpdates.ItemChange(indexPath: self.indexPath(), size: self.maybe { $0.size() })
            }
            batch.reloadItems = (0..<self.int(0...3)).map { _ in BatchUpdates.ItemChange(indexPath: self.indexPath()) }
            batch.moveItems = (0..<self.int(0...2)).map { _ in
                BatchUpdates.ItemMove(from: self.indexPath(), to: self.indexPath())
            }
            batch.moveSections = (0..<self.int(0...2)).map { _ in
                BatchUpdates.SectionMove(from: self.int(-1...9), to: self.int(-1...9))
            }
            batch.expectedItemCounts = self.maybe { generator in
                (0..<generator.int(0...4)).map { _ in generator.int(0...99) }
            }
            batch.contentOffset = self.maybe { $0.point() }
            return .updates(batch)
        default:
            return .transition(self.configuration())
        }
    }
}
