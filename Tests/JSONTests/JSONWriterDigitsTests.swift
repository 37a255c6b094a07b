@testable import JSON
import Testing

/// The writer's digit paths that store whole words (`storeSmall`, `eightDigits`, `writeDecimalByWords`) write
/// exactly the text the digit-by-digit path wrote before them, for every length they take.
@Suite struct JSONWriterDigitsTests {
    /// `writeDecimal`'s contract spelled by the standard library: sign, integer part, point, zero-padded fraction.
    static func reference(integerPart: UInt64, fraction: UInt64, fractionDigits: Int, isNegative: Bool) -> String {
        var text = (isNegative ? "-" : "") + integerPart.description
        if fractionDigits > 0 {
            let digits = fraction.description
            text += "." + String(repeating: "0", count: fractionDigits - digits.count) + digits
        }
        return text
    }

    /// `writeDecimal`'s text, written into a buffer that has the room a number reserves.
    static func written(integerPart: UInt64, fraction: UInt64, fractionDigits: Int, isNegative: Bool) -> String {
        // Room for the longest combination tested (the older path stores exactly the text).
        var buffer = [UInt8](repeating: 0xFF, count: 64)
        let length = buffer.withUnsafeMutableBufferPointer { buffer in
            JSONWriter.writeDecimal(
                integerPart: integerPart,
                fraction: fraction,
                fractionDigits: fractionDigits,
                isNegative: isNegative,
                to: buffer.baseAddress!
            )
        }
        return String(decoding: buffer[..<length], as: UTF8.self)
    }

    @Test func everyNumberBelowTenThousandIsStoredAsItsDescription() {
        var buffer = [UInt8](repeating: 0, count: 8)
        for value in UInt32(0)..<10_000 {
            let length = buffer.withUnsafeMutableBufferPointer { JSONWriter.storeSmall(value, at: $0.baseAddress!) }
            #expect(String(decoding: buffer[..<length], as: UTF8.self) == value.description)
        }
    }

    @Test func eightDigitsAreTheZeroPaddedDescription() {
        var generator = SeededGenerator(seed: 0xD161)
        var values: [UInt64] = [0, 1, 9, 10, 99, 100, 9_999, 10_000, 10_001, 99_999_999, 12_345_678, 90_000_009]
        for exponent in 0..<8 {
            var power: UInt64 = 1
            for _ in 0..<exponent { power *= 10 }
            values += [power, power - 1, power + 1, power * 9, power * 5 + 4]
        }
        for _ in 0..<200_000 { values.append(UInt64.random(in: 0..<100_000_000, using: &generator)) }
        for value in values {
            let word = JSONWriter.eightDigits(value)
            let text = String(decoding: (0..<8).map { UInt8(truncatingIfNeeded: word >> (8 * $0)) }, as: UTF8.self)
            let description = value.description
            #expect(text == String(repeating: "0", count: 8 - description.count) + description, "\(value)")
        }
    }

    /// Every integer length (1 to 20 digits) with every fraction length (0 to 19 digits), both signs, random
    /// digits and the extremes of each length: the word path for the lengths it takes, the older path beyond.
    @Test func decimalsOfEveryLengthMatchTheirDigitByDigitText() {
        var generator = SeededGenerator(seed: 0xDEC1)
        var mismatches: [String] = []
        for integerDigits in 1...20 {
            for fractionDigits in 0...19 {
                let integerLimit = integerDigits == 20 ? UInt64.max : Self.power(integerDigits)
                let integerFloor = integerDigits == 1 ? 0 : Self.power(integerDigits - 1)
                let fractionLimit = Self.power(fractionDigits)
                var cases: [(UInt64, UInt64)] = [
                    (integerFloor, 0), (integerLimit - 1, fractionLimit - 1), (integerFloor, fractionLimit / 10),
                ]
                for _ in 0..<200 {
                    cases.append((
                        UInt64.random(in: integerFloor...(integerLimit - 1), using: &generator),
                        UInt64.random(in: 0..<fractionLimit, using: &generator)
                    ))
                }
                for (integerPart, fraction) in cases {
                    for isNegative in [false, true] {
                        let got = Self.written(integerPart: integerPart, fraction: fraction,
                            fractionDigits: fractionDigits, isNegative: isNegative)
                        let want = Self.reference(integerPart: integerPart, fraction: fraction,
                            fractionDigits: fractionDigits, isNegative: isNegative)
                        if got != want { mismatches.append("\(want) written as \(got)") }
                    }
                }
            }
        }
        #expect(mismatches.isEmpty, "\(mismatches.prefix(10))")
    }

    /// Whole numbers as doubles and integers, through the writer's values and an element-style cursor store: the
    /// inline path below 10,000 and the general one above, `-0` keeping its sign.
    @Test func wholeNumbersAreWrittenAsIntegers() {
        var generator = SeededGenerator(seed: 0x3E0)
        var values: [Double] = [
            0, -0.0, 1, 9, 10, 9_999, 10_000, 10_001, 99_999, -1, -9_999, 1e15, 9_007_199_254_740_991,
        ]
        for _ in 0..<20_000 { values.append(Double(Int.random(in: -20_000...20_000, using: &generator))) }
        for value in values {
            let want = (value.sign == .minus ? "-" : "") + UInt64(value.magnitude).description
            var writer = JSONWriter(capacity: 0)
            writer.value(value)
            writer.writeValue(maximumLength: 64) { cursor, recent in cursor.put("", value, recent: &recent) }
            #expect(String(decoding: writer.bytes, as: UTF8.self) == want + "," + want, "\(value)")
            if let integer = Int(exactly: value), value.sign == .plus || value != 0 {
                var integers = JSONWriter(capacity: 0)
                integers.value(integer)
                #expect(String(decoding: integers.bytes, as: UTF8.self) == want)
            }
        }
    }

    private static func power(_ exponent: Int) -> UInt64 {
        var result: UInt64 = 1
        for _ in 0..<exponent { result *= 10 }
        return result
    }
}
