import LayoutEngine

/// The generator's client-named kinds, waterfall items and compositional anchored items and effects.
extension SessionRecordGenerator {
    /// Client names of every length and every allowed character class.
    static let names = ["badge", "cardBackground", "x", "a.b-c_9", String(repeating: "Z", count: 24)]

    mutating func elementName() -> ElementName {
        ElementName(Self.names[self.int(0...Self.names.count - 1)])!
    }

    /// A built-in kind or, as often, a client-named one.
    mutating func elementKind() -> ElementKind {
        self.bool() ? self.choice(ElementKind.self) : .named(self.elementName())
    }

    /// A waterfall item's encoded size: an exact height or width, or an aspect ratio, over one to `full` columns.
    mutating func waterfallItemSize() -> Size {
        let span = self.bool() ? self.int(1...12) : WaterfallLayout.Item.fullSpan
        switch self.next() % 3 {
        case 0: return WaterfallLayout.Item.exactHeight(self.double(), columnSpan: span)
        case 1: return WaterfallLayout.Item.exactWidth(self.double(), columnSpan: span)
        default: return WaterfallLayout.Item.aspect(Size(width: 3, height: self.double()), columnSpan: span)
        }
    }

    mutating func effectRange() -> CompositionalLayout.EffectRange {
        CompositionalLayout.EffectRange(center: self.double(), edge: self.double())
    }

    mutating func supplementaryItems() -> [CompositionalLayout.SupplementaryItem] {
        (0..<self.int(0...2)).map { _ in
            let offset: CompositionalLayout.AnchorOffset =
                self.bool() ? .fractional(self.point()) : .absolute(self.point())
            let edges = CompositionalLayout.AnchorEdges(rawValue: UInt8(truncatingIfNeeded: self.next()))
            var item = CompositionalLayout.SupplementaryItem(
                kind: self.elementName(),
                size: self.layoutSize(),
                anchor: CompositionalLayout.Anchor(edges: edges, offset: offset)
            )
            item.zIndex = self.int(-5...5)
            if self.bool() {
                let own: CompositionalLayout.AnchorOffset =
                    self.bool() ? .fractional(self.point()) : .absolute(self.point())
                let ownEdges = CompositionalLayout.AnchorEdges(rawValue: UInt8(truncatingIfNeeded: self.next()))
                item.itemAnchor = CompositionalLayout.Anchor(edges: ownEdges, offset: own)
            }
            return item
        }
    }
}
