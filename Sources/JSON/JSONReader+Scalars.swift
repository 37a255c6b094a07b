extension JSONReader {
    /// Reads a number as the `Double` nearest to its decimal value (IEEE round-to-nearest-even).
    ///
    /// Numbers of up to 19 significant digits with small exponents, nearly all real input, convert by Clinger's
    /// fast path without allocating; the rest fall back to the standard library's correctly rounded parser.
    /// Numbers too small for a double become ±0, as IEEE rounding says; numbers too large are rejected.
    ///
    /// - Returns: The value.
    /// - Throws: ``JSONError/shape(pointer:message:)`` if the value is not a number or is beyond ±1.8e308;
    ///   ``JSONError/syntax(offset:message:)`` if the number is malformed (`01`, `1.`, `-`, `1e`).
    public mutating func readDouble() throws(JSONError) -> Double {
        // The common case in one pass; anything unusual is scanned again below with precise errors.
        let fast: (value: Double, end: Int)? = self.bytes.withUnsafeBufferPointer { buffer in
            let start = Self.skipWhitespace(in: buffer, from: self.offset)
            guard start < buffer.count, Self.kind(startingWith: buffer[start]) == .number else { return nil }
            if let simple = JSONNumber.readSimple(buffer, from: start) { return simple }
            let number = JSONNumber.scan(buffer, from: start)
            guard number.failureOffset < 0, let value = number.fastDouble else { return nil }
            return (value, number.end)
        }
        if let fast {
            self.offset = fast.end
            return fast.value
        }
        let number = try self.scanNumber()
        if let value = number.fastDouble { return value }
        return try self.convertSlowly(number)
    }

    /// Reads a number written as an integer (no fraction, no exponent) that fits `Int`.
    ///
    /// `3.0` and `3e0` are rejected rather than converted, so that a count can never be a rounded value.
    ///
    /// - Returns: The value.
    /// - Throws: ``JSONError/shape(pointer:message:)`` if the value is not a number, not written as an integer, or
    ///   outside `Int`'s range; ``JSONError/syntax(offset:message:)`` if the number is malformed.
    public mutating func readInt() throws(JSONError) -> Int {
        let number = try self.scanNumber()
        guard let value = number.exactInt else {
            let text = String(decoding: self.bytes[number.start..<number.end], as: UTF8.self)
            let reason = number.isInteger ? "is out of range" : "must be an integer"
            throw self.shapeError("\(text.count > 40 ? String(text.prefix(40)) + "…" : text) \(reason)")
        }
        return value
    }

    /// Reads `true` or `false`.
    ///
    /// - Returns: The value.
    /// - Throws: ``JSONError/shape(pointer:message:)`` if the value is not a boolean;
    ///   ``JSONError/syntax(offset:message:)`` for a misspelt literal.
    public mutating func readBool() throws(JSONError) -> Bool {
        try self.expect(.bool)
        if self.bytes[self.offset] == UInt8(ascii: "t") {
            try self.consumeLiteral("true")
            return true
        }
        try self.consumeLiteral("false")
        return false
    }

    /// Reads `null`.
    ///
    /// - Throws: ``JSONError/shape(pointer:message:)`` if the value is not `null`;
    ///   ``JSONError/syntax(offset:message:)`` for a misspelt literal.
    public mutating func readNull() throws(JSONError) {
        try self.expect(.null)
        try self.consumeLiteral("null")
    }

    /// Reads whether the next value is `null`, consuming it if so; otherwise leaves it to be read.
    ///
    /// - Returns: `true` if a `null` was consumed.
    /// - Throws: ``JSONError/syntax(offset:message:)`` at the end of input or for malformed bytes.
    public mutating func readNullIfPresent() throws(JSONError) -> Bool {
        guard try self.kind() == .null else { return false }
        try self.consumeLiteral("null")
        return true
    }

    /// Consumes the next value, whatever it is, checking that it is well-formed.
    ///
    /// Strings are validated but not built and numbers are not converted, so `1e999` is skipped without error. The
    /// recursion is at most ``maxDepth`` deep.
    ///
    /// - Throws: ``JSONError/syntax(offset:message:)`` if the value is malformed or nested too deeply.
    public mutating func skipValue() throws(JSONError) {
        switch try self.kind() {
        case .object:
            try self.beginObject()
            while try self.nextKey() != nil { try self.skipValue() }
        case .array:
            try self.beginArray()
            while try self.nextElement() { try self.skipValue() }
        case .string: try self.scanString { _ in () }
        case .number: _ = try self.scanNumber()
        case .bool: _ = try self.readBool()
        case .null: try self.readNull()
        }
    }

    /// Scans the next value as a number and moves past it.
    private mutating func scanNumber() throws(JSONError) -> JSONNumber {
        try self.expect(.number)
        let start = self.offset
        let number = self.bytes.withUnsafeBufferPointer { JSONNumber.scan($0, from: start) }
        if number.failureOffset >= 0 {
            throw self.syntaxError("\(number.failureMessage)", at: number.failureOffset)
        }
        self.offset = number.end
        return number
    }

    /// Converts a number the fast path declined, through the standard library's correctly rounded parser.
    private func convertSlowly(_ number: JSONNumber) throws(JSONError) -> Double {
        let text = String(decoding: self.bytes[number.start..<number.end], as: UTF8.self)
        guard let value = Double(text) else { throw self.syntaxError("malformed number", at: number.start) }
        guard value.isFinite else { throw self.shapeError("number out of the range of a double") }
        return value
    }

    /// Consumes `literal` at the reader's position.
    private mutating func consumeLiteral(_ literal: StaticString) throws(JSONError) {
        let matched = literal.withUTF8Buffer { expected in
            var index = 0
            while index < expected.count {
                let position = self.offset + index
                guard position < self.bytes.count, self.bytes[position] == expected[index] else { return index }
                index += 1
            }
            return index
        }
        guard matched == literal.utf8CodeUnitCount else {
            throw self.syntaxError("invalid literal, expected \(literal)", at: self.offset + matched)
        }
        self.offset += matched
    }
}
