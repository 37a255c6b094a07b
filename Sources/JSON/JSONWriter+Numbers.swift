extension JSONWriter {
    /// Writes a number as the shortest text that reads back to exactly the same `Double`.
    ///
    /// Integral values below 2^53 in magnitude, most coordinates, are written as integers (`120`, not `120.0`);
    /// `-0.0` is written `-0` to keep its sign. Other values between 0.001 and 2^53 in magnitude get the shortest
    /// digits that read back exactly, the same digits as `description`, computed in integers straight into the
    /// output (``shortestFraction(_:)``). Everything else uses the standard library's shortest round-trip digits
    /// (`1e-05`, `5e-324`, `1.7976931348623157e+308`). A non-integral number written shortly before (a column's
    /// `x` and `width`, a row's `y` and `height`) is copied from its earlier text instead (``RecentNumbers``).
    ///
    /// JSON has no NaN or infinity. A non-finite value is written as `null`, as JavaScript's `JSON.stringify` does,
    /// rather than trapping: the service validates its inputs so this should never happen, and an answer with a
    /// `null` is better than a crashed process. Callers that can produce one should check first.
    ///
    /// - Parameter double: The value.
    public mutating func value(_ double: Double) {
        self.writeValue(maximumLength: Self.maximumNumberLength) { cursor, recent in
            cursor.put(double, recent: &recent)
        }
    }

    /// Writes an integer.
    ///
    /// - Parameter int: The value.
    public mutating func value(_ int: Int) {
        self.writeValue(maximumLength: Self.maximumNumberLength) { cursor, _ in cursor.put(int) }
    }

    /// The shortest decimal `digits / 10^fractionDigits` that reads back as `magnitude`, and of those the nearest,
    /// for a non-integral `magnitude` in [0.001, 2^53): what `description` prints, without making a `String`.
    ///
    /// The value is exactly `4m / 2^s` for its significand `m`, and every decimal strictly between its neighbours'
    /// midpoints (`(4m ± 2) / 2^s`, the lower one closer for a power of two) reads back as the value; a midpoint
    /// itself does when `m` is even, as readers round ties to even. Everything is exact in integers: numerators
    /// below 2^56 times powers of ten below 2^64. With `k` fraction digits, the decimals inside the interval are
    /// `first…last` (in units of 10^-k); those with `k − j` digits are the multiples of 10^j among them. `k` is
    /// taken just large enough that the interval holds one (10^-k below the gap between neighbours), then `j` grows
    /// while a multiple of 10^j remains: the shortest. `nil` in the rare case that needs more than 19 digits.
    ///
    /// - Complexity: O(1): three 64-bit multiplications for most values, a few more for values with few digits.
    static func shortestFraction(_ magnitude: Double) -> (digits: UInt64, fractionDigits: Int)? {
        let significand = magnitude.significandBitPattern | (1 << 52)
        let exponent = Int(magnitude.exponentBitPattern) - 1075  // magnitude = significand · 2^exponent, -62...-1
        let value = significand << 2
        let bounds = Bounds(
            low: magnitude.significandBitPattern == 0 ? value - 1 : value - 2,
            high: value + 2,
            inclusive: significand & 1 == 0,
            shift: UInt64(2 - exponent)
        )
        // 10^-k is below the gap between neighbours, 2^exponent, once k > -exponent·log10(2): that many digits
        // always fit but below a power of two, where the gap under the value is half as wide.
        var fractionDigits = ((-exponent) &* 78_913) >> 18 + 1
        var found = bounds.candidates(fractionDigits: fractionDigits)
        while found == nil, fractionDigits < 19 {
            fractionDigits += 1
            found = bounds.candidates(fractionDigits: fractionDigits)
        }
        guard let (first, last) = found, let scaled = bounds.scaled(value, fractionDigits: fractionDigits) else {
            return nil
        }
        // Drop digits while a multiple of 10^dropped remains inside (usually one check, with a constant divisor).
        var dropped = 0
        if fractionDigits > 1, (first + 9) / 10 * 10 <= last {
            dropped = 1
            while dropped < fractionDigits - 1 {
                let power = Self.powerOfTen(dropped + 1)
                guard Self.divide(first + power - 1, byPowerOfTen: dropped + 1) * power <= last else { break }
                dropped += 1
            }
        }
        // The nearest multiple of `unit` to the exact value, `quotient + remainder / 2^shift`, a tie going to the
        // even one (as `description` does: `.25` lies as near `.2` as `.3`).
        let unit = Self.powerOfTen(dropped)
        let nearest: UInt64
        if dropped == 0 {
            let half: UInt64 = 1 &<< (bounds.shift &- 1)
            let up = scaled.remainder > half || (scaled.remainder == half && scaled.quotient & 1 == 1)
            nearest = up ? scaled.quotient &+ 1 : scaled.quotient
        } else {
            // `unit` is even, so comparing twice the whole part below it with `unit` decides (the fraction
            // `remainder / 2^shift` matters only at equality).
            let whole = Self.divide(scaled.quotient, byPowerOfTen: dropped)
            let part = scaled.quotient &- whole &* unit
            let twice = part &* 2
            let tie = twice == unit && scaled.remainder == 0
            let up = twice > unit || (twice == unit && scaled.remainder > 0) || (tie && whole & 1 == 1)
            nearest = up ? whole &+ 1 : whole
        }
        let lowest = Self.divide(first + unit - 1, byPowerOfTen: dropped)
        let highest = Self.divide(last, byPowerOfTen: dropped)
        return (min(max(nearest, lowest), highest), fractionDigits - dropped)
    }

    /// ``shortestFraction(_:)``'s answer for the commonest non-integral values, those with at most three fraction
    /// digits (`0.5`, `12.25`, `210.125`) below 10^11, in a few floating-point operations; `nil` for the rest.
    ///
    /// For `k` = 1, 2, 3: `n`, the nearest integer to `magnitude · 10^k`, is the decimal `n / 10^k` that reads back
    /// as `magnitude` exactly when `n / 10^k == magnitude` (a division of exact doubles, rounded once, as the reader
    /// rounds). Below 10^11, `magnitude · 10^k` stays under 2^50: the rounded product is within 1/16 of the exact
    /// one, so `n` is the only candidate with `k` digits, and the gap between neighbouring doubles is under a
    /// quarter of 10^-k, so at most one `k`-digit decimal reads back as the value.
    ///
    /// Only `k` = 3 is tried: a decimal with fewer digits that reads back is, padded with zeros, a 3-digit one
    /// that reads back, so it is that one, `n`, and its trailing zeros say how short it is. Most numbers of an
    /// answer that get here have 15 to 17 digits, and are declined after one check instead of three.
    @inline(__always)
    static func shortDecimal(_ magnitude: Double) -> (digits: UInt64, fractionDigits: Int)? {
        guard magnitude < 1e11 else { return nil }
        // `UInt64(x + 0.5)` rounds as `rounded()` does whenever it matters (when `n` reads back the product is
        // within 1/16 of it), and is a conversion where `rounded()` is a call into libm (the baseline x86-64 has
        // no rounding instruction).
        let thousandths = UInt64(magnitude * 1000 + 0.5)
        guard Double(thousandths) / 1000 == magnitude else { return nil }
        if thousandths % 100 == 0 { return (thousandths / 100, 1) }
        if thousandths % 10 == 0 { return (thousandths / 10, 2) }
        return (thousandths, 3)
    }

    /// The interval of decimals that read back as one value, as numerators over `2^shift`.
    private struct Bounds {
        let low: UInt64
        let high: UInt64
        let inclusive: Bool
        /// 3...64.
        let shift: UInt64

        /// The first and last numerators `n` of decimals `n / 10^fractionDigits` inside the interval; `nil` when
        /// there is none (or, never for the values taken here, when they would not fit in 64 bits).
        @inline(__always)
        func candidates(fractionDigits: Int) -> (first: UInt64, last: UInt64)? {
            let scale = JSONWriter.powerOfTen(fractionDigits)
            guard let low = self.divide(self.low.multipliedFullWidth(by: scale)),
                let high = self.divide(self.high.multipliedFullWidth(by: scale))
            else { return nil }
            let first = low.remainder == 0 && self.inclusive ? low.quotient : low.quotient &+ 1
            let last = high.remainder == 0 && !self.inclusive ? high.quotient &- 1 : high.quotient
            return first <= last ? (first, last) : nil
        }

        /// `value · 10^fractionDigits / 2^shift` as a quotient and remainder.
        @inline(__always)
        func scaled(_ value: UInt64, fractionDigits: Int) -> (quotient: UInt64, remainder: UInt64)? {
            self.divide(value.multipliedFullWidth(by: JSONWriter.powerOfTen(fractionDigits)))
        }

        /// `product / 2^shift` and its remainder, or `nil` when the quotient needs more than 64 bits.
        @inline(__always)
        private func divide(_ product: (high: UInt64, low: UInt64)) -> (quotient: UInt64, remainder: UInt64)? {
            if self.shift == 64 { return (product.high, product.low) }
            guard product.high &>> self.shift == 0 else { return nil }
            let quotient = product.high &<< (64 &- self.shift) | product.low &>> self.shift
            return (quotient, product.low & ((1 &<< self.shift) &- 1))
        }
    }

    /// `value / 10^exponent` for `exponent` in 0...19, each case a division by a constant, which compiles to a
    /// multiplication: a division by a variable costs several times as much.
    @inline(__always)
    static func divide(_ value: UInt64, byPowerOfTen exponent: Int) -> UInt64 {
        switch exponent {
        case 0: value
        case 1: value / 10
        case 2: value / 100
        case 3: value / 1_000
        case 4: value / 10_000
        case 5: value / 100_000
        case 6: value / 1_000_000
        case 7: value / 10_000_000
        case 8: value / 100_000_000
        case 9: value / 1_000_000_000
        case 10: value / 10_000_000_000
        case 11: value / 100_000_000_000
        case 12: value / 1_000_000_000_000
        case 13: value / 10_000_000_000_000
        case 14: value / 100_000_000_000_000
        case 15: value / 1_000_000_000_000_000
        case 16: value / 10_000_000_000_000_000
        case 17: value / 100_000_000_000_000_000
        case 18: value / 1_000_000_000_000_000_000
        default: value / 10_000_000_000_000_000_000
        }
    }

    /// 10^`exponent` for `exponent` in 0...19.
    @inline(__always)
    static func powerOfTen(_ exponent: Int) -> UInt64 {
        switch exponent {
        case 0: 1
        case 1: 10
        case 2: 100
        case 3: 1_000
        case 4: 10_000
        case 5: 100_000
        case 6: 1_000_000
        case 7: 10_000_000
        case 8: 100_000_000
        case 9: 1_000_000_000
        case 10: 10_000_000_000
        case 11: 100_000_000_000
        case 12: 1_000_000_000_000
        case 13: 10_000_000_000_000
        case 14: 100_000_000_000_000
        case 15: 1_000_000_000_000_000
        case 16: 10_000_000_000_000_000
        case 17: 100_000_000_000_000_000
        case 18: 1_000_000_000_000_000_000
        default: 10_000_000_000_000_000_000
        }
    }

    /// Stores `-` if `isNegative`, the digits of `integerPart`, and unless `fractionDigits` is 0 a `.` and
    /// `fraction` as exactly `fractionDigits` digits (leading zeros included); returns the number of bytes stored
    /// (at most 31). It may store up to 7 more bytes past them, within the room a number reserves
    /// (``maximumNumberLength``); what follows overwrites them.
    @usableFromInline @inline(__always)
    static func writeDecimal(
        integerPart: UInt64,
        fraction: UInt64,
        fractionDigits: Int,
        isNegative: Bool,
        to output: UnsafeMutablePointer<UInt8>
    ) -> Int {
        if integerPart < 10, fractionDigits == 0, !isNegative {
            // 0 and 1 (zIndex, alpha, a first section) are most of the numbers of an answer.
            output[0] = UInt8(ascii: "0") &+ UInt8(truncatingIfNeeded: integerPart)
            return 1
        }
        if integerPart < 100_000_000, fractionDigits <= 16 {
            return Self.writeDecimalByWords(
                integerPart, fraction, digits: fractionDigits, negative: isNegative, into: output)
        }
        let integerDigits = Self.decimalDigitCount(integerPart)
        let sign = isNegative ? 1 : 0
        let length = sign + integerDigits + (fractionDigits > 0 ? 1 + fractionDigits : 0)
        if isNegative { output[0] = UInt8(ascii: "-") }
        Self.storeDigits(integerPart, count: integerDigits, endingAt: output + sign + integerDigits)
        if fractionDigits > 0 {
            output[sign + integerDigits] = UInt8(ascii: ".")
            Self.storeDigits(fraction, count: fractionDigits, endingAt: output + length)
        }
        return length
    }

    /// The number of decimal digits of `value`, at least one.
    @inline(__always)
    static func decimalDigitCount(_ value: UInt64) -> Int {
        // log10(2) ≈ 1233 / 4096: an estimate from the bit length, then one correction.
        let bits = 64 - (value | 1).leadingZeroBitCount
        let estimate = (bits &* 1233) >> 12
        return max(1, estimate + (value >= Self.powerOfTen(estimate) ? 1 : 0))
    }

    /// Stores the last `count` decimal digits of `value`, leading zeros included, in the bytes before `end`, two
    /// at a time.
    @inline(__always)
    private static func storeDigits(_ value: UInt64, count: Int, endingAt end: UnsafeMutablePointer<UInt8>) {
        let pairs = Self.digitPairText.utf8Start
        var remaining = value
        var position = end
        var left = count
        while left >= 2 {
            let (quotient, pair) = remaining.quotientAndRemainder(dividingBy: 100)
            position -= 2
            position[0] = pairs[Int(pair) &* 2]
            position[1] = pairs[Int(pair) &* 2 &+ 1]
            remaining = quotient
            left -= 2
        }
        if left == 1 {
            (position - 1).pointee = UInt8(ascii: "0") &+ UInt8(truncatingIfNeeded: remaining % 10)
        }
    }
}
