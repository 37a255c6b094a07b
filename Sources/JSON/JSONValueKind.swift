/// The kind of a JSON value, as seen from its first byte.
public enum JSONValueKind: Hashable, Sendable {
    /// `{…}`
    case object
    /// `[…]`
    case array
    /// `"…"`
    case string
    /// `-1.5e3` and friends.
    case number
    /// `true` or `false`.
    case bool
    /// `null`.
    case null

    /// The kind with an article, for messages such as "expected a number, got a string".
    public var name: String {
        switch self {
        case .object: "an object"
        case .array: "an array"
        case .string: "a string"
        case .number: "a number"
        case .bool: "a boolean"
        case .null: "null"
        }
    }
}
