import JSON
import Testing

@Suite struct JSONPointerTests {
    @Test func followsKeysAndIndexesAsTheReaderMoves() throws {
        var reader = JSONReader(bytes: Array(#"{"sections":[{"items":[{"width":1},{"width":2}]}],"b":{}}"#.utf8))
        #expect(reader.currentPointer == "")
        try reader.beginObject()
        #expect(reader.currentPointer == "")
        _ = try reader.nextKey()
        #expect(reader.currentPointer == "/sections")
        try reader.beginArray()
        #expect(reader.currentPointer == "/sections")
        _ = try reader.nextElement()
        #expect(reader.currentPointer == "/sections/0")
        try reader.beginObject()
        _ = try reader.nextKey()
        try reader.beginArray()
        _ = try reader.nextElement()
        try reader.skipValue()
        _ = try reader.nextElement()
        #expect(reader.currentPointer == "/sections/0/items/1")
        try reader.beginObject()
        _ = try reader.nextKey()
        #expect(reader.currentPointer == "/sections/0/items/1/width")
        #expect(try reader.readDouble() == 2)
        #expect(reader.currentPointer == "/sections/0/items/1/width")
        #expect(try reader.nextKey() == nil)
        #expect(reader.currentPointer == "/sections/0/items/1")
        #expect(try !reader.nextElement())
        #expect(reader.currentPointer == "/sections/0/items")
        #expect(try reader.nextKey() == nil)
        #expect(try !reader.nextElement())
        #expect(reader.currentPointer == "/sections")
        _ = try reader.nextKey()
        #expect(reader.currentPointer == "/b")
        try reader.skipValue()
        #expect(try reader.nextKey() == nil)
        #expect(reader.currentPointer == "")
        try reader.finish()
    }

    @Test(arguments: [
        ("a/b", "/a~1b"), ("m~n", "/m~0n"), ("~/", "/~0~1"), ("~1", "/~01"), ("", "/"), ("é", "/é"), (" ", "/ "),
    ])
    func escapesTildeAndSlashInKeys(key: String, pointer: String) throws {
        var writer = JSONWriter()
        writer.beginObject()
        writer.key(key)
        writer.value(true)
        writer.endObject()
        var reader = JSONReader(bytes: writer.bytes)
        try reader.beginObject()
        let read = try #require(try reader.nextKey())
        #expect(read == JSONKey(key))
        #expect(reader.currentPointer == pointer)
        #expect(reader.shapeError("x") == .shape(pointer: pointer, message: "x"))
        #expect(throws: JSONError.shape(pointer: pointer, message: "expected a number, got a boolean")) {
            try reader.readDouble()
        }
    }

    @Test func escapedKeysAreUnescapedInPointers() throws {
        var reader = JSONReader(bytes: Array(#"{"a\/b\u007E":[0]}"#.utf8))
        try reader.beginObject()
        #expect(try reader.nextKey()?.string == "a/b~")
        try reader.beginArray()
        _ = try reader.nextElement()
        #expect(reader.currentPointer == "/a~1b~0/0")
    }

    @Test func missingFieldsPointAtTheMemberTheyLack() throws {
        var reader = JSONReader(bytes: Array(#"[{"x":1}]"#.utf8))
        try reader.beginArray()
        _ = try reader.nextElement()
        try reader.beginObject()
        while try reader.nextKey() != nil { try reader.skipValue() }
        #expect(reader.missingField("a/b") == .shape(pointer: "/0/a~1b", message: #"missing required field "a/b""#))
    }
}
