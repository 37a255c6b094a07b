import LayoutEngine

/// `compositional`'s section tree (section, groups nested in groups, items, boundary supplementaries) in the binary
/// form; anchored supplementaries, named decorations and visible-item effects are in `SessionCodec+Anchored.swift`.
extension BinaryWriter {
    /// Appends a compositional section.
    mutating func write(compositionalSection s: CompositionalLayout.Section) {
        self.write(group: s.group)
        self.write(directionalInsets: s.contentInsets)
        self.write(s.interGroupSpacing)
        self.write(choice: s.orthogonalScrollingBehavior)
        self.write(list: s.boundarySupplementaryItems) { $0.write(boundaryItem: $1) }
        self.write(optional: s.background) { $0.write(directionalInsets: $1) }
        self.write(s.backgroundZIndex)
        self.write(list: s.decorationItems) { $0.write(decorationItem: $1) }
        self.write(choice: s.contentInsetsReference)
        self.write(choice: s.supplementaryContentInsetsReference)
        self.write(optional: s.visibleItemsEffect) { $0.write(visibleItemsEffect: $1) }
        self.write(optional: s.list) { $0.write(listConfiguration: $1) }
    }

    /// Appends a list section's configuration (format version 4).
    mutating func write(listConfiguration l: CompositionalLayout.ListConfiguration) {
        self.write(choice: l.appearance)
        self.write(choice: l.headerMode)
        self.write(choice: l.footerMode)
        self.write(l.estimatedRowHeight)
        self.write(l.showsSeparators)
        self.write(optional: l.headerTopPadding) { $0.write($1) }
    }

    /// Appends a group and, recursively, its subitems.
    mutating func write(group g: CompositionalLayout.Group) {
        switch g.layout {
        case .horizontal: self.write(byte: 0)
        case .vertical: self.write(byte: 1)
        case .custom(let frames):
            self.write(byte: 2)
            self.write(list: frames) { $0.write(rect: $1) }
        }
        self.write(layoutSize: g.size)
        self.write(list: g.subitems) { writer, element in
            switch element {
            case .item(let item):
                writer.write(byte: 0)
                writer.write(layoutSize: item.size)
                writer.write(directionalInsets: item.contentInsets)
                writer.write(edgeSpacing: item.edgeSpacing)
                writer.write(list: item.supplementaryItems) { $0.write(supplementaryItem: $1) }
            case .group(let group):
                writer.write(byte: 1)
                writer.write(group: group)
            }
        }
        self.write(optional: g.count) { $0.write($1) }
        self.write(optional: g.interItemSpacing) { $0.write(spacing: $1) }
        self.write(directionalInsets: g.contentInsets)
        self.write(edgeSpacing: g.edgeSpacing)
        self.write(list: g.supplementaryItems) { $0.write(supplementaryItem: $1) }
    }

    /// Appends a dimension: a tag and its value.
    mutating func write(dimension: CompositionalLayout.Dimension) {
        switch dimension {
        case .fractionalWidth(let value): self.write(byte: 0); self.write(value)
        case .fractionalHeight(let value): self.write(byte: 1); self.write(value)
        case .absolute(let value): self.write(byte: 2); self.write(value)
        case .estimated(let value): self.write(byte: 3); self.write(value)
        }
    }

    /// Appends a layout size.
    mutating func write(layoutSize: CompositionalLayout.LayoutSize) {
        self.write(dimension: layoutSize.width)
        self.write(dimension: layoutSize.height)
    }

    /// Appends directional insets.
    mutating func write(directionalInsets i: CompositionalLayout.DirectionalInsets) {
        for value in [i.top, i.leading, i.bottom, i.trailing] { self.write(value) }
    }

    /// Appends a spacing: a tag and its length.
    mutating func write(spacing: CompositionalLayout.Spacing) {
        switch spacing {
        case .fixed(let value): self.write(byte: 0); self.write(value)
        case .flexible(let value): self.write(byte: 1); self.write(value)
        }
    }

    /// Appends edge spacing.
    mutating func write(edgeSpacing e: CompositionalLayout.EdgeSpacing) {
        for spacing in [e.leading, e.top, e.trailing, e.bottom] {
            self.write(optional: spacing) { $0.write(spacing: $1) }
        }
    }
}

extension BinaryReader {
    /// How deeply groups may nest in a stored record; the service's JSON depth limit keeps real ones far shallower.
    static let maxGroupDepth = 64

    /// Reads a compositional section.
    mutating func readCompositionalSection() throws(SessionRecordError) -> CompositionalLayout.Section {
        var s = CompositionalLayout.Section(group: try self.readGroup(depth: 0))
        s.contentInsets = try self.readDirectionalInsets()
        s.interGroupSpacing = try self.readDouble()
        s.orthogonalScrollingBehavior = try self.readChoice(CompositionalLayout.OrthogonalScrollingBehavior.self)
        s.boundarySupplementaryItems = try self.readList { (r) throws(SessionRecordError) in try r.readBoundaryItem() }
        s.background = try self.readOptional { (r) throws(SessionRecordError) in try r.readDirectionalInsets() }
        s.backgroundZIndex = try self.readInt()
        s.decorationItems = try self.readList { (r) throws(SessionRecordError) in try r.readDecorationItem() }
        s.contentInsetsReference = try self.readChoice(CompositionalLayout.ContentInsetsReference.self)
        s.supplementaryContentInsetsReference = try self.readChoice(CompositionalLayout.ContentInsetsReference.self)
        s.visibleItemsEffect = try self.readOptional { (r) throws(SessionRecordError) in
            try r.readVisibleItemsEffect()
        }
        s.list = try self.readOptional { (r) throws(SessionRecordError) in try r.readListConfiguration() }
        return s
    }

    /// Reads a list section's configuration.
    mutating func readListConfiguration() throws(SessionRecordError) -> CompositionalLayout.ListConfiguration {
        typealias List = CompositionalLayout.ListConfiguration
        var l = List(appearance: try self.readChoice(List.Appearance.self))
        l.headerMode = try self.readChoice(List.HeaderMode.self)
        l.footerMode = try self.readChoice(List.FooterMode.self)
        l.estimatedRowHeight = try self.readDouble()
        l.showsSeparators = try self.readBool()
        l.headerTopPadding = try self.readOptional { (r) throws(SessionRecordError) in try r.readDouble() }
        return l
    }

    /// Reads a group, refusing nesting deeper than ``maxGroupDepth``.
    mutating func readGroup(depth: Int) throws(SessionRecordError) -> CompositionalLayout.Group {
        let start = self.offset
        guard depth < Self.maxGroupDepth else { throw .invalidValue(offset: start, what: "group depth") }
        let layout: CompositionalLayout.GroupLayout
        switch try self.readByte() {
        case 0: layout = .horizontal
        case 1: layout = .vertical
        case 2: layout = .custom(try self.readList { (r) throws(SessionRecordError) in try r.readRect() })
        default: throw .invalidValue(offset: start, what: "group layout")
        }
        let size = try self.readLayoutSize()
        let subitems = try self.readList { (r) throws(SessionRecordError) -> CompositionalLayout.Element in
            let tag = r.offset
            switch try r.readByte() {
            case 0:
                var item = CompositionalLayout.Item(size: try r.readLayoutSize())
                item.contentInsets = try r.readDirectionalInsets()
                item.edgeSpacing = try r.readEdgeSpacing()
                item.supplementaryItems = try r.readSupplementaryItems()
                return .item(item)
            case 1: return .group(try r.readGroup(depth: depth + 1))
            default: throw .invalidValue(offset: tag, what: "group element")
            }
        }
        var group = CompositionalLayout.Group(
            layout: layout,
            size: size,
            subitems: subitems,
            count: try self.readOptional { (r) throws(SessionRecordError) in try r.readInt() }
        )
        group.interItemSpacing = try self.readOptional { (r) throws(SessionRecordError) in try r.readSpacing() }
        group.contentInsets = try self.readDirectionalInsets()
        group.edgeSpacing = try self.readEdgeSpacing()
        group.supplementaryItems = try self.readSupplementaryItems()
        return group
    }

    /// Reads a dimension.
    mutating func readDimension() throws(SessionRecordError) -> CompositionalLayout.Dimension {
        let start = self.offset
        switch try self.readByte() {
        case 0: return .fractionalWidth(try self.readDouble())
        case 1: return .fractionalHeight(try self.readDouble())
        case 2: return .absolute(try self.readDouble())
        case 3: return .estimated(try self.readDouble())
        default: throw .invalidValue(offset: start, what: "dimension")
        }
    }

    /// Reads a layout size.
    mutating func readLayoutSize() throws(SessionRecordError) -> CompositionalLayout.LayoutSize {
        CompositionalLayout.LayoutSize(width: try self.readDimension(), height: try self.readDimension())
    }

    /// Reads directional insets.
    mutating func readDirectionalInsets() throws(SessionRecordError) -> CompositionalLayout.DirectionalInsets {
        CompositionalLayout.DirectionalInsets(
            top: try self.readDouble(),
            leading: try self.readDouble(),
            bottom: try self.readDouble(),
            trailing: try self.readDouble()
        )
    }

    /// Reads a spacing.
    mutating func readSpacing() throws(SessionRecordError) -> CompositionalLayout.Spacing {
        let start = self.offset
        switch try self.readByte() {
        case 0: return .fixed(try self.readDouble())
        case 1: return .flexible(try self.readDouble())
        default: throw .invalidValue(offset: start, what: "spacing")
        }
    }

    /// Reads edge spacing.
    mutating func readEdgeSpacing() throws(SessionRecordError) -> CompositionalLayout.EdgeSpacing {
        let read = { (r: inout BinaryReader) throws(SessionRecordError) in try r.readSpacing() }
        return CompositionalLayout.EdgeSpacing(
            leading: try self.readOptional(read),
            top: try self.readOptional(read),
            trailing: try self.readOptional(read),
            bottom: try self.readOptional(read)
        )
    }
}

extension BinaryWriter {
    /// Appends a boundary supplementary item, of a section or of the whole layout.
    mutating func write(boundaryItem item: CompositionalLayout.BoundarySupplementaryItem) {
        self.write(choice: item.alignment)
        self.write(optional: item.kind) { $0.write(choice: $1) }
        self.write(layoutSize: item.size)
        self.write(item.pinsToVisibleBounds)
        self.write(item.extendsBoundary)
        self.write(item.zIndex)
        self.write(point: item.absoluteOffset)
    }
}

extension BinaryReader {
    /// Reads a boundary supplementary item.
    mutating func readBoundaryItem() throws(SessionRecordError) -> CompositionalLayout.BoundarySupplementaryItem {
        let alignment = try self.readChoice(CompositionalLayout.Alignment.self)
        let kind = try self.readOptional { (r) throws(SessionRecordError) in try r.readChoice(ElementKind.self) }
        var item = CompositionalLayout.BoundarySupplementaryItem(alignment: alignment, size: try self.readLayoutSize(), kind: kind)
        item.pinsToVisibleBounds = try self.readBool()
        item.extendsBoundary = try self.readBool()
        item.zIndex = try self.readInt()
        item.absoluteOffset = try self.readPoint()
        return item
    }
}
