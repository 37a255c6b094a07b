extension JSONWriter {
    /// The shortest decimal `digits / 10^fractionDigits` that reads back as `magnitude`, and of those the nearest,
    /// for a non-integral `magnitude` in [0.001, 2^53): the digits `description` prints, found without a search.
    ///
    /// The method is Giulietti's Schubfach (one scaling by a power of ten, then a choice among at most four
    /// candidates), made exact by the range: the value is `c · 2^-m` with a 53-bit significand `c` and `m` in
    /// 1...62, and `fractionDigits`, the `n` with `10^-n` at most the gap between neighbours (three quarters of it
    /// below a power of two, where the gap under the value is half as wide), is 1...19.
    ///
    /// The interval of decimals that read back as the value runs between the midpoints to its neighbours, ends
    /// included when `c` is even (readers round ties to even). Scaled by `4 · 10^n / 2^m`, its ends and the value
    /// are kept as their integer parts with the lowest bit set when a fraction was cut off (rounding to odd): then
    /// comparisons with even numbers, which every candidate times four is, come out as with the exact values.
    /// The interval is at least `10^-n` wide, so it holds a multiple of `10^-n`, and narrower than `10^(1-n)`, so
    /// it holds at most one multiple of `10^(1-n)`. That one, when there is one, is the shortest (`digits` then ends
    /// in at least one zero: ``writeFraction(integerPart:digits:fractionDigits:isNegative:into:)`` drops the
    /// zeros); otherwise the answer is the value's floor or ceiling in units of `10^-n`, whichever lies inside,
    /// or the nearer when both do (a tie going to the even one, as `description` does).
    ///
    /// The scaling is a product whose high word is the answer, with no shift by `m`: the multiplier
    /// `M = 10^n · 2^(60 - m)` is an integer below 2^64 for every `m` taken (`10^n` is below `40/3 · 2^m`, and for
    /// `m` of 61 and 62, `n` is 19 and `10^19` is a multiple of 2^19), so `4x · 10^n / 2^m` is the high word of
    /// `64x · M` and its low word is what was cut off.
    ///
    /// - Returns: `digits` below 10^17, with trailing zeros when a shorter decimal was found, and `fractionDigits`
    ///   in 1...19.
    /// - Complexity: O(1): three 128-bit products, one division by a constant, no loop.
    @_transparent
    static func roundTripDigits(_ magnitude: Double) -> (digits: UInt64, fractionDigits: Int) {
        let fractionBits = magnitude.significandBitPattern
        let significand = fractionBits | (1 &<< 52)
        // magnitude = significand / 2^shift, 1...62 in the range taken here.
        let shift = 1075 &- Int(magnitude.exponentBitPattern)
        // n = -floor(log10(2^-shift)), or -floor(log10(3/4 · 2^-shift)) at a power of two: log10(2) ≈ 78913 / 2^18,
        // log10(3/4) ≈ -32753 / 2^18, exact for every exponent taken here (checked for -80...79).
        let logarithm = (0 &- shift) &* 78_913 &- (fractionBits == 0 ? 32_753 : 0)
        let fractionDigits = 0 &- (logarithm >> 18)
        let scale = Self.powerOfTen(fractionDigits)
        let multiplier =
            shift <= 60
            ? scale &<< UInt64(truncatingIfNeeded: 60 &- shift) : scale &>> UInt64(truncatingIfNeeded: shift &- 60)

        /// `numerator · 10^n / 2^shift` for `numerator` given times 16: rounded down, and whether a fraction was cut.
        @inline(__always) func scaled(_ numerator: UInt64) -> (whole: UInt64, cut: UInt64) {
            let product = numerator.multipliedFullWidth(by: multiplier)
            return (product.high, product.low == 0 ? 0 : 1)
        }

        // 16 · 4c, and the interval's ends at 16 · (4c ± 2), or 16 · (4c - 1) below a power of two.
        let center = significand &<< 6
        let value = scaled(center)
        let lowerEnd = scaled(center &- (fractionBits == 0 ? 16 : 32))
        let lower = lowerEnd.whole | lowerEnd.cut
        let upperEnd = scaled(center &+ 32)
        let upper = upperEnd.whole | upperEnd.cut
        // With `c` odd the ends are excluded: a candidate must clear them by one.
        let exclusion = significand & 1

        let floor = value.whole &>> 2
        let floorTen = floor / 10 &* 10
        let ceilingTen = floorTen &+ 10
        let floorTenInside = lower &+ exclusion <= floorTen &<< 2
        let ceilingTenInside = ceilingTen &<< 2 &+ exclusion <= upper
        if floorTenInside != ceilingTenInside {
            return (floorTenInside ? floorTen : ceilingTen, fractionDigits)
        }
        let ceiling = floor &+ 1
        let floorInside = lower &+ exclusion <= floor &<< 2
        let ceilingInside = ceiling &<< 2 &+ exclusion <= upper
        if floorInside != ceilingInside {
            return (floorInside ? floor : ceiling, fractionDigits)
        }
        // Both inside: the nearer, by the value (rounded to odd) against their midpoint `4 · floor + 2`.
        let rounded = value.whole | value.cut
        let midpoint = floor &<< 2 &+ 2
        let takeFloor = rounded < midpoint || (rounded == midpoint && floor & 1 == 0)
        return (takeFloor ? floor : ceiling, fractionDigits)
    }

    /// ``roundTripDigits(_:)``'s decimal for the commonest non-integral values, those with at most three fraction
    /// digits (`0.5`, `12.25`, `210.125`) below 10^11, in a few floating-point operations; `nil` for the rest.
    ///
    /// `n`, the nearest integer to `magnitude · 1000`, is the decimal `n / 1000` that reads back as `magnitude`
    /// exactly when `n / 1000 == magnitude` (a division of exact doubles, rounded once, as the reader rounds).
    /// Below 10^11, `magnitude · 1000` stays under 2^47: the rounded product is within 1/16 of the exact one, so
    /// `n` is the only candidate with three digits, and the gap between neighbouring doubles is under a quarter of
    /// 10^-3, so at most one decimal with three digits or fewer reads back as the value: the shortest, which is `n`
    /// without its trailing zeros (``writeFraction(integerPart:digits:fractionDigits:isNegative:into:)`` drops
    /// them). Most numbers of an answer that get here have 15 to 17 digits, and are declined after one check.
    ///
    /// - Returns: `n` and 3, as ``roundTripDigits(_:)`` returns digits and their fraction digits.
    @inline(__always)
    static func shortDecimal(_ magnitude: Double) -> (digits: UInt64, fractionDigits: Int)? {
        guard magnitude < 1e11 else { return nil }
        // Adding 1.5 · 2^52 to a product below 2^51 leaves a double whose unit is 1: the product rounded to an
        // integer, whose bits are the shifter's plus that integer. Subtracting it back is exact. Two additions where
        // a conversion to an integer and back would check its range twice; `rounded()` would call into libm.
        let shifter = 6_755_399_441_055_744.0
        let shifted = magnitude * 1000 + shifter
        guard (shifted - shifter) / 1000 == magnitude else { return nil }
        return (shifted.bitPattern &- shifter.bitPattern, 3)
    }

    /// Stores a non-integral number of magnitude in [0.001, 2^53) as ``value(_:)-(Double)`` describes: `-` if
    /// `isNegative`, then the shortest decimal that reads back as `magnitude` (``shortDecimal(_:)`` when it has at
    /// most three fraction digits, ``roundTripDigits(_:)`` otherwise), stored by
    /// ``writeFraction(integerPart:digits:fractionDigits:isNegative:into:)``; returns the number of bytes stored.
    ///
    /// Inlined, with its steps, into ``OutputCursor/putComputed(_:recent:)``: a number of 15 to 17 digits, most of
    /// a waterfall's or a justified layout's, costs one call rather than three.
    ///
    /// - Parameters:
    ///   - magnitude: The number's magnitude, not an integer.
    ///   - integerPart: Its integer part.
    ///   - isNegative: Whether to write a minus sign.
    ///   - output: Where the text goes, with ``maximumNumberLength`` bytes of room.
    @_transparent
    static func writeNonIntegral(
        _ magnitude: Double, integerPart: UInt64, isNegative: Bool, into output: UnsafeMutablePointer<UInt8>
    ) -> Int {
        let digits: UInt64
        let fractionDigits: Int
        if let short = Self.shortDecimal(magnitude) {
            (digits, fractionDigits) = short
        } else {
            (digits, fractionDigits) = Self.roundTripDigits(magnitude)
        }
        if let length = Self.writeFraction(
            integerPart: integerPart, digits: digits, fractionDigits: fractionDigits, isNegative: isNegative,
            into: output)
        {
            return length
        }
        // Not reached (the digits are below 10^17, so an integer part of 9 digits or more leaves at most 8 for the
        // fraction); the standard library's text is the same.
        var text = (isNegative ? -magnitude : magnitude).description
        return text.withUTF8 { bytes in
            JSONWriter.copy(bytes, to: output)
            return bytes.count
        }
    }

    /// Stores `-` if `isNegative`, `integerPart` in decimal, a point and the fraction `digits − integerPart ·
    /// 10^fractionDigits` as `fractionDigits` digits without its trailing zeros; returns the number of bytes
    /// stored, or `nil` (storing nothing) when the number is beyond what it takes: an integer part of 10^8 or more
    /// with more than 8 fraction digits, which ``roundTripDigits(_:)`` never gives (its digits are below 10^17).
    ///
    /// The fraction is scaled to 8, 16 or 19 digits and stored as whole words of ASCII digits
    /// (``eightDigits(_:)``); its trailing zeros are the last word's top bytes equal to `0`, found with one count
    /// of leading zero bits. Bytes past the returned length may be stored, 29 bytes from `output` at most (a sign,
    /// up to eight integer digits, a point and 19 fraction digits; or a sign, up to sixteen integer digits, a point
    /// and a word of eight), inside the room a number reserves (``maximumNumberLength``); what follows overwrites
    /// them.
    ///
    /// - Parameters:
    ///   - integerPart: The whole part, below 10^16 and below `digits / 10^fractionDigits + 1`.
    ///   - digits: The decimal's digits, `integerPart` followed by the fraction's (a fraction above zero).
    ///   - fractionDigits: 1...19.
    @_transparent
    static func writeFraction(
        integerPart: UInt64, digits: UInt64, fractionDigits: Int, isNegative: Bool,
        into output: UnsafeMutablePointer<UInt8>
    ) -> Int? {
        let integerIsLong = integerPart >= 100_000_000
        if integerIsLong, fractionDigits > 8 { return nil }
        var position = UnsafeMutableRawPointer(output)
        if isNegative {
            position.storeBytes(of: UInt8(ascii: "-"), as: UInt8.self)
            position += 1
        }
        if integerPart < 10_000 {
            // Most numbers of an answer (a column's x and width, a cell's height): the integer part from the digit
            // pairs, without an eight-digit word and the count of its leading zeros.
            position += Self.storeSmall(
                UInt32(truncatingIfNeeded: integerPart), at: position.assumingMemoryBound(to: UInt8.self))
        } else if !integerIsLong {
            // 10^4 to 10^8 (a long list's y): the leading 1 to 4 digits from the pairs, then exactly four.
            let leading = integerPart / 10_000
            position += Self.storeSmall(
                UInt32(truncatingIfNeeded: leading), at: position.assumingMemoryBound(to: UInt8.self))
            position.storeBytes(
                of: Self.fourDigits(UInt32(truncatingIfNeeded: integerPart &- leading &* 10_000)), as: UInt32.self)
            position += 4
        } else {
            // 10^8 and more: a word for the leading digits (below 10^8, since the part is below 2^53), then eight.
            let leading = integerPart / 100_000_000
            let leadingWord = Self.eightDigits(leading)
            // The word's leading zeros are its low bytes equal to `0`.
            let zeros = (leadingWord ^ 0x3030_3030_3030_3030).trailingZeroBitCount &>> 3
            position.storeBytes(of: leadingWord &>> UInt64(zeros &<< 3), as: UInt64.self)
            position += 8 &- zeros
            position.storeBytes(of: Self.eightDigits(integerPart &- leading &* 100_000_000), as: UInt64.self)
            position += 8
        }
        position.storeBytes(of: UInt8(ascii: "."), as: UInt8.self)
        position += 1
        let fraction = digits &- integerPart &* Self.powerOfTen(fractionDigits)
        return position - UnsafeMutableRawPointer(output)
            + Self.storeFraction(fraction, digits: fractionDigits, at: position)
    }

    /// Stores `fraction` as `count` (1...19) digits, leading zeros included and trailing zeros dropped, in whole
    /// words (up to 19 bytes from `output`); returns the number of digits kept. `fraction` is above zero.
    @_transparent
    private static func storeFraction(_ fraction: UInt64, digits count: Int, at output: UnsafeMutableRawPointer)
        -> Int
    {
        /// The number of digits in the word `word` (ASCII digits, first in the lowest byte) up to its last nonzero.
        @inline(__always) func kept(_ word: UInt64) -> Int {
            8 &- ((word ^ 0x3030_3030_3030_3030).leadingZeroBitCount &>> 3)
        }
        if count <= 8 {
            let word = Self.eightDigits(fraction &* Self.powerOfTen(8 &- count))
            output.storeBytes(of: word, as: UInt64.self)
            return kept(word)
        }
        if count <= 16 {
            let padded = fraction &* Self.powerOfTen(16 &- count)
            let high = padded / 100_000_000
            let low = padded &- high &* 100_000_000
            let highWord = Self.eightDigits(high)
            let lowWord = Self.eightDigits(low)
            output.storeBytes(of: highWord, as: UInt64.self)
            output.storeBytes(of: lowWord, toByteOffset: 8, as: UInt64.self)
            return low == 0 ? kept(highWord) : 8 &+ kept(lowWord)
        }
        // 17 to 19 digits (values below 1/2): three leading digits, then two words.
        let padded = fraction &* Self.powerOfTen(19 &- count)
        let top = padded / 10_000_000_000_000_000
        let rest = padded &- top &* 10_000_000_000_000_000
        let high = rest / 100_000_000
        let low = rest &- high &* 100_000_000
        // `top`'s three digits are the last three bytes of its word; the bytes shifted in are zero, not `0`.
        let topWord = Self.eightDigits(top) &>> 40
        let highWord = Self.eightDigits(high)
        let lowWord = Self.eightDigits(low)
        output.storeBytes(of: topWord, as: UInt64.self)
        output.storeBytes(of: highWord, toByteOffset: 3, as: UInt64.self)
        output.storeBytes(of: lowWord, toByteOffset: 11, as: UInt64.self)
        if low != 0 { return 11 &+ kept(lowWord) }
        if high != 0 { return 3 &+ kept(highWord) }
        return 8 &- ((topWord ^ 0x30_3030).leadingZeroBitCount &>> 3)
    }
}
