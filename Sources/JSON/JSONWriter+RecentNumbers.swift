/// The last few non-integral numbers a ``JSONWriter`` wrote, and where their text lies in its output, so that
/// writing one of them again copies that text instead of converting the number again.
///
/// Layouts repeat such numbers element after element: every cell of a justified row has the row's `y` and
/// `height`, every cell of a waterfall column its `x` and `width`, typically 17-digit values, and finding their
/// digits costs several times a copy. The output only ever grows, so the recorded text stays where it was written.
/// Thirty-two slots, chosen by a hash of the bits: a miss costs a compare. With eight, a waterfall's few repeated
/// values shared slots with each other and with the unique `y`s and heights between them: a viewport query's
/// answer, 74 such numbers of which 31 repeat an earlier one, copied 11; with thirty-two it copies 28 (1,080 of the
/// 1,306 repeats among 2,632 in a 723-element answer).
public struct RecentNumbers {
    /// One remembered number.
    @usableFromInline struct Entry {
        /// The number's bits.
        @usableFromInline var bits: UInt64
        /// Where its text starts in the output, shifted left by 8, or'ed with the text's length in bytes (at most
        /// ``JSONWriter/maximumNumberLength``); a length of 0 marks an empty slot.
        @usableFromInline var place: UInt64
    }

    /// Inline, so that remembering a number touches no reference count or uniqueness check.
    @usableFromInline var entries = InlineArray<32, Entry>(repeating: Entry(bits: 0, place: 0))

    /// The slot of a number.
    @inlinable @inline(__always)
    static func slot(of bits: UInt64) -> Int {
        Int(truncatingIfNeeded: (bits &* 0x9E37_79B9_7F4A_7C15) >> 59)
    }

    /// Where `double`'s text was written before, if it is remembered.
    @inlinable @inline(__always)
    func lookUp(_ double: Double) -> (offset: Int, length: Int)? {
        let entry = self.entries[Self.slot(of: double.bitPattern)]
        let length = Int(truncatingIfNeeded: entry.place & 0xFF)
        guard length > 0, entry.bits == double.bitPattern else { return nil }
        return (Int(truncatingIfNeeded: entry.place >> 8), length)
    }

    /// Remembers that `double`'s text is the `length` bytes (1 to 255) at `offset`.
    mutating func remember(_ double: Double, offset: Int, length: Int) {
        let place = UInt64(truncatingIfNeeded: offset) << 8 | UInt64(truncatingIfNeeded: length) & 0xFF
        self.entries[Self.slot(of: double.bitPattern)] = Entry(bits: double.bitPattern, place: place)
    }
}
