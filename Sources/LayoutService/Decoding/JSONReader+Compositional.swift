import JSON
import LayoutEngine

/// Readers for `compositional`'s `config`: the section description, its groups, items and sizes.
///
/// Member names are UIKit's (`NSCollectionLayoutSection`, `NSCollectionLayoutGroup`, `NSCollectionLayoutItem`,
/// `NSCollectionLayoutSize`); a group is an object with a `layout` member (`horizontal`, `vertical`, `custom`),
/// an item one without.
extension JSONReader {
    /// The deepest nesting of groups accepted.
    static let maxGroupDepth = 16
    /// The most subitems, frames or supplementaries one list may hold.
    static let maxCompositionalList = 1000

    /// Reads `compositional`'s layout-wide `config`.
    mutating func readCompositionalConfiguration() throws(JSONError) -> CompositionalLayout.Configuration {
        var configuration = CompositionalLayout.Configuration()
        try self.beginObject()
        while let key = try self.nextKey() {
            switch key {
            case "section": configuration.section = try self.readCompositionalSection()
            case "interSectionSpacing": configuration.interSectionSpacing = try self.readLength()
            case "scrollDirection": configuration.scrollDirection = try self.readChoice(FlowLayout.ScrollDirection.self)
            case "flickVelocityThreshold": configuration.flickVelocityThreshold = try self.readLength()
            case "anchor": configuration.anchor = try self.readChoice(ScrollAnchoring.self)
            case "contentAlignment": configuration.contentAlignment = try self.readChoice(ContentAlignment.self)
            case "boundarySupplementaryItems":
                configuration.boundarySupplementaryItems = try self.readLayoutBoundarySupplementaryItems()
            default: throw self.unknownField(key)
            }
        }
        return configuration
    }

    /// Reads a section description (`NSCollectionLayoutSection`).
    mutating func readCompositionalSection() throws(JSONError) -> CompositionalLayout.Section {
        var section = CompositionalLayout.Section()
        var list: CompositionalLayout.ListConfiguration?
        var members: [JSONKey] = []
        try self.beginObject()
        while let key = try self.nextKey() {
            try self.checkCompositionalListMember(key, members: members)
            members.append(key)
            switch key {
            case "list": list = try self.readCompositionalList()
            case "group":
                guard case .group(let group) = try self.readCompositionalElement(depth: 0) else {
                    throw self.shapeError("must be a group: an object with \"layout\"")
                }
                section.group = group
            case "contentInsets": section.contentInsets = try self.readDirectionalInsets()
            case "interGroupSpacing": section.interGroupSpacing = try self.readLength()
            case "orthogonalScrollingBehavior":
                section.orthogonalScrollingBehavior = try self.readChoice(
                    CompositionalLayout.OrthogonalScrollingBehavior.self
                )
            case "boundarySupplementaryItems":
                try self.beginArray()
                var items: [CompositionalLayout.BoundarySupplementaryItem] = []
                while try self.nextElement() {
                    let item = try self.readBoundarySupplementaryItem()
                    // Which element an item is depends on the scroll direction, read perhaps later: two items that
                    // collide in both directions are refused here, the others when the layout is prepared.
                    guard !items.contains(where: { Self.collideWhicheverWayTheLayoutScrolls($0, item) }) else {
                        throw self.shapeError("a section has at most one supplementary of each kind")
                    }
                    items.append(item)
                }
                section.boundarySupplementaryItems = items
            case "decorationItems":
                try self.beginArray()
                var hasBackground = false
                var decorations: [CompositionalLayout.DecorationItem] = []
                while try self.nextElement() {
                    guard decorations.count < CompositionalLayout.maximumDecorationItems else {
                        throw self.shapeError(
                            "at most \(CompositionalLayout.maximumDecorationItems) decoration items are accepted"
                        )
                    }
                    let (kind, insets, zIndex) = try self.readDecorationItem()
                    if let kind {
                        guard !decorations.contains(where: { $0.kind == kind }) else {
                            throw self.shapeError("a section has at most one decoration of each kind")
                        }
                        var item = CompositionalLayout.DecorationItem(kind: kind)
                        item.contentInsets = insets
                        item.zIndex = zIndex
                        decorations.append(item)
                    } else {
                        guard !hasBackground else {
                            throw self.shapeError("a section has at most one decoration of each kind")
                        }
                        hasBackground = true
                        (section.background, section.backgroundZIndex) = (insets, zIndex)
                    }
                }
                section.decorationItems = decorations
            case "visibleItemsEffect": section.visibleItemsEffect = try self.readVisibleItemsEffect()
            case "contentInsetsReference":
                section.contentInsetsReference = try self.readChoice(CompositionalLayout.ContentInsetsReference.self)
            case "supplementaryContentInsetsReference":
                section.supplementaryContentInsetsReference = try self.readChoice(
                    CompositionalLayout.ContentInsetsReference.self
                )
            default: throw self.unknownField(key)
            }
        }
        return list.map { Self.compositionalListSection($0, members: members, given: section) } ?? section
    }

    /// Reads a subitem: a group (with `layout`) or an item.
    private mutating func readCompositionalElement(depth: Int) throws(JSONError) -> CompositionalLayout.Element {
        guard depth < Self.maxGroupDepth else {
            throw self.shapeError("groups nest at most \(Self.maxGroupDepth) deep")
        }
        var layout: String?
        var size: CompositionalLayout.LayoutSize?
        var insets = CompositionalLayout.DirectionalInsets.zero
        var edges = CompositionalLayout.EdgeSpacing()
        var subitems: [CompositionalLayout.Element]?
        var count: Int?
        var spacing: CompositionalLayout.Spacing?
        var frames: [Rect]?
        var supplementaries: [CompositionalLayout.SupplementaryItem] = []
        try self.beginObject()
        while let key = try self.nextKey() {
            switch key {
            case "layout":
                let choice = try self.readString()
                guard ["horizontal", "vertical", "custom"].contains(choice) else {
                    throw self.shapeError("must be one of \"horizontal\", \"vertical\", \"custom\", not \"\(choice)\"")
                }
                layout = choice
            case "size": size = try self.readLayoutSize()
            case "contentInsets": insets = try self.readDirectionalInsets()
            case "edgeSpacing": edges = try self.readEdgeSpacing()
            case "subitems":
                var list: [CompositionalLayout.Element] = []
                try self.beginArray()
                while try self.nextElement() {
                    guard list.count < Self.maxCompositionalList else {
                        throw self.shapeError("at most \(Self.maxCompositionalList) subitems are accepted")
                    }
                    list.append(try self.readCompositionalElement(depth: depth + 1))
                }
                guard !list.isEmpty else { throw self.shapeError("must hold at least one subitem") }
                subitems = list
            case "count": count = try self.readInt(in: 1...Self.maxCompositionalList)
            case "interItemSpacing": spacing = try self.readSpacing()
            case "frames":
                var list: [Rect] = []
                try self.beginArray()
                while try self.nextElement() {
                    guard list.count < Self.maxCompositionalList else {
                        throw self.shapeError("at most \(Self.maxCompositionalList) frames are accepted")
                    }
                    list.append(try self.readRect())
                }
                guard !list.isEmpty else { throw self.shapeError("must hold at least one frame") }
                frames = list
            case "supplementaryItems": supplementaries = try self.readSupplementaryItems()
            default: throw self.unknownField(key)
            }
        }
        guard let size else { throw self.missingField("size") }
        guard let layout else {
            guard subitems == nil, count == nil, spacing == nil, frames == nil else {
                throw self.shapeError("only a group (an object with \"layout\") takes subitems, count, "
                    + "interItemSpacing or frames")
            }
            var item = CompositionalLayout.Item(size: size)
            item.contentInsets = insets
            item.edgeSpacing = edges
            item.supplementaryItems = supplementaries
            return .item(item)
        }
        var group = CompositionalLayout.Group(size: size)
        switch layout {
        case "custom":
            guard let frames else { throw self.missingField("frames") }
            guard subitems == nil, count == nil else {
                throw self.shapeError("a custom group lists frames, not subitems or count")
            }
            group.layout = .custom(frames)
        default:
            guard let subitems else { throw self.missingField("subitems") }
            guard frames == nil else { throw self.shapeError("only a custom group takes frames") }
            group.layout = layout == "horizontal" ? .horizontal : .vertical
            group.subitems = subitems
            group.count = count
        }
        group.interItemSpacing = spacing
        group.contentInsets = insets
        group.edgeSpacing = edges
        group.supplementaryItems = supplementaries
        return .group(group)
    }

    /// Reads `{"width": dimension, "height": dimension}`.
    mutating func readLayoutSize() throws(JSONError) -> CompositionalLayout.LayoutSize {
        var width: CompositionalLayout.Dimension?
        var height: CompositionalLayout.Dimension?
        try self.beginObject()
        while let key = try self.nextKey() {
            switch key {
            case "width": width = try self.readDimension()
            case "height": height = try self.readDimension()
            default: throw self.unknownField(key)
            }
        }
        guard let width else { throw self.missingField("width") }
        guard let height else { throw self.missingField("height") }
        return CompositionalLayout.LayoutSize(width: width, height: height)
    }

    /// Reads one of `{"fractionalWidth": f}`, `{"fractionalHeight": f}`, `{"absolute": p}`, `{"estimated": p}`.
    private mutating func readDimension() throws(JSONError) -> CompositionalLayout.Dimension {
        var dimension: CompositionalLayout.Dimension?
        try self.beginObject()
        while let key = try self.nextKey() {
            guard dimension == nil else { throw self.shapeError("give exactly one of its members") }
            switch key {
            case "fractionalWidth": dimension = .fractionalWidth(try self.readDouble(in: 0...1000))
            case "fractionalHeight": dimension = .fractionalHeight(try self.readDouble(in: 0...1000))
            case "absolute": dimension = .absolute(try self.readLength())
            case "estimated": dimension = .estimated(try self.readLength())
            default: throw self.unknownField(key)
            }
        }
        guard let dimension else {
            throw self.shapeError("must give one of fractionalWidth, fractionalHeight, absolute, estimated")
        }
        return dimension
    }

    /// Reads `{"fixed": p}` or `{"flexible": p}`.
    private mutating func readSpacing() throws(JSONError) -> CompositionalLayout.Spacing {
        var spacing: CompositionalLayout.Spacing?
        try self.beginObject()
        while let key = try self.nextKey() {
            guard spacing == nil else { throw self.shapeError("give exactly one of fixed, flexible") }
            switch key {
            case "fixed": spacing = .fixed(try self.readLength())
            case "flexible": spacing = .flexible(try self.readLength())
            default: throw self.unknownField(key)
            }
        }
        guard let spacing else { throw self.shapeError("must give one of fixed, flexible") }
        return spacing
    }

    /// Reads `{"leading", "top", "trailing", "bottom"}`, each a spacing.
    private mutating func readEdgeSpacing() throws(JSONError) -> CompositionalLayout.EdgeSpacing {
        var edges = CompositionalLayout.EdgeSpacing()
        try self.beginObject()
        while let key = try self.nextKey() {
            switch key {
            case "leading": edges.leading = try self.readSpacing()
            case "top": edges.top = try self.readSpacing()
            case "trailing": edges.trailing = try self.readSpacing()
            case "bottom": edges.bottom = try self.readSpacing()
            default: throw self.unknownField(key)
            }
        }
        return edges
    }

    /// Reads `{"top", "leading", "bottom", "trailing"}` (`NSDirectionalEdgeInsets`); missing members are 0.
    private mutating func readDirectionalInsets() throws(JSONError) -> CompositionalLayout.DirectionalInsets {
        var insets = CompositionalLayout.DirectionalInsets.zero
        try self.beginObject()
        while let key = try self.nextKey() {
            switch key {
            case "top": insets.top = try self.readCoordinate()
            case "leading": insets.leading = try self.readCoordinate()
            case "bottom": insets.bottom = try self.readCoordinate()
            case "trailing": insets.trailing = try self.readCoordinate()
            default: throw self.unknownField(key)
            }
        }
        return insets
    }

    /// Reads a boundary supplementary item: `kind` and `alignment` must agree, and either decides the other.
    ///
    /// `header` is aligned `top` or `leading`, `footer` `bottom` or `trailing`, each side kind at its own edge
    /// (`leadingSupplementary` at `leading`, …); without a kind the alignment decides by the scroll direction, and
    /// without either the item is the header. The corner alignments (`topLeading`, …) are refused by name.
    private mutating func readBoundarySupplementaryItem() throws(JSONError)
        -> CompositionalLayout.BoundarySupplementaryItem
    {
        let members = try self.readBoundaryItemMembers(
            kind: { (reader) throws(JSONError) -> ElementKind in
                let name = try reader.readString()
                guard let found = ElementKind(rawValue: name), found != .background, !found.isNamed else {
                    let names = ElementKind.allCases.filter { $0 != .background }.map { "\"\($0.rawValue)\"" }
                    throw reader.shapeError("must be one of \(names.joined(separator: ", ")), not \"\(name)\"")
                }
                return found
            },
            alignment: { (reader) throws(JSONError) in try reader.readBoundaryAlignment() }
        )
        let (kind, alignment) = (members.kind, members.alignment)
        guard let size = members.size else { throw self.missingField("size") }
        let resolved: CompositionalLayout.Alignment
        switch (kind, alignment) {
        case (_, let alignment?): resolved = alignment
        case (nil, nil), (.header?, nil): resolved = .top
        case (.footer?, nil): resolved = .bottom
        case (.leadingSupplementary?, nil): resolved = .leading
        case (.trailingSupplementary?, nil): resolved = .trailing
        case (.topSupplementary?, nil): resolved = .top
        case (.bottomSupplementary?, nil), (.background?, nil), (.named?, nil): resolved = .bottom
        }
        var item = CompositionalLayout.BoundarySupplementaryItem(
            alignment: resolved,
            size: size,
            kind: kind ?? (alignment == nil ? .header : nil)
        )
        guard !Self.roles(of: item).allSatisfy({ $0 == nil }) else {
            throw self.shapeError(
                "a header is aligned top or leading, a footer bottom or trailing, a side kind at its own edge"
            )
        }
        members.apply(to: &item)
        return item
    }

    /// Reads a boundary item's `alignment`, naming the corner alignments UIKit has and layoutd does not model.
    fileprivate mutating func readBoundaryAlignment() throws(JSONError) -> CompositionalLayout.Alignment {
        let text = try self.readString()
        if let alignment = CompositionalLayout.Alignment(rawValue: text) { return alignment }
        let names = CompositionalLayout.Alignment.allCases.map { "\"\($0.rawValue)\"" }.joined(separator: ", ")
        if ["topLeading", "topTrailing", "bottomLeading", "bottomTrailing"].contains(text) {
            throw self.shapeError("corner alignments such as \"\(text)\" are not supported; use one of \(names)")
        }
        throw self.shapeError("must be one of \(names)")
    }

    /// The item's element kinds in a vertical and in a horizontal layout (`nil` where kind and alignment disagree).
    private static func roles(of item: CompositionalLayout.BoundarySupplementaryItem) -> [ElementKind?] {
        [true, false].map { item.elementKind(isVertical: $0) }
    }

    /// Whether two items would be the same element whichever way the layout scrolls.
    private static func collideWhicheverWayTheLayoutScrolls(
        _ first: CompositionalLayout.BoundarySupplementaryItem,
        _ second: CompositionalLayout.BoundarySupplementaryItem
    ) -> Bool {
        zip(Self.roles(of: first), Self.roles(of: second)).allSatisfy { $0 != nil && $0 == $1 }
    }

    /// Reads a decoration item: `{"kind", "contentInsets"?, "zIndex"?}`; the kind is `background` (returned as
    /// `nil`, the section's ``CompositionalLayout/Section/background``) or a name of the client's own.
    private mutating func readDecorationItem() throws(JSONError)
        -> (ElementName?, CompositionalLayout.DirectionalInsets, Int)
    {
        var insets = CompositionalLayout.DirectionalInsets.zero
        var zIndex = -1
        var kind: ElementKind?
        try self.beginObject()
        while let key = try self.nextKey() {
            switch key {
            case "kind":
                let name = try self.readString()
                guard let found = ElementKind(rawValue: name), found == .background || found.isNamed else {
                    throw self.shapeError(
                        "must be \"background\" or a name of your own (1 to \(ElementName.maximumLength) characters of "
                            + "A-Z a-z 0-9 _ - ., not another built-in kind), not \"\(name)\""
                    )
                }
                kind = found
            case "contentInsets": insets = try self.readDirectionalInsets()
            case "zIndex": zIndex = try self.readInt(in: -1_000_000...1_000_000)
            default: throw self.unknownField(key)
            }
        }
        guard let kind else { throw self.missingField("kind") }
        if case .named(let name) = kind { return (name, insets, zIndex) }
        return (nil, insets, zIndex)
    }

    /// Reads `orthogonalOffsets`: one number per section (missing ones are 0).
    mutating func readOrthogonalOffsets() throws(JSONError) -> [Double] {
        var offsets: [Double] = []
        try self.beginArray()
        while try self.nextElement() {
            guard offsets.count < Self.maxSections else {
                throw self.shapeError("at most \(Self.maxSections) offsets are accepted")
            }
            offsets.append(try self.readCoordinate())
        }
        return offsets
    }
}
