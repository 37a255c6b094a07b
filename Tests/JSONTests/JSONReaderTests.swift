import JSON
import Testing

/// A size decoded the way the service's decoders will decode their requests.
struct Size: Equatable {
    var width: Double
    var height: Double

    static func read(from reader: inout JSONReader) throws(JSONError) -> Size {
        var width: Double?
        var height: Double?
        try reader.beginObject()
        while let key = try reader.nextKey() {
            switch key {
            case "width": width = try reader.readDouble()
            case "height": height = try reader.readDouble()
            default: throw reader.unknownField(key)
            }
            if let value = width, value < 0 { throw reader.shapeError("must be ≥ 0") }
        }
        guard let width else { throw reader.missingField("width") }
        guard let height else { throw reader.missingField("height") }
        return Size(width: width, height: height)
    }
}

/// Reads `{"items": [size, …]}` as a list of sizes.
private func readItems(_ json: String) throws(JSONError) -> [Size] {
    var reader = JSONReader(bytes: Array(json.utf8))
    var sizes: [Size] = []
    try reader.beginObject()
    while let key = try reader.nextKey() {
        guard key == "items" else { throw reader.unknownField(key) }
        try reader.beginArray()
        while try reader.nextElement() { sizes.append(try Size.read(from: &reader)) }
    }
    try reader.finish()
    return sizes
}

@Suite struct JSONReaderTests {
    @Test func decodesObjectsArraysAndScalars() throws {
        let json = #" { "items" : [ {"width": 120, "height": 90.5}, {"height":1e1,"width":0} ] } "#
        #expect(try readItems(json) == [Size(width: 120, height: 90.5), Size(width: 0, height: 10)])
        #expect(try readItems(#"{"items":[]}"#) == [])
    }

    @Test func readsEveryKindOfValue() throws {
        var reader = JSONReader(bytes: Array(#"[true, false, null, "s", -2, {"k": [1]}]"#.utf8))
        try reader.beginArray()
        var kinds: [JSONValueKind] = []
        while try reader.nextElement() {
            let kind = try reader.kind()
            kinds.append(kind)
            switch kind {
            case .bool: _ = try reader.readBool()
            case .null: try reader.readNull()
            case .string: #expect(try reader.readString() == "s")
            case .number: #expect(try reader.readInt() == -2)
            case .object, .array: try reader.skipValue()
            }
        }
        try reader.finish()
        #expect(kinds == [.bool, .bool, .null, .string, .number, .object])
    }

    @Test func readNullIfPresentLeavesOtherValues() throws {
        var reader = JSONReader(bytes: Array("[null, 3]".utf8))
        try reader.beginArray()
        _ = try reader.nextElement()
        #expect(try reader.readNullIfPresent())
        _ = try reader.nextElement()
        #expect(try !reader.readNullIfPresent())
        #expect(try reader.readInt() == 3)
        #expect(try !reader.nextElement())
        try reader.finish()
    }

    @Test func keysCompareWithLiteralsAndConvertToStrings() throws {
        var reader = JSONReader(
            bytes: Array(#"{"width":1,"a\u0062":2,"minimumInteritemSpacingOfTheLongestKey!":3}"#.utf8)
        )
        try reader.beginObject()
        let width = try #require(try reader.nextKey())
        #expect(width == "width")
        #expect(width != "height")
        #expect(width != "widths")
        #expect(width == JSONKey("width"))
        #expect(width.string == "width")
        try reader.skipValue()
        let escaped = try #require(try reader.nextKey())
        #expect(escaped == "ab")
        try reader.skipValue()
        let long = try #require(try reader.nextKey())
        #expect(long.utf8Count == 39)
        #expect(!long.isComplete)
        #expect(long.string == "minimumInteritemSpacingOfTheLong…")
        #expect(reader.unknownField(long).message == #"unknown field "minimumInteritemSpacingOfTheLongestKey!""#)
    }

    @Test func wrongKindsAreShapeErrorsAtThePointer() {
        #expect(throws: JSONError.shape(pointer: "/items/1/height", message: "expected a number, got a string")) {
            try readItems(#"{"items":[{"width":1,"height":2},{"width":1,"height":"2"}]}"#)
        }
        #expect(throws: JSONError.shape(pointer: "/items", message: "expected an array, got an object")) {
            try readItems(#"{"items":{}}"#)
        }
        #expect(throws: JSONError.shape(pointer: "", message: "expected an object, got an array")) {
            try readItems("[]")
        }
        #expect(throws: JSONError.shape(pointer: "/items/0", message: "expected an object, got null")) {
            try readItems(#"{"items":[null]}"#)
        }
    }

    @Test func decoderErrorsNameTheField() {
        #expect(throws: JSONError.shape(pointer: "/items/2/width", message: "must be ≥ 0")) {
            try readItems(#"{"items":[{"width":1,"height":2},{"width":1,"height":2},{"width":-1,"height":2}]}"#)
        }
        #expect(throws: JSONError.shape(pointer: "/items/0/depth", message: #"unknown field "depth""#)) {
            try readItems(#"{"items":[{"width":1,"depth":2}]}"#)
        }
        #expect(throws: JSONError.shape(pointer: "/items/1/height", message: #"missing required field "height""#)) {
            try readItems(#"{"items":[{"width":1,"height":2},{"width":1}]}"#)
        }
        #expect(throws: JSONError.shape(pointer: "/count", message: #"unknown field "count""#)) {
            try readItems(#"{"count":3}"#)
        }
    }

    @Test func syntaxErrorsWinOverShapeOnlyWhereTheBytesAreMalformed() {
        #expect(throws: JSONError.syntax(offset: 21, message: "expected ',' or '}' after an object member, got '\"'")) {
            try readItems(#"{"items":[{"width":1 "height":2}]}"#)
        }
        let trailing = "expected a value after ',', got ']' (trailing commas are not allowed)"
        #expect(throws: JSONError.syntax(offset: 33, message: trailing)) {
            try readItems(#"{"items":[{"width":1,"height":2},]}"#)
        }
        #expect(throws: JSONError.syntax(offset: 11, message: "expected ',' or '}' after an object member, got ']'")) {
            try readItems(#"{"items":[]]}"#)
        }
        #expect(throws: JSONError.syntax(offset: 9, message: "unexpected ']', expected a value")) {
            try readItems(#"{"items":]}"#)
        }
    }

    @Test func numbersOutOfRangeAreShapeErrors() {
        var reader = JSONReader(bytes: Array(#"{"w":1e309}"#.utf8))
        #expect(throws: JSONError.shape(pointer: "/w", message: "number out of the range of a double")) {
            try reader.beginObject()
            _ = try reader.nextKey()
            _ = try reader.readDouble()
        }
    }

    @Test func errorsDescribeThemselves() {
        #expect(JSONError.syntax(offset: 3, message: "x").description == "malformed JSON at byte 3: x")
        #expect(JSONError.shape(pointer: "/a", message: "y").description == "/a: y")
        #expect(JSONError.shape(pointer: "", message: "y").description == "(root): y")
        #expect(JSONError.syntax(offset: 3, message: "x").offset == 3)
        #expect(JSONError.shape(pointer: "/a", message: "y").pointer == "/a")
    }
}
