/// The address of an element: its section and its item within the section (UIKit's `NSIndexPath`).
///
/// Index paths order section first, then item: the order of every answer.
public struct IndexPath: Hashable, Comparable, Sendable {
    /// The section's index.
    public var section: Int
    /// The item's index within its section.
    public var item: Int

    /// Creates an index path.
    ///
    /// - Parameters:
    ///   - section: The section's index.
    ///   - item: The item's index within the section.
    public init(section: Int, item: Int) {
        self.section = section
        self.item = item
    }

    /// Orders by section, then by item.
    ///
    /// - Parameters:
    ///   - lhs: An index path.
    ///   - rhs: Another index path.
    /// - Returns: Whether `lhs` comes first.
    public static func < (lhs: IndexPath, rhs: IndexPath) -> Bool {
        (lhs.section, lhs.item) < (rhs.section, rhs.item)
    }
}
