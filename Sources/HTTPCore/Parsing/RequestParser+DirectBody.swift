extension RequestParser {
    /// Fixed-length bodies at least this large are made at their full length once the head is parsed, and the
    /// socket's bytes are read straight into them (``readBodyDirectly(_:)``): one copy instead of two (issue 21).
    /// Smaller ones grow by appending, in storage the connection reuses.
    public static let directBodyBytes = 64 * 1024

    /// A body of `count` bytes whose storage is not cleared first: every byte is written from the request before
    /// the body is handed out. A large one is mapped by `malloc` page by page as it is written, so a client that
    /// announces a length and sends less costs address space, not memory.
    static func makePresizedBody(count: Int) -> [UInt8] {
        [UInt8](unsafeUninitializedCapacity: count) { _, initializedCount in initializedCount = count }
    }

    /// Whether the next bytes of the connection belong to a large fixed-length body with nothing buffered before
    /// them, so that ``readBodyDirectly(_:)`` may read them into the body itself.
    @inlinable
    public var readsBodyDirectly: Bool {
        guard self.presizedBodyFilled != nil, self.bufferedByteCount == 0, self.failure == nil,
            case .fixedBody(let remaining) = self.state
        else { return false }
        return remaining > 0
    }

    /// Lets `read` write the next bytes of the body straight into it, and counts those it wrote.
    ///
    /// Call only when ``readsBodyDirectly`` is `true`; then call ``next()`` as after appending bytes.
    ///
    /// - Parameter read: Writes at most the room's size into it, returning how many bytes it wrote, or `0` or less
    ///   when it wrote none (end of input, an error): the result of `read(2)`.
    /// - Returns: What `read` returned.
    public mutating func readBodyDirectly(_ read: (UnsafeMutableRawBufferPointer) -> Int) -> Int {
        precondition(self.readsBodyDirectly, "the body is not being read directly")
        guard case .fixedBody(let remaining) = self.state, let filled = self.presizedBodyFilled else { return 0 }
        let count: Int
        if let writer = self.arrivalWriter {
            // Shared with an early reader: written through its storage's address, never through the array.
            count = read(UnsafeMutableRawBufferPointer(start: writer.base + filled, count: remaining))
        } else {
            count = self.pending!.body.withUnsafeMutableBytes { body in
                read(UnsafeMutableRawBufferPointer(rebasing: body[filled..<(filled + remaining)]))
            }
        }
        guard count > 0 else { return count }
        precondition(count <= remaining, "read more than it was given room for")
        self.presizedBodyFilled = filled + count
        self.arrivalWriter?.arrival.publish(received: filled + count)
        self.state = .fixedBody(remaining: remaining - count)
        return count
    }

    /// Moves `count` buffered bytes into the pending request's body.
    mutating func takeBody(_ count: Int) {
        guard count > 0 else { return }
        if self.presizedBodyFilled != nil {
            self.fillPresizedBody(from: self.start, count: count)
        } else {
            self.pending?.body.append(contentsOf: self.buffer[self.start..<(self.start + count)])
        }
        self.start += count
    }

    /// Copies `count` buffered bytes from `offset` into the presized body after those already written.
    mutating func fillPresizedBody(from offset: Int, count: Int) {
        guard let filled = self.presizedBodyFilled else { return }
        if let writer = self.arrivalWriter {
            self.buffer.withUnsafeBytes { buffer in
                (writer.base + filled).copyMemory(from: buffer.baseAddress! + offset, byteCount: count)
            }
            self.presizedBodyFilled = filled + count
            writer.arrival.publish(received: filled + count)
            return
        }
        self.buffer.withUnsafeBytes { buffer in
            self.pending!.body.withUnsafeMutableBytes { body in
                body.baseAddress!.advanced(by: filled).copyMemory(from: buffer.baseAddress! + offset, byteCount: count)
            }
        }
        self.presizedBodyFilled = filled + count
    }
}
