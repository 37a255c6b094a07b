/// Checks an `Authorization` header against the configured API token.
enum BearerToken {
    /// Whether `header` is `Bearer <token>` (the scheme in any case, RFC 9110 §11.1), the token compared in time that depends only on the lengths, never on where the
    /// first differing byte is, so a client cannot find the token byte by byte by timing the answers.
    static func matches(_ header: String?, token: String) -> Bool {
        guard let header, header.utf8.count > 7, header.prefix(7).lowercased() == "bearer " else { return false }
        let expected = Array(token.utf8)
        let given = Array(header.utf8.dropFirst(7))
        var difference = UInt8(expected.count == given.count ? 0 : 1)
        for index in 0..<expected.count {
            difference |= expected[index] ^ (index < given.count ? given[index] : 0)
        }
        return difference == 0
    }
}
