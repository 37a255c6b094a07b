/// An object member name read by ``JSONReader``, cheap to compare with string literals.
///
/// The name's first 32 UTF-8 bytes are packed into four integers, so a key is a plain value: reading, copying and
/// comparing one allocates nothing, and `key == "width"` or `switch key { case "width": … }` compares a length and
/// four words. The name is stored unescaped (`"a\u0062"` is the key `ab`).
///
/// Every member name of the wire contract fits. A longer name keeps its first 32 bytes and its full length, so
/// it never equals a literal of another length; ``string`` then ends with `…`. (Errors do not depend on this:
/// ``JSONReader/currentPointer`` and ``JSONReader/unknownField(_:)`` re-read the full name from the document.)
public struct JSONKey: Hashable, Sendable {
    @usableFromInline var word0: UInt64 = 0
    @usableFromInline var word1: UInt64 = 0
    @usableFromInline var word2: UInt64 = 0
    @usableFromInline var word3: UInt64 = 0
    /// The name's length in UTF-8 bytes (possibly more than ``inlineCapacity``).
    public internal(set) var utf8Count: Int = 0

    /// Names up to this many UTF-8 bytes are stored, and compared, in full.
    @inlinable public static var inlineCapacity: Int { 32 }

    /// Creates a key from unescaped, valid UTF-8 bytes.
    ///
    /// - Parameter utf8: The key's bytes, as the reader validated them.
    public init(utf8: UnsafeBufferPointer<UInt8>) {
        self.init(bytesIn: utf8, from: 0, count: utf8.count)
    }

    /// Creates a key from `count` bytes of `buffer` at `start`; bytes past them may be read but are ignored.
    ///
    /// Reading from a document, the words are loaded eight bytes at a time and masked, so a key costs a few loads.
    @inline(__always)
    init(bytesIn buffer: UnsafeBufferPointer<UInt8>, from start: Int, count: Int) {
        self.utf8Count = count
        let stored = min(count, Self.inlineCapacity)
        @inline(__always) func word(_ index: Int) -> UInt64 {
            let first = index &* 8
            guard first < stored else { return 0 }
            let length = min(8, stored &- first)
            if start &+ first &+ 8 <= buffer.count {
                let loaded = UInt64(
                    littleEndian: UnsafeRawPointer(buffer.baseAddress! + (start &+ first)).loadUnaligned(
                        as: UInt64.self
                    )
                )
                return length == 8 ? loaded : loaded & ((1 &<< UInt64(length &* 8)) &- 1)
            }
            return Self.word(buffer, from: start &+ first, count: length)
        }
        (self.word0, self.word1, self.word2, self.word3) = (word(0), word(1), word(2), word(3))
    }

    /// Creates a key from a string, e.g. to compare with a key read from a document.
    ///
    /// - Parameter string: The member name, unescaped.
    public init(_ string: String) {
        var string = string
        self = string.withUTF8 { JSONKey(utf8: $0) }
    }

    /// Whether the whole name is stored, i.e. it has at most ``inlineCapacity`` bytes.
    public var isComplete: Bool { self.utf8Count <= Self.inlineCapacity }

    /// The member name as a `String`, ending in `…` if longer than ``inlineCapacity`` bytes.
    public var string: String {
        let words = (
            self.word0.littleEndian, self.word1.littleEndian, self.word2.littleEndian, self.word3.littleEndian
        )
        return withUnsafeBytes(of: words) { raw in
            let text = String(decoding: raw.prefix(self.utf8Count), as: UTF8.self)
            return self.isComplete ? text : text + "…"
        }
    }

    /// Up to 32 bytes as four zero-padded little-endian words: byte `i` is bits `8 × (i % 8)` of word `i / 8`.
    @inlinable @inline(__always)
    static func pack(_ bytes: UnsafeBufferPointer<UInt8>) -> (UInt64, UInt64, UInt64, UInt64) {
        let count = min(bytes.count, Self.inlineCapacity)
        return (
            Self.word(bytes, from: 0, count: min(count, 8)),
            Self.word(bytes, from: 8, count: max(0, min(count - 8, 8))),
            Self.word(bytes, from: 16, count: max(0, min(count - 16, 8))),
            Self.word(bytes, from: 24, count: max(0, min(count - 24, 8)))
        )
    }

    /// `count` (at most 8) bytes at `start` as a little-endian word.
    @inlinable @inline(__always)
    static func word(_ bytes: UnsafeBufferPointer<UInt8>, from start: Int, count: Int) -> UInt64 {
        var value: UInt64 = 0
        for index in 0..<count {
            value |= UInt64(bytes[start &+ index]) &<< UInt64(index &* 8)
        }
        return value
    }

    /// Whether the key equals a literal, e.g. `key == "width"`; allocates nothing.
    ///
    /// - Parameters:
    ///   - key: A key read from a document.
    ///   - literal: The name to compare with.
    /// - Returns: `true` when both have the same UTF-8 bytes (compared in full up to ``inlineCapacity`` bytes).
    // Inlinable so that a decoder in another module compares against a constant.
    @inlinable @inline(__always)
    public static func == (key: JSONKey, literal: StaticString) -> Bool {
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
    public static func != (key: JSONKey, literal: StaticString) -> Bool {
        !(key == literal)
    }

    /// Lets a `switch` over a key use string literals as its cases: `case "width":`.
    ///
    /// - Parameters:
    ///   - literal: The case's name.
    ///   - key: The key being switched over.
    /// - Returns: `true` when they are equal.
    @inlinable @inline(__always)
    public static func ~= (literal: StaticString, key: JSONKey) -> Bool {
        key == literal
    }
}

extension JSONKey: CustomStringConvertible {
    /// The member name, as ``string``.
    public var description: String { self.string }
}
