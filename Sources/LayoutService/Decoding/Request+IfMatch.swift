import HTTPCore

/// What an `If-Match` header asks of a mutation (RFC 9110 §13.1.1): that the session's version be one of the
/// entity tags it lists.
///
/// A session's `ETag` is its version as a strong tag, `"3"`. Tags are compared strongly, as the RFC requires of
/// `If-Match`: a weak tag (`W/"3"`) or one that names no version (`"abc"`, `"0"`) matches nothing, so a mutation
/// carrying only such tags answers 412. `*` matches any version and is the same as no header. A bare `3` (no
/// quotes) is taken as `"3"`, for clients written before the list form.
struct IfMatch: Hashable, Sendable {
    /// The versions the strong tags name, in the header's order.
    var versions: [Int]

    /// Whether a session at `version` meets the condition.
    func allows(_ version: Int) -> Bool { self.versions.contains(version) }

    /// Reads the field's value: `*`, or a comma-separated list of `"tag"` and `W/"tag"`; `nil` for `*`.
    ///
    /// - Throws: ``APIError/invalidHeader(name:reason:)`` for a value that is not such a list.
    static func parse(_ value: String) throws(APIError) -> IfMatch? {
        let invalid = APIError.invalidHeader(
            name: "If-Match",
            reason: "must be * or a list of entity tags such as \"3\" or \"2\", \"3\""
        )
        let bytes = Array(value.utf8)
        var index = 0
        var versions: [Int] = []
        var sawTag = false
        func skipSpace() {
            while index < bytes.count, bytes[index] == UInt8(ascii: " ") || bytes[index] == UInt8(ascii: "\t") {
                index += 1
            }
        }
        skipSpace()
        if index < bytes.count, bytes[index] == UInt8(ascii: "*") {
            index += 1
            skipSpace()
            guard index == bytes.count else { throw invalid }
            return nil
        }
        while index < bytes.count {
            // Empty list elements (`"1", , "2"`) are allowed, as RFC 9110 §5.6.1 asks of recipients.
            if bytes[index] == UInt8(ascii: ",") {
                index += 1
                skipSpace()
                continue
            }
            let isWeak = bytes[index...].starts(with: "W/".utf8)
            if isWeak { index += 2 }
            let isQuoted = index < bytes.count && bytes[index] == UInt8(ascii: "\"")
            guard isQuoted || !isWeak else { throw invalid }
            if isQuoted { index += 1 }
            let start = index
            // etagc: %x21 / %x23-7E / obs-text; a bare tag stops at a comma or space.
            while index < bytes.count, bytes[index] >= 0x21, bytes[index] != UInt8(ascii: "\""), bytes[index] != 0x7F,
                isQuoted || bytes[index] != UInt8(ascii: ",")
            {
                index += 1
            }
            let tag = bytes[start..<index]
            if isQuoted {
                guard index < bytes.count, bytes[index] == UInt8(ascii: "\"") else { throw invalid }
                index += 1
            } else {
                guard !tag.isEmpty, tag.allSatisfy({ $0 >= UInt8(ascii: "0") && $0 <= UInt8(ascii: "9") }) else {
                    throw invalid
                }
            }
            sawTag = true
            if !isWeak, let version = Self.version(tag) { versions.append(version) }
            skipSpace()
            guard index == bytes.count || bytes[index] == UInt8(ascii: ",") else { throw invalid }
        }
        guard sawTag else { throw invalid }
        return IfMatch(versions: versions)
    }

    /// The version a tag's text names: a decimal from 1 with no leading zero and at most 18 digits.
    private static func version(_ tag: ArraySlice<UInt8>) -> Int? {
        guard (1...18).contains(tag.count), tag.first != UInt8(ascii: "0"),
            tag.allSatisfy({ $0 >= UInt8(ascii: "0") && $0 <= UInt8(ascii: "9") })
        else { return nil }
        return tag.reduce(0) { $0 * 10 + Int($1 - UInt8(ascii: "0")) }
    }
}

extension Request {
    /// The condition the request's `If-Match` fields set (several fields are one comma-separated list); `nil`
    /// without the header or with `*`.
    ///
    /// - Throws: ``APIError/invalidHeader(name:reason:)`` for a value that is not a list of entity tags.
    func ifMatch() throws(APIError) -> IfMatch? {
        let fields = self.headers.values(for: "If-Match")
        guard !fields.isEmpty else { return nil }
        return try IfMatch.parse(fields.joined(separator: ", "))
    }
}
