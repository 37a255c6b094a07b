import JSON
import Testing

extension JSONReader {
    /// Reads any value the way a decoder would: numbers as doubles, strings unescaped.
    mutating func consumeAnyValue() throws(JSONError) {
        switch try self.kind() {
        case .object:
            try self.beginObject()
            while try self.nextKey() != nil { try self.consumeAnyValue() }
        case .array:
            try self.beginArray()
            while try self.nextElement() { try self.consumeAnyValue() }
        case .string: _ = try self.readString()
        case .number: _ = try self.readDouble()
        case .bool: _ = try self.readBool()
        case .null: try self.readNull()
        }
    }
}

/// Parses a whole document, reading every value, then ``JSONReader/finish()``.
func parseDocument(_ bytes: [UInt8], maxDepth: Int = 64) throws(JSONError) {
    var reader = JSONReader(bytes: bytes, maxDepth: maxDepth)
    try reader.consumeAnyValue()
    try reader.finish()
}

/// Parses a whole document with ``JSONReader/skipValue()`` instead of reading values.
func skipDocument(_ bytes: [UInt8]) throws(JSONError) {
    var reader = JSONReader(bytes: bytes)
    try reader.skipValue()
    try reader.finish()
}

/// Accept/reject cases in the spirit of JSONTestSuite (`y_` and `n_` files).
@Suite struct JSONConformanceTests {
    static let accepted: [String] = [
        "[]", "{}", "[1]", "[-0]", "[-0.0e+0]", "[1E22]", "[1e-400]", "[0.5]", "[-1.5e-3]", "[1E+2]", "[1e-2]",
        "[123456789012345678901234567890]", "[0.000000000000000000000000000001]", "[\"\"]", #"["\u0000"]"#,
        #"["\uD834\uDD1E"]"#, "[\"é\"]", #"["\"\\\/\b\f\n\r\t"]"#, " [ 1 , 2 ] ", "\t\n\r{ \"a\" : [ ] }\n",
        #"{"a":{"b":[null,true,false]}}"#, #"["a",[]]"#, #"{"":0}"#, #"{"a":1,"a":2}"#, "3", "\"top\"", "null",
        "true", "false", "-0", "[1.0e10]", #"["\u00e9"]"#, "[\"😀\"]", "[\"\u{7F}\"]", #"["\uFFFF"]"#,
        "[\"\u{10FFFF}\"]", "[[[[[]]]]]", #"{"a/b~c":"~/"}"#, "[1,[2,[3,{}]],{\"x\":[]}]", "[2.2250738585072014e-308]",
        "[1.7976931348623157e308]", "[5e-324]", #"["\uDBFF\uDFFF"]"#, "[\"\\u002F\"]",
    ]

    static let rejected: [String] = [
        "", " ", "[", "]", "{", "}", "[1,]", "[,1]", "[1,,2]", #"{"a":1,}"#, "{,}", #"{"a"}"#, #"{"a" 1}"#, "{a:1}",
        "{'a':1}", "['a']", "[01]", "[-01]", "[00]", "[+1]", "[.5]", "[5.]", "[1.e3]", "[1e]", "[1e+]", "[-]", "[- 1]",
        "[NaN]", "[Infinity]", "[-Infinity]", "[0x10]", "[1 2]", #"["a" "b"]"#, "[tru]", "[nul]", "[True]", "[nulll]",
        #"["\x"]"#, #"["\u12"]"#, #"["\u12G4"]"#, #"["\uD800"]"#, #"["\uDC00"]"#, #"["\uD800\u0041"]"#,
        #"["\uD800\"]"#, "[\"a\tb\"]", "[\"a\nb\"]", "[\"abc", #"{"a":1}}"#, "[1]x", "[1] [2]", "//c\n[]", "[1e999]",
        "[-1e400]", "\u{FEFF}[]", "[\"a\"]\u{0}", #"{"a":1 "b":2}"#, #"["\"]"#, "[1}", "{\"a\":1]", "{\"a\":}",
        "{:1}", "{1:1}", "{null:1}", "[\"\\\u{0}\"]", "\u{0}", "[1.5.3]", "[1e1.5]", "[--1]", "[1-2]",
    ]

    static let invalidUTF8: [[UInt8]] = [
        [0x5B, 0x22, 0xC0, 0xAF, 0x22, 0x5D],  // overlong '/'
        [0x5B, 0x22, 0xED, 0xA0, 0x80, 0x22, 0x5D],  // encoded surrogate U+D800
        [0x5B, 0x22, 0xF5, 0x80, 0x80, 0x80, 0x22, 0x5D],  // beyond U+10FFFF
        [0x5B, 0x22, 0xF4, 0x90, 0x80, 0x80, 0x22, 0x5D],  // U+110000
        [0x5B, 0x22, 0x80, 0x22, 0x5D],  // lone continuation byte
        [0x5B, 0x22, 0xE2, 0x82, 0x22, 0x5D],  // truncated sequence
        [0x5B, 0x22, 0xFF, 0x22, 0x5D],  // never valid
        [0x5B, 0x22, 0xE0, 0x80, 0x80, 0x22, 0x5D],  // overlong three-byte
        [0x7B, 0x22, 0xC3, 0x22, 0x3A, 0x31, 0x7D],  // truncated in a key
        [0x5B, 0xC3, 0xA9, 0x5D],  // non-ASCII outside a string
    ]

    @Test(arguments: Self.accepted)
    func acceptsValidDocuments(json: String) throws {
        try parseDocument(Array(json.utf8))
        try skipDocument(Array(json.utf8))
    }

    @Test(arguments: Self.rejected)
    func rejectsInvalidDocuments(json: String) {
        #expect(throws: JSONError.self) { try parseDocument(Array(json.utf8)) }
    }

    @Test(arguments: Self.invalidUTF8)
    func rejectsInvalidUTF8(bytes: [UInt8]) {
        #expect(throws: JSONError.self) { try parseDocument(bytes) }
        #expect(throws: JSONError.self) { try skipDocument(bytes) }
    }

    @Test func skippingRejectsWhatReadingRejectsExceptOutOfRangeNumbers() {
        for json in Self.rejected where json != "[1e999]" && json != "[-1e400]" {
            #expect(throws: JSONError.self, "\(json)") { try skipDocument(Array(json.utf8)) }
        }
    }

    @Test(arguments: [
        ("[1,]", 3), ("[01]", 1), (#"{"a" 1}"#, 5), (#"["\uD800"]"#, 2), ("[1] x", 4), ("[\"a\u{1}\"]", 3),
        ("[tru]", 4), (#"{"a":1,}"#, 7), ("[1.]", 3), ("", 0), ("[1 2]", 3), (#"["\q"]"#, 2), ("[\"ab", 4),
    ])
    func syntaxErrorsNameTheOffendingByte(json: String, offset: Int) {
        do {
            try parseDocument(Array(json.utf8))
            Issue.record("accepted \(json)")
        } catch {
            #expect(error.isSyntax)
            #expect(error.offset == offset, "\(json): \(error)")
        }
    }

    @Test func depthIsLimited() throws {
        let deep = String(repeating: "[", count: 64) + String(repeating: "]", count: 64)
        try parseDocument(Array(deep.utf8))
        let tooDeep = "[" + deep + "]"
        #expect(throws: JSONError.syntax(offset: 64, message: "nesting deeper than 64 levels")) {
            try parseDocument(Array(tooDeep.utf8))
        }
        #expect(throws: JSONError.syntax(offset: 6, message: "nesting deeper than 2 levels")) {
            try parseDocument(Array(#"{"a":[{}]}"#.utf8), maxDepth: 2)
        }
        let hostile = Array(String(repeating: "[", count: 1_000_000).utf8)
        #expect(throws: JSONError.self) { try skipDocument(hostile) }
    }

    @Test func randomlyDamagedDocumentsThrowOrParseButNeverTrap() {
        let valid =
            Array(
                #"{"viewport":{"width":375,"height":667.5},"sections":[{"items":[{"width":1e2,"height":-0.25}],"#.utf8
            )
            + Array(#""k\u00e9y\n":"v\uD83D\uDE00é","n":[true,false,null,0,-12345678901234567890.5e-3]}]}"#.utf8)
        let alphabet = Array(#"{}[],:"\/-+.eE0123456789tfnaulsrxu "#.utf8) + [0x00, 0x1F, 0x7F, 0x80, 0xC3, 0xED, 0xFF]
        var generator = SeededGenerator(seed: 4)
        #expect(throws: Never.self) { try parseDocument(valid) }
        for _ in 0..<5000 {
            var bytes = valid
            for _ in 0..<Int.random(in: 1...4, using: &generator) {
                let position = Int.random(in: 0..<bytes.count, using: &generator)
                let byte = alphabet.randomElement(using: &generator)!
                switch Int.random(in: 0...2, using: &generator) {
                case 0: bytes[position] = byte
                case 1: bytes.insert(byte, at: position)
                default: bytes.remove(at: position)
                }
            }
            _ = try? parseDocument(bytes)
            _ = try? skipDocument(bytes)
        }
    }
}
