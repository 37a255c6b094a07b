/// Digits eight at a time (SWAR: SIMD within a register), for the commonest numbers of a document.
///
/// Eight bytes are loaded as one little-endian `UInt64`, so the first byte of the text is the word's lowest byte.
/// One subtraction, mask and add find how many of them are ASCII digits; three multiplies combine up to eight
/// digits into their value (two for up to four). Only numbers with room for these loads after them take this path
/// (``readSimple(_:from:)`` checks once per number); the last bytes of a document go through the byte loop.
extension JSONNumber {
    /// How many bytes after a number's first byte the eight-at-a-time path may load: a sign, two words of integer
    /// digits, a point and two words of fraction digits, rounded up.
    static let swarMargin = 40

    /// The number of leading ASCII digits (`0`…`9`) among the eight bytes of `word`, from 0 to 8.
    @inline(__always)
    static func leadingDigitCount(_ word: UInt64) -> Int {
        // Each byte minus '0' is below 10 exactly for a digit. Adding 0x76 to its low seven bits sets bit 7 when
        // it is 10 or more (no carry crosses a byte: 0x7F + 0x76 < 0x100), and a byte of 0x80 or more has bit 7.
        let offsets = word ^ 0x3030_3030_3030_3030
        let nonDigits = (((offsets & 0x7F7F_7F7F_7F7F_7F7F) &+ 0x7676_7676_7676_7676) | offsets) & 0x8080_8080_8080_8080
        return nonDigits.trailingZeroBitCount &>> 3
    }

    /// The value of the first `count` (1…8) bytes of `word`, all ASCII digits, most significant first.
    @inline(__always)
    static func valueOfDigits(_ word: UInt64, count: Int) -> UInt64 {
        if count <= 4 {
            // Sizes are mostly short numbers: in the low half, two multiplies suffice.
            var value = (UInt32(truncatingIfNeeded: word) & 0x0F0F_0F0F) &<< UInt32((4 &- count) &* 8)
            value = (value &* (10 &<< 8 &+ 1)) &>> 8
            return UInt64(((value & 0x00FF_00FF) &* (100 &<< 16 &+ 1)) &>> 16)
        }
        // Shifting the digits to the word's top bytes makes the bytes before them leading zeros.
        var value = (word & 0x0F0F_0F0F_0F0F_0F0F) &<< UInt64((8 &- count) &* 8)
        value = (value &* (10 &<< 8 &+ 1)) &>> 8  // pairs of digits: 10 × first + second
        value = ((value & 0x00FF_00FF_00FF_00FF) &* (100 &<< 16 &+ 1)) &>> 16  // fours
        return ((value & 0x0000_FFFF_0000_FFFF) &* (10_000 &<< 32 &+ 1)) &>> 32  // eight
    }

    /// The eight bytes at `offset` of `base` as a little-endian word.
    @inline(__always)
    static func word(_ base: UnsafePointer<UInt8>, at offset: Int) -> UInt64 {
        UInt64(littleEndian: UnsafeRawPointer(base + offset).loadUnaligned(as: UInt64.self))
    }

    /// A run of digits at `offset`, up to `limit` (at most 16) of them, read a word at a time.
    ///
    /// - Returns: The run's value (meaningful only when `count <= limit`) and its length, which is more than
    ///   `limit` when the run is longer (the length is then `limit + 1` or more, not exact).
    @inline(__always)
    static func digitRun(_ base: UnsafePointer<UInt8>, at offset: Int, limit: Int) -> (value: UInt64, count: Int) {
        let first = Self.word(base, at: offset)
        let count = Self.leadingDigitCount(first)
        if count < 8 {
            return (count == 0 ? 0 : Self.valueOfDigits(first, count: count), count)
        }
        let high = Self.valueOfDigits(first, count: 8)
        guard limit > 8 else { return (high, 9) }
        let second = Self.word(base, at: offset &+ 8)
        let more = Self.leadingDigitCount(second)
        if more == 0 { return (high, 8) }
        return (high &* Self.integerPowersOfTen[more] &+ Self.valueOfDigits(second, count: more), 8 &+ more)
    }

    /// ``readSimple(_:from:)`` with at least ``swarMargin`` bytes after `start`: no bounds checks, digits eight at a
    /// time. Accepts and refuses exactly what the byte loop does.
    @inline(__always)
    static func readSimpleUnchecked(_ base: UnsafePointer<UInt8>, from start: Int) -> (Double, Int)? {
        var index = start
        let isNegative = base[index] == UInt8(ascii: "-")
        if isNegative { index &+= 1 }
        let integer = Self.digitRun(base, at: index, limit: 15)
        guard integer.count > 0, integer.count <= 15 else { return nil }
        if integer.count > 1, base[index] == UInt8(ascii: "0") { return nil }
        index &+= integer.count
        var significand = integer.value
        var fractionDigits = 0
        if base[index] == UInt8(ascii: ".") {
            let fraction = Self.digitRun(base, at: index &+ 1, limit: 15 &- integer.count)
            guard fraction.count > 0, integer.count &+ fraction.count <= 15 else { return nil }
            significand = significand &* Self.integerPowersOfTen[fraction.count] &+ fraction.value
            fractionDigits = fraction.count
            index &+= 1 &+ fraction.count
        }
        if base[index] | 0x20 == UInt8(ascii: "e") { return nil }
        // Below 10^15, so the signed conversion (one instruction) is exact.
        var value = Double(Int64(truncatingIfNeeded: significand))
        if fractionDigits > 0 { value /= Self.powersOfTen[fractionDigits] }
        return (isNegative ? -value : value, index)
    }
}
