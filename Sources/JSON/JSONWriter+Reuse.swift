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
        // The old bytes are the room to write into; past them, the writer's growth extends the array within its
        // capacity a little at a time (extendIntoCapacity), so that a reused 16 KB buffer is not cleared for a
        // 3 KB answer.
        self.storage = buffer
    }

    /// Makes room for `extra` more bytes within the buffer's capacity, if it has that much, by extending the array
    /// with zeros (at least ``extensionStep`` bytes at a time, as a memcpy); returns `false` when the capacity is too
    /// small.
    @usableFromInline
    mutating func extendIntoCapacity(toFit extra: Int) -> Bool {
        let needed = self.length + extra
        guard needed <= self.storage.capacity else { return false }
        let count =
            min(self.storage.capacity, max(needed, self.storage.count + Self.extensionStep)) - self.storage.count
        guard count > 0 else { return true }
        Self.zeros.withUnsafeBufferPointer { zeros in
            var missing = count
            while missing > 0 {
                let piece = min(missing, zeros.count)
                self.storage.append(contentsOf: UnsafeBufferPointer(rebasing: zeros[..<piece]))
                missing -= piece
            }
        }
        return true
    }

    /// The least a reused buffer is extended by when the writer runs past its count: an answer about as long as the
    /// buffer's last one (the usual case: the same request again, or its viewport moved) needs a few hundred bytes
    /// past it, so extending by 2 KB cleared four times what was written (about 360 instructions an answer under
    /// callgrind); a growing answer extends once per this many bytes, a small cost beside writing them.
    static let extensionStep = 512

    /// Zeros to extend a reused buffer with: 2 KB, below glibc's threshold for `rep movsb`.
    private static let zeros = [UInt8](repeating: 0, count: 2 * 1024)
}
