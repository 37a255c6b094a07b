/// A session identifier as the session table's key, made from the request's bytes without a string (issue 21).
///
/// An identifier of up to 32 bytes (every real one: 32 hexadecimal digits) is kept inline in four words, so a
/// lookup by the request target's `Substring` allocates nothing; a longer one keeps its text.
struct SessionKey: Hashable {
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
        let utf8 = id.utf8
        self.count = utf8.count
        guard self.count <= 32 else {
            self.longText = String(id)
            return
        }
        var words: (UInt64, UInt64, UInt64, UInt64) = (0, 0, 0, 0)
        withUnsafeMutableBytes(of: &words) { target in
            if utf8.withContiguousStorageIfAvailable({ target.copyMemory(from: UnsafeRawBufferPointer($0)) }) == nil {
                for (index, byte) in utf8.enumerated() { target[index] = byte }
            }
        }
        (self.word0, self.word1, self.word2, self.word3) = words
    }

    /// The key of `id`.
    init(_ id: String) {
        self.init(Substring(id))
    }
}
