import JSON
import Testing

/// Reads one top-level string.
private func readString(_ bytes: [UInt8]) throws(JSONError) -> String {
    var reader = JSONReader(bytes: bytes)
    let string = try reader.readString()
    try reader.finish()
    return string
}

/// `scalar` as a JSON `\u` escape, as a surrogate pair above U+FFFF.
private func unicodeEscape(_ scalar: Unicode.Scalar) -> String {
    func hex(_ unit: UInt16) -> String {
        let digits = String(unit, radix: 16)
        return "\\u" + String(repeating: "0", count: 4 - digits.count) + digits
    }
    return String(scalar).utf16.map(hex).joined()
}

@Suite struct JSONStringTests {
    static let sample: [Unicode.Scalar] = [
        "a", "\"", "\\", "/", "\u{08}", "\u{0C}", "\n", "\r", "\t", "\u{0}", "\u{1F}",
        "é", "€", "😀", "\u{FFFF}", "\u{10FFFF}", "~", " ",
    ]

    @Test(arguments: [
        (#""""#, ""), (#""abc""#, "abc"), (#""\"\\\/\b\f\n\r\t""#, "\"\\/\u{08}\u{0C}\n\r\t"),
        (#""\u0041\u00e9\u20AC""#, "Aé€"), (#""\uD83D\uDE00""#, "😀"), (#""\ud83d\ude00x""#, "😀x"),
        ("\"é€😀\"", "é€😀"), (#""\u0000""#, "\u{0}"), (#""a\u0022b""#, "a\"b"),
    ])
    func unescapesEveryRFC8259Form(json: String, expected: String) throws {
        #expect(try readString(Array(json.utf8)) == expected)
    }

    @Test func everySplitBetweenRawAndEscapedTextReadsTheSame() throws {
        let scalars = Self.sample
        let expected = String(String.UnicodeScalarView(scalars))
        for split in 0...scalars.count {
            // Raw (where JSON allows it) before the split, \u-escaped after, and the other way round.
            let raw = scalars.map { scalar -> String in
                var writer = JSONWriter()
                writer.value(String(scalar))
                return String(decoding: writer.bytes.dropFirst().dropLast(), as: UTF8.self)
            }
            let escaped = scalars.map(unicodeEscape)
            let first = "\"" + (raw[..<split] + escaped[split...]).joined() + "\""
            let second = "\"" + (escaped[..<split] + raw[split...]).joined() + "\""
            #expect(try readString(Array(first.utf8)) == expected, "\(first)")
            #expect(try readString(Array(second.utf8)) == expected, "\(second)")
        }
    }

    @Test func everyTruncationIsASyntaxErrorNeverACrash() throws {
        var writer = JSONWriter()
        writer.beginObject()
        writer.key(String("k\u{1}\u{10FFFF}"))
        writer.value(String(String.UnicodeScalarView(Self.sample)))
        writer.key("n")
        writer.value(-1.5e-7)
        writer.endObject()
        let escaped = Array(#"{"k":"\uD83D\uDE00\u00e9\n","n":[true,false,null]}"#.utf8)
        for document in [writer.bytes, escaped] {
            try parseDocument(document)
            for cut in 0..<document.count {
                do {
                    try parseDocument(Array(document[..<cut]))
                    Issue.record("accepted a document cut at \(cut)")
                } catch {
                    #expect(error.isSyntax, "\(error)")
                    #expect((error.offset ?? -1) <= cut, "\(error) for a cut at \(cut)")
                }
            }
        }
    }

    @Test(arguments: [
        (#""\uD800""#, 1), (#""\uDC00\uD800""#, 1), (#""x\uD800\uD800""#, 2), (#""\uD800\n""#, 1), (#""\uD800\u""#, 9),
    ])
    func unpairedSurrogatesAreRejected(json: String, offset: Int) {
        do {
            _ = try readString(Array(json.utf8))
            Issue.record("accepted \(json)")
        } catch {
            #expect(error.offset == offset, "\(json): \(error)")
        }
    }

    @Test func controlCharactersMustBeEscaped() {
        for byte in UInt8(0)..<0x20 {
            #expect(throws: JSONError.self) { try readString([0x22, 0x61, byte, 0x22]) }
        }
        #expect(throws: Never.self) { try readString([0x22, 0x7F, 0x22]) }
    }

    @Test func everyValidScalarRoundTripsThroughTheWriter() throws {
        var generator = SeededGenerator(seed: 99)
        for _ in 0..<200 {
            var scalars = String.UnicodeScalarView()
            for _ in 0..<Int.random(in: 0...40, using: &generator) {
                let range: ClosedRange<UInt32> = [0...0x7F, 0x80...0x7FF, 0x800...0xFFFF, 0x10000...0x10FFFF][
                    Int.random(in: 0...3, using: &generator)
                ]
                if let scalar = Unicode.Scalar(UInt32.random(in: range, using: &generator)) { scalars.append(scalar) }
            }
            let string = String(scalars)
            var writer = JSONWriter()
            writer.value(string)
            #expect(try readString(writer.bytes) == string)
        }
    }
}
