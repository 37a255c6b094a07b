/// An object member name read by ``JSONReader``, cheap to compare with string literals.
///
/// The name's first 32 UTF-8 bytes are packed into four integers, so a key is a plain value: reading, copying and
/// comparing one allocates nothing, and `key == "width"` or `switch key { case "width": … }` compares a length and
/// four words. The name is stored unescaped (`"a\u0062"` is the key `ab`).
///
/// Every member name of the wire contract fits. A longer name keeps its first 32 bytes and its full length, so
/// it never equals a literal of another length; ``string`` then ends with `…`. (Errors do not depend on this:
/// ``JSONReader/currentPointer`` and ``JSONReader/unknownField(_:)`` re-read the full name from the document.)
package struct JSONKey: Hashable, Sendable {
    @usableFromInline var word0: UInt64 = 0
    @usableFromInline var word1: UInt64 = 0
    @usableFromInline var word2: UInt64 = 0
    @usableFromInline var word3: UInt64 = 0
    /// The name's length in UTF-8 bytes (possibly more than ``inlineCapacity``).
    package internal(set) var utf8Count: Int = 0

    /// Names up to this many UTF-8 bytes are stored, and compared, in full.
    @inlinable package static var inlineCapacity: Int { 32 }

    /// Creates a key from unescaped, valid UTF-8 bytes.
    ///
    /// - Parameter utf8: The key's bytes, as the reader validated them.
    package init(utf8: UnsafeBufferPointer<UInt8>) {
        self.utf8Count = utf8.count
        (self.word0, self.word1, self.word2, self.word3) = Self.pack(utf8)
    }

    /// Creates a key from a string, e.g. to compare with a key read from a document.
    ///
    /// - Parameter string: The member name, unescaped.
    package init(_ string: String) {
        var string = string
        self = string.withUTF8 { JSONKey(utf8: $0) }
    }

    /// Whether the whole name is stored, i.e. it has at most ``inlineCapacity`` bytes.
    package var isComplete: Bool { self.utf8Count <= Self.inlineCapacity }

    /// The member name as a `String`, ending in `…` if longer than ``inlineCapacity`` bytes.
    package var string: String {
        withUnsafeBytes(of: (self.word0, self.word1, self.word2, self.word3)) { raw in
            let text = String(decoding: raw.prefix(self.utf8Count), as: UTF8.self)
            return self.isComplete ? text : text + "…"
        }
    }

    /// Copies up to 32 bytes into four zero-padded words, in memory order.
    @inlinable @inline(__always)
    static func pack(_ bytes: UnsafeBufferPointer<UInt8>) -> (UInt64, UInt64, UInt64, UInt64) {
        var words: (UInt64, UInt64, UInt64, UInt64) = (0, 0, 0, 0)
        let count = min(bytes.count, Self.inlineCapacity)
        if count > 0, let base = bytes.baseAddress {
            withUnsafeMutableBytes(of: &words) { raw in
                raw.baseAddress!.copyMemory(from: base, byteCount: count)
            }
        }
        return words
    }

    /// Whether the key equals a literal, e.g. `key == "width"`; allocates nothing.
    ///
    /// - Parameters:
    ///   - key: A key read from a document.
    ///   - literal: The name to compare with.
    /// - Returns: `true` when both have the same UTF-8 bytes (compared in full up to ``inlineCapacity`` bytes).
    // Inlinable so that a decoder in another module compares against a constant.
    @inlinable @inline(__always)
    package static func == (key: JSONKey, literal: StaticString) -> Bool {
        guard key.utf8Count == literal.utf8CodeUnitCount else { return false }
        return literal.withUTF8Buffer { utf8 in
            let words = pack(utf8)
            return words.0 == key.word0 && words.1 == key.word1 && words.2 == key.word2 && words.3 == key.word3
        }
    }

    /// Whether the key differs from a literal.
    ///
    /// - Parameters:
    ///   - key: A key read from a document.
    ///   - literal: The name to compare with.
    /// - Returns: `true` when the UTF-8 bytes differ.
    package static func != (key: JSONKey, literal: StaticString) -> Bool {
        !(key == literal)
    }

    /// Lets a `switch` over a key use string literals as its cases: `case "width":`.
    ///
    /// - Parameters:
    ///   - literal: The case's name.
    ///   - key: The key being switched over.
    /// - Returns: `true` when they are equal.
    @inlinable @inline(__always)
    package static func ~= (literal: StaticString, key: JSONKey) -> Bool {
        key == literal
    }
}

extension JSONKey: CustomStringConvertible {
    /// The member name, as ``string``.
    package var description: String { self.string }
}
