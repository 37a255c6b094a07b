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
            var written = 0
            if comma {
                output[written] = UInt8(ascii: ",")
                written += 1
            }
            output[written] = UInt8(ascii: "\"")
            written += 1
            for byte in utf8 {
                guard Self.needsEscape(byte) else {
                    output[written] = byte
                    written += 1
                    continue
                }
                output[written] = UInt8(ascii: "\\")
                if let short = Self.shortEscape(for: byte) {
                    output[written + 1] = short
                    written += 2
                } else {
                    let hex: StaticString = "0123456789ABCDEF"
                    hex.withUTF8Buffer { digits in
                        output[written + 1] = UInt8(ascii: "u")
                        output[written + 2] = UInt8(ascii: "0")
                        output[written + 3] = UInt8(ascii: "0")
                        output[written + 4] = digits[Int(byte >> 4)]
                        output[written + 5] = digits[Int(byte & 0xF)]
                    }
                    written += 6
                }
            }
            output[written] = UInt8(ascii: "\"")
            written += 1
            if colon {
                output[written] = UInt8(ascii: ":")
                written += 1
            }
            return written
        }
    }

    /// Writes an optional comma, `"`, `utf8` as it is, `"`, and an optional colon; for literals known to need no
    /// escaping.
    @inline(__always)
    mutating func writeVerbatim(_ utf8: UnsafeBufferPointer<UInt8>, comma: Bool, colon: Bool) {
        assert(!utf8.contains(where: Self.needsEscape), "a JSON literal needs escaping; pass it as a String")
        self.write(maximumCount: utf8.count + 4) { output in
            var written = 0
            if comma {
                output[0] = UInt8(ascii: ",")
                written = 1
            }
            output[written] = UInt8(ascii: "\"")
            Self.copy(utf8, to: output + written + 1)
            written += utf8.count + 1
            output[written] = UInt8(ascii: "\"")
            written += 1
            if colon {
                output[written] = UInt8(ascii: ":")
                written += 1
            }
            return written
        }
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
