/// A JSON number's grammar checked and its digits gathered, before conversion to `Double` or `Int`.
///
/// The significand keeps up to 19 significant digits, which always fit a `UInt64`; the number's value is
/// `significand × 10^exponent` unless ``isTruncated``.
struct JSONNumber {
    /// The offset of the number's first byte.
    var start = 0
    /// The offset just after the number.
    var end = 0
    /// Up to 19 significant digits.
    var significand: UInt64 = 0
    /// The power of ten to scale ``significand`` by.
    var exponent = 0
    /// Whether the number starts with `-`.
    var isNegative = false
    /// Whether the number has neither a fraction nor an exponent.
    var isInteger = true
    /// Whether a non-zero digit beyond the 19th was dropped, so that only a full conversion is exact.
    var isTruncated = false
    /// The offset of a grammar violation, or `-1`; ``failureMessage`` says what it is.
    var failureOffset = -1
    /// What violates the grammar at ``failureOffset``.
    var failureMessage: StaticString = ""

    /// Scans the number that starts at `start` (a `-` or a digit) per RFC 8259's grammar.
    ///
    /// - Parameters:
    ///   - buffer: The document.
    ///   - start: The number's first byte.
    /// - Returns: The scanned number, or one whose ``failure`` says where the grammar broke.
    static func scan(_ buffer: UnsafeBufferPointer<UInt8>, from start: Int) -> JSONNumber {
        var number = JSONNumber()
        number.start = start
        var index = start
        let count = buffer.count
        @inline(__always) func digit(at index: Int) -> UInt64? {
            guard index < count else { return nil }
            let value = buffer[index] &- UInt8(ascii: "0")
            return value < 10 ? UInt64(value) : nil
        }
        if buffer[index] == UInt8(ascii: "-") {
            number.isNegative = true
            index += 1
        }
        guard let first = digit(at: index) else {
            number.failureOffset = index
            number.failureMessage = "expected a digit after '-'"
            return number
        }
        var digits = 0
        if first == 0 {
            index += 1
            if digit(at: index) != nil {
                number.failureOffset = index - 1
                number.failureMessage = "leading zeros are not allowed"
                return number
            }
        } else {
            while let value = digit(at: index) {
                if digits < 19 {
                    number.significand = number.significand &* 10 &+ value
                    digits += 1
                } else {
                    number.exponent += 1
                    if value != 0 { number.isTruncated = true }
                }
                index += 1
            }
        }
        if index < count, buffer[index] == UInt8(ascii: ".") {
            number.isInteger = false
            index += 1
            guard digit(at: index) != nil else {
                number.failureOffset = index
                number.failureMessage = "expected a digit after '.'"
                return number
            }
            while let value = digit(at: index) {
                if number.significand == 0, value == 0 {
                    number.exponent -= 1
                } else if digits < 19 {
                    number.significand = number.significand &* 10 &+ value
                    digits += 1
                    number.exponent -= 1
                } else if value != 0 {
                    number.isTruncated = true
                }
                index += 1
            }
        }
        if index < count, buffer[index] == UInt8(ascii: "e") || buffer[index] == UInt8(ascii: "E") {
            number.isInteger = false
            index += 1
            var isNegativeExponent = false
            if index < count, buffer[index] == UInt8(ascii: "+") || buffer[index] == UInt8(ascii: "-") {
                isNegativeExponent = buffer[index] == UInt8(ascii: "-")
                index += 1
            }
            guard digit(at: index) != nil else {
                number.failureOffset = index
                number.failureMessage = "expected a digit in the exponent"
                return number
            }
            var exponent = 0
            while let value = digit(at: index) {
                // Beyond this any double is 0 or infinite; capping keeps the arithmetic from overflowing.
                if exponent < 100_000_000 { exponent = exponent * 10 + Int(value) }
                index += 1
            }
            number.exponent += isNegativeExponent ? -exponent : exponent
        }
        number.end = index
        return number
    }

    /// Reads the commonest numbers, `-?(0|[1-9][0-9]*)(\.[0-9]+)?` with at most 15 digits in all, eight digits at
    /// a time (``readSimpleUnchecked(_:from:)``) or, in a document's last bytes, one at a time; returns the value
    /// and the offset after the number, or `nil` for anything else (exponents, long or malformed numbers), which
    /// ``scan(_:from:)`` then handles.
    ///
    /// Fifteen digits keep the significand below 2^53 and the scale at most 10^15, so the one IEEE division (or
    /// none) is correctly rounded: Clinger's fast path.
    @inline(__always)
    static func readSimple(_ buffer: UnsafeBufferPointer<UInt8>, from start: Int) -> (Double, Int)? {
        if start &+ Self.swarMargin <= buffer.count, let base = buffer.baseAddress {
            return Self.readSimpleUnchecked(base, from: start)
        }
        var index = start
        let count = buffer.count
        let isNegative = index < count && buffer[index] == UInt8(ascii: "-")
        if isNegative { index += 1 }
        let integerStart = index
        var significand: UInt64 = 0
        while index < count {
            let digit = buffer[index] &- UInt8(ascii: "0")
            guard digit < 10 else { break }
            significand = significand &* 10 &+ UInt64(digit)
            index += 1
        }
        let integerDigits = index - integerStart
        guard integerDigits > 0, integerDigits <= 15 else { return nil }
        if integerDigits > 1, buffer[integerStart] == UInt8(ascii: "0") { return nil }
        var fractionDigits = 0
        if index < count, buffer[index] == UInt8(ascii: ".") {
            index += 1
            let fractionStart = index
            while index < count {
                let digit = buffer[index] &- UInt8(ascii: "0")
                guard digit < 10 else { break }
                significand = significand &* 10 &+ UInt64(digit)
                index += 1
            }
            fractionDigits = index - fractionStart
            guard fractionDigits > 0, integerDigits + fractionDigits <= 15 else { return nil }
        }
        if index < count, buffer[index] | 0x20 == UInt8(ascii: "e") { return nil }
        var value = Double(Int64(truncatingIfNeeded: significand))  // below 10^15: exact
        if fractionDigits > 0 { value /= Self.powersOfTen[fractionDigits] }
        return (isNegative ? -value : value, index)
    }

    /// The correctly rounded value when Clinger's fast path applies, else `nil`.
    ///
    /// With a significand below 2^53 and a power of ten that is itself an exact double (10^0…10^22), the product or
    /// quotient of two exact doubles is rounded once by IEEE arithmetic, so it is the correctly rounded result.
    var fastDouble: Double? {
        if self.significand == 0 { return self.isNegative ? -0.0 : 0.0 }
        guard !self.isTruncated, self.significand <= 1 << 53 else { return nil }
        var value = Double(self.significand)
        let exponent = self.exponent
        if exponent == 0 {
            // Exact already.
        } else if exponent > 0 && exponent <= 22 {
            value *= Self.powersOfTen[exponent]
        } else if exponent < 0 && exponent >= -22 {
            value /= Self.powersOfTen[-exponent]
        } else if exponent > 22 && exponent <= 22 + 15 {
            // 123e25 = (123 × 10^3) × 10^22, exact while the first product stays below 2^53.
            let (scaled, overflow) = self.significand.multipliedReportingOverflow(
                by: Self.integerPowersOfTen[exponent - 22]
            )
            guard !overflow, scaled <= 1 << 53 else { return nil }
            value = Double(scaled) * 1e22
        } else {
            return nil
        }
        return self.isNegative ? -value : value
    }

    /// The exact value as an `Int`, or `nil` if the number has a fraction or exponent or lies outside `Int`'s range.
    var exactInt: Int? {
        guard self.isInteger, self.exponent == 0, !self.isTruncated else { return nil }
        if self.isNegative {
            guard self.significand <= UInt64(Int.max) + 1 else { return nil }
            return Int(truncatingIfNeeded: 0 &- self.significand)
        }
        guard self.significand <= UInt64(Int.max) else { return nil }
        return Int(self.significand)
    }

    /// 10^0…10^22, each exactly a double.
    static let powersOfTen: [Double] = [
        1e0, 1e1, 1e2, 1e3, 1e4, 1e5, 1e6, 1e7, 1e8, 1e9, 1e10, 1e11,
        1e12, 1e13, 1e14, 1e15, 1e16, 1e17, 1e18, 1e19, 1e20, 1e21, 1e22,
    ]

    /// 10^0…10^15.
    static let integerPowersOfTen: [UInt64] = [
        1, 10, 100, 1_000, 10_000, 100_000, 1_000_000, 10_000_000, 100_000_000, 1_000_000_000, 10_000_000_000,
        100_000_000_000, 1_000_000_000_000, 10_000_000_000_000, 100_000_000_000_000, 1_000_000_000_000_000,
    ]
}
