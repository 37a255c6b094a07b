/// The kind of a supplementary or decoration element (UIKit's `representedElementKind`); cells have none.
///
/// The built-in kinds are cases; a kind the client names (`compositional`'s badges and decorations) is
/// ``named(_:)``, its name stored inline (``ElementName``), so that ``LayoutAttributes`` stays a plain value (no
/// reference counting per element). The raw value is the kind's name on the wire; a built-in name always reads as
/// its case, never as ``named(_:)``.
public enum ElementKind: Hashable, Sendable, CaseIterable, RawRepresentable {
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
    /// A kind the client named: never one of the built-in names.
    case named(ElementName)

    /// The built-in kinds.
    public static let allCases: [ElementKind] = [
        .header, .footer, .background, .leadingSupplementary, .trailingSupplementary, .topSupplementary,
        .bottomSupplementary,
    ]

    /// The kind of this name: a built-in case, else ``named(_:)`` for a valid ``ElementName``, else `nil`.
    ///
    /// - Parameter rawValue: The kind's name on the wire.
    public init?(rawValue: String) {
        switch rawValue {
        case "header": self = .header
        case "footer": self = .footer
        case "background": self = .background
        case "leadingSupplementary": self = .leadingSupplementary
        case "trailingSupplementary": self = .trailingSupplementary
        case "topSupplementary": self = .topSupplementary
        case "bottomSupplementary": self = .bottomSupplementary
        default:
            guard let name = ElementName(rawValue) else { return nil }
            self = .named(name)
        }
    }

    /// The kind's name on the wire.
    public var rawValue: String {
        switch self {
        case .header: return "header"
        case .footer: return "footer"
        case .background: return "background"
        case .leadingSupplementary: return "leadingSupplementary"
        case .trailingSupplementary: return "trailingSupplementary"
        case .topSupplementary: return "topSupplementary"
        case .bottomSupplementary: return "bottomSupplementary"
        case .named(let name): return name.description
        }
    }

    /// Whether this is a kind the client named.
    public var isNamed: Bool {
        if case .named = self { return true }
        return false
    }

    /// The supplementaries that sit beside a section across the scroll axis, in the order a section lists them.
    static let sideSupplementaries: [ElementKind] = [
        .leadingSupplementary, .trailingSupplementary, .topSupplementary, .bottomSupplementary,
    ]
}
