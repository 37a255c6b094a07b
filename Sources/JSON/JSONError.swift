/// A failure to read a JSON document: either the bytes are not JSON, or the JSON is not what the reader expected.
///
/// The two families map to two HTTP answers. A ``syntax(offset:message:)`` error means the body is malformed
/// (400, naming the byte offset); a ``shape(pointer:message:)`` error means the body is valid JSON of the wrong
/// shape or value (422, naming the offending field as an RFC 6901 JSON Pointer).
public enum JSONError: Error, Hashable, Sendable {
    /// The bytes are not valid JSON (RFC 8259) at `offset`, counted in bytes from the start of the document.
    case syntax(offset: Int, message: String)
    /// The JSON is valid but the value at `pointer` (RFC 6901, e.g. `/sections/0/items/5/width`) is not acceptable.
    case shape(pointer: String, message: String)

    /// Whether this is a syntax error (malformed JSON) rather than a shape error.
    public var isSyntax: Bool {
        if case .syntax = self { return true }
        return false
    }

    /// The human-readable explanation, without the offset or pointer.
    public var message: String {
        switch self {
        case .syntax(_, let message), .shape(_, let message): message
        }
    }

    /// The byte offset of a syntax error, or `nil` for a shape error.
    public var offset: Int? {
        if case .syntax(let offset, _) = self { return offset }
        return nil
    }

    /// The JSON Pointer of a shape error, or `nil` for a syntax error.
    public var pointer: String? {
        if case .shape(let pointer, _) = self { return pointer }
        return nil
    }
}

extension JSONError: CustomStringConvertible {
    /// A one-line description such as `malformed JSON at byte 12: expected ':'` or `/viewport/width: expected a number`.
    public var description: String {
        switch self {
        case .syntax(let offset, let message): "malformed JSON at byte \(offset): \(message)"
        case .shape(let pointer, let message): "\(pointer.isEmpty ? "(root)" : pointer): \(message)"
        }
    }
}
