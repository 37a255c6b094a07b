import LayoutEngine

/// One client's prepared layout, kept so that scrolling, resizing and updates stay cheap.
struct Session: Sendable {
    /// The identifier: 128 random bits as 32 lowercase hexadecimal digits.
    let id: String
    /// Increases by one with every mutation; `ETag` and `If-Match` carry it.
    var version: Int
    /// The layout with what it was prepared from, so that invalidation and updates recompute only what changed.
    var live: LiveLayout

    /// What the layout was prepared from.
    var input: LayoutInput { self.live.input }
    /// The kind and its parameters.
    var configuration: LayoutConfiguration { self.live.configuration }
    /// The prepared layout every query reads.
    var layout: PreparedLayout { self.live.prepared }

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
    static func isWellFormedID(_ text: Substring) -> Bool {
        guard text.utf8.count == 32 else { return false }
        func isLowercaseHex(_ byte: UInt8) -> Bool {
            (byte >= UInt8(ascii: "0") && byte <= UInt8(ascii: "9"))
                || (byte >= UInt8(ascii: "a") && byte <= UInt8(ascii: "f"))
        }
        return text.utf8.withContiguousStorageIfAvailable { $0.allSatisfy(isLowercaseHex) }
            ?? text.utf8.allSatisfy(isLowercaseHex)
    }
}
