import JSON
import LayoutEngine

/// One client's prepared layout, kept so that scrolling, resizing and updates stay cheap.
///
/// A value held in one shared, immutable box: a session is copied on every request (out of the store, into the
/// shared-session check, into the answer), and a copy is one reference count, not some 700 bytes and a reference
/// count per array of the layout. Changing ``version`` or ``live`` makes a new box.
struct Session: Sendable {
    /// What a session holds.
    private final class Contents: Sendable {
        let id: String
        let version: Int
        let live: LiveLayout
        /// What every answer of this version repeats, made once (see ``Session/AnswerHead``).
        let head: AnswerHead

        init(id: String, version: Int, live: LiveLayout) {
            (self.id, self.version, self.live) = (id, version, live)
            self.head = AnswerHead(version: version, layout: live.prepared)
        }
    }

    /// The parts of a session answer that depend on nothing but the session's version and layout, made when the
    /// version is: the `ETag`, and the answer's opening with the version, `contentSize` and `widowCount`. A query
    /// then neither formats them again nor copies the prepared layout (a large value) to read them (issue 21).
    struct AnswerHead: Sendable {
        /// `"<version>"`, the `ETag` header's value.
        let etag: String
        /// `{"version":…,"contentSize":{…}` and, for `justified`, `,"widowCount":…`, as ``JSONWriter`` writes
        /// them: every session answer's first members (``JSONWriter/beginSessionAnswer(_:)``).
        let opening: [UInt8]

        /// - Complexity: O(1): three or four numbers formatted.
        init(version: Int, layout: PreparedLayout) {
            self.etag = "\"\(version)\""
            var writer = JSONWriter(capacity: 128)
            writer.beginObject()
            writer.member("version", version)
            writer.member("contentSize", layout.contentSize)
            writer.widowCount(of: layout)
            self.opening = writer.bytes
        }
    }

    private var contents: Contents

    /// A session with identifier `id` at `version`, holding `live`.
    init(id: String, version: Int, live: LiveLayout) {
        self.contents = Contents(id: id, version: version, live: live)
    }

    /// The identifier: 128 random bits as 32 lowercase hexadecimal digits.
    var id: String { self.contents.id }

    /// The version's `ETag` and its answers' opening, made once.
    var head: AnswerHead { self.contents.head }

    /// The version's `ETag` value (``AnswerHead/etag``), read without copying the head (a reference count for each
    /// of its two members).
    var etag: String { self.contents.head.etag }

    /// Calls `body` with the bytes of the answers' opening (``AnswerHead/opening``), read in place.
    func withOpening<Result>(_ body: (UnsafeBufferPointer<UInt8>) -> Result) -> Result {
        self.contents.head.opening.withUnsafeBufferPointer(body)
    }

    /// Increases by one with every mutation; `ETag` and `If-Match` carry it.
    var version: Int {
        get { self.contents.version }
        set { self.contents = Contents(id: self.contents.id, version: newValue, live: self.contents.live) }
    }

    /// The layout with what it was prepared from, so that invalidation and updates recompute only what changed.
    var live: LiveLayout {
        get { self.contents.live }
        set { self.contents = Contents(id: self.contents.id, version: self.contents.version, live: newValue) }
    }

    /// What the layout was prepared from.
    var input: LayoutInput { self.contents.live.input }
    /// The kind and its parameters.
    var configuration: LayoutConfiguration { self.contents.live.configuration }
    /// The prepared layout every query reads.
    var layout: PreparedLayout { self.contents.live.prepared }

    /// Calls `body` with the prepared layout read in place: ``layout`` hands out a copy (a large value, with a
    /// reference count for each of its arrays), which a query does not need.
    func withLayout<Result>(_ body: (PreparedLayout) -> Result) -> Result {
        body(self.contents.live.prepared)
    }

    /// The session's kind.
    var kind: LayoutKind { self.configuration.kind }

    /// The number of items.
    var itemCount: Int {
        (0..<self.layout.numberOfSections).reduce(0) { $0 + self.layout.numberOfItems(inSection: $1) }
    }

    /// What the store's item budget charges: the items plus ``sectionWeight`` per section, since a section's
    /// records (origin, index, header, footer, background) cost memory even when it holds no item.
    var budgetWeight: Int { self.itemCount + Self.sectionWeight * self.layout.numberOfSections }

    /// The items one section counts as in the budget.
    static let sectionWeight = 20

    /// What the store's byte budget charges: the layout's bytes (``LiveLayout/heapBytes``: input, prepared arrays,
    /// index, section records) plus ``entryOverhead`` for the identifier, the store's slot and its map entry.
    ///
    /// - Complexity: O(number of sections).
    var heapBytes: Int { self.live.heapBytes + Self.entryOverhead }

    /// The bytes a session costs beside its layout: its 32-character identifier (a heap string, twice: the
    /// session's and the store's map key), the slot and the map entry.
    static let entryOverhead = 256

    /// Makes a new identifier from the system's random source.
    static func makeID() -> String {
        var generator = SystemRandomNumberGenerator()
        let high: UInt64 = generator.next()
        let low: UInt64 = generator.next()
        return high.paddedHex + low.paddedHex
    }

    /// Whether `text` has the shape of an identifier; anything else cannot name a session.
    ///
    /// - Complexity: O(1): the 32 bytes are checked as four words, eight bytes at a time
    ///   (``isLowercaseHexWord(_:)``).
    static func isWellFormedID(_ text: Substring) -> Bool {
        // The bytes read in place by `withUTF8`: counting them first and the generic
        // `utf8.withContiguousStorageIfAvailable` each walked the substring's indices (some 200 instructions of
        // every session request, issue 21).
        var text = text
        return text.withUTF8 { Self.isWellFormedID(utf8: $0) }
    }

    /// Whether the UTF-8 text `bytes` has the shape of an identifier (``isWellFormedID(_:)``).
    ///
    /// - Complexity: O(1).
    static func isWellFormedID(utf8 bytes: UnsafeBufferPointer<UInt8>) -> Bool {
        guard bytes.count == 32 else { return false }
        let start = UnsafeRawPointer(bytes.baseAddress.unsafelyUnwrapped)
        return Self.isLowercaseHexWord(start.loadUnaligned(as: UInt64.self))
            && Self.isLowercaseHexWord(start.loadUnaligned(fromByteOffset: 8, as: UInt64.self))
            && Self.isLowercaseHexWord(start.loadUnaligned(fromByteOffset: 16, as: UInt64.self))
            && Self.isLowercaseHexWord(start.loadUnaligned(fromByteOffset: 24, as: UInt64.self))
    }

    /// Whether each of the eight bytes of `word` is `0`...`9` or `a`...`f`.
    ///
    /// For bytes below 0x80, adding `0x80 − low` to each sets its top bit exactly when it is at least `low`, and
    /// adding `0x7F − high` exactly when it is above `high`; no byte carries into the next.
    @inline(__always)
    static func isLowercaseHexWord(_ word: UInt64) -> Bool {
        let ones: UInt64 = 0x0101_0101_0101_0101
        let tops: UInt64 = 0x8080_8080_8080_8080
        @inline(__always) func within(_ low: UInt64, _ high: UInt64) -> UInt64 {
            (word &+ ones &* (0x80 &- low)) & ~(word &+ ones &* (0x7F &- high)) & tops
        }
        let hex = within(0x30, 0x39) | within(0x61, 0x66)
        return word & tops == 0 && hex == tops
    }
}
