import LayoutEngine

/// `compositional`'s anchored supplementary items (badges), named decoration items and visible-item effects in the
/// binary form. A client-named kind is its name; anchor edges are their option bits.
extension BinaryWriter {
    /// Appends an anchored supplementary item: its kind's name, size, anchor and zIndex.
    mutating func write(supplementaryItem item: CompositionalLayout.SupplementaryItem) {
        self.write(item.kind.description)
        self.write(layoutSize: item.size)
        self.write(byte: item.anchor.edges.rawValue)
        switch item.anchor.offset {
        case .fractional(let point): self.write(byte: 0); self.write(point: point)
        case .absolute(let point): self.write(byte: 1); self.write(point: point)
        }
        self.write(item.zIndex)
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
            let edges = CompositionalLayout.AnchorEdges(rawValue: try r.readByte())
            let tag = r.offset
            let offset: CompositionalLayout.AnchorOffset
            switch try r.readByte() {
            case 0: offset = .fractional(try r.readPoint())
            case 1: offset = .absolute(try r.readPoint())
            default: throw .invalidValue(offset: tag, what: "anchor offset")
            }
            var item = CompositionalLayout.SupplementaryItem(
                kind: kind,
                size: size,
                anchor: CompositionalLayout.Anchor(edges: edges, offset: offset)
            )
            item.zIndex = try r.readInt()
            return item
        }
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
