/// The last few non-integral numbers a ``JSONWriter`` wrote, and where their text lies in its output, so that
/// writing one of them again copies that text instead of converting the number again.
///
/// Layouts repeat such numbers element after element: every cell of a justified row has the row's `y` and
/// `height`, every cell of a waterfall column its `x` and `width`, typically 17-digit values, and finding their
/// digits costs several times a copy. The output only ever grows, so the recorded text stays where it was written.
/// Eight slots, chosen by a hash of the bits: a miss costs a compare.
public struct RecentNumbers {
    /// One remembered number.
    struct Entry {
        /// The number's bits.
        var bits: UInt64
        /// Where its text starts in the output.
        var offset: Int
        /// The text's length in bytes; 0 marks an empty slot.
        var length: Int
    }

    /// Inline, so that remembering a number touches no reference count or uniqueness check.
    private var entries = InlineArray<8, Entry>(repeating: Entry(bits: 0, offset: 0, length: 0))

    /// The slot of a number.
    @inline(__always)
    private static func slot(of bits: UInt64) -> Int {
        Int(truncatingIfNeeded: (bits &* 0x9E37_79B9_7F4A_7C15) >> 61)
    }

    /// Where `double`'s text was written before, if it is remembered.
    @inline(__always)
    func lookUp(_ double: Double) -> (offset: Int, length: Int)? {
        let entry = self.entries[Self.slot(of: double.bitPattern)]
        guard entry.length > 0, entry.bits == double.bitPattern else { return nil }
        return (entry.offset, entry.length)
    }

    /// Remembers that `double`'s text is the `length` bytes at `offset`.
    mutating func remember(_ double: Double, offset: Int, length: Int) {
        self.entries[Self.slot(of: double.bitPattern)] = Entry(bits: double.bitPattern, offset: offset, length: length)
    }
}
