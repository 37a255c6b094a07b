/// The bytes a ``JSONReader`` may read: a prefix of the document's array, the whole of it unless the document is
/// still arriving (``JSONReader/init(arriving:available:maxDepth:waitingFor:)``).
///
/// It answers what the reader asks of an array (``count``, subscripts, ``withUnsafeBufferPointer(_:)``) for that
/// prefix alone, so that no byte past it is ever read: every check the reader makes against the end of its input
/// is made against the end of the bytes received.
struct JSONDocument {
    /// The document's array, at its full length.
    let storage: [UInt8]
    /// How many of its bytes may be read.
    var count: Int

    init(_ storage: [UInt8], count: Int) {
        precondition(count >= 0 && count <= storage.count, "a prefix longer than the document")
        self.storage = storage
        self.count = count
    }

    /// Whether every byte may be read.
    var isWhole: Bool { self.count == self.storage.count }

    @inline(__always)
    subscript(index: Int) -> UInt8 {
        precondition(index < self.count, "a byte past those received")
        return self.storage[index]
    }

    @inline(__always)
    subscript(range: Range<Int>) -> ArraySlice<UInt8> {
        precondition(range.upperBound <= self.count, "a byte past those received")
        return self.storage[range]
    }

    @inline(__always)
    func withUnsafeBufferPointer<R, E: Error>(_ body: (UnsafeBufferPointer<UInt8>) throws(E) -> R) throws(E) -> R {
        let count = self.count
        return try self.storage.withUnsafeBufferPointer { (buffer) throws(E) -> R in
            try body(UnsafeBufferPointer(start: buffer.baseAddress, count: count))
        }
    }
}

extension JSONReader {
    /// Creates a reader of a document that is still arriving: it reads the first `available` bytes and, where it
    /// needs more, asks `waitingFor` for them.
    ///
    /// The reader asks for more only where waiting costs nothing per byte: before each run of compact pairs
    /// (``readCompactPairElements(_:in:_:into:)``, about 64 KiB ahead) and in ``finish()`` (the whole document).
    /// Anywhere else the end of the bytes received is, to the reader, the end of the document: a read that runs
    /// into it throws as at the end of input. Such an error is not the document's: the caller reads again once the
    /// document is whole (``isWhole``), and trusts only errors thrown while it was, when the document is an object
    /// or an array. (A top-level number cut at the end of the bytes received reads as a whole value; once every
    /// byte is in, its rest is an error of its own, not the whole document's. Inside an object or an array a cut
    /// token is followed by that end, where the next read throws before the document is whole.) A read that
    /// succeeds is the whole document's read: a token cut short by the end is followed by that end, where the next
    /// read throws, or by its own rest, which no whitespace-only tail ``finish()`` accepts.
    ///
    /// - Parameters:
    ///   - bytes: The document at its full length; only the bytes granted are read.
    ///   - available: How many bytes may be read now.
    ///   - maxDepth: The deepest nesting accepted. Defaults to 64.
    ///   - waitingFor: Given a count, waits until at least that many bytes (at most the document's) may be read,
    ///     and returns how many may; fewer when it gave up waiting.
    public init(
        arriving bytes: [UInt8], available: Int, maxDepth: Int = 64, waitingFor: @escaping (Int) -> Int
    ) {
        self.init(document: JSONDocument(bytes, count: min(available, bytes.count)), maxDepth: maxDepth)
        if !self.bytes.isWhole { self.waitForBytes = waitingFor }
    }

    /// Whether the reader may read every byte of the document (always, unless it is arriving).
    public var isWhole: Bool { self.bytes.isWhole }

    /// How many bytes past the reader's position a run of compact pairs needs so as not to stop at the end of the
    /// bytes received: 512 elements of ``compactElementMargin`` bytes, and one more margin.
    static let arrivalRunBytes = 512 * compactElementMargin + compactElementMargin

    /// For a document still arriving, waits until at least `needed` bytes (at most all) may be read.
    @inline(__always)
    mutating func awaitBytes(_ needed: Int) {
        guard let wait = self.waitForBytes, self.bytes.count < needed else { return }
        self.bytes.count = max(self.bytes.count, min(wait(needed), self.bytes.storage.count))
        if self.bytes.isWhole { self.waitForBytes = nil }
    }
}
