extension JSONWriter {
    /// Moves the bytes written since `start` back to `offset`, the bytes between them following after: for a member
    /// known only once later ones are written (a layout's content size, found as its cells are written), written
    /// last and then moved to its place.
    ///
    /// The moved bytes must be whole members or values, written where the ones at `offset` could have been (the
    /// same object or array, each with its leading comma), so that the result is what writing them there first
    /// would have given. The comma to come is the one after `start`'s bytes were written, which is right whichever
    /// bytes come last; the numbers written recently are forgotten, since their text has moved (a later number is
    /// written in full rather than copied from where it no longer is).
    ///
    /// - Parameters:
    ///   - start: Where the bytes to move begin: ``count`` before they were written.
    ///   - offset: Where they go: ``count`` at that earlier point.
    /// - Complexity: O(``count`` − `offset`).
    public mutating func moveBytes(writtenSince start: Int, to offset: Int) {
        precondition(0 <= offset && offset <= start && start <= self.length, "Bytes out of the written range")
        let moved = self.length - start
        guard moved > 0, offset < start else { return }
        let shifted = start - offset
        self.storage.withUnsafeMutableBufferPointer { buffer in
            guard let base = buffer.baseAddress else { return }
            withUnsafeTemporaryAllocation(of: UInt8.self, capacity: moved) { piece in
                guard let kept = piece.baseAddress else { return }
                kept.update(from: base + start, count: moved)
                // Overlapping ranges: the raw copy moves bytes as memmove does.
                UnsafeMutableRawPointer(base + offset + moved).copyMemory(
                    from: UnsafeRawPointer(base + offset), byteCount: shifted)
                (base + offset).update(from: kept, count: moved)
            }
        }
        self.recentNumbers = RecentNumbers()
    }
}
