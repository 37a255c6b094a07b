/// The kind of a supplementary or decoration element (UIKit's `representedElementKind`); cells have none.
///
/// The set is closed so that ``LayoutAttributes`` stays a plain value (no reference counting per element); a
/// layout that needs a new kind adds a case. The raw value is the kind's name on the wire.
public enum ElementKind: String, Hashable, Sendable, CaseIterable {
    /// A section's header (`UICollectionElementKindSectionHeader`), a supplementary view.
    case header
    /// A section's footer (`UICollectionElementKindSectionFooter`), a supplementary view.
    case footer
    /// The decoration view behind a section's cells.
    case background
}
