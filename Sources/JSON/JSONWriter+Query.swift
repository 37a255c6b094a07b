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

extension JSONWriter {
    /// Empties the writer for a new document of about `capacity` bytes, keeping its buffer when that has room for
    /// so much: the writer ``init(reusing:capacity:)`` makes of this writer's own bytes, without a new writer made
    /// and moved into place (its table of recent numbers alone is 512 bytes; about 270 instructions a session
    /// query, issue 21).
    ///
    /// As with ``init(reusing:capacity:)``, the buffer is written in place only when nothing else holds it (an
    /// earlier ``bytes`` still alive is copied first, as any array would be), and the bytes past the new text are
    /// never read.
    public mutating func restart(capacity: Int) {
        guard self.storage.capacity >= max(capacity, 64) else {
            self = JSONWriter(capacity: capacity)
            return
        }
        self.length = 0
        self.needsComma = false
        self.followsKey = false
        // An empty table is all zero bytes (every entry's bits and place 0): the recorded places are this
        // document's, so none of the last one's may be copied from.
        withUnsafeMutableBytes(of: &self.recentNumbers) { table in
            _ = table.initializeMemory(as: UInt8.self, repeating: 0)
        }
    }
}
