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
    @inlinable public var offset: Int { self.startOffset &+ self.written }

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

    /// Stores `bytes` as they are, in one copy: text that is already JSON, such as a cell's kept from an earlier
    /// answer. Like every store, it must fit the room reserved.
    @inlinable @inline(__always)
    public mutating func put(bytes: UnsafeBufferPointer<UInt8>) {
        JSONWriter.copy(bytes, to: self.position)
        self.position += bytes.count
    }

    /// The bytes stored since the cursor had stored `written` of them (``written``), up to this position: to keep
    /// a value just written. Valid until the writer's next store.
    @inlinable
    public func bytes(since written: Int) -> UnsafeBufferPointer<UInt8> {
        UnsafeBufferPointer(start: self.start + written, count: self.position - self.start - written)
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
        self.putNumber(double, recent: &recent)
    }

    /// Stores a number as ``put(_:recent:)`` does, with its commonest case, a whole number from 0 to 9,999 (an alpha
    /// of 1, a frame in whole points), stored here without a call across the module.
    ///
    /// A double with the sign bit clear orders as its bits do, so bits below 10,000's are the numbers 0 to 9,999.x
    /// (never `-0`, a NaN or an infinity). Adding 1.5 · 2^52 to such a number rounds it to an integer, the low bits
    /// of the sum; subtracting it back gives the number again exactly when it is whole. Two additions and a
    /// comparison, where a conversion to an integer checks its range first and `UInt32(exactly:)` calls `trunc` on
    /// this target.
    @inlinable @inline(__always)
    public mutating func putNumber(_ double: Double, recent: inout RecentNumbers) {
        if double.bitPattern < Self.tenThousandBits {
            let shifted = double + Self.integerShifter
            if shifted - Self.integerShifter == double {
                let whole = UInt32(truncatingIfNeeded: shifted.bitPattern)
                self.position += JSONWriter.storeSmall(whole, at: self.position)
                return
            }
        }
        self.put(double, recent: &recent)
    }

    /// The bits of 10,000.0: a double's bits below these are a number from 0 to just below 10,000.
    @usableFromInline static var tenThousandBits: UInt64 { 0x40C3_8800_0000_0000 }

    /// 1.5 · 2^52: added to a number from 0 to 2^51, a sum whose low 32 bits are the number rounded to an integer
    /// (the sum's bits are this one's, whose low half is zero, plus that integer).
    @usableFromInline static var integerShifter: Double { 6_755_399_441_055_744.0 }

    /// Stores a number as ``JSONWriter/value(_:)-(Double)`` describes (at most
    /// ``JSONWriter/maximumNumberLength`` bytes), copying the text of one written recently from `recent`.
    ///
    /// Inlined where it is called: a repeat (a column's `x` and `width`) is copied without a call, and every other
    /// number costs one call, to ``putComputed(_:recent:)``. Only numbers that are not integers below 2^53 are
    /// ever remembered, so looking a number up before testing whether it is such an integer changes no text.
    @inlinable @inline(__always)
    public mutating func put(_ double: Double, recent: inout RecentNumbers) {
        if let (offset, length) = recent.lookUp(double) {
            self.copyEarlierText(at: offset, length: length)
            return
        }
        self.putComputed(double, recent: &recent)
    }

    /// ``put(_:recent:)`` for a number not remembered: an integer below 2^53 in decimal, a non-integral number in
    /// [0.001, 2^53) by ``JSONWriter/writeNonIntegral(_:integerPart:isNegative:into:)`` (inlined here, so that
    /// such a number costs one call), anything else by the standard library; remembered unless an integer.
    @usableFromInline @inline(never)
    mutating func putComputed(_ double: Double, recent: inout RecentNumbers) {
        let magnitude = double.magnitude
        // Below 2^53 every integer is exact, and the signed conversions (one instruction each way) are exact.
        guard magnitude < 9_007_199_254_740_992.0 else {
            self.putOther(double, recent: &recent)
            return
        }
        let integerPart = Int64(magnitude)
        if Double(integerPart) == magnitude {
            self.position += JSONWriter.writeDecimal(
                integerPart: UInt64(truncatingIfNeeded: integerPart),
                fraction: 0,
                fractionDigits: 0,
                isNegative: double.sign == .minus,
                to: self.position
            )
            return
        }
        guard magnitude >= 0.001 else {
            self.putOther(double, recent: &recent)
            return
        }
        let length = JSONWriter.writeNonIntegral(
            magnitude,
            integerPart: UInt64(truncatingIfNeeded: integerPart),
            isNegative: double.sign == .minus,
            into: self.position
        )
        recent.remember(double, offset: self.offset, length: length)
        self.position += length
    }

    /// ``putComputed(_:recent:)`` for the numbers outside [0.001, 2^53) that are not integers below 2^53: the
    /// standard library's shortest text; `null` for a NaN or an infinity.
    @inline(never)
    private mutating func putOther(_ double: Double, recent: inout RecentNumbers) {
        let offset = self.offset
        self.put(identifier: double.isFinite ? double.description : "null")
        recent.remember(double, offset: offset, length: self.offset &- offset)
    }
}

extension OutputCursor {
    /// Stores again the `length` bytes (at most 24) written at output offset `offset`, which lie wholly before this
    /// position.
    ///
    /// As three words when the earlier text starts at least 24 bytes back (then no word read overlaps one stored):
    /// up to 24 bytes are stored, those past the text inside the room reserved for the number (see
    /// ``JSONWriter/maximumNumberLength``), where what follows overwrites them. Byte by byte otherwise.
    @inlinable @inline(__always)
    mutating func copyEarlierText(at offset: Int, length: Int) {
        let distance = self.offset &- offset
        let earlier = UnsafeRawPointer(self.position - distance)
        let target = UnsafeMutableRawPointer(self.position)
        if distance >= 24 {
            let first = earlier.loadUnaligned(as: UInt64.self)
            let second = earlier.loadUnaligned(fromByteOffset: 8, as: UInt64.self)
            let third = earlier.loadUnaligned(fromByteOffset: 16, as: UInt64.self)
            target.storeBytes(of: first, as: UInt64.self)
            target.storeBytes(of: second, toByteOffset: 8, as: UInt64.self)
            target.storeBytes(of: third, toByteOffset: 16, as: UInt64.self)
        } else {
            for index in 0..<length { self.position[index] = self.position[index &- distance] }
        }
        self.position += length
    }
}

extension JSONWriter {
    /// The room ``OutputCursor/put(_:recent:)`` needs for one number: 24 bytes for the longest shortest round-trip
    /// text (`-2.2250738585072014e-308`; a decimal has at most 17 significant digits, two leading zeros, a point
    /// and a sign), and the word stores of the digit writers and of a copy of earlier text (24 bytes whatever the
    /// text's length) may go up to 8 bytes past it, which what follows overwrites.
    public static let maximumNumberLength = 32
}
