/// Where the next byte goes in room a ``JSONWriter`` reserved beforehand
/// (``JSONWriter/writeValue(maximumLength:_:)``).
///
/// A writer that knows the most a value can take, such as one element's attributes, reserves that once and then
/// stores its tokens through the cursor: one capacity check and one uniqueness check for the whole value instead of
/// one per token, and no comma bookkeeping inside it. The cursor does not check bounds; its user reserved enough.
///
/// Its small stores are `@inlinable` so that a writer in another module (the service's element writer) compiles to
/// the same straight-line stores as one inside this module.
public struct OutputCursor {
    /// The next byte's address.
    @usableFromInline var position: UnsafeMutablePointer<UInt8>
    /// The first reserved byte's address.
    @usableFromInline let start: UnsafeMutablePointer<UInt8>
    /// The first reserved byte's offset in the writer's output.
    @usableFromInline let startOffset: Int

    /// Creates a cursor at `start`, which lies `startOffset` bytes into the writer's output.
    @usableFromInline
    init(start: UnsafeMutablePointer<UInt8>, startOffset: Int) {
        self.position = start
        self.start = start
        self.startOffset = startOffset
    }

    /// The number of bytes stored so far.
    @inlinable public var written: Int { self.position - self.start }

    /// The offset in the writer's output of the next byte.
    @inlinable public var offset: Int { self.startOffset + self.written }

    /// Stores one byte.
    @inlinable @inline(__always)
    public mutating func put(_ byte: UInt8) {
        self.position.pointee = byte
        self.position += 1
    }

    /// Stores a literal as it is; like ``JSONWriter/key(_:)-(StaticString)``'s, it must need no escaping.
    @inlinable @inline(__always)
    public mutating func put(_ literal: StaticString) {
        let count = literal.utf8CodeUnitCount
        JSONWriter.copy(UnsafeBufferPointer(start: literal.utf8Start, count: count), to: self.position)
        self.position += count
    }

    /// Stores an identifier's UTF-8 bytes as they are (an enumeration's raw value: no escaping needed).
    public mutating func put(identifier: String) {
        var identifier = identifier
        identifier.withUTF8 { bytes in
            JSONWriter.copy(bytes, to: self.position)
            self.position += bytes.count
        }
    }

    /// Stores an integer in decimal (at most 20 bytes).
    @inlinable @inline(__always)
    public mutating func put(_ int: Int) {
        // Up to four digits (an index path, a zIndex) are stored here, without a call across the module.
        if UInt(bitPattern: int) < 10_000 {
            self.position += JSONWriter.storeSmall(UInt32(truncatingIfNeeded: int), at: self.position)
            return
        }
        self.position += JSONWriter.writeDecimal(
            integerPart: UInt64(int.magnitude),
            fraction: 0,
            fractionDigits: 0,
            isNegative: int < 0,
            to: self.position
        )
    }

    /// Stores `true` or `false`.
    @inlinable @inline(__always)
    public mutating func put(_ bool: Bool) {
        if bool { self.put("true") } else { self.put("false") }
    }

    /// Stores a literal, such as `,"width":`, and then a number (see ``put(_:recent:)``).
    @inlinable @inline(__always)
    public mutating func put(_ literal: StaticString, _ double: Double, recent: inout RecentNumbers) {
        self.put(literal)
        // Whole numbers 0 to 9,999 (an alpha of 1, a frame in whole points) are stored here, without a call across
        // the module; `-0` (sign minus) and the rest take the general path.
        if double.sign == .plus, double < 10_000, let whole = UInt32(exactly: double) {
            self.position += JSONWriter.storeSmall(whole, at: self.position)
            return
        }
        self.put(double, recent: &recent)
    }

    /// Stores a number as ``JSONWriter/value(_:)-(Double)`` describes (at most
    /// ``JSONWriter/maximumNumberLength`` bytes), copying the text of one written recently from `recent`.
    public mutating func put(_ double: Double, recent: inout RecentNumbers) {
        let magnitude = double.magnitude
        let belowIntegerLimit = magnitude < 9_007_199_254_740_992.0  // 2^53: every integer below is exact
        // Below 2^53 the signed conversions (one instruction each way) are exact.
        if belowIntegerLimit, Double(Int64(magnitude)) == magnitude {
            self.position += JSONWriter.writeDecimal(
                integerPart: UInt64(truncatingIfNeeded: Int64(magnitude)),
                fraction: 0,
                fractionDigits: 0,
                isNegative: double.sign == .minus,
                to: self.position
            )
            return
        }
        if let (offset, length) = recent.lookUp(double) {
            self.copyEarlierText(at: offset, length: length)
            return
        }
        let offset = self.offset
        if belowIntegerLimit, magnitude >= 0.001,
            case let (digits, fractionDigits) = JSONWriter.shortDecimal(magnitude)
                ?? JSONWriter.roundTripDigits(magnitude),
            let length = JSONWriter.writeFraction(
                // No decimal inside the interval is an integer (that integer would be the value), so the integer
                // part is the value's own.
                integerPart: UInt64(truncatingIfNeeded: Int64(magnitude)),
                digits: digits,
                fractionDigits: fractionDigits,
                isNegative: double.sign == .minus,
                into: self.position
            )
        {
            self.position += length
        } else {
            self.put(identifier: double.isFinite ? double.description : "null")
        }
        recent.remember(double, offset: offset, length: self.offset - offset)
    }
}

extension OutputCursor {
    /// Stores again the `length` bytes written at output offset `offset`, which lie wholly before this position.
    ///
    /// Eight bytes at a time when the earlier text ends at least eight bytes before this position (then no chunk
    /// reads what this copy stores): the last chunk may store up to seven bytes past the text, inside the room
    /// reserved for the number (see ``JSONWriter/maximumNumberLength``), and what follows overwrites them.
    @inline(__always)
    private mutating func copyEarlierText(at offset: Int, length: Int) {
        let distance = self.offset - offset
        let earlier = UnsafeRawPointer(self.position - distance)
        let target = UnsafeMutableRawPointer(self.position)
        if distance >= length + 8 {
            var copied = 0
            while copied < length {
                let chunk = earlier.loadUnaligned(fromByteOffset: copied, as: UInt64.self)
                target.storeBytes(of: chunk, toByteOffset: copied, as: UInt64.self)
                copied += 8
            }
        } else {
            for index in 0..<length { self.position[index] = self.position[index - distance] }
        }
        self.position += length
    }
}

extension JSONWriter {
    /// The room ``OutputCursor/put(_:recent:)`` needs for one number: 24 bytes for the longest shortest round-trip
    /// text (`-2.2250738585072014e-308`; a decimal has at most 17 significant digits, two leading zeros, a point
    /// and a sign), and a copy of earlier text may store up to 7 more that what follows overwrites.
    public static let maximumNumberLength = 32
}
