/// An object member name read by ``JSONReader``, cheap to compare with string literals.
///
/// Keys of up to 16 UTF-8 bytes, which is nearly every key of the wire contract, are packed into two integers, so
/// reading and comparing them allocates nothing: `key == "width"` and `switch key { case "width": … }` compare two
/// words. Longer keys keep a `String`. The name is stored unescaped (`"a\u0062"` is the key `ab`).
package struct JSONKey: Hashable, Sendable {
    /// Inline keys: bytes 0–7 in `low`, 8–15 in `high`, little-endian; `count` bytes in all.
    private var low: UInt64 = 0
    private var high: UInt64 = 0
    private var count: Int = 0
    /// Set only for keys longer than ``inlineCapacity``.
    private var long: String? = nil

    /// Keys up to this many UTF-8 bytes are stored without allocation.
    package static let inlineCapacity = 16

    /// Creates a key from unescaped, valid UTF-8 bytes.
    ///
    /// - Parameter utf8: The key's bytes; must be valid UTF-8 (the reader validates before calling).
    package init(utf8: UnsafeBufferPointer<UInt8>) {
        self.count = utf8.count
        if utf8.count > Self.inlineCapacity {
            self.long = String(decoding: utf8, as: UTF8.self)
        } else {
            (self.low, self.high) = Self.pack(utf8)
        }
    }

    /// Creates a key from a string, e.g. to compare with a key read from a document.
    ///
    /// - Parameter string: The member name, unescaped.
    package init(_ string: String) {
        var string = string
        self = string.withUTF8 { JSONKey(utf8: $0) }
    }

    /// The member name as a `String`; allocates only for names over 15 bytes.
    package var string: String {
        if let long = self.long { return long }
        return withUnsafeBytes(of: (self.low.littleEndian, self.high.littleEndian)) { raw in
            String(decoding: raw.prefix(self.count), as: UTF8.self)
        }
    }

    private static func pack(_ bytes: UnsafeBufferPointer<UInt8>) -> (UInt64, UInt64) {
        var low: UInt64 = 0
        var high: UInt64 = 0
        for index in 0..<bytes.count {
            let shifted = UInt64(bytes[index]) &<< UInt64((index & 7) &* 8)
            if index < 8 { low |= shifted } else { high |= shifted }
        }
        return (low, high)
    }

    /// Whether the key equals a literal, e.g. `key == "width"`; allocates nothing.
    ///
    /// - Parameters:
    ///   - key: A key read from a document.
    ///   - literal: The name to compare with.
    /// - Returns: `true` when both have the same UTF-8 bytes.
    package static func == (key: JSONKey, literal: StaticString) -> Bool {
        literal.withUTF8Buffer { utf8 in
            guard utf8.count == key.count else { return false }
            if let long = key.long { return long.utf8.elementsEqual(utf8) }
            let (low, high) = pack(utf8)
            return low == key.low && high == key.high
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
    package static func ~= (literal: StaticString, key: JSONKey) -> Bool {
        key == literal
    }
}

extension JSONKey: CustomStringConvertible {
    /// The member name, as ``string``.
    package var description: String { self.string }
}
