extension JSONWriter {
    /// Writes a number as the shortest text that reads back to exactly the same `Double`.
    ///
    /// Integral values below 2^53 in magnitude, most coordinates, are written as integers (`120`, not `120.0`);
    /// `-0.0` is written `-0` to keep its sign. Values with up to three decimals that are exactly the double
    /// nearest to that decimal (`0.5`, `210.25`, `0.1`) are written digit by digit too. Both paths avoid any text
    /// conversion, and their output reads back exactly because a correct reader computes the same single IEEE
    /// division that was checked here. Other numbers from 2^-7 to 2^40 get their shortest digits from
    /// ``writeShortestDigits(_:isNegative:to:)``, the same as `description`'s without making a `String`, and a
    /// number written shortly before is copied from its earlier text (``RecentNumbers``). Everything else uses the
    /// standard library's shortest round-trip digits (`0.30000000000000004`, `1e-05`, `5e-324`,
    /// `1.7976931348623157e+308`).
    ///
    /// JSON has no NaN or infinity. A non-finite value is written as `null`, as JavaScript's `JSON.stringify` does,
    /// rather than trapping: the service validates its inputs so this should never happen, and an answer with a
    /// `null` is better than a crashed process. Callers that can produce one should check first.
    ///
    /// - Parameter double: The value.
    package mutating func value(_ double: Double) {
        let comma = self.takeSeparator()
        self.didWriteValue()
        if let decimal = Self.shortDecimal(double) {
            self.write(maximumCount: 24) { output in
                var written = 0
                if comma {
                    output[0] = UInt8(ascii: ",")
                    written = 1
                }
                return written
                    + Self.writeDecimal(
                        magnitude: decimal.magnitude,
                        fractionDigits: decimal.fractionDigits,
                        isNegative: decimal.isNegative,
                        to: output + written
                    )
            }
            return
        }
        if let (offset, length) = self.recentNumbers.lookUp(double) {
            // The earlier text lies `distance` bytes before the end of the output, wholly before it.
            let distance = self.count - offset
            self.write(maximumCount: length + 1) { output in
                var written = 0
                if comma {
                    output[0] = UInt8(ascii: ",")
                    written = 1
                }
                for index in 0..<length { output[written + index] = (output - distance)[index] }
                return written + length
            }
            return
        }
        let offset = self.count + (comma ? 1 : 0)
        var shortest = 0
        self.write(maximumCount: 50) { output in
            let start = comma ? 1 : 0
            let digits = output + start
            guard let count = Self.writeShortestDigits(double.magnitude, isNegative: double.sign == .minus, to: digits)
            else { return 0 }
            if comma { output[0] = UInt8(ascii: ",") }
            shortest = count
            return start + count
        }
        if shortest > 0 {
            self.recentNumbers.remember(double, offset: offset, length: shortest)
            return
        }
        var text = double.isFinite ? double.description : "null"
        let length = text.utf8.count
        text.withUTF8 { utf8 in
            self.write(maximumCount: utf8.count + 1) { output in
                var written = 0
                if comma {
                    output[0] = UInt8(ascii: ",")
                    written = 1
                }
                Self.copy(utf8, to: output + written)
                return written + utf8.count
            }
        }
        self.recentNumbers.remember(double, offset: offset, length: length)
    }

    /// Writes an integer.
    ///
    /// - Parameter int: The value.
    package mutating func value(_ int: Int) {
        let comma = self.takeSeparator()
        self.didWriteValue()
        self.write(maximumCount: 22) { output in
            var written = 0
            if comma {
                output[0] = UInt8(ascii: ",")
                written = 1
            }
            return written
                + Self.writeDecimal(
                    magnitude: UInt64(int.magnitude),
                    fractionDigits: 0,
                    isNegative: int < 0,
                    to: output + written
                )
        }
    }

    /// `double` as `±magnitude / 10^fractionDigits` with at most three fraction digits and `magnitude` < 2^53, when
    /// that decimal's nearest double is `double` itself; `nil` otherwise.
    @inline(__always)
    static func shortDecimal(_ double: Double) -> (magnitude: UInt64, fractionDigits: Int, isNegative: Bool)? {
        // Integer conversions rather than `rounded()`, which is a call into libm on baseline x86-64.
        let limit = 9_007_199_254_740_992.0
        let magnitude = double.magnitude
        guard magnitude < limit else { return nil }
        let integral = UInt64(magnitude)
        if Double(integral) == magnitude {
            return (integral, 0, double.sign == .minus)
        }
        var scale = 1.0
        for fractionDigits in 1...3 {
            scale *= 10
            let product = magnitude * scale
            guard product < limit else { return nil }
            // Round half up; a candidate off by one in a tie only fails the check below.
            var digits = UInt64(product + 0.5)
            if Double(digits) / scale == magnitude {
                var fractionDigits = fractionDigits
                while fractionDigits > 0, digits % 10 == 0 {
                    digits /= 10
                    fractionDigits -= 1
                }
                return (digits, fractionDigits, double.sign == .minus)
            }
        }
        return nil
    }

    /// Stores `-`, the digits of `magnitude` with a `.` before the last `fractionDigits` of them (zero-padded so
    /// that a digit precedes the point), and returns the number of bytes stored (at most 22).
    @inline(__always)
    static func writeDecimal(
        magnitude: UInt64,
        fractionDigits: Int,
        isNegative: Bool,
        to output: UnsafeMutablePointer<UInt8>
    ) -> Int {
        var digitCount = 1
        var probe = magnitude
        while probe >= 10 {
            probe /= 10
            digitCount += 1
        }
        digitCount = max(digitCount, fractionDigits + 1)
        let length = (isNegative ? 1 : 0) + digitCount + (fractionDigits > 0 ? 1 : 0)
        var position = length - 1
        var remaining = magnitude
        for index in 0..<digitCount {
            if fractionDigits > 0, index == fractionDigits {
                output[position] = UInt8(ascii: ".")
                position -= 1
            }
            let (quotient, digit) = remaining.quotientAndRemainder(dividingBy: 10)
            output[position] = UInt8(ascii: "0") &+ UInt8(truncatingIfNeeded: digit)
            position -= 1
            remaining = quotient
        }
        if isNegative { output[0] = UInt8(ascii: "-") }
        return length
    }
}
