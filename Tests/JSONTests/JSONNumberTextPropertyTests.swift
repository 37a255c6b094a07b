@testable import JSON
import Testing

/// Every number the writer takes is written as the wire contract spells it, by each of its paths: the value writer,
/// the cursor's general `put` and its inline whole-number `putNumber`, each twice in a row (the second is copied
/// from the first's text by `RecentNumbers`). The reference is the standard library's: an integer below 2^53 as
/// its digits (`-0` keeping its sign), every other finite number as `description`, a NaN or an infinity as `null`.
@Suite struct JSONNumberTextPropertyTests {
    /// The contract's text for `value`, from the standard library alone.
    static func reference(_ value: Double) -> String {
        guard value.isFinite else { return "null" }
        if value.magnitude < 9_007_199_254_740_992, value == value.rounded(.towardZero) {
            return (value.sign == .minus ? "-" : "") + UInt64(value.magnitude).description
        }
        return value.description
    }

    /// `value` written twice by each path, as one JSON array per path.
    static func written(_ value: Double) -> [String] {
        var byValue = JSONWriter()
        byValue.beginArray()
        byValue.value(value)
        byValue.value(value)
        byValue.endArray()
        var byCursor = JSONWriter()
        byCursor.writeValue(maximumLength: 4 * JSONWriter.maximumNumberLength) { cursor, recent in
            cursor.put(UInt8(ascii: "["))
            cursor.put(value, recent: &recent)
            cursor.put(",", value, recent: &recent)
            cursor.put(",")
            cursor.putNumber(value, recent: &recent)
            cursor.put(UInt8(ascii: "]"))
        }
        return [byValue.bytes, byCursor.bytes].map { String(decoding: $0, as: UTF8.self) }
    }

    /// The values, both signs of each, that some path writes unlike the reference; at most ten spelled out.
    static func mismatches(_ values: [Double]) -> (count: Int, examples: [String]) {
        var count = 0
        var examples: [String] = []
        for value in values {
            for signed in [value, -value] {
                let text = Self.reference(signed)
                let expected = ["[\(text),\(text)]", "[\(text),\(text),\(text)]"]
                let got = Self.written(signed)
                guard got != expected else { continue }
                count += 1
                if examples.count < 10 { examples.append("\(signed.bitPattern): \(got) for \(expected)") }
            }
        }
        return (count, examples)
    }

    @Test func randomBitPatternsOfEveryMagnitudeAreWrittenAsTheReference() {
        var generator = SeededGenerator(seed: 0x2101)
        var values: [Double] = []
        for _ in 0..<120_000 {
            // Any bits at all: every exponent equally, subnormals, infinities and NaNs among them.
            values.append(Double(bitPattern: UInt64.random(in: 0...UInt64.max, using: &generator)))
        }
        for exponent in -12...60 {
            // Every binade an answer's numbers live in, a thousand random values each.
            let low = Double(sign: .plus, exponent: exponent, significand: 1)
            for _ in 0..<1_000 { values.append(Double.random(in: low..<(2 * low), using: &generator)) }
        }
        let result = Self.mismatches(values)
        #expect(result.count == 0, "\(result.examples.joined(separator: "; "))")
    }

    @Test func trickyValuesAreWrittenAsTheReference() throws {
        var values: [Double] = [
            0, 0.5, 1.5, 2.5, 0.001, 0.001.nextDown, 0.001.nextUp, 9_999, 9_999.5, 9_999.999_999_999_998, 10_000,
            10_000.000_000_000_002, 1e11, 1e11.nextDown, 1e11.nextUp, 99_999_999_999.999, 123_456_789.123,
            .leastNonzeroMagnitude, .leastNormalMagnitude, .leastNormalMagnitude.nextDown, .greatestFiniteMagnitude,
            .infinity, .nan, .pi, 1.0 / 3, 2.0 / 3, 0.1 + 0.2, 196.20000000000002, 4_503_599_627_370_495.5,
            9_007_199_254_740_991, 9_007_199_254_740_992, 9_007_199_254_740_994, 9_007_199_254_740_991.0.nextDown,
            2_251_799_813_685_247.75, 1_125_899_906_842_623.875,
        ]
        // Powers of two and their neighbours, across the whole range.
        for exponent in -1074...1023 {
            let power = Double(sign: .plus, exponent: exponent, significand: 1)
            values += [power, power.nextDown, power.nextUp, power * 1.5]
        }
        // Just below and above powers of ten, where the digit count changes.
        for exponent in -30...30 {
            var below = try #require(Double("1e\(exponent)"))
            var above = below
            for _ in 0..<20 {
                values += [below, above]
                below = below.nextDown
                above = above.nextUp
            }
        }
        // Halves and ties: x.5, x.25, x.125 and x.375 at every integer size up to 2^52.
        for exponent in 0...52 {
            let whole = Double(sign: .plus, exponent: exponent, significand: 1) - 1
            values += [whole + 0.5, whole + 0.25, whole + 0.125, whole + 0.375, whole + 0.5 + 1]
        }
        // Subnormals: the smallest few and a spread of random ones.
        var generator = SeededGenerator(seed: 0x5AB)
        for index in 1...64 { values.append(Double(bitPattern: UInt64(index))) }
        for _ in 0..<2_000 {
            values.append(Double(bitPattern: UInt64.random(in: 1..<(1 << 52), using: &generator)))
        }
        let result = Self.mismatches(values)
        #expect(result.count == 0, "\(result.examples.joined(separator: "; "))")
    }

    /// The whole-number test of `putNumber` (a sum with 1.5 · 2^52) against an integer conversion, for every
    /// number near each whole number it takes and for random fractions.
    @Test func inlineWholeNumbersAreExactlyTheIntegersBelowTenThousand() {
        var generator = SeededGenerator(seed: 0x10_000)
        var values: [Double] = []
        for whole in 0..<10_001 {
            let value = Double(whole)
            values += [value, value.nextDown, value.nextUp]
        }
        for _ in 0..<20_000 { values.append(Double.random(in: 0..<10_000, using: &generator)) }
        let result = Self.mismatches(values)
        #expect(result.count == 0, "\(result.examples.joined(separator: "; "))")
    }
}
