@testable import JSON
import Testing

/// Reads one top-level number followed by enough spaces that the reader takes its eight-digits-at-a-time path.
func readPaddedDouble(_ json: String) throws(JSONError) -> Double {
    try readDouble(json + String(repeating: " ", count: 64))
}

/// The outcome of reading a number, comparable across paths: its bit pattern or its error.
func outcome(_ read: () throws(JSONError) -> Double) -> Result<UInt64, JSONError> {
    do {
        return .success(try read().bitPattern)
    } catch {
        return .failure(error)
    }
}

/// Numbers read eight digits at a time (SWAR) give exactly what the byte-at-a-time reader and the standard library
/// give: the same bits, the same errors.
@Suite struct JSONNumberDigitsTests {
    @Test func leadingDigitCountStopsAtTheFirstByteThatIsNoDigit() {
        for position in 0..<8 {
            for byte in UInt8.min...UInt8.max {
                // Seven digits and `byte` at `position`: the count is `position` unless `byte` is a digit.
                var word: UInt64 = 0
                for index in 0..<8 {
                    let value = index == position ? byte : UInt8(ascii: "0") + UInt8(index)
                    word |= UInt64(value) << UInt64(index * 8)
                }
                let isDigit = byte >= UInt8(ascii: "0") && byte <= UInt8(ascii: "9")
                #expect(JSONNumber.leadingDigitCount(word) == (isDigit ? 8 : position), "byte \(byte) at \(position)")
            }
        }
    }

    @Test func eightDigitsCombineToTheirValue() {
        var generator = SeededGenerator(seed: 88)
        for _ in 0..<20_000 {
            let count = Int.random(in: 1...8, using: &generator)
            let digits = (0..<count).map { _ in UInt8.random(in: 0...9, using: &generator) }
            var word: UInt64 = 0
            for (index, digit) in digits.enumerated() { word |= UInt64(digit + 0x30) << UInt64(index * 8) }
            if count < 8 { word |= UInt64(UInt8(ascii: ",")) << UInt64(count * 8) }
            let expected = digits.reduce(UInt64(0)) { $0 * 10 + UInt64($1) }
            #expect(JSONNumber.valueOfDigits(word, count: count) == expected, "\(digits)")
            #expect(JSONNumber.leadingDigitCount(word) == count)
        }
    }

    @Test(arguments: [
        "0", "-0", "-0.0", "7", "12345678", "123456789", "1234567890123456", "123456789012345", "999999999999999",
        "9999999999999999", "0.5", "0.000000000000001", "0.0000000000000001", "12345678.1234567", "12345678.12345678",
        "1.00000000000000011102230246251565404236316680908203125", "5e-324", "2.4703282292062327e-324",
        "2.2250738585072014e-308", "1.7976931348623157e308", "1.7976931348623158e308", "1e308", "1e309", "-1e309",
        "1e999", "1E5", "1.5e+3", "123.456e-2", "9007199254740993", "4503599627370497.5", "01", "-", "1.", ".5",
        "1e", "1e+", "-01", "00", "1.2.3", "--1", "+1", "0x10", "1_000", "12345678a", "1234567890123456.7",
    ])
    func paddedNumbersReadAsUnpaddedOnesAndAsTheStandardLibrary(text: String) {
        let padded = outcome { () throws(JSONError) in try readPaddedDouble(text) }
        #expect(padded == outcome { () throws(JSONError) in try readDouble(text) }, "\(text)")
        if let expected = Double(text), expected.isFinite, case .success(let bits) = padded {
            #expect(bits == expected.bitPattern, "\(text)")
        }
    }

    @Test func randomNumbersReadAsTheStandardLibraryReadsThemOnEveryPath() throws {
        var generator = SeededGenerator(seed: 2027)
        for _ in 0..<30_000 {
            let integerDigits = Int.random(in: 1...20, using: &generator)
            let fractionDigits = Bool.random(using: &generator) ? 0 : Int.random(in: 1...20, using: &generator)
            var text = Bool.random(using: &generator) ? "-" : ""
            text += String(Int.random(in: integerDigits == 1 ? 0...9 : 1...9, using: &generator))
            for _ in 1..<integerDigits { text += String(Int.random(in: 0...9, using: &generator)) }
            if fractionDigits > 0 {
                text += "."
                for _ in 0..<fractionDigits { text += String(Int.random(in: 0...9, using: &generator)) }
            }
            switch Int.random(in: 0..<8, using: &generator) {
            case 0: text += "e\(Int.random(in: -330...310, using: &generator))"
            case 1: text += ["e", ".", "x", "-", "0"].randomElement(using: &generator)!
            default: break
            }
            let padded = outcome { () throws(JSONError) in try readPaddedDouble(text) }
            #expect(padded == outcome { () throws(JSONError) in try readDouble(text) }, "\(text)")
            // The standard library also takes `1.`, which JSON does not.
            if let expected = Double(text), expected.isFinite, !text.hasSuffix(".") {
                #expect(padded == .success(expected.bitPattern), "\(text)")
            }
        }
    }

    @Test func numbersInsideADocumentReadAsTheStandardLibraryReadsThem() throws {
        var generator = SeededGenerator(seed: 12)
        var texts: [String] = []
        for _ in 0..<5_000 {
            let scale = [1.0, 100, 1e6, 1e-3, 1e15].randomElement(using: &generator)!
            let value = Double.random(in: -scale...scale, using: &generator)
            let decimals = Int.random(in: 0...6, using: &generator)
            texts.append(decimals == 0 ? String(Int(value)) : String(value).prefix(while: { $0 != "e" }).description)
        }
        var reader = JSONReader(bytes: Array(("[" + texts.joined(separator: ",") + "]").utf8))
        try reader.beginArray()
        var index = 0
        while try reader.nextElement() {
            let expected = try #require(Double(texts[index]))
            #expect(try reader.readDouble().bitPattern == expected.bitPattern, "\(texts[index])")
            index += 1
        }
        try reader.finish()
        #expect(index == texts.count)
    }
}
