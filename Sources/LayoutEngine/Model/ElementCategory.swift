/// What an element is (UIKit's `UICollectionElementCategory`, `representedElementCategory`).
public enum ElementCategory: String, Hashable, Sendable, CaseIterable {
    /// A cell: one item of a section.
    case cell
    /// A supplementary view, such as a section's header or footer.
    case supplementaryView
    /// A decoration view, such as a section's background.
    case decorationView
}
