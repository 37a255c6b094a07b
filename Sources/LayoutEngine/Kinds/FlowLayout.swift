/// `UICollectionViewFlowLayout` (seed 000): items in lines, lines in sections, with headers and footers.
///
/// Items fill a line along the in-line axis (x when scrolling vertically, y when scrolling horizontally) and lines
/// stack along the scroll axis. The first item of a line is always placed; a later item joins if its size plus
/// ``Configuration/minimumInteritemSpacing`` still fits the line (the width minus the section's insets).
///
/// With ``HorizontalAlignment/justified`` (UIKit's behaviour) the leftover space of a line is spread between its
/// items; a line of one item is centred. The last line of a section with lines above it keeps their grid positions
/// when every item in the section has the same size, and is otherwise packed to the leading edge with the minimum
/// spacing; a section's only line is justified like any other line. Items are centred across their line, whose
/// thickness is its largest item (``VerticalAlignment``). Lines are ``Configuration/minimumLineSpacing`` apart.
///
/// Headers span the content's full width above the section's top inset (scrolling horizontally: its full height,
/// to the left), footers below its bottom inset. An item larger than its line is placed alone at the line's
/// leading inset, and the content grows to contain it (UIKit leaves this undefined).
public enum FlowLayout {
    /// The direction content scrolls in.
    public enum ScrollDirection: String, Hashable, Sendable, CaseIterable {
        /// Lines are rows, stacked downward. The default.
        case vertical
        /// Lines are columns, stacked rightward; headers sit to the left of their section.
        case horizontal
    }

    /// How a line's items spread along it (seed 004's left- and right-aligned application).
    ///
    /// Along a vertical-scrolling line, left and right are the screen's; ``leading`` and ``trailing`` follow the
    /// layout direction. Along a horizontal-scrolling line (a column), left and leading mean top.
    public enum HorizontalAlignment: String, Hashable, Sendable, CaseIterable {
        /// UIKit's justification (see ``FlowLayout``). The default.
        case justified
        /// Packed to the left with the minimum spacing.
        case left
        /// Packed to the right with the minimum spacing.
        case right
        /// Packed with the minimum spacing and centred.
        case center
        /// Packed to the leading edge (left, or right in right to left).
        case leading
        /// Packed to the trailing edge (right, or left in right to left).
        case trailing
    }

    /// How items sit across their line, whose thickness is its largest item.
    public enum VerticalAlignment: String, Hashable, Sendable, CaseIterable {
        /// Centred across the line (UIKit's behaviour). The default.
        case center
        /// Against the line's top (leading) edge.
        case top
        /// Against the line's bottom (trailing) edge.
        case bottom
    }

    /// What section insets are measured from across the scroll axis (UIKit's `sectionInsetReference`).
    ///
    /// layoutd's content has no content inset of its own (the content starts at 0), so ``contentInset`` measures
    /// section insets from the content's edges, as before; ``safeArea`` adds the request's
    /// ``LayoutInput/safeAreaInsets`` and ``layoutMargins`` adds the safe area and the request's
    /// ``LayoutInput/layoutMargins`` (margins inside the safe area). Only the edges across the scroll axis (left and
    /// right when scrolling vertically, top and bottom when scrolling horizontally) take the reference: along the
    /// scroll axis the scroll view's adjusted content inset holds the safe area, as UIKit's automatic adjustment
    /// does, so the insets between sections stay as given. The safe area and the margins are the screen's own:
    /// right to left does not swap them. Headers and footers still span the whole width (or height).
    public enum SectionInsetReference: String, Hashable, Sendable, CaseIterable {
        /// Section insets from the content's edges (UIKit's `fromContentInset`). The default.
        case contentInset
        /// Section insets from the safe area (UIKit's `fromSafeArea`).
        case safeArea
        /// Section insets from the layout margins, inside the safe area (UIKit's `fromLayoutMargins`).
        case layoutMargins
    }

    /// Every parameter of a flow layout; defaults are UIKit's.
    public struct Configuration: Hashable, Sendable {
        /// The size of items of a `count` section. Defaults to 50 × 50.
        public var itemSize = Size(width: 50, height: 50)
        /// When set, cells size themselves (UIKit's `estimatedItemSize`): the items of `count` sections, and items
        /// inserted without a size, are laid out at this estimate until ``LiveLayout/invalidate(_:)`` brings their
        /// measured size (a section's own ``SectionOverrides/itemSize`` still wins, as the delegate does). Its
        /// width and height must be positive. Defaults to `nil`: items are ``itemSize``.
        public var estimatedItemSize: Size?
        /// What section insets are measured from across the scroll axis. Defaults to
        /// ``SectionInsetReference/contentInset``.
        public var sectionInsetReference = SectionInsetReference.contentInset
        /// The minimum spacing between lines. Defaults to 10.
        public var minimumLineSpacing: Double = 10
        /// The minimum spacing between the items of a line. Defaults to 10.
        public var minimumInteritemSpacing: Double = 10
        /// Each section's insets. Defaults to zero.
        public var sectionInset = EdgeInsets.zero
        /// The scroll direction. Defaults to ``ScrollDirection/vertical``.
        public var scrollDirection = ScrollDirection.vertical
        /// The header size of sections that give none; only its height (vertical) or width (horizontal) counts, and
        /// zero means no header. A section's header can be measured (``InvalidationContext/supplementarySizes``): this
        /// size is then its estimate. Defaults to zero.
        public var headerReferenceSize = Size.zero
        /// The footer size of sections that give none, as ``headerReferenceSize``. Defaults to zero.
        public var footerReferenceSize = Size.zero
        /// Whether headers stay at the top of the viewport while their section is visible. Defaults to `false`.
        public var sectionHeadersPinToVisibleBounds = false
        /// Whether footers stay at the bottom of the viewport while their section is visible. Defaults to `false`.
        public var sectionFootersPinToVisibleBounds = false
        /// How a line's items spread along it. Defaults to ``HorizontalAlignment/justified``.
        public var horizontalAlignment = HorizontalAlignment.justified
        /// How items sit across their line. Defaults to ``VerticalAlignment/center``.
        public var verticalAlignment = VerticalAlignment.center
        /// When set, each section gets a ``ElementKind/background`` decoration covering the section between its
        /// header and footer (its insets included), inset by these insets, behind the cells (zIndex −1).
        /// Defaults to `nil`: no decoration.
        public var sectionBackground: EdgeInsets?
        /// Where scrolling comes to rest. Defaults to ``SnapMode/none``.
        public var snap = SnapMode.none
        /// The speed, in points per second, at or above which a release is a flick that never snaps back against
        /// its direction (with ``snap`` set). Defaults to 300.
        public var flickVelocityThreshold: Double = 300

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
