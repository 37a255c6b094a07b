extension JSONWriter {
    /// Writes a number as the shortest text that reads back to exactly the same `Double`.
    ///
    /// Integral values below 2^53 in magnitude, most coordinates, are written as integers (`120`, not `120.0`);
    /// `-0.0` is written `-0` to keep its sign. Other values between 0.001 and 2^53 in magnitude get the shortest
    /// digits that read back exactly, the same digits as `description`, computed in integers
    /// (``roundTripDigits(_:)``) and stored straight into the output a word at a time
    /// (``writeFraction(integerPart:digits:fractionDigits:isNegative:into:)``). Everything else uses the standard
    /// library's shortest round-trip digits (`1e-05`, `5e-324`, `1.7976931348623157e+308`). A non-integral number
    /// written shortly before (a column's `x` and `width`, a row's `y` and `height`) is copied from its earlier text
    /// instead (``RecentNumbers``).
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
