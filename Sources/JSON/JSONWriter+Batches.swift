extension JSONWriter {
    /// Writes `count` values of at most `maximumLength` bytes each, the `index`th by `body`, as that many
    /// ``writeValue(maximumLength:_:)`` calls would, but borrowing the buffer once for as many values as its room
    /// holds: a writer of many small values of one kind (a layout's plain cells) spends most of a value's cost in
    /// the reservation and the borrow otherwise (about 25 instructions a cell; issue 21).
    ///
    /// The buffer grows as it would for single values (room for one more value at a time), so that a run of values
    /// neither reserves its worst case whole nor extends a reused buffer further than single values would.
    ///
    /// - Parameters:
    ///   - count: The number of values.
    ///   - maximumLength: The most bytes `body` stores for one value.
    ///   - body: Stores the value at `index` (from 0 to `count - 1`, in order) through the cursor; it gets the
    ///     numbers written recently, to pass to ``OutputCursor/put(_:recent:)``.
    @inlinable @inline(__always)
    public mutating func writeValues(
        count: Int,
        maximumLength: Int,
        _ body: (inout OutputCursor, inout RecentNumbers, _ index: Int) -> Void
    ) {
        var index = 0
        while index < count {
            var comma = self.takeSeparator()
            if self.storage.count - self.length < maximumLength + 1 { self.grow(toFit: maximumLength + 1) }
            let origin = self.length
            // The buffer and the recent numbers are two stored properties, borrowed side by side.
            self.length += self.storage.withUnsafeMutableBufferPointer { buffer in
                var cursor = OutputCursor(start: buffer.baseAddress! + origin, startOffset: origin)
                // The last offset a value (and its comma) may start at and still have its room.
                let lastStart = buffer.count - (maximumLength + 1)
                repeat {
                    if comma { cursor.put(UInt8(ascii: ",")) }
                    comma = true
                    body(&cursor, &self.recentNumbers, index)
                    index += 1
                } while index < count && cursor.offset <= lastStart
                return cursor.written
            }
            self.didWriteValue()
        }
    }
}
