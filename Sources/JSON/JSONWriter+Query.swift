extension JSONWriter {
    /// Stores `opening`, the text of an object's first members as this writer writes them (the object's brace and
    /// its members, without the closing brace), then `,"key":[`: the object is left open with its array member
    /// `key` begun and empty, so that the array's first value takes no comma, as after ``beginObject()``, the
    /// members, ``key(_:)-(StaticString)`` and ``beginArray()``.
    ///
    /// One reservation and two copies where those calls were four writes, each with its own room check and the
    /// buffer's uniqueness check (a session query's opening, issue 21). The writer must be empty, or after a key
    /// or at a container's start (`opening` is stored without a comma before it). Like a key's, `key` must need no
    /// escaping.
    ///
    /// - Parameters:
    ///   - key: The array member's name.
    ///   - opening: The object's brace and first members.
    public mutating func beginArrayMember(_ key: StaticString, after opening: UnsafeBufferPointer<UInt8>) {
        let count = opening.count &+ key.utf8CodeUnitCount &+ 5
        self.write(maximumCount: count) { output in
            Self.copy(opening, to: output)
            var position = output + opening.count
            position[0] = UInt8(ascii: ",")
            position[1] = UInt8(ascii: "\"")
            position += 2
            key.withUTF8Buffer { name in Self.copy(name, to: position) }
            position += key.utf8CodeUnitCount
            position[0] = UInt8(ascii: "\"")
            position[1] = UInt8(ascii: ":")
            position[2] = UInt8(ascii: "[")
            return count
        }
        self.needsComma = false
        self.followsKey = false
    }

    /// Writes `]}`: ends an array and the object it is the last member of, as ``endArray()`` and then
    /// ``endObject()`` do, in one write that needs room for those two bytes alone (each of the two calls reserves
    /// room for a comma it never writes, so the closing brace of an answer that exactly fills a reused buffer grew
    /// it; issue 21).
    public mutating func endArrayAndObject() {
        self.write(maximumCount: 2) { output in
            output[0] = UInt8(ascii: "]")
            output[1] = UInt8(ascii: "}")
            return 2
        }
        self.needsComma = true
    }
}
