import LayoutEngine
@testable import LayoutService
import Testing

/// The fields format version 2 added, each set alone to a value other than its default: the record changes, reads
/// back equal and re-encodes to the same bytes. A field the codec skipped would read back as its default.
@Suite struct SessionCodecFieldTests {
    typealias C = CompositionalLayout

    static let badge = ElementName("badge")!
    static let insets = EdgeInsets(top: 1, left: 2, bottom: 3, right: 4)
    static let directional = C.DirectionalInsets(top: 1, leading: 2, bottom: 3, trailing: 4)
    static let small = C.LayoutSize(width: .absolute(20), height: .fractionalHeight(0.25))

    /// One configuration per new field (or, for lists, per new kind of entry), named after it.
    static var configurations: [(String, LayoutConfiguration)] {
        func flow(_ change: (inout FlowLayout.Configuration) -> Void) -> LayoutConfiguration {
            var c = FlowLayout.Configuration()
            change(&c)
            return .flow(c)
        }
        func waterfall(_ change: (inout WaterfallLayout.Configuration) -> Void) -> LayoutConfiguration {
            var c = WaterfallLayout.Configuration()
            change(&c)
            return .waterfall(c)
        }
        func section(_ change: (inout C.Section) -> Void) -> LayoutConfiguration {
            var c = C.Configuration()
            change(&c.section)
            return .compositional(c)
        }
        let fractional = C.Anchor(edges: [.top, .trailing], offset: .fractional(Point(x: 0.5, y: -0.5)))
        let absolute = C.Anchor(edges: [.bottom], offset: .absolute(Point(x: -3, y: 4)))
        var badge = C.SupplementaryItem(kind: Self.badge, size: Self.small, anchor: fractional)
        badge.zIndex = 7
        let corner = C.SupplementaryItem(kind: ElementName("corner")!, size: Self.small, anchor: absolute)
        var card = C.DecorationItem(kind: ElementName("cardBackground")!)
        card.contentInsets = Self.directional
        card.zIndex = -4
        var effect = C.VisibleItemsEffect()
        effect.scale = C.EffectRange(center: 1.2, edge: 0.8)
        effect.alpha = C.EffectRange(center: 1, edge: 0.5)
        effect.rotation = C.EffectRange(center: 0, edge: 0.3)
        effect.distance = 250
        var boundary = C.BoundarySupplementaryItem(alignment: .top, size: Self.small, kind: .named(Self.badge))
        boundary.absoluteOffset = Point(x: 5, y: -6)
        return [
            ("flow.estimatedItemSize", flow { $0.estimatedItemSize = Size(width: 375, height: 44) }),
            ("flow.sectionInsetReference", flow { $0.sectionInsetReference = .layoutMargins }),
            ("waterfall.minColumnWidth", waterfall { $0.minColumnWidth = 120 }),
            ("waterfall.maxColumnCount", waterfall { $0.maxColumnCount = 4 }),
            ("waterfall.maxColumnWidth", waterfall { $0.maxColumnWidth = 300 }),
            ("waterfall.headerInset", waterfall { $0.headerInset = Self.insets }),
            ("waterfall.footerInset", waterfall { $0.footerInset = Self.insets }),
            ("waterfall.minimumContentHeight", waterfall { $0.minimumContentHeight = 900 }),
            ("waterfall.scrollDirection", waterfall { $0.scrollDirection = .horizontal }),
            ("item.supplementaryItems", section {
                var item = C.Item(size: Self.small)
                item.supplementaryItems = [badge, corner]
                $0.group.subitems = [.item(item)]
            }),
            ("nested item.supplementaryItems", section {
                var item = C.Item()
                item.supplementaryItems = [badge]
                $0.group.subitems = [.group(C.Group(layout: .vertical, size: Self.small, subitems: [.item(item)]))]
            }),
            ("group.supplementaryItems", section { $0.group.supplementaryItems = [corner] }),
            ("boundary.absoluteOffset", section { $0.boundarySupplementaryItems = [boundary] }),
            ("section.decorationItems", section { $0.decorationItems = [card, C.DecorationItem(kind: Self.badge)] }),
            ("section.contentInsetsReference", section { $0.contentInsetsReference = .readableContent }),
            ("section.supplementaryContentInsetsReference", section {
                $0.supplementaryContentInsetsReference = .none
            }),
            ("section.visibleItemsEffect", section { $0.visibleItemsEffect = effect }),
            ("empty visibleItemsEffect", section { $0.visibleItemsEffect = C.VisibleItemsEffect() }),
            ("section.list", section {
                var list = C.ListConfiguration(appearance: .insetGrouped)
                list.headerMode = .firstItemInSection
                list.footerMode = .supplementary
                list.estimatedRowHeight = 52.5
                list.showsSeparators = false
                list.headerTopPadding = 22
                $0 = .list(list)
            }),
        ]
    }

    /// One section per new override.
    static var overrides: [(String, SectionOverrides)] {
        func make(_ change: (inout SectionOverrides) -> Void) -> SectionOverrides {
            var o = SectionOverrides()
            change(&o)
            return o
        }
        var compositional = C.Section()
        compositional.decorationItems = [C.DecorationItem(kind: Self.badge)]
        return [
            ("minColumnWidth", make { $0.minColumnWidth = 140 }),
            ("maxColumnCount", make { $0.maxColumnCount = 2 }),
            ("maxColumnWidth", make { $0.maxColumnWidth = 99.5 }),
            ("headerInset", make { $0.headerInset = Self.insets }),
            ("footerInset", make { $0.footerInset = Self.insets }),
            ("compositionalSection.decorationItems", make { $0.compositionalSection = compositional }),
        ]
    }

    @Test(arguments: 0..<19)
    func eachNewConfigurationFieldIsStored(index: Int) throws {
        #expect(Self.configurations.count == 19)
        let (name, configuration) = Self.configurations[index]
        let input = LayoutInput(sections: [SectionInput(count: 3)])
        let stored = StoredSessionInput(configuration: configuration, input: input)
        let bytes = try SessionCodec.encode(stored)
        let plain = try SessionCodec.encode(StoredSessionInput(configuration: .defaults(for: configuration.kind),
                                                               input: input))
        #expect(configuration != .defaults(for: configuration.kind), "\(name)")
        #expect(bytes != plain, "\(name) does not change the record")
        let decoded = try SessionCodec.decodeInput(bytes)
        #expect(decoded == stored, "\(name)")
        #expect(try SessionCodec.encode(decoded) == bytes, "\(name)")
        // As a transition's target, too.
        let mutation = SessionMutation.transition(configuration)
        #expect(try SessionCodec.decodeMutation(try SessionCodec.encode(mutation)) == mutation, "\(name)")
    }

    @Test(arguments: 0..<6)
    func eachNewOverrideIsStored(index: Int) throws {
        let (name, overrides) = Self.overrides[index]
        let overridden = SectionInput(items: .count(2), overrides: overrides)
        let input = LayoutInput(sections: [SectionInput(count: 3), overridden])
        let stored = StoredSessionInput(configuration: .defaults(for: .waterfall), input: input)
        let plain = LayoutInput(sections: [SectionInput(count: 3), SectionInput(count: 2)])
        let bytes = try SessionCodec.encode(stored)
        let plainBytes = try SessionCodec.encode(StoredSessionInput(configuration: stored.configuration, input: plain))
        #expect(bytes != plainBytes, "\(name) does not change the record")
        #expect(try SessionCodec.decodeInput(bytes) == stored, "\(name)")
        // As an inserted section's overrides, too.
        let insertion = BatchUpdates.SectionInsertion(index: 0, section: input.sections[1])
        let mutation = SessionMutation.updates(BatchUpdates(insertSections: [insertion]))
        #expect(try SessionCodec.decodeMutation(try SessionCodec.encode(mutation)) == mutation, "\(name)")
    }

    @Test func measuredAnchoredSizesAreStored() throws {
        var section = SectionInput(count: 6)
        section.anchoredSizes = [
            SectionInput.AnchoredSize(item: 1, kind: ElementName("badge")!, size: Size(width: 24.5, height: 18)),
            SectionInput.AnchoredSize(item: 4, kind: ElementName("corner")!, size: Size(width: 0, height: 31)),
        ]
        let input = LayoutInput(sections: [section])
        let stored = StoredSessionInput(configuration: .defaults(for: .compositional), input: input)
        let bytes = try SessionCodec.encode(stored)
        let plain = LayoutInput(sections: [SectionInput(count: 6)])
        let plainBytes = try SessionCodec.encode(StoredSessionInput(configuration: stored.configuration, input: plain))
        #expect(bytes != plainBytes)
        #expect(try SessionCodec.decodeInput(bytes) == stored)
    }

    @Test func waterfallItemsWithSpansAndExactLengthsKeepTheirBits() throws {
        typealias Item = WaterfallLayout.Item
        let sizes = [
            Item.exactHeight(90.25, columnSpan: 2), Item.exactHeight(30), Item.exactWidth(44, columnSpan: 3),
            Item.aspect(Size(width: 3, height: 1), columnSpan: Item.fullSpan), Size(width: 4, height: 3),
            Item.exactHeight(0.1, columnSpan: Item.maximumColumnSpan),
        ]
        let input = LayoutInput(sections: [SectionInput(items: .sizes(sizes))])
        let decoded = try SessionCodec.decodeInput(
            try SessionCodec.encode(StoredSessionInput(configuration: .defaults(for: .waterfall), input: input))
        )
        guard case .sizes(let back) = decoded.input.sections[0].items else {
            Issue.record("sizes became \(decoded.input.sections[0].items)")
            return
        }
        #expect(back.map(\.width.bitPattern) == sizes.map(\.width.bitPattern))
        #expect(back.map(\.height.bitPattern) == sizes.map(\.height.bitPattern))
        #expect(back.map { Item(size: $0) } == sizes.map { Item(size: $0) })
        #expect(Item(size: back[0]) == Item(height: .exact(90.25), columnSpan: 2))
    }

    @Test func moveSectionsAndNamedSupplementarySizesAreStored() throws {
        var batch = BatchUpdates(moveSections: [BatchUpdates.SectionMove(from: 0, to: 2)])
        batch.moveSections.append(BatchUpdates.SectionMove(from: 3, to: -1))
        let updates = SessionMutation.updates(batch)
        let bytes = try SessionCodec.encode(updates)
        #expect(bytes != (try SessionCodec.encode(SessionMutation.updates(BatchUpdates()))))
        #expect(try SessionCodec.decodeMutation(bytes) == updates)

        var context = InvalidationContext()
        let badge = SupplementaryIndexPath(kind: .named(Self.badge), indexPath: IndexPath(section: 0, item: 5))
        let longest = ElementName(String(repeating: "a", count: ElementName.maximumLength))!
        let card = SupplementaryIndexPath(kind: .named(longest), indexPath: IndexPath(section: 1, item: 0))
        context.supplementarySizes = [badge: Size(width: 22, height: 18), card: Size(width: 1, height: 2)]
        context.supplementarySizes[SupplementaryIndexPath(kind: .header, indexPath: IndexPath(section: 0, item: 0))] =
            Size(width: 375, height: 61)
        let invalidate = SessionMutation.invalidate(context)
        let decoded = try SessionCodec.decodeMutation(try SessionCodec.encode(invalidate))
        #expect(decoded == invalidate)
        guard case .invalidate(let back) = decoded else { return }
        #expect(back.supplementarySizes.keys.filter(\.kind.isNamed).count == 2)
    }

    @Test func anInvalidElementNameIsRefused() throws {
        var item = C.Item()
        item.supplementaryItems = [C.SupplementaryItem(kind: Self.badge, size: Self.small, anchor: C.Anchor(edges: []))]
        var c = C.Configuration()
        c.section.group.subitems = [.item(item)]
        var bytes = try SessionCodec.encode(.transition(.compositional(c)))
        // "badge" → "ba!ge": not a name a client could give.
        let name = Array("badge".utf8)
        let at = try #require(bytes.indices.first { Array(bytes[$0..<min($0 + 5, bytes.count)]) == name })
        bytes[at + 2] = UInt8(ascii: "!")
        #expect(throws: SessionRecordError.invalidValue(offset: at - 1, what: "element name")) {
            try SessionCodec.decodeMutation(bytes)
        }
    }

    @Test func aRecordOfAnEarlierFormatIsRefusedWithAClearError() throws {
        let stored = StoredSessionInput(configuration: .defaults(for: .flow), input: LayoutInput(sections: []))
        var bytes = try SessionCodec.encode(stored)
        let current = SessionCodec.formatVersion
        #expect(bytes[2] == current)
        bytes[2] = current - 1
        let error = #expect(throws: SessionRecordError.unsupportedVersion(current - 1)) {
            try SessionCodec.decodeInput(bytes)
        }
        let message = "version \(current - 1), but this build reads only version \(current)"
        #expect(error.map { "\($0)" }?.contains(message) == true)
    }
}
