/// The two member names of a compact pair, `{"<first>":a,"<second>":b}`, prepared for
/// ``JSONReader/readCompactPair(_:in:_:)`` and ``JSONReader/readCompactPairElements(_:in:_:_:)``.
///
/// The bytes around the numbers, `{"<first>":` and `,"<second>":`, are packed into two little-endian words each,
/// so matching a member name is two integer compares. Make one once (a `static let`) and reuse it.
public struct JSONCompactPair: Sendable {
    /// The longest member name accepted, in UTF-8 bytes: the bytes around it then fit two words.
    public static let maxNameLength = 12

    /// The first member's name.
    let first: StaticString
    /// The second member's name.
    let second: StaticString
    /// `{"<first>":`, as two words, and the masks of its bytes in them.
    let opening: Words
    /// `,"<second>":`, as two words, and the masks of its bytes in them.
    let middle: Words

    /// Up to 16 bytes as two little-endian words, with the mask of the bytes used and their count.
    struct Words: Sendable {
        var low: UInt64 = 0
        var high: UInt64 = 0
        var lowMask: UInt64 = 0
        var highMask: UInt64 = 0
        var count = 0

        init(_ parts: StaticString...) {
            for part in parts {
                part.withUTF8Buffer { bytes in
                    for byte in bytes {
                        let shift = UInt64((self.count % 8) * 8)
                        if self.count < 8 {
                            self.low |= UInt64(byte) << shift
                            self.lowMask |= 0xFF << shift
                        } else {
                            self.high |= UInt64(byte) << shift
                            self.highMask |= 0xFF << shift
                        }
                        self.count += 1
                    }
                }
            }
        }

        /// Whether the bytes at `offset` of `base` (16 of which may be read) start with these.
        @inline(__always)
        func match(_ base: UnsafePointer<UInt8>, at offset: Int) -> Bool {
            JSONNumber.word(base, at: offset) & self.lowMask == self.low
                && JSONNumber.word(base, at: offset &+ 8) & self.highMask == self.high
        }
    }

    /// Prepares the pair `{"<first>":…,"<second>":…}`.
    ///
    /// - Parameters:
    ///   - first: The first member's name: printable ASCII needing no escape, at most ``maxNameLength`` bytes.
    ///   - second: The second member's name, likewise.
    public init(_ first: StaticString, _ second: StaticString) {
        for name in [first, second] {
            precondition(name.utf8CodeUnitCount <= Self.maxNameLength, "a compact pair's name is too long")
            name.withUTF8Buffer { bytes in
                let needsNoEscape = bytes.allSatisfy {
                    $0 >= 0x20 && $0 < 0x80 && $0 != UInt8(ascii: "\"") && $0 != UInt8(ascii: "\\")
                }
                precondition(needsNoEscape, "a compact pair's name must need no escape")
            }
        }
        self.first = first
        self.second = second
        self.opening = Words("{\"", first, "\":")
        self.middle = Words(",\"", second, "\":")
    }
}

extension JSONReader {
    /// How many bytes from its start an element of a compact pair may be read without a bounds check: a comma, two
    /// name parts of 16 bytes and two numbers of ``JSONNumber/swarMargin`` bytes, rounded up.
    static let compactElementMargin = 128

    /// How many bytes of the document follow the reader's position, e.g. to bound how many elements can follow.
    /// For a document still arriving, the bytes that will follow, received or not.
    public var remainingByteCount: Int { self.bytes.storage.count - self.offset }

    /// Reads an object of two numbers written compactly, `{"<first>":a,"<second>":b}` with no whitespace inside,
    /// the members in that order and both numbers plain (`-?(0|[1-9][0-9]*)(\.[0-9]+)?`, at most 15 digits), if
    /// each lies in its range.
    ///
    /// This is a fast path for such objects, the shape `JSON.stringify` gives a size: it reads one in about a
    /// quarter of the work of ``beginObject()``, ``nextKey()`` and ``readDouble()``. Anything else (other spacing
    /// or order, another member, an exponent, malformed bytes, a number out of its range) consumes nothing and
    /// returns `nil`, so the caller reads the same value again on its general path, with its precise errors.
    ///
    /// - Parameters:
    ///   - pair: The member names.
    ///   - firstRange: The values the caller takes as they are for the first member.
    ///   - secondRange: The same for the second member.
    /// - Returns: The two numbers, or `nil` with nothing consumed.
    /// - Complexity: O(*m*), where *m* is the object's length in bytes.
    public mutating func readCompactPair(
        _ pair: JSONCompactPair,
        in firstRange: ClosedRange<Double>,
        _ secondRange: ClosedRange<Double>
    ) -> (Double, Double)? {
        guard self.path.depth < self.maxDepth else { return nil }
        // The offset read before, not in, the closure: capturing `self` there made the document's array retained
        // and released around the call (about 40 instructions a pair read).
        let offset = self.offset
        let found: (first: Double, second: Double, end: Int)? = self.bytes.withUnsafeBufferPointer { buffer in
            let index = Self.skipWhitespace(in: buffer, from: offset)
            if index &+ Self.compactElementMargin <= buffer.count, let base = buffer.baseAddress {
                return Self.compactPair(pair, in: base, at: index)
            }
            return Self.compactPairPadded(pair, in: buffer, at: index)
        }
        guard let found, firstRange.contains(found.first), secondRange.contains(found.second) else { return nil }
        self.offset = found.end
        return (found.first, found.second)
    }

    /// Reads the following elements of the innermost array while each is a compact pair (as
    /// ``readCompactPair(_:in:_:)`` reads one) within the ranges, giving each to `body`.
    ///
    /// Call it where ``nextElement()`` could be called: the reader then stands after the last element read, so
    /// ``nextElement()`` goes on with the first element that is not such a pair (or the array's end). Whitespace
    /// may surround the commas. It reads as ``readCompactPairElements(_:in:_:into:)`` does, a few hundred elements
    /// at a time.
    ///
    /// - Parameters:
    ///   - pair: The member names.
    ///   - firstRange: The values the caller takes as they are for the first member.
    ///   - secondRange: The same for the second member.
    ///   - maxCount: The most elements to read in this call. Defaults to no limit.
    ///   - body: Receives each pair read, in order.
    /// - Returns: How many elements were read.
    /// - Complexity: O(*m*), where *m* is the length in bytes of the elements read.
    public mutating func readCompactPairElements(
        _ pair: JSONCompactPair,
        in firstRange: ClosedRange<Double>,
        _ secondRange: ClosedRange<Double>,
        maxCount: Int = .max,
        _ body: (Double, Double) -> Void
    ) -> Int {
        withUnsafeTemporaryAllocation(of: Double.self, capacity: 512) { chunk in
            var total = 0
            while total < maxCount {
                let room = UnsafeMutableBufferPointer(rebasing: chunk[..<(2 * min(256, maxCount - total))])
                let read = self.readCompactPairElements(pair, in: firstRange, secondRange, into: room)
                for index in 0..<read { body(chunk[2 &* index], chunk[2 &* index &+ 1]) }
                total += read
                guard read == room.count / 2 else { break }
            }
            return total
        }
    }

    /// Reads the following elements of the innermost array while each is a compact pair (as
    /// ``readCompactPair(_:in:_:)`` reads one) within the ranges, writing their numbers to `pairs`, first and
    /// second member in turn, until it is full.
    ///
    /// Call it where ``nextElement()`` could be called: the reader then stands after the last element read, so
    /// ``nextElement()`` goes on with the first element that is not such a pair (or the array's end). Whitespace
    /// may surround the commas. Each element costs one bounds check, two words compared per member name and the
    /// digits read eight at a time (a short integer straight from its word); nothing is allocated, nothing is
    /// called per element, and the JSON Pointer is updated once.
    ///
    /// - Parameters:
    ///   - pair: The member names.
    ///   - firstRange: The values the caller takes as they are for the first member.
    ///   - secondRange: The same for the second member.
    ///   - pairs: Where the numbers go: element *i*'s at `2i` and `2i + 1`; at most `pairs.count / 2` elements.
    /// - Returns: How many elements were read.
    /// - Complexity: O(*m*), where *m* is the length in bytes of the elements read.
    public mutating func readCompactPairElements(
        _ pair: JSONCompactPair,
        in firstRange: ClosedRange<Double>,
        _ secondRange: ClosedRange<Double>,
        into pairs: UnsafeMutableBufferPointer<Double>
    ) -> Int {
        guard case .index(let first)? = self.path.last else {
            preconditionFailure("readCompactPairElements called outside an array")
        }
        // An element one level deeper than allowed is the general path's error to report.
        guard self.path.depth < self.maxDepth, let output = pairs.baseAddress else { return 0 }
        // A document still arriving: the bytes this run may read, received before it reads them.
        self.awaitBytes(self.offset &+ Self.arrivalRunBytes)
        let room = pairs.count / 2
        var count = 0
        let end: Int = self.bytes.withUnsafeBufferPointer { buffer in
            var index = self.offset
            guard let base = buffer.baseAddress else { return index }
            while count < room {
                var position = Self.skipWhitespace(in: buffer, from: index)
                if first >= 0 || count > 0 {
                    guard position < buffer.count, base[position] == UInt8(ascii: ",") else { return index }
                    position = Self.skipWhitespace(in: buffer, from: position &+ 1)
                }
                guard position &+ Self.compactElementMargin <= buffer.count,
                    let (a, b, after) = Self.compactPair(pair, in: base, at: position),
                    firstRange.contains(a), secondRange.contains(b)
                else { return index }
                output[2 &* count] = a
                output[2 &* count &+ 1] = b
                index = after
                count &+= 1
            }
            return index
        }
        self.offset = end
        self.path.setLast(.index(first &+ count))
        return count
    }

    /// A compact pair at `offset`, with ``compactElementMargin`` bytes readable from there.
    @inline(__always)
    private static func compactPair(
        _ pair: JSONCompactPair,
        in base: UnsafePointer<UInt8>,
        at offset: Int
    ) -> (Double, Double, Int)? {
        guard pair.opening.match(base, at: offset),
            let (a, aEnd) = Self.compactNumber(base, at: offset &+ pair.opening.count, before: UInt8(ascii: ",")),
            pair.middle.match(base, at: aEnd),
            let (b, bEnd) = Self.compactNumber(base, at: aEnd &+ pair.middle.count, before: UInt8(ascii: "}")),
            base[bEnd] == UInt8(ascii: "}")
        else { return nil }
        return (a, b, bEnd &+ 1)
    }

    /// A number at `offset` as ``JSONNumber/readSimpleUnchecked(_:from:)`` reads it; a plain integer of one to
    /// seven digits followed by `next` (the commonest member value) is taken straight from its word.
    @inline(__always)
    private static func compactNumber(
        _ base: UnsafePointer<UInt8>,
        at offset: Int,
        before next: UInt8
    ) -> (Double, Int)? {
        let word = JSONNumber.word(base, at: offset)
        let count = JSONNumber.leadingDigitCount(word)
        // One digit, or no leading zero; the byte after the digits is `next` (so no fraction or exponent).
        if count > 0, count < 8, count == 1 || word & 0xFF != UInt64(UInt8(ascii: "0")),
            (word &>> UInt64(count &* 8)) & 0xFF == UInt64(next)
        {
            return (Double(Int64(truncatingIfNeeded: JSONNumber.valueOfDigits(word, count: count))), offset &+ count)
        }
        return Self.otherCompactNumber(base, at: offset)
    }

    /// ``JSONNumber/readSimpleUnchecked(_:from:)`` out of line, so that the short integers' path stays small
    /// enough to be inlined into the elements' loop.
    @inline(never)
    private static func otherCompactNumber(_ base: UnsafePointer<UInt8>, at offset: Int) -> (Double, Int)? {
        JSONNumber.readSimpleUnchecked(base, from: offset)
    }

    /// A compact pair at `offset` among a document's last bytes (fewer than ``compactElementMargin`` remain: all of
    /// a small document's), read as ``compactPair(_:in:at:)`` reads one, from a copy on the stack padded with zero
    /// bytes. A zero byte is no part of a name, a number or a brace, so a pair found ends within the bytes copied.
    ///
    /// Checked byte by byte, a 20-item flow request's viewport cost about 400 instructions; the copy, about 60
    /// (issue 21).
    private static func compactPairPadded(
        _ pair: JSONCompactPair,
        in buffer: UnsafeBufferPointer<UInt8>,
        at offset: Int
    ) -> (Double, Double, Int)? {
        let count = buffer.count &- offset
        guard count > 0, count < Self.compactElementMargin, let source = buffer.baseAddress else { return nil }
        return withUnsafeTemporaryAllocation(of: UInt8.self, capacity: Self.compactElementMargin) { copy in
            let base = copy.baseAddress!
            base.initialize(from: source + offset, count: count)
            (base + count).initialize(repeating: 0, count: Self.compactElementMargin &- count)
            guard let (a, b, end) = Self.compactPair(pair, in: base, at: 0) else { return nil }
            return (a, b, offset &+ end)
        }
    }
}

/// The member name of a compact one-member object, `{"<name>":n}` with `n` a plain integer, prepared for
/// ``JSONReader/readCompactInteger(_:in:)``: the bytes before the number, `{"<name>":` (8 to 16 of them), as their
/// first and their last eight, so that matching them is two loads and two compares wherever they lie in the
/// document. Make one once (a `static let`) and reuse it.
public struct JSONCompactMember: Sendable {
    /// The first eight bytes of `{"<name>":`, as a little-endian word.
    let head: UInt64
    /// The last eight bytes of `{"<name>":`, as a little-endian word (overlapping ``head`` for names under 12 bytes).
    let tail: UInt64
    /// The length of `{"<name>":` in bytes.
    let count: Int

    /// Prepares the object `{"<name>":n}`.
    ///
    /// - Parameter name: The member's name: printable ASCII needing no escape, of 4 to
    ///   ``JSONCompactPair/maxNameLength`` bytes.
    public init(_ name: StaticString) {
        precondition(
            (4...JSONCompactPair.maxNameLength).contains(name.utf8CodeUnitCount),
            "a compact member's name must have 4 to 12 bytes"
        )
        var opening: [UInt8] = [UInt8(ascii: "{"), UInt8(ascii: "\"")]
        name.withUTF8Buffer { bytes in
            let needsNoEscape = bytes.allSatisfy {
                $0 >= 0x20 && $0 < 0x80 && $0 != UInt8(ascii: "\"") && $0 != UInt8(ascii: "\\")
            }
            precondition(needsNoEscape, "a compact member's name must need no escape")
            opening.append(contentsOf: bytes)
        }
        opening.append(contentsOf: [UInt8(ascii: "\""), UInt8(ascii: ":")])
        func word(_ bytes: ArraySlice<UInt8>) -> UInt64 {
            bytes.reversed().reduce(0) { $0 << 8 | UInt64($1) }
        }
        self.head = word(opening.prefix(8))
        self.tail = word(opening.suffix(8))
        self.count = opening.count
    }
}

extension JSONReader {
    /// Reads an object of one integer member written compactly, `{"<name>":n}` with no whitespace inside and `n` of
    /// one to ten digits with no sign and no leading zero, if `n` lies in `range`.
    ///
    /// A fast path for such objects, the shape of a section given by its count (`{"count":20}`): it reads one in a
    /// fraction of the work of ``beginObject()``, two ``nextKey()`` calls and ``readInt()`` (about 550 instructions
    /// for a 20-item flow request's one section; issue 21). Anything else (other spacing, another member, a sign, a
    /// fraction or exponent, malformed bytes, a number out of `range`) consumes nothing and returns `nil`, so the
    /// caller reads the same value again on its general path, with its precise errors. Only the bytes received so
    /// far are read (``init(arriving:available:maxDepth:waitingFor:)``): an object cut by their end is left to the
    /// general path too.
    ///
    /// - Parameters:
    ///   - member: The member's name.
    ///   - range: The values the caller takes as they are.
    /// - Returns: The number, or `nil` with nothing consumed.
    /// - Complexity: O(*m*), where *m* is the object's length in bytes.
    public mutating func readCompactInteger(_ member: JSONCompactMember, in range: ClosedRange<Int>) -> Int? {
        // An object one level deeper than allowed is the general path's error to report.
        guard self.path.depth < self.maxDepth else { return nil }
        let found: (value: Int, end: Int)? = self.bytes.withUnsafeBufferPointer { buffer in
            guard let base = buffer.baseAddress else { return nil }
            let count = buffer.count
            var index = Self.skipWhitespace(in: buffer, from: self.offset)
            guard index &+ member.count <= count, JSONNumber.word(base, at: index) == member.head,
                JSONNumber.word(base, at: index &+ member.count &- 8) == member.tail
            else { return nil }
            index &+= member.count
            // Then the closing brace straight after (no fraction, exponent or space).
            guard case let (value, end)? = Self.compactDigits(base, from: index, count: count), end < count,
                base[end] == UInt8(ascii: "}")
            else { return nil }
            return (value, end &+ 1)
        }
        guard let found, range.contains(found.value) else { return nil }
        self.offset = found.end
        return found.value
    }
}

extension JSONReader {
    /// Reads an array of compact one-member objects, `[{"<name>":n},{"<name>":m}]` with no whitespace anywhere, each
    /// as ``readCompactInteger(_:in:)`` reads one, giving each number to `body` in order: all or nothing.
    ///
    /// The shape of a request's sections given by their counts alone. Anything else (whitespace, an element of
    /// another shape, a number out of `range`, more than `maxCount` elements, an empty array, an array cut by the end
    /// of the bytes received) consumes nothing and returns `false` once the caller's `body` may have been given some
    /// of the numbers: the caller discards them and reads the array on its general path, with its precise errors.
    ///
    /// - Parameters:
    ///   - member: The member's name.
    ///   - range: The values the caller takes as they are.
    ///   - maxCount: The most elements taken.
    ///   - body: Receives each number, in order.
    /// - Returns: Whether the whole array was read.
    /// - Complexity: O(*m*), where *m* is the array's length in bytes.
    public mutating func readCompactIntegerArray(
        _ member: JSONCompactMember,
        in range: ClosedRange<Int>,
        maxCount: Int,
        _ body: (Int) -> Void
    ) -> Bool {
        // The array and its objects one and two levels deeper: either past the limit is the general path's error.
        guard self.path.depth &+ 1 < self.maxDepth else { return false }
        let offset = self.offset
        let end: Int? = self.bytes.withUnsafeBufferPointer { buffer in
            guard let base = buffer.baseAddress else { return nil }
            let count = buffer.count
            var index = Self.skipWhitespace(in: buffer, from: offset)
            guard index < count, base[index] == UInt8(ascii: "[") else { return nil }
            var taken = 0
            repeat {
                index &+= 1
                guard taken < maxCount, index &+ member.count <= count, JSONNumber.word(base, at: index) == member.head,
                    JSONNumber.word(base, at: index &+ member.count &- 8) == member.tail
                else { return nil }
                guard case let (value, end)? = Self.compactDigits(base, from: index &+ member.count, count: count),
                    end &+ 1 < count, base[end] == UInt8(ascii: "}"), range.contains(value)
                else { return nil }
                index = end
                body(value)
                taken &+= 1
                index &+= 1
            } while base[index] == UInt8(ascii: ",")
            guard base[index] == UInt8(ascii: "]") else { return nil }
            return index &+ 1
        }
        guard let end else { return false }
        self.offset = end
        return true
    }
}

extension JSONReader {
    /// The digits of a compact member's integer, from `index` in `base` (`count` bytes): at most ten (the largest
    /// such number fits `Int`, and an eleventh is no `}`), one digit or no leading zero.
    ///
    /// - Returns: The number and where its digits end, or `nil` when there are no digits or a leading zero.
    @inline(__always)
    static func compactDigits(_ base: UnsafePointer<UInt8>, from index: Int, count: Int) -> (value: Int, end: Int)? {
        var index = index
        let first = index
        var value = 0
        while index < count, index &- first < 10 {
            let digit = base[index] &- UInt8(ascii: "0")
            guard digit < 10 else { break }
            value = value &* 10 &+ Int(digit)
            index &+= 1
        }
        guard index > first, index &- first == 1 || base[first] != UInt8(ascii: "0") else { return nil }
        return (value, index)
    }
}
