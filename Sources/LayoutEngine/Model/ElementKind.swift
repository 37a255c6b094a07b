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
    /// A `compositional` boundary supplementary beside a section at its leading edge, in a vertically scrolling
    /// layout (alignment `leading`).
    case leadingSupplementary
    /// A `compositional` boundary supplementary beside a section at its trailing edge, in a vertically scrolling
    /// layout (alignment `trailing`).
    case trailingSupplementary
    /// A `compositional` boundary supplementary above a section's cells, in a horizontally scrolling layout
    /// (alignment `top`).
    case topSupplementary
    /// A `compositional` boundary supplementary below a section's cells, in a horizontally scrolling layout
    /// (alignment `bottom`).
    case bottomSupplementary

    /// The supplementaries that sit beside a section across the scroll axis, in the order a section lists them.
    static let sideSupplementaries: [ElementKind] = [
        .leadingSupplementary, .trailingSupplementary, .topSupplementary, .bottomSupplementary,
    ]
}
