/// Why bytes from Redis are not RESP2.
enum RESPParseError: Error, Hashable, Sendable {
    /// A type byte that RESP2 does not have.
    case unknownType(UInt8, offset: Int)
    /// A length or integer that is not a decimal number, or a negative length other than `-1`.
    case badNumber(offset: Int)
    /// A bulk string not followed by CRLF.
    case missingTerminator(offset: Int)
    /// A bulk string longer than ``RESPParser/Limits/maxBulkBytes``.
    case bulkTooLong(Int)
    /// An array longer than ``RESPParser/Limits/maxArrayCount``.
    case arrayTooLong(Int)
    /// Arrays nested deeper than ``RESPParser/Limits/maxDepth``.
    case tooDeep
    /// A simple line longer than ``RESPParser/Limits/maxLineBytes``.
    case lineTooLong
}

/// An incremental RESP2 parser: bytes are fed as they arrive, complete values come out in order.
///
/// Pure: no socket, no clock. A value is parsed only once all of its bytes are there; until then ``next()`` returns
/// `nil` and consumes nothing, so any split of the input gives the same values. Bulk strings are measured by their
/// length prefix, so a large one costs one check per feed, not one scan. Consumed bytes are dropped once they are
/// more than half of the buffer.
struct RESPParser: Sendable {
    /// Bounds on what one value may claim, so that a broken or hostile peer cannot make the parser allocate
    /// without limit.
    struct Limits: Hashable, Sendable {
        /// The longest bulk string. Defaults to 512 MiB, Redis's own `proto-max-bulk-len`.
        var maxBulkBytes = 512 * 1024 * 1024
        /// The most elements of one array. Defaults to 16,777,216.
        var maxArrayCount = 1 << 24
        /// The deepest nesting of arrays. Defaults to 32.
        var maxDepth = 32
        /// The longest simple string, error or number line. Defaults to 64 KiB.
        var maxLineBytes = 64 * 1024
    }

    /// The bounds.
    let limits: Limits
    private var buffer: [UInt8] = []
    private var start = 0

    /// Creates an empty parser.
    init(limits: Limits = Limits()) {
        self.limits = limits
    }

    /// The bytes fed but not yet returned as values.
    var bufferedCount: Int { self.buffer.count - self.start }

    /// Feeds bytes read from the connection.
    mutating func append(_ bytes: some Collection<UInt8>) {
        if self.start > 0, self.start * 2 >= self.buffer.count {
            self.buffer.removeSubrange(0..<self.start)
            self.start = 0
        }
        self.buffer.append(contentsOf: bytes)
    }

    /// The next complete value, or `nil` when its bytes have not all arrived.
    ///
    /// - Throws: ``RESPParseError`` when the bytes are not RESP2; the parser is then unusable.
    mutating func next() throws(RESPParseError) -> RESPValue? {
        var cursor = self.start
        guard let value = try self.parse(at: &cursor, depth: 0) else { return nil }
        self.start = cursor
        return value
    }

    private func parse(at cursor: inout Int, depth: Int) throws(RESPParseError) -> RESPValue? {
        guard cursor < self.buffer.count else { return nil }
        let type = self.buffer[cursor]
        let typeOffset = cursor
        guard let line = try self.line(after: cursor + 1) else { return nil }
        cursor = line.next
        switch type {
        case UInt8(ascii: "+"):
            return .simpleString(String(decoding: self.buffer[line.range], as: UTF8.self))
        case UInt8(ascii: "-"):
            return .error(String(decoding: self.buffer[line.range], as: UTF8.self))
        case UInt8(ascii: ":"):
            return .integer(try self.number(line.range))
        case UInt8(ascii: "$"):
            let length = try self.number(line.range)
            if length == -1 { return .bulkString(nil) }
            guard length >= 0 else { throw .badNumber(offset: line.range.lowerBound) }
            guard length <= self.limits.maxBulkBytes else { throw .bulkTooLong(length) }
            guard self.buffer.count - cursor >= length + 2 else { return nil }
            let end = cursor + length
            guard self.buffer[end] == 13, self.buffer[end + 1] == 10 else { throw .missingTerminator(offset: end) }
            defer { cursor = end + 2 }
            return .bulkString(Array(self.buffer[cursor..<end]))
        case UInt8(ascii: "*"):
            let count = try self.number(line.range)
            if count == -1 { return .array(nil) }
            guard count >= 0 else { throw .badNumber(offset: line.range.lowerBound) }
            guard count <= self.limits.maxArrayCount else { throw .arrayTooLong(count) }
            guard depth < self.limits.maxDepth else { throw .tooDeep }
            // Every element takes at least 3 bytes (`:0\r\n` is 4): wait for them before reserving anything.
            guard self.buffer.count - cursor >= 3 * count else { return nil }
            var elements: [RESPValue] = []
            elements.reserveCapacity(count)
            for _ in 0..<count {
                guard let element = try self.parse(at: &cursor, depth: depth + 1) else { return nil }
                elements.append(element)
            }
            return .array(elements)
        default:
            throw .unknownType(type, offset: typeOffset)
        }
    }

    /// The line starting at `offset` (without its CRLF) and the offset after the CRLF, or `nil` if it has not
    /// all arrived.
    private func line(after offset: Int) throws(RESPParseError) -> (range: Range<Int>, next: Int)? {
        var index = offset
        while index + 1 < self.buffer.count {
            if self.buffer[index] == 13, self.buffer[index + 1] == 10 { return (offset..<index, index + 2) }
            index += 1
            if index - offset > self.limits.maxLineBytes { throw .lineTooLong }
        }
        if self.buffer.count - offset > self.limits.maxLineBytes { throw .lineTooLong }
        return nil
    }

    /// A signed decimal integer.
    private func number(_ range: Range<Int>) throws(RESPParseError) -> Int {
        var index = range.lowerBound
        let isNegative = index < range.upperBound && self.buffer[index] == UInt8(ascii: "-")
        if isNegative { index += 1 }
        guard index < range.upperBound, range.upperBound - index <= 19 else {
            throw .badNumber(offset: range.lowerBound)
        }
        var value = 0
        while index < range.upperBound {
            let digit = Int(self.buffer[index]) - Int(UInt8(ascii: "0"))
            guard (0...9).contains(digit) else { throw .badNumber(offset: range.lowerBound) }
            let (times, overflow1) = value.multipliedReportingOverflow(by: 10)
            let (sum, overflow2) = times.addingReportingOverflow(digit)
            guard !overflow1, !overflow2 else { throw .badNumber(offset: range.lowerBound) }
            value = sum
            index += 1
        }
        return isNegative ? -value : value
    }
}
