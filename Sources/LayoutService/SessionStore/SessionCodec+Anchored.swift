import LayoutEngine

/// `compositional`'s anchored supplementary items (badges), named decoration items and visible-item effects in the
/// binary form. A client-named kind is its name; anchor edges are their option bits.
extension BinaryWriter {
    /// Appends an anchored supplementary item: its kind's name, size, anchor, zIndex and item anchor (a presence
    /// byte, then the anchor).
    mutating func write(supplementaryItem item: CompositionalLayout.SupplementaryItem) {
        self.write(item.kind.description)
        self.write(layoutSize: item.size)
        self.write(anchor: item.anchor)
        self.write(item.zIndex)
        self.write(optional: item.itemAnchor) { $0.write(anchor: $1) }
    }

    /// Appends an anchor: its edges' bits, then its offset (a tag byte, 0 fractional or 1 absolute, and the point).
    private mutating func write(anchor: CompositionalLayout.Anchor) {
        self.write(byte: anchor.edges.rawValue)
        switch anchor.offset {
        case .fractional(let point): self.write(byte: 0); self.write(point: point)
        case .absolute(let point): self.write(byte: 1); self.write(point: point)
        }
    }

    /// Appends a named decoration item: its kind's name, insets and zIndex.
    mutating func write(decorationItem item: CompositionalLayout.DecorationItem) {
        self.write(item.kind.description)
        self.write(directionalInsets: item.contentInsets)
        self.write(item.zIndex)
    }

    /// Appends a visible-item effect: each range (a presence byte, then centre and edge) and the distance.
    mutating func write(visibleItemsEffect effect: CompositionalLayout.VisibleItemsEffect) {
        for range in [effect.scale, effect.alpha, effect.rotation] {
            self.write(optional: range) { writer, range in
                writer.write(range.center)
                writer.write(range.edge)
            }
        }
        self.write(optional: effect.distance) { $0.write($1) }
    }
}

extension BinaryReader {
    /// Reads a client-named element kind.
    mutating func readElementName() throws(SessionRecordError) -> ElementName {
        let start = self.offset
        guard let name = ElementName(try self.readString()) else {
            throw .invalidValue(offset: start, what: "element name")
        }
        return name
    }

    /// Reads a list of anchored supplementary items.
    mutating func readSupplementaryItems() throws(SessionRecordError) -> [CompositionalLayout.SupplementaryItem] {
        try self.readList { (r) throws(SessionRecordError) in
            let kind = try r.readElementName()
            let size = try r.readLayoutSize()
            var item = CompositionalLayout.SupplementaryItem(kind: kind, size: size, anchor: try r.readAnchor())
            item.zIndex = try r.readInt()
            item.itemAnchor = try r.readOptional { (r) throws(SessionRecordError) in try r.readAnchor() }
            return item
        }
    }

    /// Reads an anchor: edges, then offset.
    private mutating func readAnchor() throws(SessionRecordError) -> CompositionalLayout.Anchor {
        let edges = CompositionalLayout.AnchorEdges(rawValue: try self.readByte())
        let tag = self.offset
        let offset: CompositionalLayout.AnchorOffset
        switch try self.readByte() {
        case 0: offset = .fractional(try self.readPoint())
        case 1: offset = .absolute(try self.readPoint())
        default: throw .invalidValue(offset: tag, what: "anchor offset")
        }
        return CompositionalLayout.Anchor(edges: edges, offset: offset)
    }

    /// Reads a named decoration item.
    mutating func readDecorationItem() throws(SessionRecordError) -> CompositionalLayout.DecorationItem {
        var item = CompositionalLayout.DecorationItem(kind: try self.readElementName())
        item.contentInsets = try self.readDirectionalInsets()
        item.zIndex = try self.readInt()
        return item
    }

    /// Reads a visible-item effect.
    mutating func readVisibleItemsEffect() throws(SessionRecordError) -> CompositionalLayout.VisibleItemsEffect {
        let range = { (r: inout BinaryReader) throws(SessionRecordError) in
            CompositionalLayout.EffectRange(center: try r.readDouble(), edge: try r.readDouble())
        }
        var effect = CompositionalLayout.VisibleItemsEffect()
        effect.scale = try self.readOptional(range)
        effect.alpha = try self.readOptional(range)
        effect.rotation = try self.readOptional(range)
        effect.distance = try self.readOptional { (r) throws(SessionRecordError) in try r.readDouble() }
        return effect
    }
}
