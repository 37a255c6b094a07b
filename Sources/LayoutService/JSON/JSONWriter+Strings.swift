extension JSONWriter {
    /// Appends `"string"` with RFC 8259 escapes.
    mutating func appendQuoted(_ string: String) {
        var string = string
        string.withUTF8 { self.appendQuoted($0) }
    }

    /// Appends `"…"` around `utf8` (valid UTF-8), escaping `"`, `\` and the control characters below U+0020.
    ///
    /// Runs of bytes that need no escape are copied at once; short escapes (`\n`, `\t`, …) are used where JSON has
    /// them, `\u00XX` otherwise.
    mutating func appendQuoted(_ utf8: UnsafeBufferPointer<UInt8>) {
        self.bytes.append(UInt8(ascii: "\""))
        var runStart = 0
        for index in 0..<utf8.count {
            let byte = utf8[index]
            guard byte < 0x20 || byte == UInt8(ascii: "\"") || byte == UInt8(ascii: "\\") else { continue }
            self.bytes.append(contentsOf: UnsafeBufferPointer(rebasing: utf8[runStart..<index]))
            runStart = index + 1
            self.bytes.append(UInt8(ascii: "\\"))
            switch byte {
            case UInt8(ascii: "\""), UInt8(ascii: "\\"): self.bytes.append(byte)
            case 0x0A: self.bytes.append(UInt8(ascii: "n"))
            case 0x0D: self.bytes.append(UInt8(ascii: "r"))
            case 0x09: self.bytes.append(UInt8(ascii: "t"))
            case 0x08: self.bytes.append(UInt8(ascii: "b"))
            case 0x0C: self.bytes.append(UInt8(ascii: "f"))
            default:
                let hex: StaticString = "0123456789ABCDEF"
                self.bytes.append(contentsOf: [UInt8(ascii: "u"), UInt8(ascii: "0"), UInt8(ascii: "0")])
                hex.withUTF8Buffer { digits in
                    self.bytes.append(digits[Int(byte >> 4)])
                    self.bytes.append(digits[Int(byte & 0xF)])
                }
            }
        }
        self.bytes.append(contentsOf: UnsafeBufferPointer(rebasing: utf8[runStart..<utf8.count]))
        self.bytes.append(UInt8(ascii: "\""))
    }
}
