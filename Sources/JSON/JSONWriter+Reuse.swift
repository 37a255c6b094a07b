extension JSONWriter {
    /// Creates an empty writer that writes into `buffer`'s storage when it has room for `capacity` bytes, so that a
    /// caller answering request after request on one thread allocates no buffer per answer (issue 21).
    ///
    /// `buffer`'s contents are dropped. Its storage is written in place only when nothing else holds it; otherwise
    /// writing copies it first, as any array would. Without room for `capacity` bytes this is
    /// ``init(capacity:)``.
    ///
    /// - Parameters:
    ///   - buffer: The bytes of an earlier answer (``bytes``), done with.
    ///   - capacity: Bytes to have room for up front, as for ``init(capacity:)``.
    public init(reusing buffer: [UInt8], capacity: Int = 256) {
        let room = max(capacity, 64)
        guard buffer.capacity >= room else {
            // As init(capacity:): room that is written before it is read, so not zeroed.
            self.storage = [UInt8](unsafeUninitializedCapacity: room) { _, initializedCount in initializedCount = room }
            return
        }
        var storage = buffer
        // The writer's room is the array's count: extend it to the whole capacity (the old bytes count as room),
        // copying zeros, which is a memcpy (appending a repeated byte is a loop, 2,200 instructions for 13 KB).
        var missing = storage.capacity - storage.count
        while missing > 0 {
            let count = min(missing, Self.zeros.count)
            Self.zeros.withUnsafeBufferPointer { zeros in
                storage.append(contentsOf: UnsafeBufferPointer(rebasing: zeros[..<count]))
            }
            missing -= count
        }
        self.storage = storage
    }

    /// Zeros to extend a reused buffer with.
    private static let zeros = [UInt8](repeating: 0, count: 16 * 1024)
}
