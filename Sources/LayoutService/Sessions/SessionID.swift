/// A session identifier as a request's path names it, made from the path's bytes where they lie (issue 21).
///
/// What a route carries instead of a `Substring` of the target: making that substring (string indices from byte
/// offsets, checked for scalar alignment), checking it and making a key of it again took some 460 instructions of
/// every session request, most of them reference counts on the target string each copy of the substring held.
/// A well-formed identifier (32 lowercase hexadecimal digits, ``Session/isWellFormedID(utf8:)``) is kept as its
/// four words: no larger than the substring it replaces (every route's value is copied and switched over on each
/// request, whatever its route), with no reference to count. Any other text cannot name a session and is kept as
/// text, for the error that answers it.
enum SessionID: Hashable, Sendable, CustomStringConvertible {
    /// A well-formed identifier's 32 bytes, as ``SessionKey`` keeps them.
    case wellFormed(UInt64, UInt64, UInt64, UInt64)
    /// Text that is no identifier's.
    case malformed(String)

    /// The identifier whose UTF-8 is `bytes`.
    init(utf8 bytes: UnsafeBufferPointer<UInt8>) {
        guard Session.isWellFormedID(utf8: bytes) else {
            self = .malformed(String(decoding: bytes, as: UTF8.self))
            return
        }
        let start = UnsafeRawPointer(bytes.baseAddress.unsafelyUnwrapped)
        self = .wellFormed(
            start.loadUnaligned(as: UInt64.self), start.loadUnaligned(fromByteOffset: 8, as: UInt64.self),
            start.loadUnaligned(fromByteOffset: 16, as: UInt64.self),
            start.loadUnaligned(fromByteOffset: 24, as: UInt64.self))
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

    /// The session table's key of a well-formed identifier; `nil` for any other text, which names no session.
    var key: SessionKey? {
        guard case .wellFormed(let word0, let word1, let word2, let word3) = self else { return nil }
        return SessionKey(words: (word0, word1, word2, word3))
    }

    /// The identifier as text, as the path spelled it.
    var text: String {
        switch self {
        case .wellFormed(let word0, let word1, let word2, let word3):
            SessionKey(words: (word0, word1, word2, word3)).text
        case .malformed(let text):
            text
        }
    }

    var description: String { self.text }
}
