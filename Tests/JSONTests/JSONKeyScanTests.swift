import JSON
import Testing

/// Member names read eight bytes at a time (``JSONReader/nextKey()``'s plain path) against the names they encode,
/// with escapes, non-ASCII and control characters at every place relative to the eight-byte words, and names that
/// end near the end of the bytes.
@Suite struct JSONKeyScanTests {
    /// The characters names are made of: plain ones, and each that sends the plain path to the careful one.
    static let alphabet: [String] = ["a", "b", "z", "_", "0", "é", "\"", "\\", "\u{1}", "\u{7F}", "/"]

    /// `name` as a JSON string's contents.
    static func encoded(_ name: String) -> String {
        var text = ""
        for character in name.unicodeScalars {
            switch character {
            case "\"": text += "\\\""
            case "\\": text += "\\\\"
            case "\u{1}": text += "\\u0001"
            default: text.unicodeScalars.append(character)
            }
        }
        return text
    }

    @Test func everyNameIsReadAsItsCharacters() throws {
        var random = SeededGenerator(seed: 21)
        for _ in 0..<3_000 {
            let length = Int.random(in: 0...40, using: &random)
            let name = (0..<length).map { _ in Self.alphabet.randomElement(using: &random)! }.joined()
            let padding = String(repeating: " ", count: Int.random(in: 0...9, using: &random))
            let value = Bool.random(using: &random) ? "1" : "[2,3]"
            let text = "{\(padding)\"\(Self.encoded(name))\"\(padding):\(value),\"\(Self.encoded(name))x\":4}"
            var reader = JSONReader(bytes: Array(text.utf8))
            try reader.beginObject()
            let key = try #require(try reader.nextKey())
            #expect(key == JSONKey(name), "\(text)")
            try reader.skipValue()
            let second = try #require(try reader.nextKey())
            #expect(second == JSONKey(name + "x"), "\(text)")
            try reader.skipValue()
            #expect(try reader.nextKey() == nil)
            try reader.finish()
        }
    }

    @Test(arguments: ["{\"ab\u{1}cdefghij\":1}", "{\"abcdefgh\u{1}\":1}", "{\"abcdefghijk", "{\"ab", "{\"abcdefghi\":"])
    func aControlCharacterOrAnEndInANameIsASyntaxError(text: String) throws {
        var reader = JSONReader(bytes: Array(text.utf8))
        try reader.beginObject()
        #expect(throws: JSONError.self) {
            _ = try reader.nextKey()
            try reader.skipValue()
        }
    }
}
