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
        let members = try self.readBoundaryItemMembers(
            kind: { (reader) throws(JSONError) -> ElementName in
                let text = try reader.readString()
                guard case .named(let name)? = ElementKind(rawValue: text) else {
                    throw reader.shapeError(
                        "must be a name of your own (1 to \(ElementName.maximumLength) characters of "
                            + "A-Z a-z 0-9 _ - ., not a built-in kind such as \"header\"), not \"\(text)\""
                    )
                }
                return name
            },
            alignment: { (reader) throws(JSONError) -> CompositionalLayout.Alignment in
                let text = try reader.readString()
                guard let found = CompositionalLayout.Alignment(rawValue: text) else {
                    let names = CompositionalLayout.Alignment.allCases.map { "\"\($0.rawValue)\"" }
                    throw reader.shapeError("must be one of \(names.joined(separator: ", "))")
                }
                return found
            }
        )
        guard let kind = members.kind else { throw self.missingField("kind") }
        guard let alignment = members.alignment else { throw self.missingField("alignment") }
        guard let size = members.size else { throw self.missingField("size") }
        var item = CompositionalLayout.BoundarySupplementaryItem(alignment: alignment, size: size, kind: .named(kind))
        members.apply(to: &item)
        return item
    }
}

/// The members of a boundary supplementary item as read, before its kind and alignment are resolved: a section's
/// items and the layout-wide ones read the same members and differ only in which kinds and alignments they take.
struct BoundaryItemMembers<Kind> {
    var kind: Kind?
    var alignment: CompositionalLayout.Alignment?
    var size: CompositionalLayout.LayoutSize?
    var pinsToVisibleBounds = false
    var extendsBoundary = true
    var zIndex = 0
    var absoluteOffset = Point.zero

    /// Sets the members that need no resolving on `item`.
    func apply(to item: inout CompositionalLayout.BoundarySupplementaryItem) {
        item.pinsToVisibleBounds = self.pinsToVisibleBounds
        item.extendsBoundary = self.extendsBoundary
        item.zIndex = self.zIndex
        item.absoluteOffset = self.absoluteOffset
    }
}

extension JSONReader {
    /// Reads a boundary supplementary item's object: `kind` and `alignment` by the readers given, `size`,
    /// `pinToVisibleBounds`, `extendsBoundary`, `zIndex` and `absoluteOffset`; any other member is refused.
    mutating func readBoundaryItemMembers<Kind>(
        kind readKind: (inout JSONReader) throws(JSONError) -> Kind,
        alignment readAlignment: (inout JSONReader) throws(JSONError) -> CompositionalLayout.Alignment
    ) throws(JSONError) -> BoundaryItemMembers<Kind> {
        var members = BoundaryItemMembers<Kind>()
        try self.beginObject()
        while let key = try self.nextKey() {
            switch key {
            case "kind": members.kind = try readKind(&self)
            case "alignment": members.alignment = try readAlignment(&self)
            case "size": members.size = try self.readLayoutSize()
            case "pinToVisibleBounds": members.pinsToVisibleBounds = try self.readBool()
            case "extendsBoundary": members.extendsBoundary = try self.readBool()
            case "zIndex": members.zIndex = try self.readInt(in: -1_000_000...1_000_000)
            case "absoluteOffset": members.absoluteOffset = try self.readPoint()
            default: throw self.unknownField(key)
            }
        }
        return members
    }
}
