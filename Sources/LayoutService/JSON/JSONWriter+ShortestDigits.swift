extension JSONWriter {
    /// Writes the shortest digits that read back to `magnitude` (positive, not integral), exactly as
    /// `Double.description` writes them, straight into `output`; returns the bytes written, or `nil` when the number
    /// is outside the range this handles (then the caller uses `description`).
    ///
    /// The range is 2^-7 ≤ `magnitude` < 2^40, where coordinates of layouts live: there the number is
    /// `2m / 2^s` with `s` ≤ 60, so its exact fraction, and the half-ulp margins around it, are integers over a power
    /// of two that fit in 64 bits even times ten. Digits come one at a time (Steele and White's free-format
    /// algorithm): the first that leaves the fraction within the margins (rounded down or up, the nearer) ends the
    /// number. The integer part is always written whole: below 2^40 an ulp is under 1, and an integer inside the
    /// margins would be the number itself. Whenever the choice would depend on a tie or a boundary, where the two
    /// algorithms might break it differently, this gives up (`nil`), as it does for powers of two, whose lower
    /// margin is half as wide. A test checks the result against `description` over many numbers.
    ///
    /// - Parameters:
    ///   - magnitude: The number's magnitude.
    ///   - isNegative: Whether to write a `-` first.
    ///   - output: At least 32 writable bytes.
    /// - Returns: The number of bytes written, or `nil`.
    package static func writeShortestDigits(
        _ magnitude: Double,
        isNegative: Bool,
        to output: UnsafeMutablePointer<UInt8>
    ) -> Int? {
        guard magnitude >= 0x1p-7, magnitude < 0x1p40 else { return nil }
        let significand = magnitude.significandBitPattern | (1 << 52)
        guard significand != 1 << 52 else { return nil }
        // magnitude = significand · 2^q; as 2·significand / 2^s with s = 1 − q, the margins are 1 / 2^s.
        let shift = UInt64(1 - (Int(magnitude.exponent) - 52))
        guard shift <= 60 else { return nil }
        let numerator = significand << 1
        let integral = numerator >> shift
        let scale: UInt64 = 1 << shift
        let mask = scale - 1
        var fraction = numerator & mask
        guard fraction != 0 else { return nil }
        var margin: UInt64 = 1
        var digits: (UInt64, UInt64) = (0, 0)  // up to 32 fraction digits, 16 per word, most significant first
        var count = 0
        while true {
            fraction &*= 10
            margin &*= 10
            var digit = fraction >> shift
            fraction &= mask
            // No overflow: once margin reaches scale (≤ 2^60) the fraction is below it and the loop ends, so
            // margin stays under 10 · 2^60 and fraction + margin under 2^64.
            guard fraction != margin, fraction &+ margin != scale else { return nil }
            let isLowEnough = fraction < margin
            let isHighEnough = fraction &+ margin > scale
            var isLast = false
            if isLowEnough || isHighEnough {
                isLast = true
                if isLowEnough && isHighEnough {
                    guard fraction << 1 != scale else { return nil }
                    if fraction << 1 > scale { digit += 1 }
                } else if isHighEnough {
                    digit += 1
                }
                guard digit < 10 else { return nil }
            }
            guard count < 32 else { return nil }
            if count < 16 { digits.0 = digits.0 &* 10 &+ digit } else { digits.1 = digits.1 &* 10 &+ digit }
            count += 1
            if isLast { break }
        }
        var written = 0
        if isNegative {
            output[0] = UInt8(ascii: "-")
            written = 1
        }
        written += Self.writeDecimal(magnitude: integral, fractionDigits: 0, isNegative: false, to: output + written)
        output[written] = UInt8(ascii: ".")
        written += 1
        let first = Swift.min(count, 16)
        Self.writeFixedDigits(digits.0, count: first, to: output + written)
        written += first
        if count > 16 {
            Self.writeFixedDigits(digits.1, count: count - 16, to: output + written)
            written += count - 16
        }
        return written
    }

    /// Stores `value` as exactly `count` digits, leading zeros included.
    @inline(__always)
    private static func writeFixedDigits(_ value: UInt64, count: Int, to output: UnsafeMutablePointer<UInt8>) {
        var remaining = value
        var position = count - 1
        while position >= 0 {
            let (quotient, digit) = remaining.quotientAndRemainder(dividingBy: 10)
            output[position] = UInt8(ascii: "0") &+ UInt8(truncatingIfNeeded: digit)
            remaining = quotient
            position -= 1
        }
    }
}
