extension JSONWriter {
    /// "00", "01", … "99" in one literal: the two digits of `n` start at byte `2n`. A computed literal, so that
    /// inlined code in another module reads it at a constant address, with no lazy global in between.
    @usableFromInline static var digitPairText: StaticString {
        """
        0001020304050607080910111213141516171819202122232425262728293031323334353637383940414243444546474849\
        5051525354555657585960616263646566676869707172737475767778798081828384858687888990919293949596979899
        """
    }

    /// Stores a whole number below 10,000 in decimal at `output` and returns its length (1 to 4): most of an
    /// answer's numbers (coordinates and sizes in whole points, item indices), written without a call.
    @inlinable @inline(__always)
    static func storeSmall(_ value: UInt32, at output: UnsafeMutablePointer<UInt8>) -> Int {
        let pairs = UnsafeRawPointer(Self.digitPairText.utf8Start)
        let target = UnsafeMutableRawPointer(output)
        if value < 10 {
            output[0] = UInt8(ascii: "0") &+ UInt8(truncatingIfNeeded: value)
            return 1
        }
        if value < 100 {
            let pair = pairs.loadUnaligned(fromByteOffset: Int(value) &* 2, as: UInt16.self)
            target.storeBytes(of: pair, as: UInt16.self)
            return 2
        }
        let high = value / 100
        let low = value &- high &* 100
        let lowPair = pairs.loadUnaligned(fromByteOffset: Int(low) &* 2, as: UInt16.self)
        if value < 1_000 {
            output[0] = UInt8(ascii: "0") &+ UInt8(truncatingIfNeeded: high)
            target.storeBytes(of: lowPair, toByteOffset: 1, as: UInt16.self)
            return 3
        }
        target.storeBytes(of: pairs.loadUnaligned(fromByteOffset: Int(high) &* 2, as: UInt16.self), as: UInt16.self)
        target.storeBytes(of: lowPair, toByteOffset: 2, as: UInt16.self)
        return 4
    }

    /// The four decimal digits of `value` (below 10,000, leading zeros included) as ASCII bytes in one word, the
    /// first digit in the lowest byte: two digit pairs, the hundreds found as `value · 5243 >> 19` (exact below
    /// 10,000).
    @inline(__always)
    static func fourDigits(_ value: UInt32) -> UInt32 {
        let pairs = UnsafeRawPointer(Self.digitPairText.utf8Start)
        let high = (value &* 5_243) >> 19
        let low = value &- high &* 100
        let highPair = UInt32(pairs.loadUnaligned(fromByteOffset: Int(high) &* 2, as: UInt16.self))
        let lowPair = UInt32(pairs.loadUnaligned(fromByteOffset: Int(low) &* 2, as: UInt16.self))
        return highPair | lowPair << 16
    }

    /// The eight decimal digits of `value` (below 10^8, leading zeros included) as ASCII bytes in one word, the
    /// first digit in the lowest byte (so the first in memory when stored on a little-endian machine).
    ///
    /// The value is first split in two by 10,000, as `x · 109951163 >> 40` (`2^40 / 10^4` rounded up: below 10^8
    /// the excess stays under 1/10^4 of a unit, so the quotient is exact, and the product fits 64 bits; one
    /// multiplication by an immediate, where a division by a constant is a 128-bit product). Then each lane is
    /// divided by a constant in parallel: two 4-digit halves in 32-bit lanes, divided by 100 as `x · 10486 >> 20`
    /// (exact below 10,000), then four 2-digit quarters in 16-bit lanes, divided by 10 as `x · 103 >> 10` (exact
    /// below 100). A lane's product stays inside its lane, and the masks keep only the bits of a lane's own
    /// quotient.
    @inline(__always)
    static func eightDigits(_ value: UInt64) -> UInt64 {
        let upper = (value &* 109_951_163) &>> 40
        let halves = upper | (value &- upper &* 10_000) << 32
        let hundreds = (halves &* 10_486) >> 20 & 0x0000_007F_0000_007F
        let quarters = hundreds | (halves &- hundreds &* 100) << 16
        let tens = (quarters &* 103) >> 10 & 0x000F_000F_000F_000F
        let digits = tens | (quarters &- tens &* 10) << 8
        return digits | 0x3030_3030_3030_3030
    }

    /// ``writeDecimal(integerPart:fraction:fractionDigits:isNegative:to:)`` for an integer part below 10^8 and at
    /// most 16 fraction digits (every number of an answer in practice), eight digits at a time.
    ///
    /// Stores whole words: up to 7 bytes past the returned length may be written, 26 bytes from `output` at most
    /// (a sign, 8 digits, a point and 16 digits), inside the room a number reserves
    /// (``maximumNumberLength``); what follows overwrites them.
    @inline(__always)
    static func writeDecimalByWords(
        _ integerPart: UInt64, _ fraction: UInt64, digits fractionDigits: Int, negative isNegative: Bool,
        into output: UnsafeMutablePointer<UInt8>
    ) -> Int {
        var position = UnsafeMutableRawPointer(output)
        if isNegative {
            position.storeBytes(of: UInt8(ascii: "-"), as: UInt8.self)
            position += 1
        }
        let integerDigits = Self.decimalDigitCount(integerPart)
        // The leading zeros are the word's low bytes: shifting them out leaves the digits first.
        let integerWord = Self.eightDigits(integerPart) >> UInt64(8 &* (8 &- integerDigits))
        position.storeBytes(of: integerWord, as: UInt64.self)
        position += integerDigits
        if fractionDigits > 0 {
            position.storeBytes(of: UInt8(ascii: "."), as: UInt8.self)
            position += 1
            if fractionDigits <= 8 {
                let padded = fraction &* Self.powerOfTen(8 &- fractionDigits)
                position.storeBytes(of: Self.eightDigits(padded), as: UInt64.self)
            } else {
                let rest = fractionDigits &- 8
                let first = Self.divide(fraction, byPowerOfTen: rest)
                let second = (fraction &- first &* Self.powerOfTen(rest)) &* Self.powerOfTen(8 &- rest)
                position.storeBytes(of: Self.eightDigits(first), as: UInt64.self)
                position.storeBytes(of: Self.eightDigits(second), toByteOffset: 8, as: UInt64.self)
            }
            position += fractionDigits
        }
        return position - UnsafeMutableRawPointer(output)
    }
}
