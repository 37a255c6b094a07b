/// The identifier an answer carries in its `X-Request-Id` field, kept without a heap allocation when generated.
///
/// A generated identifier is a 64-bit number written as 16 lowercase hexadecimal digits: one byte more than a Swift
/// small string holds, so as a `String` it would cost an allocation on every answer (issue 21). It is kept as the
/// number and written straight into the answer by ``ResponseWriter``; ``text`` makes the string only for whoever
/// asks (a log line). An identifier the client sent is kept as the string the request already holds.
public struct RequestIdentifier: Hashable, Sendable {
    private enum Storage: Hashable, Sendable {
        case generated(UInt64)
        case given(String)
    }

    private let storage: Storage

    /// An identifier the client sent, echoed as is.
    ///
    /// - Parameter text: The client's identifier; the caller checks that it is sane.
    public init(_ text: String) {
        self.storage = .given(text)
    }

    /// A generated identifier: `number` as 16 lowercase hexadecimal digits.
    public init(generated number: UInt64) {
        self.storage = .generated(number)
    }

    /// The identifier's text, e.g. `"0123456789abcdef"`. Makes a string for a generated one.
    public var text: String {
        switch self.storage {
        case .given(let text):
            return text
        case .generated(let number):
            return String(unsafeUninitializedCapacity: 16) { buffer in
                Self.writeHex(number, into: UnsafeMutableRawBufferPointer(buffer))
                return 16
            }
        }
    }

    /// The length of the identifier's text in bytes.
    var byteCount: Int {
        switch self.storage {
        case .given(let text): text.utf8.count
        case .generated: 16
        }
    }

    /// Stores the identifier's text (``byteCount`` bytes) through `head`, a generated one without making a string.
    func write(to head: inout HeadCursor) {
        switch self.storage {
        case .given(let text):
            // Written like any responder's field: CR, LF and NUL become spaces (no response splitting).
            head.putSanitized(text)
        case .generated(let number):
            // Eight bytes of digits at a time, through a 16-byte value: no buffer is made.
            var digits: (UInt64, UInt64) = (0, 0)
            withUnsafeMutableBytes(of: &digits) { bytes in
                Self.writeHex(number, into: bytes)
                head.put(UnsafeBufferPointer(bytes.assumingMemoryBound(to: UInt8.self)))
            }
        }
    }

    /// Writes `number` as 16 lowercase hexadecimal digits into the first 16 bytes of `bytes`.
    ///
    /// Eight digits at a time: the nibbles of each half are spread one to a byte, then turned into digits in all
    /// eight bytes at once (a loop of sixteen shifts and branches had cost about 70 instructions an answer).
    private static func writeHex(_ number: UInt64, into bytes: UnsafeMutableRawBufferPointer) {
        precondition(bytes.count >= 16, "room for 16 digits")
        let high = Self.hexDigits(UInt32(truncatingIfNeeded: number >> 32))
        let low = Self.hexDigits(UInt32(truncatingIfNeeded: number))
        bytes.storeBytes(of: high, toByteOffset: 0, as: UInt64.self)
        bytes.storeBytes(of: low, toByteOffset: 8, as: UInt64.self)
    }

    /// The eight lowercase hexadecimal digits of `half` as a word whose bytes, stored, are the digits in order.
    private static func hexDigits(_ half: UInt32) -> UInt64 {
        var spread = UInt64(half)
        spread = (spread | spread << 16) & 0x0000_FFFF_0000_FFFF
        spread = (spread | spread << 8) & 0x00FF_00FF_00FF_00FF
        spread = (spread | spread << 4) & 0x0F0F_0F0F_0F0F_0F0F
        // The least significant nibble is in the lowest-valued byte: big-endian order stores the first digit first.
        let nibbles = spread.bigEndian
        // 1 in each byte whose nibble is 10 or more: adding 6 carries it into bit 4.
        let letters = ((nibbles &+ 0x0606_0606_0606_0606) >> 4) & 0x0101_0101_0101_0101
        return nibbles &+ 0x3030_3030_3030_3030 &+ letters &* 39
    }
}
