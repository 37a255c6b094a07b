extension JSONWriter {
    /// Writes a number as the shortest text that reads back to exactly the same `Double`.
    ///
    /// Integral values below 2^53 in magnitude, most coordinates, are written as integers (`120`, not `120.0`)
    /// without going through text conversion; `-0.0` is written `-0` to keep its sign. Other values use the
    /// standard library's shortest round-trip digits (`0.1`, `1e-05`, `5e-324`, `1.7976931348623157e+308`).
    ///
    /// JSON has no NaN or infinity. A non-finite value is written as `null`, as JavaScript's `JSON.stringify` does,
    /// rather than trapping: the service validates its inputs so this should never happen, and an answer with a
    /// `null` is better than a crashed process. Callers that can produce one should check first.
    ///
    /// - Parameter double: The value.
    package mutating func value(_ double: Double) {
        self.separate()
        self.didWriteValue()
        if double.magnitude < 9_007_199_254_740_992, double == double.rounded(.towardZero) {
            if double == 0, double.sign == .minus {
                self.bytes.append(UInt8(ascii: "-"))
                self.bytes.append(UInt8(ascii: "0"))
            } else {
                self.appendInteger(Int(double))
            }
            return
        }
        guard double.isFinite else {
            self.appendLiteral("null")
            return
        }
        var text = double.description
        text.withUTF8 { self.bytes.append(contentsOf: $0) }
    }

    /// Writes an integer.
    ///
    /// - Parameter int: The value.
    package mutating func value(_ int: Int) {
        self.separate()
        self.didWriteValue()
        self.appendInteger(int)
    }

    /// Appends the decimal digits of `int`.
    @inline(__always)
    mutating func appendInteger(_ int: Int) {
        if int < 0 { self.bytes.append(UInt8(ascii: "-")) }
        var magnitude = int.magnitude
        if magnitude < 10 {
            self.bytes.append(UInt8(ascii: "0") &+ UInt8(truncatingIfNeeded: magnitude))
            return
        }
        var digitCount = 1
        var probe = magnitude
        while probe >= 10 {
            probe /= 10
            digitCount += 1
        }
        let end = self.bytes.count + digitCount
        self.bytes.append(contentsOf: repeatElement(UInt8(ascii: "0"), count: digitCount))
        var index = end
        while magnitude > 0 {
            index -= 1
            let (quotient, remainder) = magnitude.quotientAndRemainder(dividingBy: 10)
            self.bytes[index] = UInt8(ascii: "0") &+ UInt8(truncatingIfNeeded: remainder)
            magnitude = quotient
        }
    }
}
