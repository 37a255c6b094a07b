import LayoutEngine

extension UpdateError {
    /// The problem a client sees for an inconsistent batch: a 422 pointing at the offending entry of the body's
    /// list, e.g. `/deleteItems/2`. (``UpdateError/invalidLayout(_:)`` is the layout's own error, which
    /// ``APIError/init(_:)`` maps against the session's input.)
    var apiError: APIError {
        switch self {
        case .sectionOutOfRange(let list, let position):
            return .invalidField(
                pointer: "/\(list.rawValue)/\(position)",
                reason: "Entry \(position) of \(list.rawValue) names a section that does not exist."
            )
        case .itemOutOfRange(let list, let position):
            return .invalidField(
                pointer: "/\(list.rawValue)/\(position)",
                reason: "Entry \(position) of \(list.rawValue) names an item that does not exist, or one past the end."
            )
        case .duplicate(let list, let position):
            return .invalidField(
                pointer: "/\(list.rawValue)/\(position)",
                reason: "Entry \(position) of \(list.rawValue) repeats an earlier one."
            )
        case .conflict(let list, let position, let other):
            return .invalidField(
                pointer: "/\(list.rawValue)/\(position)",
                reason: "Entry \(position) of \(list.rawValue) conflicts with \(other.rawValue) in the same batch."
            )
        case .sectionCountMismatch(let expected, let actual):
            return .invalidField(
                pointer: "/expectedItemCounts",
                reason: "After the batch there are \(actual) sections, not the \(expected) expected."
            )
        case .itemCountMismatch(let section, let expected, let actual):
            return .invalidField(
                pointer: "/expectedItemCounts/\(section)",
                reason: "After the batch section \(section) has \(actual) items, not the \(expected) expected."
            )
        case .invalidLayout:
            return .internalError
        }
    }
}
