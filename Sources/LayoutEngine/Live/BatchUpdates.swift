/// A batch of insertions, deletions, reloads and moves (`performBatchUpdates:`), with UIKit's rules.
///
/// Deletions, reloads and move sources name index paths **before** the update; insertions and move destinations
/// name index paths **after** it; likewise a section move names its old index and its new one. Sections are deleted,
/// inserted and moved first, then items, so an item index path of a deletion or reload refers to the old sections and
/// one of an insertion or move destination to the new ones. A section being inserted receives no item insertions or
/// moves (its items come with it). The new sections are UIKit's: inserted and moved sections at their new indexes,
/// the sections that stay, in their old order, in the indexes left.
public struct BatchUpdates: Hashable, Sendable {
    /// A section to insert at an index of the new sections.
    public struct SectionInsertion: Hashable, Sendable {
        /// The section's index after the update.
        public var index: Int
        /// The section, with its items.
        public var section: SectionInput

        /// Creates a section insertion.
        ///
        /// - Parameters:
        ///   - index: The section's index after the update.
        ///   - section: The section.
        public init(index: Int, section: SectionInput) {
            self.index = index
            self.section = section
        }
    }

    /// An item to insert (new index path) or reload (old index path), with its size.
    public struct ItemChange: Hashable, Sendable {
        /// The item's index path: after the update for an insertion, before it for a reload.
        public var indexPath: IndexPath
        /// The item's size; `nil` means the kind's default for an insertion and the current size for a reload.
        public var size: Size?

        /// Creates an item change.
        ///
        /// - Parameters:
        ///   - indexPath: The item's index path.
        ///   - size: The item's size, or `nil`.
        public init(indexPath: IndexPath, size: Size? = nil) {
            self.indexPath = indexPath
            self.size = size
        }
    }

    /// A move of an element from an old position to a new one: an item's index path (``ItemMove``) or a section's
    /// index (``SectionMove``, `moveSection(_:toSection:)`: the section goes to `to` with every element in it).
    public struct Move<Position: Hashable & Sendable>: Hashable, Sendable {
        /// The position before the update.
        public var from: Position
        /// The position after the update.
        public var to: Position

        /// Creates a move.
        ///
        /// - Parameters:
        ///   - from: The position before the update.
        ///   - to: The position after the update.
        public init(from: Position, to: Position) {
            self.from = from
            self.to = to
        }
    }

    /// An item's move from an old index path to a new one.
    public typealias ItemMove = Move<IndexPath>
    /// A section's move from an old index to a new one.
    public typealias SectionMove = Move<Int>

    /// Sections to delete, by their old index. Defaults to none.
    public var deleteSections: [Int]
    /// Sections to insert, at their new index. Defaults to none.
    public var insertSections: [SectionInsertion]
    /// Items to delete, by their old index path. Defaults to none.
    public var deleteItems: [IndexPath]
    /// Items to insert, at their new index path; a `count` section stays a count when no insertion into it gives a
    /// size. Defaults to none.
    public var insertItems: [ItemChange]
    /// Items to reload, by their old index path, with their new size (or `nil` to keep it). Defaults to none.
    public var reloadItems: [ItemChange]
    /// Items to move, old index path to new. Defaults to none.
    public var moveItems: [ItemMove]
    /// Sections to move, old index to new. A moved section cannot also be deleted, nor go where a section is
    /// inserted; its items may change in the same batch (by old index path for deletions and reloads, new for
    /// insertions). Defaults to none.
    public var moveSections: [SectionMove]
    /// The number of items of each section after the update, as the client's data source says; when given, a
    /// different count (or number of sections) is an error, as in UIKit. Defaults to `nil`: not checked.
    public var expectedItemCounts: [Int]?
    /// The client's content offset before the batch, for scroll anchoring: the result's
    /// ``UpdateResult/contentOffset`` keeps the anchor cell (see ``ScrollAnchoring``) where the user sees it.
    /// Defaults to `nil`: the layout's own (``LayoutInput/contentOffset``).
    public var contentOffset: Point?

    /// Creates a batch.
    ///
    /// - Parameters:
    ///   - deleteSections: Sections to delete, by old index.
    ///   - insertSections: Sections to insert, at new index.
    ///   - deleteItems: Items to delete, by old index path.
    ///   - insertItems: Items to insert, at new index path.
    ///   - reloadItems: Items to reload, by old index path.
    ///   - moveItems: Items to move, old to new.
    ///   - moveSections: Sections to move, old to new.
    ///   - expectedItemCounts: The item counts after the update, to check.
    ///   - contentOffset: The client's content offset before the batch, for scroll anchoring.
    public init(
        deleteSections: [Int] = [],
        insertSections: [SectionInsertion] = [],
        deleteItems: [IndexPath] = [],
        insertItems: [ItemChange] = [],
        reloadItems: [ItemChange] = [],
        moveItems: [ItemMove] = [],
        moveSections: [SectionMove] = [],
        expectedItemCounts: [Int]? = nil,
        contentOffset: Point? = nil
    ) {
        self.deleteSections = deleteSections
        self.insertSections = insertSections
        self.deleteItems = deleteItems
        self.insertItems = insertItems
        self.reloadItems = reloadItems
        self.moveItems = moveItems
        self.moveSections = moveSections
        self.expectedItemCounts = expectedItemCounts
        self.contentOffset = contentOffset
    }
}

/// What a batch update did, with the attributes to animate (`prepareForCollectionViewUpdates:`,
/// `initialLayoutAttributesForAppearing…`, `finalLayoutAttributesForDisappearing…`).
public struct UpdateResult: Hashable, Sendable {
    /// Initial attributes of appearing elements: the final frame with alpha 0, as UIKit's flow layout does. These
    /// are the inserted items, reloaded items (at their new index path), and every element of inserted sections
    /// (background, header, cells, footer); in index path order, each section's in the stable order.
    public var appearing: [LayoutAttributes]
    /// Final attributes of disappearing elements: the old frame with alpha 0. These are the deleted items, reloaded
    /// items (at their old index path), and every element of deleted sections; ordered as ``appearing``.
    public var disappearing: [LayoutAttributes]
    /// The items that move: the explicit moves, as given, then every item of each moved section that neither
    /// leaves (deleted, reloaded, moved away) nor is placed by the batch, old index path to new, section by section
    /// in the order of ``BatchUpdates/moveSections``.
    public var moved: [BatchUpdates.ItemMove]
    /// The attributes to animate moved elements from: each explicitly moved item, then every element of each moved
    /// section (background, header, side supplementaries, the cells of ``moved``, footer), with its attributes
    /// before the batch under its index path after it. Ordered as ``moved``.
    public var movedFrom: [LayoutAttributes]
    /// The new content size minus the old.
    public var contentSizeAdjustment: Size
    /// The content offset to show after the batch: the one that keeps the anchor cell (the first visible cell
    /// that stays, or with ``ScrollAnchoring/bottom`` the last) where it was on screen along the scroll axis,
    /// clamped to the new content (see ``ScrollAnchoring``).
    public var contentOffset: Point
    /// ``contentOffset`` minus the offset the batch started from.
    public var contentOffsetAdjustment: Point

    /// Creates a result.
    ///
    /// - Parameters:
    ///   - appearing: Initial attributes of appearing elements.
    ///   - disappearing: Final attributes of disappearing elements.
    ///   - moved: The item moves.
    ///   - movedFrom: The attributes to animate moved elements from.
    ///   - contentSizeAdjustment: The new content size minus the old.
    ///   - contentOffset: The content offset to show after the batch.
    ///   - contentOffsetAdjustment: That offset minus the one before.
    public init(
        appearing: [LayoutAttributes],
        disappearing: [LayoutAttributes],
        moved: [BatchUpdates.ItemMove],
        movedFrom: [LayoutAttributes] = [],
        contentSizeAdjustment: Size,
        contentOffset: Point = .zero,
        contentOffsetAdjustment: Point = .zero
    ) {
        self.appearing = appearing
        self.disappearing = disappearing
        self.moved = moved
        self.movedFrom = movedFrom
        self.contentSizeAdjustment = contentSizeAdjustment
        self.contentOffset = contentOffset
        self.contentOffsetAdjustment = contentOffsetAdjustment
    }
}

/// Why a batch update was refused. The layout is left as it was. Each case names the list (``List``) and the
/// position in it of the first offending entry.
public enum UpdateError: Error, Hashable, Sendable {
    /// The lists of a ``BatchUpdates``.
    public enum List: String, Hashable, Sendable, CaseIterable {
        /// ``BatchUpdates/deleteSections``.
        case deleteSections
        /// ``BatchUpdates/insertSections``.
        case insertSections
        /// ``BatchUpdates/deleteItems``.
        case deleteItems
        /// ``BatchUpdates/insertItems``.
        case insertItems
        /// ``BatchUpdates/reloadItems``.
        case reloadItems
        /// ``BatchUpdates/moveItems``.
        case moveItems
        /// ``BatchUpdates/moveSections``.
        case moveSections
    }

    /// A section index out of range: an old section that does not exist, or a new index past the new sections.
    case sectionOutOfRange(list: List, position: Int)
    /// An index path out of range: an old item that does not exist, or a new index path past the end of its new
    /// section (an insertion or move destination beyond the new item count).
    case itemOutOfRange(list: List, position: Int)
    /// The same section or index path twice in one list (for moves: the same source or destination twice).
    case duplicate(list: List, position: Int)
    /// An entry that contradicts another list: an item both deleted and reloaded, moving a deleted item, an item
    /// of a deleted section, an insertion into an inserted section, an insertion at a move's destination, moving a
    /// deleted section, moving a section to an inserted section's index, ….
    case conflict(list: List, position: Int, with: List)
    /// The number of sections after the update differs from ``BatchUpdates/expectedItemCounts``.
    case sectionCountMismatch(expected: Int, actual: Int)
    /// A section's item count after the update (old − deleted − moved out + inserted + moved in) differs from
    /// ``BatchUpdates/expectedItemCounts``.
    case itemCountMismatch(section: Int, expected: Int, actual: Int)
    /// The new input is not a valid layout (an inserted item's size is invalid, …); the error names the new
    /// section and item.
    case invalidLayout(LayoutError)
}
