import JSON
import Testing

/// The writer's output as text.
private func text(_ build: (inout JSONWriter) -> Void) -> String {
    var writer = JSONWriter(capacity: 0)
    build(&writer)
    return String(decoding: writer.bytes, as: UTF8.self)
}

@Suite struct JSONWriterTests {
    @Test func insertsCommasAndColons() {
        let json = text { writer in
            writer.beginObject()
            writer.key("kind")
            writer.value("flow")
            writer.key("indexPath")
            writer.beginArray()
            writer.value(0)
            writer.value(12)
            writer.endArray()
            writer.key("frame")
            writer.beginObject()
            writer.key("x")
            writer.value(0.5)
            writer.key("y")
            writer.value(-3.0)
            writer.endObject()
            writer.key("empty")
            writer.beginArray()
            writer.beginObject()
            writer.endObject()
            writer.beginArray()
            writer.endArray()
            writer.endArray()
            writer.key("hidden")
            writer.value(false)
            writer.key("alpha")
            writer.null()
            writer.key(String("dynamic"))
            writer.value(String("value"))
            writer.endObject()
        }
        #expect(
            json == #"{"kind":"flow","indexPath":[0,12],"frame":{"x":0.5,"y":-3},"empty":[{},[]],"hidden":false,"#
                + #""alpha":null,"dynamic":"value"}"#
        )
    }

    @Test func topLevelScalarsAndRawFragments() {
        #expect(text { $0.value(true) } == "true")
        #expect(text { $0.null() } == "null")
        #expect(text { $0.value(-42) } == "-42")
        let raw = text { writer in
            writer.beginArray()
            writer.appendRaw(Array(#"{"a":1}"#.utf8))
            writer.appendRaw(Array("2".utf8))
            writer.beginObject()
            writer.key("b")
            writer.appendRaw(Array("[3]".utf8))
            writer.endObject()
            writer.endArray()
        }
        #expect(raw == #"[{"a":1},2,{"b":[3]}]"#)
    }

    @Test(arguments: [
        ("plain", #""plain""#), ("q\"b\\s/", #""q\"b\\s/""#), ("\n\r\t\u{08}\u{0C}", #""\n\r\t\b\f""#),
        ("\u{0}\u{1}\u{1F}", #""\u0000\u0001\u001F""#), ("é€😀", "\"é€😀\""), ("\u{7F}", "\"\u{7F}\""), ("", #""""#),
    ])
    func escapesOnlyWhatJSONRequires(string: String, json: String) {
        #expect(text { $0.value(string) } == json)
        #expect(
            text { writer in
                writer.beginObject()
                writer.key(string)
                writer.value(1)
                writer.endObject()
            } == "{" + json + ":1}"
        )
    }

    @Test func growsPastItsInitialCapacity() throws {
        var writer = JSONWriter(capacity: 1)
        writer.beginArray()
        for index in 0..<10_000 { writer.value(Double(index) + 0.25) }
        writer.value(String(repeating: "\"", count: 5000))
        writer.endArray()
        #expect(writer.count == writer.bytes.count)
        var reader = JSONReader(bytes: writer.bytes)
        try reader.beginArray()
        for index in 0..<10_000 {
            _ = try reader.nextElement()
            #expect(try reader.readDouble() == Double(index) + 0.25)
        }
        _ = try reader.nextElement()
        #expect(try reader.readString() == String(repeating: "\"", count: 5000))
        #expect(try !reader.nextElement())
        try reader.finish()
    }

    @Test func bytesCanBeTakenAndWritingContinued() {
        var writer = JSONWriter()
        writer.beginArray()
        writer.value(1)
        let early = writer.bytes
        writer.value(2)
        writer.endArray()
        #expect(early == Array("[1".utf8))
        #expect(writer.bytes == Array("[1,2]".utf8))
    }

    @Test(arguments: [0.5, 0.25, 0.125, 0.1, 0.3, 1.001, 123.456, 99.99, 1e-3, 4503599627370495.5, -7.75])
    func shortDecimalsAreWrittenDigitByDigitAndReadBackExactly(value: Double) throws {
        let written = text { $0.value(value) }
        #expect(written == value.description || (written + ".0") == value.description, "\(written)")
        var reader = JSONReader(bytes: Array(written.utf8))
        #expect(try reader.readDouble().bitPattern == value.bitPattern)
    }

    @Test func repeatedLongNumbersAreCopiedFromTheirFirstText() {
        // 1/3, 2/3, … repeat in every order, across buffer growth and a `bytes` taken midway.
        let values: [Double] = (0..<3000).map { index in
            let third = Double((index * 7919) % 23 + 1) / 3
            return index % 5 == 0 ? third + 1e-9 : third
        }
        var writer = JSONWriter(capacity: 64)
        writer.beginArray()
        for (index, value) in values.enumerated() {
            writer.value(value)
            if index == 1500 { _ = writer.bytes }
        }
        writer.endArray()
        let texts: [String] = values.map { value in value == value.rounded() ? String(Int(value)) : value.description }
        let expected = "[" + texts.joined(separator: ",") + "]"
        #expect(String(decoding: writer.bytes, as: UTF8.self) == expected)
    }

    /// The integer digit path must print exactly what `description` prints, for any value it takes: random bit
    /// patterns across its whole range, layout-like ratios, both ends of the range, powers of two (whose lower
    /// neighbour is closer) and their neighbours.
    @Test func computedDigitsMatchTheStandardLibrarysShortestDigits() throws {
        var generator = SeededGenerator(seed: 0x5EED)
        var values: [Double] = [0.001, 0.001.nextUp, 9_007_199_254_740_991.5, 4_503_599_627_370_495.5]
        for exponent in -9...52 {
            let power = Double(sign: .plus, exponent: exponent, significand: 1)
            values += [power.nextDown, power.nextUp, power + power.ulp * 3, power * 1.1]
        }
        let low = (0.001).bitPattern
        let high = (9_007_199_254_740_992.0).bitPattern
        for _ in 0..<80_000 {
            values.append(Double(bitPattern: UInt64.random(in: low..<high, using: &generator)))
        }
        for _ in 0..<40_000 {
            let numerator = Double(Int.random(in: 1...100_000, using: &generator))
            let denominator = Double(Int.random(in: 1...1_000, using: &generator))
            values.append(numerator / denominator * (Bool.random(using: &generator) ? 1 : 0.01))
        }
        var mismatches: [String] = []
        for value in values where value >= 0.001 && value.rounded(.towardZero) != value {
            for signed in [value, -value] {
                let written = text { $0.value(signed) }
                if written != signed.description { mismatches.append("\(signed.description) written as \(written)") }
            }
        }
        #expect(mismatches.count == 0, "\(mismatches.prefix(10).joined(separator: "; "))")
    }

    @Test(arguments: [0, 7, -7, 9, 10, 99, 100, 101, 999_999, 1_000_000, Int.max, Int.min, Int.min + 1])
    func integersAreWrittenAsTheirDescription(value: Int) {
        #expect(text { $0.value(value) } == value.description)
    }
}
