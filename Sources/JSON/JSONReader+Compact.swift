extension JSONReader {
    /// Reads an object of two numbers written compactly, `{"<first>":a,"<second>":b}` with no whitespace inside,
    /// the members in that order and both numbers plain (`-?(0|[1-9][0-9]*)(\.[0-9]+)?`, at most 15 digits), if
    /// `accept` takes the pair.
    ///
    /// This is a fast path for long arrays of such objects, the shape `JSON.stringify` gives a list of sizes: it
    /// reads one in about a quarter of the work of ``beginObject()``, ``nextKey()`` and ``readDouble()``. Anything
    /// else (other spacing or order, another member, an exponent, malformed bytes, a pair `accept` refuses) consumes
    /// nothing and returns `nil`, so the caller reads the same value again on its general path, with its precise
    /// errors.
    ///
    /// - Parameters:
    ///   - first: The first member's name; it must need no escaping.
    ///   - second: The second member's name; it must need no escaping.
    ///   - accept: Whether the caller takes these two values as they are.
    /// - Returns: The two numbers, or `nil` with nothing consumed.
    /// - Complexity: O(*m*), where *m* is the object's length in bytes.
    public mutating func readCompactPair(
        _ first: StaticString,
        _ second: StaticString,
        where accept: (Double, Double) -> Bool
    ) -> (Double, Double)? {
        guard self.path.depth < self.maxDepth else { return nil }
        let found: (first: Double, second: Double, end: Int)? = self.bytes.withUnsafeBufferPointer { buffer in
            var index = Self.skipWhitespace(in: buffer, from: self.offset)
            guard Self.hasByte(UInt8(ascii: "{"), in: buffer, at: index),
                let afterFirst = Self.memberName(first, in: buffer, at: index + 1),
                let (a, aEnd) = JSONNumber.readSimple(buffer, from: afterFirst),
                Self.hasByte(UInt8(ascii: ","), in: buffer, at: aEnd),
                let afterSecond = Self.memberName(second, in: buffer, at: aEnd + 1),
                let (b, bEnd) = JSONNumber.readSimple(buffer, from: afterSecond)
            else { return nil }
            index = bEnd
            guard Self.hasByte(UInt8(ascii: "}"), in: buffer, at: index) else { return nil }
            return (a, b, index + 1)
        }
        guard let found, accept(found.first, found.second) else { return nil }
        self.offset = found.end
        return (found.first, found.second)
    }

    /// Whether `buffer` holds `byte` at `offset`.
    @inline(__always)
    private static func hasByte(_ byte: UInt8, in buffer: UnsafeBufferPointer<UInt8>, at offset: Int) -> Bool {
        offset < buffer.count && buffer[offset] == byte
    }

    /// The offset after `"<name>":` if `buffer` holds exactly that at `offset`.
    @inline(__always)
    private static func memberName(
        _ name: StaticString,
        in buffer: UnsafeBufferPointer<UInt8>,
        at offset: Int
    ) -> Int? {
        let count = name.utf8CodeUnitCount
        guard offset + count + 3 <= buffer.count, buffer[offset] == UInt8(ascii: "\"") else { return nil }
        for index in 0..<count where buffer[offset + 1 + index] != name.utf8Start[index] { return nil }
        guard buffer[offset + 1 + count] == UInt8(ascii: "\""), buffer[offset + 2 + count] == UInt8(ascii: ":")
        else { return nil }
        return offset + count + 3
    }
}
