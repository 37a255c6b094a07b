/// The kind of a supplementary or decoration element (UIKit's `representedElementKind`).
///
/// Cells have no kind. The engine produces ``header`` and ``footer`` supplementary views and ``background``
/// decoration views; the type is open so that later layouts can add their own.
public struct ElementKind: RawRepresentable, Hashable, Sendable, ExpressibleByStringLiteral {
    /// The kind's name, as it appears on the wire.
    public var rawValue: String

    /// Creates a kind from its name.
    ///
    /// - Parameter rawValue: The kind's name.
    public init(rawValue: String) {
        self.rawValue = rawValue
    }

    /// Creates a kind from a string literal.
    ///
    /// - Parameter value: The kind's name.
    public init(stringLiteral value: String) {
        self.rawValue = value
    }

    /// A section's header (`UICollectionElementKindSectionHeader`).
    public static let header: ElementKind = "header"
    /// A section's footer (`UICollectionElementKindSectionFooter`).
    public static let footer: ElementKind = "footer"
    /// The decoration view behind a section's cells.
    public static let background: ElementKind = "background"
}
