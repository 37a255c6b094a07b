@testable import JSON
import Testing

/// Short decimals (`0.5`, `12.25`, `1234.5678`), whose shortest digits end well before the 17th, are written as
/// `description` writes them: the round-trip digits carry trailing zeros for them, which the writer drops.
@Suite struct JSONShortDecimalTests {
    /// The writer's text for `value` alone.
    static func written(_ value: Double) -> String {
        var writer = JSONWriter()
        writer.value(value)
        return String(decoding: writer.bytes, as: UTF8.self)
    }

    /// `value` and its negation are written as their `description`; returns the mismatches.
    static func mismatches(_ value: Double) -> [String] {
        [value, -value].compactMap { signed in
            let text = Self.written(signed)
            return text == signed.description ? nil : "\(signed.description) written as \(text)"
        }
    }

    @Test func shortDecimalsAreWrittenAsTheirDescription() {
        var generator = SeededGenerator(seed: 21)
        var mismatches: [String] = []
        var taken = 0
        for _ in 0..<200_000 {
            // A decimal with 1 to 5 fraction digits and an integer part up to 10^12.
            let fractionDigits = Int.random(in: 1...5, using: &generator)
            let scale = [1.0, 10, 100, 1000, 10_000, 100_000][fractionDigits]
            let integerPart = UInt64.random(in: 0...[10, 1000, 1_000_000, 100_000_000_000, 1_000_000_000_000]
                .randomElement(using: &generator)!, using: &generator)
            let fraction = UInt64.random(in: 1..<UInt64(scale), using: &generator)
            let value = (Double(integerPart) * scale + Double(fraction)) / scale
            guard value >= 0.001, value.rounded() != value, value < 9_007_199_254_740_992 else { continue }
            taken += 1
            mismatches += Self.mismatches(value)
        }
        #expect(taken > 150_000)
        #expect(mismatches.isEmpty, "\(mismatches.prefix(10).joined(separator: "; "))")
    }

    @Test func edgeAndRandomDecimalsAreWrittenAsTheirDescription() {
        var generator = SeededGenerator(seed: 22)
        var values: [Double] = [
            0.001, 0.0015, 0.005, 0.05, 0.1, 0.2, 0.3, 0.1 + 0.2, 0.25, 0.5, 0.75, 0.125, 0.999, 1.5, 2.675, 1.005,
            99_999_999_999.999, 99_999_999_999.5, 1e11 - 0.5, 1e11 + 0.5, 123_456_789.123, 4_503_599_627_370_495.5,
            1.0 / 3, 2.0 / 3, 0.0010000000000000002, 0.0009999999999999998, 210.5, 631.5,
        ]
        for _ in 0..<50_000 {
            values.append(Double.random(in: 0.001...1e12, using: &generator))
            values.append(Double.random(in: 0.001...10, using: &generator))
            values.append(Double(Int.random(in: 1...1_000_000, using: &generator)) / 8)
            values.append(Double(Int.random(in: 1...1_000_000, using: &generator)) * 0.001)
        }
        var mismatches: [String] = []
        for value in values where value.rounded() != value { mismatches += Self.mismatches(value) }
        #expect(mismatches.isEmpty, "\(mismatches.prefix(10).joined(separator: "; "))")
    }
}
