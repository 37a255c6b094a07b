/// A pull reader over a JSON document's bytes: the caller asks for the value it expects, and the reader checks it.
///
/// There is no intermediate tree. A decoder walks the document in order, which is fast (no allocation for numbers,
/// keys or structure; only ``readString()`` makes a `String`) and gives precise errors:
///
/// ```swift
/// var reader = JSONReader(bytes: body)
/// try reader.beginObject()
/// while let key = try reader.nextKey() {
///     switch key {
///     case "width": width = try reader.readDouble()
///     default: throw reader.unknownField(key)
///     }
/// }
/// try reader.finish()
/// ```
///
/// Every rule of RFC 8259 is enforced: no trailing commas, no leading zeros, no `NaN`, strings of valid UTF-8 with
/// no raw control characters, only whitespace after the top-level value (see ``finish()``), and nesting no deeper
/// than ``maxDepth``. Malformed bytes throw ``JSONError/syntax(offset:message:)``; a value of the wrong kind, or
/// one the caller rejects through ``shapeError(_:)``, throws ``JSONError/shape(pointer:message:)`` with the JSON
/// Pointer of the value just read (``currentPointer``).
///
/// After ``nextKey()`` returns a key, or ``nextElement()`` returns `true`, the caller must consume exactly one value
/// (a `read…` call, a `begin…` and its loop, or ``skipValue()``). Calling ``nextKey()`` outside an object,
/// ``nextElement()`` outside an array, or ``finish()`` inside either is a programming error and traps.
public struct JSONReader {
    /// The document, or the part of it received so far (``init(arriving:available:maxDepth:waitingFor:)``).
    var bytes: JSONDocument
    /// For a document still arriving, what waits for more of it; `nil` once it is whole.
    var waitForBytes: ((Int) -> Int)?
    /// The offset of the next byte to read.
    public internal(set) var offset: Int = 0
    /// The deepest nesting of objects and arrays accepted.
    public let maxDepth: Int
    /// The open containers, for JSON Pointers.
    var path: JSONPath

    /// Creates a reader positioned before the document's top-level value.
    ///
    /// - Parameters:
    ///   - bytes: The whole document, e.g. a request body.
    ///   - maxDepth: The deepest nesting of objects and arrays accepted. Defaults to 64.
    public init(bytes: [UInt8], maxDepth: Int = 64) {
        self.init(document: JSONDocument(bytes, count: bytes.count), maxDepth: maxDepth)
    }

    /// Creates a reader of `document`'s readable bytes.
    init(document: JSONDocument, maxDepth: Int) {
        self.bytes = document
        self.maxDepth = maxDepth
        self.path = JSONPath()
    }

    /// Peeks at the kind of the next value without consuming it.
    ///
    /// - Returns: The kind, decided by the value's first byte.
    /// - Throws: ``JSONError/syntax(offset:message:)`` at the end of input or a byte that starts no value.
    public mutating func kind() throws(JSONError) -> JSONValueKind {
        self.skipWhitespace()
        guard self.offset < self.bytes.count else {
            throw self.syntaxError("unexpected end of input, expected a value")
        }
        guard let kind = Self.kind(startingWith: self.bytes[self.offset]) else {
            throw self.syntaxError("unexpected \(self.describeByte(at: self.offset)), expected a value")
        }
        return kind
    }

    /// Consumes the `{` that opens an object; then call ``nextKey()`` until it returns `nil`.
    ///
    /// - Throws: ``JSONError/shape(pointer:message:)`` if the next value is not an object;
    ///   ``JSONError/syntax(offset:message:)`` if it is malformed or nested deeper than ``maxDepth``.
    public mutating func beginObject() throws(JSONError) {
        try self.expect(.object)
        try self.open(.objectStart)
    }

    /// Reads the next member name of the innermost object and the `:` after it.
    ///
    /// Read the member's value (or ``skipValue()``) before calling again. After `nil`, ``currentPointer`` names the
    /// object itself, so that is the moment to throw ``missingField(_:)``.
    ///
    /// - Returns: The member name, or `nil` after consuming the closing `}`.
    /// - Throws: ``JSONError/syntax(offset:message:)`` for a missing comma or colon, a trailing comma, or a bad key.
    public mutating func nextKey() throws(JSONError) -> JSONKey? {
        guard let last = self.path.last, last.isObject else {
            preconditionFailure("nextKey() called outside an object")
        }
        switch self.scanPlainKey(isFirst: last == .objectStart) {
        case .key(let key, let quote, let end):
            self.offset = end
            self.path.setLast(.key(offset: quote))
            return key
        case .endOfObject(let end):
            self.offset = end
            self.path.pop()
            return nil
        case .other:
            return try self.nextKeySlowly(isFirst: last == .objectStart)
        }
    }

    /// What ``scanPlainKey(isFirst:)`` found.
    private enum KeyScan {
        /// A key, the offset of its opening quote, and the offset after its colon.
        case key(JSONKey, quote: Int, end: Int)
        /// The closing `}`, and the offset after it.
        case endOfObject(end: Int)
        /// Anything else: escapes, non-ASCII, errors.
        case other
    }

    /// The common cases of ``nextKey()`` in one pass: `}`, or `,"name":` (`"name":` first) with a name of
    /// printable ASCII and no escapes. Anything else is left to the careful path.
    @inline(__always)
    private func scanPlainKey(isFirst: Bool) -> KeyScan {
        self.bytes.withUnsafeBufferPointer { buffer in
            var index = Self.skipWhitespace(in: buffer, from: self.offset)
            guard index < buffer.count else { return .other }
            if buffer[index] == UInt8(ascii: "}") { return .endOfObject(end: index + 1) }
            if !isFirst {
                guard buffer[index] == UInt8(ascii: ",") else { return .other }
                index = Self.skipWhitespace(in: buffer, from: index + 1)
            }
            guard index < buffer.count, buffer[index] == UInt8(ascii: "\"") else { return .other }
            let quote = index
            index += 1
            // Eight bytes at a time while eight remain: the closing quote's place, and whether anything the plain
            // path leaves to the careful one comes before it (a byte at a time, the names of a 20-item flow
            // request cost about 9 instructions a byte; issue 21).
            while index &+ 8 <= buffer.count {
                let word = UInt64(
                    littleEndian: UnsafeRawPointer(buffer.baseAddress! + index).loadUnaligned(as: UInt64.self)
                )
                let (quotes, others) = Self.quotesAndEscapes(in: word)
                if quotes == 0 {
                    guard others == 0 else { return .other }
                    index &+= 8
                    continue
                }
                // The lowest flag of each mask is exact (a borrow flags only bytes above a true one).
                let first = quotes & (~quotes &+ 1)
                guard others & (first &- 1) == 0 else { return .other }
                index &+= quotes.trailingZeroBitCount &>> 3
                break
            }
            while index < buffer.count {
                let byte = buffer[index]
                if byte == UInt8(ascii: "\"") { break }
                if byte == UInt8(ascii: "\\") || byte < 0x20 || byte >= 0x80 { return .other }
                index += 1
            }
            guard index < buffer.count else { return .other }
            let key = JSONKey(bytesIn: buffer, from: quote + 1, count: index - quote - 1)
            index = Self.skipWhitespace(in: buffer, from: index + 1)
            guard index < buffer.count, buffer[index] == UInt8(ascii: ":") else { return .other }
            return .key(key, quote: quote, end: index + 1)
        }
    }

    /// The bytes of `word` (eight, the first in the low byte) that are a quote, and those that are a backslash, a
    /// control character or not ASCII, each flagged by its top bit. The lowest flag of each mask is exact; flags
    /// above it may be false (a borrow runs on from a true one).
    @inline(__always)
    static func quotesAndEscapes(in word: UInt64) -> (quotes: UInt64, others: UInt64) {
        let ones: UInt64 = 0x0101_0101_0101_0101
        let high: UInt64 = 0x8080_8080_8080_8080
        let quote = word ^ (ones &* 0x22)
        let backslash = word ^ (ones &* 0x5C)
        let quotes = (quote &- ones) & ~quote & high
        let others = ((backslash &- ones) & ~backslash | (word &- ones &* 0x20) & ~word | word) & high
        return (quotes, others)
    }

    /// ``nextKey()`` for every case, with precise errors.
    private mutating func nextKeySlowly(isFirst: Bool) throws(JSONError) -> JSONKey? {
        self.skipWhitespace()
        guard self.offset < self.bytes.count else { throw self.syntaxError("unexpected end of input in an object") }
        var byte = self.bytes[self.offset]
        if byte == UInt8(ascii: "}") {
            self.offset += 1
            self.path.pop()
            return nil
        }
        if !isFirst {
            guard byte == UInt8(ascii: ",") else {
                throw self.syntaxError(
                    "expected ',' or '}' after an object member, got \(self.describeByte(at: self.offset))"
                )
            }
            self.offset += 1
            self.skipWhitespace()
            guard self.offset < self.bytes.count else { throw self.syntaxError("unexpected end of input in an object") }
            byte = self.bytes[self.offset]
        }
        guard byte == UInt8(ascii: "\"") else {
            let what = isFirst ? "a member name or '}'" : "a member name after ','"
            throw self.syntaxError("expected \(what), got \(self.describeByte(at: self.offset))")
        }
        let keyOffset = self.offset
        let key = try self.scanString { JSONKey(utf8: $0) }
        self.skipWhitespace()
        guard self.offset < self.bytes.count, self.bytes[self.offset] == UInt8(ascii: ":") else {
            throw self.syntaxError("expected ':' after a member name, got \(self.describeByte(at: self.offset))")
        }
        self.offset += 1
        self.path.setLast(.key(offset: keyOffset))
        return key
    }

    /// Consumes the `[` that opens an array; then call ``nextElement()`` until it returns `false`.
    ///
    /// - Throws: ``JSONError/shape(pointer:message:)`` if the next value is not an array;
    ///   ``JSONError/syntax(offset:message:)`` if it is malformed or nested deeper than ``maxDepth``.
    public mutating func beginArray() throws(JSONError) {
        try self.expect(.array)
        try self.open(.index(-1))
    }

    /// Moves to the next element of the innermost array, consuming the `,` before it.
    ///
    /// - Returns: `true` if an element follows (read it next), `false` after consuming the closing `]`.
    /// - Throws: ``JSONError/syntax(offset:message:)`` for a missing comma or a trailing comma.
    public mutating func nextElement() throws(JSONError) -> Bool {
        guard case .index(let index)? = self.path.last else {
            preconditionFailure("nextElement() called outside an array")
        }
        // The common cases in one pass: `]`, or `,` (nothing before the first element) and the start of a value.
        let next = self.bytes.withUnsafeBufferPointer { buffer -> Int in
            var position = Self.skipWhitespace(in: buffer, from: self.offset)
            guard position < buffer.count else { return -1 }
            if buffer[position] == UInt8(ascii: "]") { return -2 - position }
            if index >= 0 {
                guard buffer[position] == UInt8(ascii: ",") else { return -1 }
                position = Self.skipWhitespace(in: buffer, from: position + 1)
            }
            guard position < buffer.count, Self.kind(startingWith: buffer[position]) != nil else { return -1 }
            return position
        }
        if next >= 0 {
            self.offset = next
            self.path.setLast(.index(index + 1))
            return true
        }
        if next <= -2 {
            self.offset = -2 - next + 1
            self.path.pop()
            return false
        }
        self.skipWhitespace()
        guard self.offset < self.bytes.count else { throw self.syntaxError("unexpected end of input in an array") }
        let byte = self.bytes[self.offset]
        if byte == UInt8(ascii: "]") {
            self.offset += 1
            self.path.pop()
            return false
        }
        if index >= 0 {
            guard byte == UInt8(ascii: ",") else {
                throw self.syntaxError(
                    "expected ',' or ']' after an array element, got \(self.describeByte(at: self.offset))"
                )
            }
            self.offset += 1
            self.skipWhitespace()
            if self.offset < self.bytes.count, self.bytes[self.offset] == UInt8(ascii: "]") {
                throw self.syntaxError("expected a value after ',', got ']' (trailing commas are not allowed)")
            }
        }
        self.path.setLast(.index(index + 1))
        return true
    }

    /// Checks that only whitespace follows the top-level value.
    ///
    /// - Throws: ``JSONError/syntax(offset:message:)`` at the first other byte.
    public mutating func finish() throws(JSONError) {
        precondition(self.path.depth == 0, "finish() called inside an open object or array")
        self.awaitBytes(.max)
        // A document whose bytes stopped arriving is not read: its end is not the document's.
        guard self.bytes.isWhole else { throw self.syntaxError("unexpected end of input") }
        self.skipWhitespace()
        guard self.offset == self.bytes.count else {
            throw self.syntaxError("unexpected \(self.describeByte(at: self.offset)) after the top-level value")
        }
    }

    /// Throws a shape error unless the next value has the expected kind; leaves the reader at its first byte.
    @inline(__always)
    mutating func expect(_ expected: JSONValueKind) throws(JSONError) {
        self.skipWhitespace()
        if self.offset < self.bytes.count, Self.kind(startingWith: self.bytes[self.offset]) == expected { return }
        let actual = try self.kind()
        throw self.shapeError("expected \(expected.name), got \(actual.name)")
    }

    /// The kind of value that `byte` starts, or `nil` if it starts none.
    @inline(__always)
    static func kind(startingWith byte: UInt8) -> JSONValueKind? {
        switch byte {
        case UInt8(ascii: "{"): .object
        case UInt8(ascii: "["): .array
        case UInt8(ascii: "\""): .string
        case UInt8(ascii: "-"), UInt8(ascii: "0")...UInt8(ascii: "9"): .number
        case UInt8(ascii: "t"), UInt8(ascii: "f"): .bool
        case UInt8(ascii: "n"): .null
        default: nil
        }
    }

    /// Consumes the opening bracket and pushes a container, enforcing the depth limit.
    private mutating func open(_ component: JSONPath.Component) throws(JSONError) {
        guard self.path.depth < self.maxDepth else {
            throw self.syntaxError("nesting deeper than \(self.maxDepth) levels")
        }
        self.offset += 1
        self.path.push(component)
    }

    /// Skips JSON whitespace: space, tab, line feed, carriage return.
    @inline(__always)
    mutating func skipWhitespace() {
        self.offset = self.bytes.withUnsafeBufferPointer { Self.skipWhitespace(in: $0, from: self.offset) }
    }

    /// The offset of the first byte at or after `index` that is not JSON whitespace.
    @inline(__always)
    static func skipWhitespace(in buffer: UnsafeBufferPointer<UInt8>, from index: Int) -> Int {
        var index = index
        while index < buffer.count {
            switch buffer[index] {
            case UInt8(ascii: " "), UInt8(ascii: "\n"), UInt8(ascii: "\r"), UInt8(ascii: "\t"): index += 1
            default: return index
            }
        }
        return index
    }
}
