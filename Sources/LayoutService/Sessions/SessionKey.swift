/// A session identifier as the session table's key, made from the request's bytes without a string (issue 21).
///
/// An identifier of up to 32 bytes (every real one: 32 hexadecimal digits) is kept inline in four words, so a
/// lookup by the request target's `Substring` allocates nothing; a longer one keeps its text.
struct SessionKey: Hashable, Sendable {
    /// The identifier's bytes, zero-padded to 32.
    private var word0: UInt64 = 0
    private var word1: UInt64 = 0
    private var word2: UInt64 = 0
    private var word3: UInt64 = 0
    /// The identifier's length in bytes, so that trailing NUL bytes cannot alias a shorter identifier.
    private var count: Int
    /// The text of an identifier longer than 32 bytes; `nil` otherwise.
    private var longText: String?

    /// The key of `id`.
    init(_ id: Substring) {
        // The bytes read in place: `withUTF8` on a native string's substring reads them where they are; counting
        // them first, or the generic `utf8.withContiguousStorageIfAvailable`, walked the substring's indices, some
        // 150 instructions of a session query's lookup.
        var text = id
        self = text.withUTF8 { Self(utf8: $0) }
    }

    /// The key of the identifier whose UTF-8 is `bytes` (a request path's segment, read where it lies; issue 21).
    init(utf8 bytes: UnsafeBufferPointer<UInt8>) {
        self.count = bytes.count
        guard bytes.count <= 32 else {
            self.longText = String(decoding: bytes, as: UTF8.self)
            return
        }
        guard let start = bytes.baseAddress.map(UnsafeRawPointer.init) else { return }
        guard bytes.count == 32 else {
            // Shorter than a real identifier: copied into zeros.
            var padded: (UInt64, UInt64, UInt64, UInt64) = (0, 0, 0, 0)
            withUnsafeMutableBytes(of: &padded) { target in
                target.baseAddress.unsafelyUnwrapped.copyMemory(from: start, byteCount: bytes.count)
            }
            (self.word0, self.word1, self.word2, self.word3) = padded
            return
        }
        // Every real identifier: four unaligned loads.
        self.word0 = start.loadUnaligned(as: UInt64.self)
        self.word1 = start.loadUnaligned(fromByteOffset: 8, as: UInt64.self)
        self.word2 = start.loadUnaligned(fromByteOffset: 16, as: UInt64.self)
        self.word3 = start.loadUnaligned(fromByteOffset: 24, as: UInt64.self)
    }

    /// The key of an identifier of 32 bytes, given as four words (the first byte in `words.0`'s lowest).
    init(words: (UInt64, UInt64, UInt64, UInt64)) {
        (self.word0, self.word1, self.word2, self.word3) = words
        self.count = 32
    }

    /// The identifier this is the key of, as text: its bytes again (the key of a string holds them all).
    var text: String {
        if let longText = self.longText { return longText }
        var words = (self.word0, self.word1, self.word2, self.word3)
        return withUnsafeBytes(of: &words) { bytes in
            String(decoding: UnsafeRawBufferPointer(rebasing: bytes[0..<self.count]), as: UTF8.self)
        }
    }

    /// The key of `id`.
    init(_ id: String) {
        self.init(Substring(id))
    }

    static func == (lhs: SessionKey, rhs: SessionKey) -> Bool {
        (lhs.word0 ^ rhs.word0) | (lhs.word1 ^ rhs.word1) | (lhs.word2 ^ rhs.word2) | (lhs.word3 ^ rhs.word3) == 0
            && lhs.count == rhs.count && lhs.longText == rhs.longText
    }

    /// Feeds the hasher one word folded from the four (and the length), or the long text: the table's seeded hash
    /// then runs over 8 bytes instead of some 50, a few dozen instructions a lookup instead of a few hundred.
    ///
    /// Distinct identifiers may fold to the same word; they only share a bucket chain, and equality still compares
    /// every byte. Identifiers are random, or proposed by the trusted proxy (``ServiceConfiguration/sessionIDHeader``),
    /// so no client chooses collisions.
    func hash(into hasher: inout Hasher) {
        if let longText = self.longText {
            hasher.combine(longText)
            return
        }
        hasher.combine(self.folded ^ UInt64(truncatingIfNeeded: self.count))
    }

    /// The hash the session table's dictionary asks for (`Hashable`'s underscored requirement, which
    /// `hash(into:)` feeds by default): the folded word and the length mixed with the table's seed by a 64-bit
    /// finalizer (MurmurHash3's `fmix64`), instead of a `Hasher`'s SipHash rounds over that word, about 200
    /// instructions of every session request's lookup (issue 21). Equal keys fold equally, so they hash equally
    /// for every seed; the seed is the table's own, random per process, as with any hash.
    func _rawHashValue(seed: Int) -> Int {
        if let longText = self.longText { return longText._rawHashValue(seed: seed) }
        var mixed = self.folded ^ UInt64(truncatingIfNeeded: self.count) ^ UInt64(bitPattern: Int64(seed))
        mixed ^= mixed &>> 33
        mixed &*= 0xFF51_AFD7_ED55_8CCD
        mixed ^= mixed &>> 33
        mixed &*= 0xC4CE_B9FE_1A85_EC53
        mixed ^= mixed &>> 33
        return Int(truncatingIfNeeded: mixed)
    }

    /// The four words folded into one: odd multipliers keep each word's bits; the rotations keep equal words in
    /// different places apart.
    private var folded: UInt64 {
        self.word0 &* 0x9E37_79B9_7F4A_7C15 ^ self.word1.rotated(by: 16) &* 0xC2B2_AE3D_27D4_EB4F
            ^ self.word2.rotated(by: 32) &* 0x1656_67B1_9E37_79F9 ^ self.word3.rotated(by: 48) &* 0x27D4_EB2F_1656_67C5
    }
}

extension UInt64 {
    /// The bits rotated left by `count` (0 to 63).
    fileprivate func rotated(by count: UInt64) -> UInt64 {
        self &<< count | self &>> (64 &- count)
    }
}
