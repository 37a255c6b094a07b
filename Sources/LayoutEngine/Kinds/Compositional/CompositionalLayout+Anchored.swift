extension CompositionalLayout {
    /// The edges of a container a supplementary item is attached to (UIKit's `NSDirectionalRectEdge`).
    ///
    /// At most one of ``top`` and ``bottom`` and one of ``leading`` and ``trailing``: a single edge or a corner of
    /// two adjacent ones, as Apple documents `NSCollectionLayoutAnchor`. An axis with no edge centres the item on
    /// it; no edge at all centres it in its container.
    public struct AnchorEdges: OptionSet, Hashable, Sendable {
        public let rawValue: UInt8

        /// Creates edges from their bits.
        ///
        /// - Parameter rawValue: The bits: top 1, leading 2, bottom 4, trailing 8.
        public init(rawValue: UInt8) { self.rawValue = rawValue }

        /// The top edge.
        public static let top = AnchorEdges(rawValue: 1)
        /// The leading edge: left when laid out left to right (right to left mirrors it).
        public static let leading = AnchorEdges(rawValue: 2)
        /// The bottom edge.
        public static let bottom = AnchorEdges(rawValue: 4)
        /// The trailing edge: right when laid out left to right.
        public static let trailing = AnchorEdges(rawValue: 8)

        /// The point the edges name in units of a rectangle's size (left-to-right space): 0 on the leading or top
        /// edge, 1 on the trailing or bottom one, 0.5 on an axis with no edge.
        var unitPoint: Point {
            Point(
                x: self.contains(.leading) ? 0 : self.contains(.trailing) ? 1 : 0.5,
                y: self.contains(.top) ? 0 : self.contains(.bottom) ? 1 : 0.5
            )
        }

        /// Whether the edges name at most one edge per axis.
        public var isValid: Bool {
            !(self.contains(.top) && self.contains(.bottom)) && !(self.contains(.leading) && self.contains(.trailing))
        }
    }

    /// How far an anchored item moves from where its edges put it (UIKit's `NSCollectionLayoutAnchor` offsets).
    public enum AnchorOffset: Hashable, Sendable {
        /// In units of the supplementary item's own size: x times its width, y times its height.
        case fractional(Point)
        /// In points.
        case absolute(Point)

        /// The offset in points for a supplementary of size `size`.
        @inline(__always)
        func points(for size: Size) -> Point {
            switch self {
            case .fractional(let fraction): Point(x: fraction.x * size.width, y: fraction.y * size.height)
            case .absolute(let points): points
            }
        }
    }

    /// Where a supplementary item sits on its container (UIKit's `NSCollectionLayoutAnchor`).
    ///
    /// The supplementary's named edges lie on the container's same edges, then ``offset`` moves it: `edges
    /// [top, trailing]` with a fractional offset of `(0.5, -0.5)` centres a badge on the container's top-trailing
    /// corner.
    public struct Anchor: Hashable, Sendable {
        /// The container's edges the item is attached to.
        public var edges: AnchorEdges
        /// The move from there. Defaults to none.
        public var offset: AnchorOffset

        /// Creates an anchor.
        ///
        /// - Parameters:
        ///   - edges: The edges.
        ///   - offset: The move from there.
        public init(edges: AnchorEdges, offset: AnchorOffset = .absolute(.zero)) {
            self.edges = edges
            self.offset = offset
        }

        /// The frame of an item of size `size` anchored to `container` (left-to-right space): its point named by
        /// `itemAnchor` (its own edges and offset) is put on this anchor's point of the container, or, without
        /// one, its edges named by ``edges`` lie on the container's same edges.
        ///
        /// - Complexity: O(1).
        @inline(__always)
        func frame(of size: Size, in container: Rect, itemAnchor: Anchor? = nil) -> Rect {
            // Points in units of the rectangle's size: 0 leading/top, 0.5 centre, 1 trailing/bottom.
            let unit = self.edges.unitPoint
            let own = itemAnchor?.edges.unitPoint ?? unit
            var x = container.minX + unit.x * container.width - own.x * size.width
            var y = container.minY + unit.y * container.height - own.y * size.height
            let moved = self.offset.points(for: size)
            x += moved.x
            y += moved.y
            if let itemAnchor {
                // The item anchor's offset moves the point on the supplementary, so the supplementary the other way.
                let back = itemAnchor.offset.points(for: size)
                x -= back.x
                y -= back.y
            }
            return Rect(x: x, y: y, width: size.width, height: size.height)
        }
    }

    /// A supplementary view anchored to an item or a group (UIKit's `NSCollectionLayoutSupplementaryItem`): a
    /// badge on a cell, a frame around a group.
    ///
    /// It takes no room, has its container's index path (an item's, or a group repetition's first cell's), comes
    /// back from rect queries and element queries by its ``kind``, and moves with its container.
    public struct SupplementaryItem: Hashable, Sendable {
        /// The element kind the client names it by.
        public var kind: ElementName
        /// Its size; fractional dimensions are of the container's size, an estimate is used as is.
        public var size: LayoutSize
        /// Where it sits on its container.
        public var anchor: Anchor
        /// Its zIndex. Defaults to 1, in front of the cells (0).
        public var zIndex = 1
        /// The point of the supplementary itself (UIKit's `itemAnchor`: its edges and offset) put on ``anchor``'s
        /// point of the container. `nil` (the default): ``anchor``'s edges of the supplementary lie on the
        /// container's same edges.
        public var itemAnchor: Anchor?

        /// Creates a supplementary item.
        ///
        /// - Parameters:
        ///   - kind: Its element kind.
        ///   - size: Its size.
        ///   - anchor: Where it sits on its container.
        public init(kind: ElementName, size: LayoutSize, anchor: Anchor) {
            self.kind = kind
            self.size = size
            self.anchor = anchor
        }

        /// Its frame on `container` (left-to-right space).
        ///
        /// - Complexity: O(1).
        @inline(__always)
        func frame(in container: Rect) -> Rect {
            self.anchor.frame(of: self.size.resolved(in: container.size), in: container, itemAnchor: self.itemAnchor)
        }

        /// Its frame anchored to `container` with the size the client measured: its positive lengths replace
        /// the estimated dimensions.
        ///
        /// - Complexity: O(1).
        func frame(in container: Rect, measured: Size) -> Rect {
            self.anchor.frame(
                of: self.size.resolved(in: container.size, measured: measured),
                in: container,
                itemAnchor: self.itemAnchor
            )
        }
    }
}

extension CompositionalLayout {
    /// The most decoration items of client-named kinds a section may have: every section keeps their frames.
    public static let maximumDecorationItems = 32

    /// A section's decoration view of a client-named kind (UIKit's `NSCollectionLayoutDecorationItem
    /// .background(elementKind:)`): it spans the whole section, boundary supplementaries included, less its
    /// ``contentInsets``, like ``Section/background``, and does not scroll with an orthogonal section's cells.
    public struct DecorationItem: Hashable, Sendable {
        /// The element kind the client names it by.
        public var kind: ElementName
        /// Shrinks it from the section's band. Defaults to none.
        public var contentInsets = DirectionalInsets.zero
        /// Its zIndex. Defaults to −1, behind the cells, as the section's background.
        public var zIndex = -1

        /// Creates a decoration item.
        ///
        /// - Parameter kind: Its element kind.
        public init(kind: ElementName) {
            self.kind = kind
        }
    }

    /// Whether a section's decoration items can be laid out: finite insets, distinct kinds, none of a kind an
    /// anchored supplementary of the section also has (the element routes look a kind up in both).
    static func hasValidDecorations(_ section: Section) -> Bool {
        guard section.decorationItems.count <= Self.maximumDecorationItems else { return false }
        var kinds: Set<ElementName> = []
        for item in section.decorationItems {
            guard item.contentInsets.isFinite, kinds.insert(item.kind).inserted else { return false }
        }
        guard !kinds.isEmpty else { return true }
        return section.group.supplementaryItems.allSatisfy { !kinds.contains($0.kind) }
            && Self.itemKinds(in: section.group).isDisjoint(with: kinds)
    }

    /// Whether the supplementary items of `group`, its subitems and its nested groups can be laid out: finite
    /// sizes and offsets, at most one edge per axis, distinct kinds on one item or group, and none of a group's of
    /// a kind that a cell or a group inside it also has (they could share index paths).
    static func hasValidSupplementaries(_ group: Group) -> Bool {
        var itemKinds: Set<ElementName> = []
        func isValid(_ items: [SupplementaryItem]) -> Bool {
            var kinds: Set<ElementName> = []
            for item in items {
                guard kinds.insert(item.kind).inserted, item.anchor.edges.isValid,
                    item.itemAnchor?.edges.isValid ?? true, Self.isFinite(item)
                else {
                    return false
                }
            }
            return true
        }
        guard isValid(group.supplementaryItems) else { return false }
        for element in group.subitems {
            switch element {
            case .item(let item):
                guard isValid(item.supplementaryItems) else { return false }
                itemKinds.formUnion(item.supplementaryItems.map(\.kind))
            case .group(let nested):
                guard Self.hasValidSupplementaries(nested) else { return false }
                itemKinds.formUnion(Self.itemKinds(in: nested))
                itemKinds.formUnion(nested.supplementaryItems.map(\.kind))
            }
        }
        return group.supplementaryItems.allSatisfy { !itemKinds.contains($0.kind) }
    }

    /// The kinds of the supplementaries of every item and every nested group in `group` (not of `group` itself).
    static func itemKinds(in group: Group) -> Set<ElementName> {
        var kinds: Set<ElementName> = []
        for element in group.subitems {
            switch element {
            case .item(let item): kinds.formUnion(item.supplementaryItems.map(\.kind))
            case .group(let nested):
                kinds.formUnion(nested.supplementaryItems.map(\.kind))
                kinds.formUnion(Self.itemKinds(in: nested))
            }
        }
        return kinds
    }

    private static func isFinite(_ item: SupplementaryItem) -> Bool {
        func isValid(_ dimension: Dimension) -> Bool {
            switch dimension {
            case .fractionalWidth(let value), .fractionalHeight(let value), .absolute(let value),
                .estimated(let value):
                return value >= 0 && value < .infinity
            }
        }
        func isFinite(_ anchor: Anchor?) -> Bool {
            switch anchor?.offset {
            case .fractional(let point), .absolute(let point): point.x.isFinite && point.y.isFinite
            case nil: true
            }
        }
        return isValid(item.size.width) && isValid(item.size.height) && isFinite(item.anchor)
            && isFinite(item.itemAnchor)
    }
}
