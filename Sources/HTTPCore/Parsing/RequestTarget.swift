/// The request-target forms of RFC 9112 §3.2 that the parser accepts, and where an absolute-form target's path
/// starts.
///
/// - origin-form, `/path?query`: the usual form.
/// - absolute-form, `http://authority/path?query`: accepted with the `http` and `https` schemes (case-insensitive)
///   and a non-empty authority, as RFC 9112 §3.2.2 requires of a server. The authority is not used for routing: the
///   server is its own origin.
/// - asterisk-form, `*`: only with `OPTIONS` (RFC 9112 §3.2.4).
///
/// Anything else, such as `healthz` or `ftp://x/`, is ``HTTPParseError/invalidTarget``. The authority-form of
/// `CONNECT` is refused too: the server is not a proxy.
enum RequestTarget {
    /// Checks that `bytes`, a target of visible ASCII, has a form the server takes with `method`.
    static func validate(_ bytes: UnsafeBufferPointer<UInt8>, method: HTTPMethod) throws(HTTPParseError) {
        guard let first = bytes.first else { throw .invalidTarget }
        if first == UInt8(ascii: "/") { return }
        if bytes.count == 1, first == UInt8(ascii: "*") {
            guard method == .OPTIONS else { throw .invalidTarget }
            return
        }
        guard Self.authorityEnd(in: bytes) != nil else { throw .invalidTarget }
    }

    /// For an absolute-form target, the index where its authority ends and its path (possibly empty) starts;
    /// `nil` for any other form.
    ///
    /// - Complexity: O(length of the scheme and authority).
    static func authorityEnd<Bytes: Collection<UInt8>>(in bytes: Bytes) -> Bytes.Index? {
        var index = bytes.startIndex
        /// Consumes `literal` (given in lowercase) if the next bytes match it, ignoring ASCII case.
        func consume(_ literal: StaticString) -> Bool {
            var cursor = index
            let expected = UnsafeBufferPointer(start: literal.utf8Start, count: literal.utf8CodeUnitCount)
            for byte in expected {
                guard cursor != bytes.endIndex else { return false }
                let actual = bytes[cursor]
                let lowered = (0x41...0x5A).contains(actual) ? actual | 0x20 : actual
                guard lowered == byte else { return false }
                cursor = bytes.index(after: cursor)
            }
            index = cursor
            return true
        }
        guard consume("http") else { return nil }
        _ = consume("s")
        guard consume("://") else { return nil }
        let authorityStart = index
        while index != bytes.endIndex, bytes[index] != UInt8(ascii: "/"), bytes[index] != UInt8(ascii: "?") {
            index = bytes.index(after: index)
        }
        return index == authorityStart ? nil : index
    }
}
