extension JSONReader {
    /// Reads a string value, unescaping it.
    ///
    /// All of RFC 8259 is handled: the two-character escapes, `\uXXXX` including surrogate pairs. Unpaired
    /// surrogates, raw control characters (below U+0020) and invalid UTF-8 (overlong forms, encoded surrogates,
    /// code points above U+10FFFF, truncated sequences) are rejected.
    ///
    /// - Returns: The string's contents.
    /// - Throws: ``JSONError/shape(pointer:message:)`` if the value is not a string;
    ///   ``JSONError/syntax(offset:message:)`` at the first malformed byte.
    public mutating func readString() throws(JSONError) -> String {
        try self.expect(.string)
        return try self.scanString { String(decoding: $0, as: UTF8.self) }
    }

    /// The offset of the first byte from `start` on that ends a plain run: a quote, a backslash, a control
    /// character or a non-ASCII byte.
    func scanStringBody(from start: Int) -> Int {
        self.bytes.withUnsafeBufferPointer { buffer in
            var index = start
            while index < buffer.count {
                let byte = buffer[index]
                if byte == UInt8(ascii: "\"") || byte == UInt8(ascii: "\\") || byte < 0x20 || byte >= 0x80 { break }
                index &+= 1
            }
            return index
        }
    }

    /// Consumes the string starting at ``offset`` (its opening `"`) and passes its unescaped UTF-8 to `make`.
    ///
    /// Strings of printable ASCII without escapes, the common case, are handed over in place; the others are
    /// unescaped and validated into a temporary buffer.
    mutating func scanString<Result>(_ make: (UnsafeBufferPointer<UInt8>) -> Result) throws(JSONError) -> Result {
        let start = self.offset + 1
        let stop = self.scanStringBody(from: start)
        if stop < self.bytes.count, self.bytes[stop] == UInt8(ascii: "\"") {
            self.offset = stop + 1
            return self.bytes.withUnsafeBufferPointer { make(UnsafeBufferPointer(rebasing: $0[start..<stop])) }
        }
        var scratch: [UInt8] = []
        scratch.reserveCapacity(stop - start + 16)
        scratch.append(contentsOf: self.bytes[start..<stop])
        var index = stop
        while true {
            guard index < self.bytes.count else {
                throw self.syntaxError("unterminated string (it starts at byte \(start - 1))", at: index)
            }
            let byte = self.bytes[index]
            if byte == UInt8(ascii: "\"") {
                self.offset = index + 1
                return scratch.withUnsafeBufferPointer(make)
            } else if byte == UInt8(ascii: "\\") {
                index = try self.unescape(at: index, into: &scratch)
            } else if byte < 0x20 {
                throw self.syntaxError("control character \(self.describeByte(at: index)) must be escaped", at: index)
            } else if byte < 0x80 {
                scratch.append(byte)
                index += 1
            } else {
                let length = try self.validateUTF8Sequence(at: index)
                scratch.append(contentsOf: self.bytes[index..<index + length])
                index += length
            }
        }
    }

    /// Decodes the escape at `index` (a `\`) into `scratch`; returns the offset after it.
    private func unescape(at index: Int, into scratch: inout [UInt8]) throws(JSONError) -> Int {
        guard index + 1 < self.bytes.count else { throw self.syntaxError("unterminated escape", at: index) }
        let simple: UInt8
        switch self.bytes[index + 1] {
        case UInt8(ascii: "\""): simple = 0x22
        case UInt8(ascii: "\\"): simple = 0x5C
        case UInt8(ascii: "/"): simple = 0x2F
        case UInt8(ascii: "b"): simple = 0x08
        case UInt8(ascii: "f"): simple = 0x0C
        case UInt8(ascii: "n"): simple = 0x0A
        case UInt8(ascii: "r"): simple = 0x0D
        case UInt8(ascii: "t"): simple = 0x09
        case UInt8(ascii: "u"): return try self.unescapeUnicode(at: index, into: &scratch)
        default:
            throw self.syntaxError("invalid escape '\\' followed by \(self.describeByte(at: index + 1))", at: index)
        }
        scratch.append(simple)
        return index + 2
    }

    /// Decodes `\uXXXX`, or a surrogate pair `\uD83D\uDE00`, at `index` into `scratch` as UTF-8.
    private func unescapeUnicode(at index: Int, into scratch: inout [UInt8]) throws(JSONError) -> Int {
        let unit = try self.hex4(at: index + 2)
        var scalarValue = unit
        var end = index + 6
        if unit >= 0xD800, unit <= 0xDBFF {
            guard end + 1 < self.bytes.count, self.bytes[end] == UInt8(ascii: "\\"),
                self.bytes[end + 1] == UInt8(ascii: "u")
            else { throw self.syntaxError("unpaired high surrogate \\u\(self.hexText(unit))", at: index) }
            let low = try self.hex4(at: end + 2)
            guard low >= 0xDC00, low <= 0xDFFF else {
                throw self.syntaxError("unpaired high surrogate \\u\(self.hexText(unit))", at: index)
            }
            scalarValue = 0x10000 + ((unit - 0xD800) << 10) + (low - 0xDC00)
            end += 6
        } else if unit >= 0xDC00, unit <= 0xDFFF {
            throw self.syntaxError("unpaired low surrogate \\u\(self.hexText(unit))", at: index)
        }
        // Every value here is a valid scalar: surrogates were paired or rejected above.
        let scalar = Unicode.Scalar(scalarValue) ?? "\u{FFFD}"
        scratch.append(contentsOf: UTF8.encode(scalar)!)
        return end
    }

    /// Reads four hexadecimal digits at `index`.
    private func hex4(at index: Int) throws(JSONError) -> UInt32 {
        var value: UInt32 = 0
        for position in index..<index + 4 {
            guard position < self.bytes.count else { throw self.syntaxError("unterminated \\u escape", at: position) }
            let byte = self.bytes[position]
            let digit: UInt8
            switch byte {
            case UInt8(ascii: "0")...UInt8(ascii: "9"): digit = byte - UInt8(ascii: "0")
            case UInt8(ascii: "a")...UInt8(ascii: "f"): digit = byte - UInt8(ascii: "a") + 10
            case UInt8(ascii: "A")...UInt8(ascii: "F"): digit = byte - UInt8(ascii: "A") + 10
            default:
                throw self.syntaxError(
                    "expected a hexadecimal digit in \\u escape, got \(self.describeByte(at: position))",
                    at: position
                )
            }
            value = value << 4 | UInt32(digit)
        }
        return value
    }

    private func hexText(_ unit: UInt32) -> String {
        String(unit, radix: 16, uppercase: true)
    }

    /// Checks the UTF-8 sequence whose lead byte (≥ 0x80) is at `index` (RFC 3629); returns its length.
    private func validateUTF8Sequence(at index: Int) throws(JSONError) -> Int {
        let lead = self.bytes[index]
        let length: Int
        var secondRange: ClosedRange<UInt8> = 0x80...0xBF
        switch lead {
        case 0xC2...0xDF: length = 2
        case 0xE0: length = 3; secondRange = 0xA0...0xBF
        case 0xE1...0xEC, 0xEE...0xEF: length = 3
        case 0xED: length = 3; secondRange = 0x80...0x9F
        case 0xF0: length = 4; secondRange = 0x90...0xBF
        case 0xF1...0xF3: length = 4
        case 0xF4: length = 4; secondRange = 0x80...0x8F
        default: throw self.syntaxError("invalid UTF-8 lead \(self.describeByte(at: index))", at: index)
        }
        for position in index + 1..<index + length {
            let range: ClosedRange<UInt8> = position == index + 1 ? secondRange : 0x80...0xBF
            guard position < self.bytes.count, range.contains(self.bytes[position]) else {
                throw self.syntaxError("invalid UTF-8 sequence", at: index)
            }
        }
        return length
    }
}
