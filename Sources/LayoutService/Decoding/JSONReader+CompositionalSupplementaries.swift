import JSON
import LayoutEngine

/// Readers for `compositional`'s anchored supplementary items (`NSCollectionLayoutSupplementaryItem`,
/// `NSCollectionLayoutAnchor`): badges on items, frames around groups.
extension JSONReader {
    /// Reads `supplementaryItems`: `[{kind, size, anchor?, itemAnchor?, zIndex?}]`, at most one of each kind.
    mutating func readSupplementaryItems() throws(JSONError) -> [CompositionalLayout.SupplementaryItem] {
        var items: [CompositionalLayout.SupplementaryItem] = []
        try self.beginArray()
        while try self.nextElement() {
            guard items.count < Self.maxCompositionalList else {
                throw self.shapeError("at most \(Self.maxCompositionalList) supplementary items are accepted")
            }
            let item = try self.readSupplementaryItem()
            guard !items.contains(where: { $0.kind == item.kind }) else {
                throw self.shapeError("an item or group has at most one supplementary of each kind")
            }
            items.append(item)
        }
        return items
    }

    /// Reads one supplementary item; `anchor` defaults to no edge (centred on its container), `itemAnchor` to none
    /// (the supplementary's edges named by `anchor` lie on the container's), `zIndex` to 1.
    private mutating func readSupplementaryItem() throws(JSONError) -> CompositionalLayout.SupplementaryItem {
        var kind: ElementName?
        var size: CompositionalLayout.LayoutSize?
        var anchor = CompositionalLayout.Anchor(edges: [])
        var itemAnchor: CompositionalLayout.Anchor?
        var zIndex = 1
        try self.beginObject()
        while let key = try self.nextKey() {
            switch key {
            case "kind":
                let name = try self.readString()
                guard case .named(let named)? = ElementKind(rawValue: name) else {
                    throw self.shapeError(
                        "must be a name of your own, 1 to \(ElementName.maximumLength) characters of "
                            + "A-Z a-z 0-9 _ - ., and none of the built-in kinds (header, footer, background, …), "
                            + "not \"\(name)\""
                    )
                }
                kind = named
            case "size": size = try self.readLayoutSize()
            case "anchor": anchor = try self.readAnchor()
            case "itemAnchor": itemAnchor = try self.readAnchor()
            case "zIndex": zIndex = try self.readInt(in: -1_000_000...1_000_000)
            default: throw self.unknownField(key)
            }
        }
        guard let kind else { throw self.missingField("kind") }
        guard let size else { throw self.missingField("size") }
        var item = CompositionalLayout.SupplementaryItem(kind: kind, size: size, anchor: anchor)
        item.zIndex = zIndex
        item.itemAnchor = itemAnchor
        return item
    }

    /// Reads `{"edges": [...], "fractionalOffset"?: {x, y}, "absoluteOffset"?: {x, y}}`, at most one offset.
    private mutating func readAnchor() throws(JSONError) -> CompositionalLayout.Anchor {
        var edges: CompositionalLayout.AnchorEdges = []
        var offset: CompositionalLayout.AnchorOffset?
        try self.beginObject()
        while let key = try self.nextKey() {
            switch key {
            case "edges": edges = try self.readAnchorEdges()
            case "fractionalOffset", "absoluteOffset":
                guard offset == nil else {
                    throw self.shapeError("give at most one of fractionalOffset, absoluteOffset")
                }
                let point = try self.readPoint()
                offset = key == "fractionalOffset" ? .fractional(point) : .absolute(point)
            default: throw self.unknownField(key)
            }
        }
        return CompositionalLayout.Anchor(edges: edges, offset: offset ?? .absolute(.zero))
    }

    /// Reads an anchor's `edges`: `top`, `bottom`, `leading`, `trailing`, at most one per axis.
    private mutating func readAnchorEdges() throws(JSONError) -> CompositionalLayout.AnchorEdges {
        var edges: CompositionalLayout.AnchorEdges = []
        try self.beginArray()
        while try self.nextElement() {
            let name = try self.readString()
            let edge: CompositionalLayout.AnchorEdges
            switch name {
            case "top": edge = .top
            case "bottom": edge = .bottom
            case "leading": edge = .leading
            case "trailing": edge = .trailing
            default: throw self.shapeError("must be one of \"top\", \"bottom\", \"leading\", \"trailing\"")
            }
            guard !edges.contains(edge) else { throw self.shapeError("names \"\(name)\" twice") }
            edges.insert(edge)
            guard edges.isValid else {
                throw self.shapeError("an anchor names one edge or two adjacent ones (a corner), not opposite edges")
            }
        }
        return edges
    }
}
