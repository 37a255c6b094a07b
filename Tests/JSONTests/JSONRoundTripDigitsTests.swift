@testable import JSON
import Testing

/// The writer's shortest digits for non-integral numbers in [0.001, 2^53) (`JSONWriter.roundTripDigits` and
/// `writeFraction`) give exactly `description`'s text, over random bit patterns across the whole range, values in
/// the range of coordinates, and the values next to powers of two and of ten, where the interval is uneven or the
/// digit count changes.
@Suite struct JSONRoundTripDigitsTests {
    /// Values written unlike their `description`, both signs of each, at most ten of them spelled out.
    static func mismatches(_ values: [Double]) -> (count: Int, examples: String) {
        var count = 0
        var examples: [String] = []
        for value in values where value.isFinite && value.rounded(.towardZero) != value {
            for signed in [value, -value] {
                let text = JSONShortDecimalTests.written(signed)
                guard text != signed.description else { continue }
                count += 1
                if examples.count < 10 { examples.append("\(signed.description) written as \(text)") }
            }
        }
        return (count, examples.joined(separator: "; "))
    }

    @Test func randomBitPatternsAcrossTheRangeAreWrittenAsTheirDescription() {
        var generator = SeededGenerator(seed: 0x5C4B_FAC4)
        let low = (0.001).bitPattern
        let high = (9_007_199_254_740_992.0).bitPattern
        let values = (0..<250_000).map { _ in Double(bitPattern: UInt64.random(in: low..<high, using: &generator)) }
        let result = Self.mismatches(values)
        #expect(result.count == 0, "\(result.examples)")
    }

    @Test func coordinateLikeValuesAreWrittenAsTheirDescription() {
        var generator = SeededGenerator(seed: 0xC00D)
        var values: [Double] = []
        for _ in 0..<60_000 {
            // Positions and sizes as layouts compute them: sums of ratios, a column's width, a scaled height.
            let width = Double(Int.random(in: 200...2_000, using: &generator))
            let columns = Double(Int.random(in: 1...7, using: &generator))
            let spacing = Double(Int.random(in: 0...20, using: &generator))
            let column = (width - spacing * (columns - 1)) / columns
            let ratio =
                Double(Int.random(in: 30...400, using: &generator)) / Double(Int.random(in: 30...400, using: &generator))
            values.append(column)
            values.append(column * ratio)
            values.append(Double(Int.random(in: 0...10_000_000, using: &generator)) + column * ratio)
            values.append(Double.random(in: 0...5e7, using: &generator))
        }
        let result = Self.mismatches(values)
        #expect(result.count == 0, "\(result.examples)")
    }

    @Test func neighboursOfPowersOfTwoAndTenAreWrittenAsTheirDescription() throws {
        var values: [Double] = [(0.001).nextUp, 0.001, 9_007_199_254_740_991.5, 4_503_599_627_370_495.5]
        for exponent in -10...53 {
            let power = Double(sign: .plus, exponent: exponent, significand: 1)
            var below = power
            var above = power
            for _ in 0..<40 {
                values += [below, above]
                below = below.nextDown
                above = above.nextUp
            }
        }
        for exponent in -3...15 {
            var below = try #require(Double("1e\(exponent)"))
            var above = below
            for _ in 0..<40 {
                values += [below, above]
                below = below.nextDown
                above = above.nextUp
            }
        }
        let result = Self.mismatches(values.filter { $0 >= 0.001 && $0 < 9_007_199_254_740_992 })
        #expect(result.count == 0, "\(result.examples)")
    }

    /// The digits alone, read back as a decimal, are the value: an oracle that does not go through `description`.
    @Test func roundTripDigitsReadBackAsTheValue() throws {
        var generator = SeededGenerator(seed: 0xD1D1)
        let low = (0.001).bitPattern
        let high = (9_007_199_254_740_992.0).bitPattern
        var failures: [String] = []
        for _ in 0..<50_000 {
            let value = Double(bitPattern: UInt64.random(in: low..<high, using: &generator))
            guard value.rounded(.towardZero) != value else { continue }
            let (digits, fractionDigits) = JSONWriter.roundTripDigits(value)
            var reader = JSONReader(bytes: Array("\(digits)e-\(fractionDigits)".utf8))
            let read = try reader.readDouble()
            if read.bitPattern != value.bitPattern, failures.count < 10 {
                failures.append("\(value): \(digits)e-\(fractionDigits)")
            }
        }
        #expect(failures.isEmpty, "\(failures.joined(separator: "; "))")
    }
}
