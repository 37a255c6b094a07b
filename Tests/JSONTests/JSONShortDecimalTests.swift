@testable import JSON
import Testing

/// The writer's fast path for short decimals (`JSONWriter.shortDecimal`) finds exactly the digits of the general
/// shortest-digits search (`JSONWriter.shortestFraction`), so answers are byte for byte what they were.
@Suite struct JSONShortDecimalTests {
    /// Both paths agree on `magnitude` (the fast one may decline); returns whether the fast one answered.
    @discardableResult
    static func agree(_ magnitude: Double) -> Bool {
        guard let fast = JSONWriter.shortDecimal(magnitude) else { return false }
        let general = JSONWriter.shortestFraction(magnitude)
        #expect(general.map { [$0.digits, UInt64($0.fractionDigits)] } == [fast.digits, UInt64(fast.fractionDigits)],
            "\(magnitude)")
        return true
    }

    @Test func shortDecimalsGetTheGeneralSearchsDigits() {
        var generator = SeededGenerator(seed: 21)
        var answered = 0
        for _ in 0..<200_000 {
            // A decimal with 1 to 5 fraction digits and an integer part up to 10^12: the fast path must take those
            // with at most 3 below 10^11 and decline or agree on the rest.
            let fractionDigits = Int.random(in: 1...5, using: &generator)
            let scale = [1.0, 10, 100, 1000, 10_000, 100_000][fractionDigits]
            let integerPart = UInt64.random(in: 0...[10, 1000, 1_000_000, 100_000_000_000, 1_000_000_000_000]
                .randomElement(using: &generator)!, using: &generator)
            let fraction = UInt64.random(in: 1..<UInt64(scale), using: &generator)
            let value = (Double(integerPart) * scale + Double(fraction)) / scale
            guard value >= 0.001, value.rounded() != value, value < 9_007_199_254_740_992 else { continue }
            if Self.agree(value) { answered += 1 }
        }
        #expect(answered > 50_000)
    }

    @Test func randomAndEdgeValuesAreDeclinedOrAgree() {
        var generator = SeededGenerator(seed: 22)
        var values: [Double] = [
            0.001, 0.0015, 0.005, 0.05, 0.1, 0.2, 0.3, 0.1 + 0.2, 0.25, 0.5, 0.75, 0.125, 0.999, 1.5, 2.675, 1.005,
            99_999_999_999.999, 99_999_999_999.5, 1e11 - 0.5, 1e11 + 0.5, 123_456_789.123, 4_503_599_627_370_495.5,
            1.0 / 3, 2.0 / 3, 0.0010000000000000002, 0.0009999999999999998, 210.5, 631.5,
        ]
        for _ in 0..<100_000 {
            values.append(Double.random(in: 0.001...1e12, using: &generator))
            values.append(Double.random(in: 0.001...10, using: &generator))
            values.append(Double(Int.random(in: 1...1_000_000, using: &generator)) / 8)
            values.append(Double(Int.random(in: 1...1_000_000, using: &generator)) * 0.001)
        }
        for value in values where value.rounded() != value { Self.agree(value) }
    }
}
