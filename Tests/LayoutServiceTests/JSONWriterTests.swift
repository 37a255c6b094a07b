import LayoutService
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

    @Test func longNumbersAreWrittenAsDescriptionWritesThem() throws {
        // Random bit patterns across and around the fast range (2^-7 to 2^40), their neighbours, and layout-like
        // values: every one must come out as `description` writes it.
        var state: UInt64 = 0x9E37_79B9_7F4A_7C15
        func next() -> UInt64 {
            state = state &* 6_364_136_223_846_793_005 &+ 1_442_695_040_888_963_407
            return state
        }
        var values: [Double] = []
        for _ in 0..<40_000 {
            let exponent = Int(next() % 60) - 12
            let value = Double(sign: next() % 4 == 0 ? .minus : .plus, exponent: exponent,
                               significand: 1 + Double(next() >> 12) / 0x1p52)
            values += [value, value.nextUp, value.nextDown]
            let layoutLike = Double(next() % 4000) / Double(next() % 997 + 1) * Double(next() % 640 + 1)
            values.append(layoutLike)
        }
        var inRange = 0
        var fast = 0
        let buffer = UnsafeMutablePointer<UInt8>.allocate(capacity: 64)
        defer { buffer.deallocate() }
        for value in values where value.isFinite {
            let written = text { $0.value(value) }
            if abs(value) >= 0x1p-7 && abs(value) < 0x1p40 && value != value.rounded() {
                inRange += 1
                if JSONWriter.writeShortestDigits(abs(value), isNegative: false, to: buffer) != nil { fast += 1 }
            }
            if abs(value) >= 0x1p-7 && abs(value) < 0x1p40 {
                let expected = value == value.rounded() ? String(Int(value)) : value.description
                #expect(written == expected)
                if written != expected { return }
            } else {
                // Outside, a short decimal may be another of equally short texts that read back the same.
                var reader = JSONReader(bytes: Array(written.utf8))
                #expect(try reader.readDouble().bitPattern == value.bitPattern, "\(written)")
            }
        }
        // The fast digits, not the fallback, wrote nearly all of them.
        #expect(inRange > 100_000 && Double(fast) > 0.99 * Double(inRange), "\(fast) of \(inRange)")
    }
}
