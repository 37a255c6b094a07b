/// A session identifier as a request's path names it: the session table's key made from the path's bytes where
/// they lie, and whether it has an identifier's shape (issue 21).
///
/// What a route carries instead of a `Substring` of the target: making that substring (string indices from byte
/// offsets, checked for scalar alignment), checking it and making a key of it again took some 460 instructions of
/// every session request, most of them reference counts on the target string each copy of the substring held.
/// A well-formed identifier is 32 bytes, kept inline in the key, so a copy of this is a copy of words; its text is
/// made only when an answer needs it (an error, a mutation's log).
struct SessionID: Hashable, Sendable, CustomStringConvertible {
    /// The identifier's bytes as the session table's key.
    let key: SessionKey
    /// Whether it has an identifier's shape (``Session/isWellFormedID(_:)``): no other text names a session.
    let isWellFormed: Bool

    /// The identifier whose UTF-8 is `bytes`.
    init(utf8 bytes: UnsafeBufferPointer<UInt8>) {
        self.key = SessionKey(utf8: bytes)
        self.isWellFormed = Session.isWellFormedID(utf8: bytes)
    }

    /// The identifier `text`.
    init(_ text: Substring) {
        var text = text
        self = text.withUTF8 { Self(utf8: $0) }
    }

    /// The identifier `text`.
    init(_ text: String) {
        self.init(Substring(text))
    }

    /// The identifier as text, as the path spelled it.
    var text: String { self.key.text }

    var description: String { self.text }
}
