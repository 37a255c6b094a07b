import JSON
import LayoutEngine

extension JSONReader {
    /// Reads `compositional`'s layout-wide `boundarySupplementaryItems`
    /// (`UICollectionViewCompositionalLayoutConfiguration.boundarySupplementaryItems`): at most two items,
    /// `{"kind", "alignment", "size", "pinToVisibleBounds"?, "extendsBoundary"?, "zIndex"?, "absoluteOffset"?}`.
    ///
    /// The kind is a name of the client's own (the element is at `[0, 0]`, where section 0's `header` already is);
    /// the alignment is required, and must be along the scroll axis, which the layout checks when it is prepared.
    mutating func readLayoutBoundarySupplementaryItems() throws(JSONError)
        -> [CompositionalLayout.BoundarySupplementaryItem]
    {
        var items: [CompositionalLayout.BoundarySupplementaryItem] = []
        try self.beginArray()
        while try self.nextElement() {
            guard items.count < 2 else { throw self.shapeError("at most a header and a footer are accepted") }
            let item = try self.readLayoutBoundarySupplementaryItem()
            guard !items.contains(where: { $0.kind == item.kind }) else {
                throw self.shapeError("the layout's header and footer must be of two different kinds")
            }
            guard !items.contains(where: { $0.alignment == item.alignment }) else {
                throw self.shapeError("the layout has at most one item at each edge")
            }
            items.append(item)
        }
        return items
    }

    private mutating func readLayoutBoundarySupplementaryItem() throws(JSONError)
        -> CompositionalLayout.BoundarySupplementaryItem
    {
        var kind: ElementName?
        var alignment: CompositionalLayout.Alignment?
        var size: CompositionalLayout.LayoutSize?
        var pins = false
        var extends = true
        var zIndex = 0
        var offset = Point.zero
        try self.beginObject()
        while let key = try self.nextKey() {
            switch key {
            case "kind":
                let text = try self.readString()
                guard case .named(let name)? = ElementKind(rawValue: text) else {
                    throw self.shapeError(
                        "must be a name of your own (1 to \(ElementName.maximumLength) characters of "
                            + "A-Z a-z 0-9 _ - ., not a built-in kind such as \"header\"), not \"\(text)\""
                    )
                }
                kind = name
            case "alignment":
                let text = try self.readString()
                guard let found = CompositionalLayout.Alignment(rawValue: text) else {
                    let names = CompositionalLayout.Alignment.allCases.map { "\"\($0.rawValue)\"" }
                    throw self.shapeError("must be one of \(names.joined(separator: ", "))")
                }
                alignment = found
            case "size": size = try self.readLayoutSize()
            case "pinToVisibleBounds": pins = try self.readBool()
            case "extendsBoundary": extends = try self.readBool()
            case "zIndex": zIndex = try self.readInt(in: -1_000_000...1_000_000)
            case "absoluteOffset": offset = try self.readPoint()
            default: throw self.unknownField(key)
            }
        }
        guard let kind else { throw self.missingField("kind") }
        guard let alignment else { throw self.missingField("alignment") }
        guard let size else { throw self.missingField("size") }
        var item = CompositionalLayout.BoundarySupplementaryItem(alignment: alignment, size: size, kind: .named(kind))
        item.pinsToVisibleBounds = pins
        item.extendsBoundary = extends
        item.zIndex = zIndex
        item.absoluteOffset = offset
        return item
    }
}
