/// `UICollectionViewCompositionalLayout` described as a value: items in groups, groups repeated in sections.
///
/// A section's ``Section/group`` is laid out once (its *template*) and repeated along the scroll axis (or, for an
/// orthogonally scrolling section, across it) until the section's items run out; a last, partial repetition keeps
/// the template's positions and its full length. Sizes (``Dimension``) are fractions of the containing group, or
/// for a section's top-level group of the viewport less the section's ``Section/contentInsets``; absolute; or
/// estimated. Insets are directional (``DirectionalInsets``): layouts are computed left to right and right to left
/// mirrors everything.
///
/// Item ``Item/contentInsets`` shrink the item's frame after it is placed (its slot keeps its size), and are
/// ignored along an estimated dimension, as in UIKit. ``Item/edgeSpacing`` adds space around an item's slot inside
/// its group. Layouts scroll vertically or horizontally (``Configuration/scrollDirection``); boundary
/// supplementaries are the section's ``ElementKind/header`` before it and ``ElementKind/footer`` after it along
/// the scroll axis, or side items beside it across the axis (see ``Alignment``), follow the section's insets across
/// the axis (`supplementariesFollowContentInsets`), and the ``Section/background`` decoration spans the whole
/// section, supplementaries included, less its own insets.
public enum CompositionalLayout {
    /// One dimension of a size (UIKit's `NSCollectionLayoutDimension`).
    public enum Dimension: Hashable, Sendable {
        /// A fraction of the container's width.
        case fractionalWidth(Double)
        /// A fraction of the container's height.
        case fractionalHeight(Double)
        /// A fixed length in points.
        case absolute(Double)
        /// A length in points the item has until the client reports its real length (self-sizing).
        case estimated(Double)

        /// Whether this is ``estimated(_:)``.
        var isEstimated: Bool {
            if case .estimated = self { return true }
            return false
        }

        /// The length in a container of size `container`.
        func resolved(in container: Size) -> Double {
            switch self {
            case .fractionalWidth(let fraction): return fraction * container.width
            case .fractionalHeight(let fraction): return fraction * container.height
            case .absolute(let length), .estimated(let length): return length
            }
        }
    }

    /// A width and a height (UIKit's `NSCollectionLayoutSize`).
    public struct LayoutSize: Hashable, Sendable {
        /// The width.
        public var width: Dimension
        /// The height.
        public var height: Dimension

        /// Creates a size.
        ///
        /// - Parameters:
        ///   - width: The width.
        ///   - height: The height.
        public init(width: Dimension, height: Dimension) {
            self.width = width
            self.height = height
        }

        /// The size in a container of size `container`.
        func resolved(in container: Size) -> Size {
            Size(width: self.width.resolved(in: container), height: self.height.resolved(in: container))
        }
    }

    /// Insets by leading and trailing edge (UIKit's `NSDirectionalEdgeInsets`). The engine lays out left to right,
    /// so leading is left and trailing right; right to left mirrors the result.
    public struct DirectionalInsets: Hashable, Sendable {
        /// The inset from the top.
        public var top: Double
        /// The inset from the leading edge.
        public var leading: Double
        /// The inset from the bottom.
        public var bottom: Double
        /// The inset from the trailing edge.
        public var trailing: Double

        /// Creates insets.
        ///
        /// - Parameters:
        ///   - top: From the top.
        ///   - leading: From the leading edge.
        ///   - bottom: From the bottom.
        ///   - trailing: From the trailing edge.
        public init(top: Double = 0, leading: Double = 0, bottom: Double = 0, trailing: Double = 0) {
            self.top = top
            self.leading = leading
            self.bottom = bottom
            self.trailing = trailing
        }

        /// No insets.
        public static let zero = DirectionalInsets()

        /// Whether every inset is finite.
        var isFinite: Bool {
            self.top.isFinite && self.leading.isFinite && self.bottom.isFinite && self.trailing.isFinite
        }

        /// `rect` shrunk by these insets; a side that would go negative becomes zero.
        func inset(_ rect: Rect) -> Rect {
            Rect(
                x: rect.minX + self.leading,
                y: rect.minY + self.top,
                width: Swift.max(0, rect.width - self.leading - self.trailing),
                height: Swift.max(0, rect.height - self.top - self.bottom)
            )
        }
    }

    /// A spacing (UIKit's `NSCollectionLayoutSpacing`).
    public enum Spacing: Hashable, Sendable {
        /// Exactly this many points.
        case fixed(Double)
        /// At least this many points; a group's leftover room is shared equally by its flexible spacings.
        case flexible(Double)

        /// The fixed or minimum length.
        var minimum: Double {
            switch self {
            case .fixed(let length), .flexible(let length): return length
            }
        }

        /// Whether the spacing takes a share of leftover room.
        var isFlexible: Bool {
            if case .flexible = self { return true }
            return false
        }
    }

    /// Space around an item's slot in its group (UIKit's `NSCollectionLayoutEdgeSpacing`); `nil` is none.
    public struct EdgeSpacing: Hashable, Sendable {
        /// Before the item along x.
        public var leading: Spacing?
        /// Above the item.
        public var top: Spacing?
        /// After the item along x.
        public var trailing: Spacing?
        /// Below the item.
        public var bottom: Spacing?

        /// Creates edge spacing.
        ///
        /// - Parameters:
        ///   - leading: Before the item along x.
        ///   - top: Above the item.
        ///   - trailing: After the item along x.
        ///   - bottom: Below the item.
        public init(leading: Spacing? = nil, top: Spacing? = nil, trailing: Spacing? = nil, bottom: Spacing? = nil) {
            self.leading = leading
            self.top = top
            self.trailing = trailing
            self.bottom = bottom
        }
    }

    /// A cell's blueprint (UIKit's `NSCollectionLayoutItem`).
    public struct Item: Hashable, Sendable {
        /// The item's size in its group. Defaults to the whole group.
        public var size = LayoutSize(width: .fractionalWidth(1), height: .fractionalHeight(1))
        /// Shrinks the frame after placement (ignored along an estimated dimension). Defaults to none.
        public var contentInsets = DirectionalInsets.zero
        /// Space around the item's slot. Defaults to none.
        public var edgeSpacing = EdgeSpacing()
        /// Supplementary views anchored to the cell (badges), each its own client-named kind at the cell's index
        /// path; they take no room. Defaults to none.
        public var supplementaryItems: [SupplementaryItem] = []

        /// Creates an item.
        ///
        /// - Parameter size: The item's size.
        public init(size: LayoutSize = LayoutSize(width: .fractionalWidth(1), height: .fractionalHeight(1))) {
            self.size = size
        }
    }

    /// How a group arranges its subitems.
    public enum GroupLayout: Hashable, Sendable {
        /// One after another along x, repeated while the next one fits.
        case horizontal
        /// One after another along y, repeated while the next one fits.
        case vertical
        /// Cells at these frames, relative to the group's content origin (`NSCollectionLayoutGroupCustomItem`).
        case custom([Rect])
    }

    /// A group's subitem: an item or a nested group.
    public indirect enum Element: Hashable, Sendable {
        /// A cell.
        case item(Item)
        /// A nested group.
        case group(Group)

        /// The element's size.
        var size: LayoutSize {
            switch self {
            case .item(let item): return item.size
            case .group(let group): return group.size
            }
        }

        /// The element's edge spacing.
        var edgeSpacing: EdgeSpacing {
            switch self {
            case .item(let item): return item.edgeSpacing
            case .group(let group): return group.edgeSpacing
            }
        }
    }

    /// A row, a column or a custom arrangement of subitems (UIKit's `NSCollectionLayoutGroup`).
    public struct Group: Hashable, Sendable {
        /// How subitems are arranged. Defaults to ``GroupLayout/horizontal``.
        public var layout = GroupLayout.horizontal
        /// The group's size. Defaults to the full width and 44 points high.
        public var size = LayoutSize(width: .fractionalWidth(1), height: .absolute(44))
        /// The subitems, repeated in order while the next fits (unless ``count`` is set). Defaults to one item.
        public var subitems: [Element] = [.item(Item())]
        /// When set, exactly this many copies of the first subitem, each sized to fill the group along its axis
        /// (`horizontal(layoutSize:repeatingSubitem:count:)`). Defaults to `nil`.
        public var count: Int?
        /// The spacing between subitems. Defaults to none.
        public var interItemSpacing: Spacing?
        /// Shrinks the room subitems are laid out in. Defaults to none.
        public var contentInsets = DirectionalInsets.zero
        /// Space around the group's slot in its parent group. Defaults to none.
        public var edgeSpacing = EdgeSpacing()
        /// Supplementary views anchored to each repetition of the group (a section's group, or each copy of a
        /// nested one), at the index path of its first cell; a copy without cells has none. Defaults to none.
        public var supplementaryItems: [SupplementaryItem] = []

        /// Creates a group.
        ///
        /// - Parameters:
        ///   - layout: How subitems are arranged.
        ///   - size: The group's size.
        ///   - subitems: The subitems.
        ///   - count: The fixed number of copies of the first subitem, if any.
        public init(
            layout: GroupLayout = .horizontal,
            size: LayoutSize = LayoutSize(width: .fractionalWidth(1), height: .absolute(44)),
            subitems: [Element] = [.item(Item())],
            count: Int? = nil
        ) {
            self.layout = layout
            self.size = size
            self.subitems = subitems
            self.count = count
        }
    }

    /// How an orthogonally scrolling section scrolls and comes to rest (UIKit's
    /// `UICollectionLayoutSectionOrthogonalScrollingBehavior`).
    ///
    /// An orthogonal section scrolls across the layout: sideways in a vertically scrolling layout, with its groups
    /// side by side; up and down in a horizontally scrolling one, with its groups one below the other. "Leading"
    /// below is the start of that axis (the section's leading edge, or its top), and the viewport's length is its
    /// width or its height.
    public enum OrthogonalScrollingBehavior: String, Hashable, Sendable, CaseIterable {
        /// The section does not scroll on its own: groups follow one another along the layout's scroll axis.
        case none
        /// Scrolls across the layout and stops anywhere.
        case continuous
        /// Scrolls continuously and comes to rest at a group's leading edge.
        case continuousGroupLeadingBoundary
        /// Pages by the viewport's length along the section's own axis (one page per gesture when the snap says
        /// where the gesture began; see
        /// ``PreparedLayout/targetOrthogonalOffset(forProposedOffset:velocity:section:startOffset:)``).
        case paging
        /// Moves one group at a time, resting at a group's leading edge (one group per gesture when the snap says
        /// where the gesture began).
        case groupPaging
        /// Moves one group at a time, resting with a group centred in the viewport (one group per gesture when the
        /// snap says where the gesture began).
        case groupPagingCentered
    }

    /// Where a boundary supplementary item goes (UIKit's `NSRectAlignment`, its four edges): an edge of the section.
    ///
    /// Along the scroll axis an edge names the section's ``ElementKind/header`` (``top`` in a vertically scrolling
    /// layout, ``leading`` in a horizontally scrolling one) or ``ElementKind/footer`` (``bottom``, ``trailing``),
    /// before or after the section's cells. Across the scroll axis it names an item beside the section:
    /// ``ElementKind/leadingSupplementary`` and ``ElementKind/trailingSupplementary`` in a vertical layout,
    /// ``ElementKind/topSupplementary`` and ``ElementKind/bottomSupplementary`` in a horizontal one. A side item
    /// sits at that edge of the section (inside the section's insets across the scroll axis, as a header does) and
    /// starts where the section's body starts along the scroll axis, just after the header's room. UIKit documents
    /// only that `extendsBoundary` "extends the content area of the section"; here a side item that extends the
    /// boundary takes its thickness out of the room the groups are laid out in (the groups sit beside it) and the
    /// section is at least as long as the item; one that does not overlaps the cells. The corner alignments
    /// (`topLeading`, …) are not modelled.
    public enum Alignment: String, Hashable, Sendable, CaseIterable {
        /// The top edge: the header of a vertical layout's section, a ``ElementKind/topSupplementary`` in a
        /// horizontal one.
        case top
        /// The bottom edge: the footer of a vertical layout's section, a ``ElementKind/bottomSupplementary`` in a
        /// horizontal one.
        case bottom
        /// The leading edge: the header of a horizontal layout's section, a ``ElementKind/leadingSupplementary``
        /// in a vertical one.
        case leading
        /// The trailing edge: the footer of a horizontal layout's section, a ``ElementKind/trailingSupplementary``
        /// in a vertical one.
        case trailing
    }

    /// A boundary supplementary item (UIKit's `NSCollectionLayoutBoundarySupplementaryItem`): a section's header,
    /// footer, or an item beside it (see ``Alignment``).
    public struct BoundarySupplementaryItem: Hashable, Sendable {
        /// Which edge of the section it goes to (see ``Alignment``).
        public var alignment: Alignment
        /// The element kind the client named, if any. ``ElementKind/header`` and ``ElementKind/footer`` win over
        /// the alignment's meaning (a header may be aligned `top` or `leading` in either scroll direction, a footer
        /// `bottom` or `trailing`); a side kind must be the one the alignment names in the layout's scroll
        /// direction. `nil` takes the alignment's element kind. Defaults to `nil`.
        public var kind: ElementKind?
        /// Its size, of the viewport less the section's insets across the scroll axis.
        public var size: LayoutSize
        /// Whether it stays in the viewport while its section is visible (along the scroll axis: a header at the
        /// viewport's leading edge, a footer at its trailing edge, a side item at the leading edge like a header).
        /// Defaults to `false`.
        public var pinsToVisibleBounds = false
        /// Whether it takes room in the section (`true`) or overlaps its content. Defaults to `true`.
        public var extendsBoundary = true
        /// Its zIndex. Defaults to 0.
        public var zIndex = 0
        /// How far it moves, in points, from where its alignment puts it (`absoluteOffset`, UIKit's
        /// `init(layoutSize:elementKind:alignment:absoluteOffset:)`); the room it takes in its section stays where
        /// it was. Left to right, x is toward the trailing edge (right to left mirrors it). Defaults to zero.
        public var absoluteOffset = Point.zero

        /// Creates a boundary supplementary item.
        ///
        /// - Parameters:
        ///   - alignment: The section's edge it goes to.
        ///   - size: Its size.
        ///   - kind: The element kind it must be, if the caller names one.
        public init(alignment: Alignment, size: LayoutSize, kind: ElementKind? = nil) {
            self.alignment = alignment
            self.size = size
            self.kind = kind
        }
    }

    /// A section's blueprint (UIKit's `NSCollectionLayoutSection`).
    public struct Section: Hashable, Sendable {
        /// The group repeated until the section's items run out. Defaults to
        /// ``Group/init(layout:size:subitems:count:)``'s defaults: a full-width row 44 points high holding one item.
        public var group = Group()
        /// Room around the section's groups. Defaults to none.
        public var contentInsets = DirectionalInsets.zero
        /// The spacing between repetitions of the group. Defaults to 0.
        public var interGroupSpacing: Double = 0
        /// Whether and how the section scrolls across the layout. Defaults to ``OrthogonalScrollingBehavior/none``.
        public var orthogonalScrollingBehavior = OrthogonalScrollingBehavior.none
        /// The section's header, footer and side items (at most one of each element kind). Defaults to none.
        public var boundarySupplementaryItems: [BoundarySupplementaryItem] = []
        /// When set, a ``ElementKind/background`` decoration spanning the section, inset by these insets
        /// (`NSCollectionLayoutDecorationItem.background`). Defaults to `nil`.
        public var background: DirectionalInsets?
        /// The background's zIndex. Defaults to −1 (behind the cells).
        public var backgroundZIndex = -1
        /// More decoration views behind (or in front of) the section, each its own client-named kind at
        /// `[section, 0]` (`NSCollectionLayoutDecorationItem.background(elementKind:)`). Defaults to none.
        public var decorationItems: [DecorationItem] = []
        /// What the section's content insets are measured from across the scroll axis. Defaults to
        /// ``ContentInsetsReference/automatic`` (the safe area).
        public var contentInsetsReference = ContentInsetsReference.automatic
        /// What the section's boundary supplementaries' insets are measured from across the scroll axis;
        /// ``ContentInsetsReference/automatic`` follows ``contentInsetsReference``. Defaults to automatic.
        public var supplementaryContentInsetsReference = ContentInsetsReference.automatic
        /// How the section's cells scale, fade and turn with their distance from the visible centre
        /// (`visibleItemsInvalidationHandler`, declared). Defaults to none.
        public var visibleItemsEffect: VisibleItemsEffect?
        /// The list configuration the section was made from (``list(_:)``), if any; a list is refused in a
        /// horizontally scrolling layout. Defaults to `nil`.
        public var list: ListConfiguration?

        /// Creates a section.
        ///
        /// - Parameter group: The group to repeat.
        public init(group: Group = Group()) {
            self.group = group
        }
    }

    /// Every parameter of a compositional layout.
    public struct Configuration: Hashable, Sendable {
        /// The description of every section that gives none of its own (a section's `config` may). Defaults to a
        /// list: full-width rows 44 points high.
        public var section = Section()
        /// The spacing between sections (`UICollectionViewCompositionalLayoutConfiguration.interSectionSpacing`).
        /// Defaults to 0.
        public var interSectionSpacing: Double = 0
        /// The direction sections and groups follow one another in (`UICollectionViewCompositionalLayoutConfiguration
        /// .scrollDirection`); an orthogonal section scrolls across it (sideways in a vertical layout, up and down
        /// in a horizontal one). Defaults to vertical.
        public var scrollDirection = FlowLayout.ScrollDirection.vertical
        /// The speed, in points per second, at or above which a release of an orthogonal section is a flick that
        /// moves on in its direction. Defaults to 300.
        public var flickVelocityThreshold: Double = 300
        /// The header and footer of the whole layout (`UICollectionViewCompositionalLayoutConfiguration
        /// .boundarySupplementaryItems`): each of a client-named kind (``ElementKind/named(_:)``) at `[0, 0]`, aligned
        /// along the scroll axis (`top` or `bottom` when it is vertical, `leading` or `trailing` when horizontal),
        /// before the first section and after the last, taking that room unless it does not extend the boundary,
        /// pinned to the viewport's edge when asked. Its size is of the viewport. At most one header and one footer.
        /// Defaults to none.
        public var boundarySupplementaryItems: [BoundarySupplementaryItem] = []

        /// Which visible cell every mutation (batch updates, invalidation, a committed transition) keeps still on
        /// screen: the first (``ScrollAnchoring/top``) or the last, following new output at the end
        /// (``ScrollAnchoring/bottom``). Defaults to ``ScrollAnchoring/top``.
        public var anchor = ScrollAnchoring.top
        /// Where content shorter than the viewport sits along the scroll axis: at the start, or at the end
        /// (``ContentAlignment/bottom``, a chat: the elements move down and the content is as long as the viewport;
        /// when scrolling horizontally, the trailing side). Defaults to ``ContentAlignment/top``.
        public var contentAlignment = ContentAlignment.top

        /// Creates the default configuration.
        public init() {}
    }
}
