extension JSONWriter {
    /// Writes an optional comma, `"`, `utf8` with RFC 8259 escapes, `"`, and an optional colon.
    ///
    /// Bytes that need no escape are copied as they are; `"`, `\` and the control characters below U+0020 are
    /// escaped, with the short forms (`\n`, `\t`, …) where JSON has them and `\u00XX` otherwise. Non-ASCII UTF-8
    /// passes through.
    mutating func writeQuoted(_ utf8: UnsafeBufferPointer<UInt8>, comma: Bool, colon: Bool) {
        // Short strings (every key) reserve for the worst case, six bytes per byte, rather than count first.
        var maximumCount = utf8.count * 6 + 4
        if utf8.count > 64 {
            maximumCount = utf8.count + 4
            for byte in utf8 where Self.needsEscape(byte) {
                maximumCount += Self.shortEscape(for: byte) == nil ? 5 : 1
            }
        }
        self.write(maximumCount: maximumCount) { output in
            Self.quoted(at: output, comma: comma, colon: colon) { start in
                var written = 0
                for byte in utf8 {
                    guard Self.needsEscape(byte) else {
                        start[written] = byte
                        written += 1
                        continue
                    }
                    start[written] = UInt8(ascii: "\\")
                    if let short = Self.shortEscape(for: byte) {
                        start[written + 1] = short
                        written += 2
                    } else {
                        let hex: StaticString = "0123456789ABCDEF"
                        hex.withUTF8Buffer { digits in
                            start[written + 1] = UInt8(ascii: "u")
                            start[written + 2] = UInt8(ascii: "0")
                            start[written + 3] = UInt8(ascii: "0")
                            start[written + 4] = digits[Int(byte >> 4)]
                            start[written + 5] = digits[Int(byte & 0xF)]
                        }
                        written += 6
                    }
                }
                return written
            }
        }
    }

    /// Writes an optional comma, `"`, `utf8` as it is, `"`, and an optional colon; for literals known to need no
    /// escaping.
    @inline(__always)
    mutating func writeVerbatim(_ utf8: UnsafeBufferPointer<UInt8>, comma: Bool, colon: Bool) {
        assert(!utf8.contains(where: Self.needsEscape), "a JSON literal needs escaping; pass it as a String")
        self.write(maximumCount: utf8.count + 4) { output in
            Self.quoted(at: output, comma: comma, colon: colon) { start in
                Self.copy(utf8, to: start)
                return utf8.count
            }
        }
    }

    /// Writes an optional comma, `"`, what `content` writes at the pointer it is given (returning its length),
    /// `"`, and an optional colon, from `output` on; returns the number of bytes written.
    @inline(__always)
    private static func quoted(
        at output: UnsafeMutablePointer<UInt8>,
        comma: Bool,
        colon: Bool,
        _ content: (UnsafeMutablePointer<UInt8>) -> Int
    ) -> Int {
        var written = 0
        if comma {
            output[0] = UInt8(ascii: ",")
            written = 1
        }
        output[written] = UInt8(ascii: "\"")
        written += 1
        written += content(output + written)
        output[written] = UInt8(ascii: "\"")
        written += 1
        if colon {
            output[written] = UInt8(ascii: ":")
            written += 1
        }
        return written
    }

    @inline(__always)
    private static func needsEscape(_ byte: UInt8) -> Bool {
        byte < 0x20 || byte == UInt8(ascii: "\"") || byte == UInt8(ascii: "\\")
    }

    /// The letter after `\` for escapes JSON abbreviates, else `nil` (then `\u00XX`).
    private static func shortEscape(for byte: UInt8) -> UInt8? {
        switch byte {
        case UInt8(ascii: "\""), UInt8(ascii: "\\"): byte
        case 0x0A: UInt8(ascii: "n")
        case 0x0D: UInt8(ascii: "r")
        case 0x09: UInt8(ascii: "t")
        case 0x08: UInt8(ascii: "b")
        case 0x0C: UInt8(ascii: "f")
        default: nil
        }
    }
}
