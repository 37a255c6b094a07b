import JSON
import Testing

/// SplitMix64: a small seeded generator, so that every run checks the same "random" inputs.
struct SeededGenerator: RandomNumberGenerator {
    var state: UInt64

    init(seed: UInt64) {
        self.state = seed
    }

    mutating func next() -> UInt64 {
        self.state &+= 0x9E37_79B9_7F4A_7C15
        var z = self.state
        z = (z ^ (z >> 30)) &* 0xBF58_476D_1CE4_E5B9
        z = (z ^ (z >> 27)) &* 0x94D0_49BB_1331_11EB
        return z ^ (z >> 31)
    }
}

/// Reads one top-level number.
func readDouble(_ json: String) throws(JSONError) -> Double {
    var reader = JSONReader(bytes: Array(json.utf8))
    let value = try reader.readDouble()
    try reader.finish()
    return value
}

/// Writes one top-level double.
func writtenText(_ value: Double) -> String {
    var writer = JSONWriter()
    writer.value(value)
    return String(decoding: writer.bytes, as: UTF8.self)
}

@Suite struct JSONNumberTests {
    @Test(arguments: [
        "0.1", "0.2", "0.30000000000000004", "5e-324", "4.9406564584124654e-324", "2.4703282292062327e-324",
        "2.4703282292062328e-324", "2.2250738585072014e-308", "2.225073858507201e-308", "1.7976931348623157e308",
        "1.7976931348623158e308", "9007199254740993", "9007199254740992", "9007199254740995", "1e23",
        "8.98846567431158e307",
        "123456789012345678901234567890", "0.000001", "1e-7", "3.141592653589793238462643383279",
        "100000000000000000000000",
        "1e22", "1e-22", "123e25", "9007199254740991e22", "-0.0", "-2.5e-3", "0.1e1", "1000000000000000000e-18",
        "7.2057594037927933e16", "2.0000000000000004", "1.00000000000000011102230246251565404236316680908203125",
        "1.00000000000000011102230246251565404236316680908203124", "4503599627370496.5", "4503599627370497.5",
    ])
    func readsExactlyWhatTheStandardLibraryReads(text: String) throws {
        let expected = try #require(Double(text))
        #expect(try readDouble(text).bitPattern == expected.bitPattern, "\(text)")
    }

    @Test func randomDecimalStringsReadAsTheStandardLibraryReadsThem() throws {
        var generator = SeededGenerator(seed: 2026)
        for _ in 0..<20_000 {
            let digitCount = Int.random(in: 1...25, using: &generator)
            var digits = (0..<digitCount).map { _ in Character(String(Int.random(in: 0...9, using: &generator))) }
            if digits.count > 1 && digits[0] == "0" { digits[0] = "1" }
            var text = Bool.random(using: &generator) ? "-" : ""
            let point = Int.random(in: 0...digitCount, using: &generator)
            if point > 0 && point < digitCount && digits[0] != "0" {
                text += String(digits[..<point]) + "." + String(digits[point...])
            } else {
                text += String(digits)
            }
            if Bool.random(using: &generator) {
                text += "e\(Int.random(in: -340...320, using: &generator))"
            }
            let expected = try #require(Double(text))
            if expected.isFinite {
                #expect(try readDouble(text).bitPattern == expected.bitPattern, "\(text)")
            } else {
                #expect(throws: JSONError.shape(pointer: "", message: "number out of the range of a double")) {
                    try readDouble(text)
                }
            }
        }
    }

    @Test func randomBitPatternsSurviveAWriteAndARead() throws {
        var generator = SeededGenerator(seed: 53)
        var checked = 0
        while checked < 50_000 {
            let value = Double(bitPattern: generator.next())
            guard value.isFinite else { continue }
            checked += 1
            #expect(try readDouble(writtenText(value)).bitPattern == value.bitPattern, "\(value)")
        }
    }

    @Test func shortDecimalsSubnormalsAndExtremesSurviveAWriteAndARead() throws {
        var values: [Double] = [
            0, -0.0, 1, -1, 0.1, 0.2, 0.1 + 0.2, 1e-5, 123.456, .leastNonzeroMagnitude, .leastNormalMagnitude,
            .greatestFiniteMagnitude, -.greatestFiniteMagnitude, .ulpOfOne, 9_007_199_254_740_992,
            9_007_199_254_740_991,
            -9_007_199_254_740_994, 1e300, 0.1 * 3, 1.0 / 3, 2.0 / 3, Double(Int.max), Double(Int.min),
        ]
        var generator = SeededGenerator(seed: 7)
        for _ in 0..<10_000 {
            values.append(Double(Int.random(in: -100_000...100_000, using: &generator)) / 100)
            values.append(Double(bitPattern: UInt64.random(in: 1..<(1 << 52), using: &generator)))  // subnormal
            values.append(Double.random(in: -1e6...1e6, using: &generator))
        }
        for value in values {
            #expect(try readDouble(writtenText(value)).bitPattern == value.bitPattern, "\(value)")
        }
    }

    @Test(arguments: [
        (120.0, "120"), (-0.0, "-0"), (0, "0"), (0.1, "0.1"), (-1.5, "-1.5"), (1e-5, "1e-05"), (1e16, "1e+16"),
        (9_007_199_254_740_991, "9007199254740991"), (.leastNonzeroMagnitude, "5e-324"), (.nan, "null"),
        (.infinity, "null"),
        (-.infinity, "null"), (375, "375"), (667.5, "667.5"),
    ])
    func doublesAreWrittenShortAndIntegralValuesWithoutAFraction(value: Double, text: String) {
        #expect(writtenText(value) == text)
    }

    @Test(arguments: [
        ("0", 0), ("-0", 0), ("42", 42), ("-7", -7), ("9223372036854775807", Int.max),
        ("-9223372036854775808", Int.min),
    ])
    func integersReadExactly(text: String, value: Int) throws {
        var reader = JSONReader(bytes: Array(text.utf8))
        #expect(try reader.readInt() == value)
        try reader.finish()
    }

    @Test(arguments: [
        ("3.0", "3.0 must be an integer"), ("3e0", "3e0 must be an integer"),
        ("9223372036854775808", "9223372036854775808 is out of range"),
        ("-9223372036854775809", "-9223372036854775809 is out of range"),
        ("123456789012345678901234", "123456789012345678901234 is out of range"),
    ])
    func integersWithAFractionOrOutOfRangeAreShapeErrors(text: String, message: String) {
        var reader = JSONReader(bytes: Array("[\(text)]".utf8))
        #expect(throws: JSONError.shape(pointer: "/0", message: message)) {
            try reader.beginArray()
            _ = try reader.nextElement()
            _ = try reader.readInt()
        }
    }

    @Test func integersRoundTripThroughTheWriter() throws {
        var generator = SeededGenerator(seed: 11)
        for value in [Int.min, Int.max, 0, -1, 9, 10, 99, 100]
            + (0..<5000).map({ _ in Int(truncatingIfNeeded: generator.next()) })
        {
            var writer = JSONWriter()
            writer.value(value)
            #expect(String(decoding: writer.bytes, as: UTF8.self) == String(value))
            var reader = JSONReader(bytes: writer.bytes)
            #expect(try reader.readInt() == value)
        }
    }
}
