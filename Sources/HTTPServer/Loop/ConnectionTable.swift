/// The connections of one ``EventLoop``, found by the identifier their epoll registration carries without hashing
/// it: the identifier holds the connection's slot in a list (its low 32 bits) and a serial number (its high 32
/// bits), so a lookup is one index and one comparison. The serial keeps a late worker answer for a closed
/// connection from reaching the next connection given the same slot (the identifiers repeat only after 2³²
/// connections on one loop, and the stale answer would have to be in flight all that while).
///
/// A freed slot is reused by the next connection; the list holds as many slots as the loop ever had connections
/// open at once, so it is bounded by `--max-connections` (the open connections are the `layoutd_open_connections`
/// metric), as the dictionary it replaces was.
struct ConnectionTable {
    /// The connection in each slot, `nil` for a free one.
    private var slots: [Connection?] = []
    /// The free slots, the most recently freed last.
    private var freeSlots: [Int] = []
    /// The serial number the next identifier carries; never 0, so that no identifier is one of the loop's own
    /// tokens (0 and 1).
    private var nextSerial: UInt64 = 1
    /// The number of connections held.
    private(set) var count = 0

    /// Whether no connection is held.
    var isEmpty: Bool { self.count == 0 }

    /// Every connection held, in slot order: a copy, so that the loop may close them while going through it.
    var all: [Connection] { self.all(where: { _ in true }) }

    /// The connections held for which `isIncluded` is true, in slot order.
    ///
    /// - Complexity: O(the most connections held at once).
    func all(where isIncluded: (Connection) -> Bool) -> [Connection] {
        var chosen: [Connection] = []
        for case let connection? in self.slots where isIncluded(connection) { chosen.append(connection) }
        return chosen
    }

    /// The identifier for the next connection to be ``insert(_:)``ed: call once per connection, then insert the
    /// connection made with it before asking for another.
    ///
    /// - Complexity: O(1) amortized.
    mutating func nextIdentifier() -> UInt64 {
        let slot = self.freeSlots.last ?? self.slots.count
        let serial = self.nextSerial
        self.nextSerial = serial == UInt64(UInt32.max) ? 1 : serial + 1
        return serial << 32 | UInt64(slot)
    }

    /// Holds `connection` in the slot its identifier (from ``nextIdentifier()``) names.
    ///
    /// - Complexity: O(1) amortized.
    mutating func insert(_ connection: Connection) {
        let slot = Self.slot(of: connection.id)
        if slot == self.slots.count {
            self.slots.append(connection)
        } else {
            precondition(self.freeSlots.last == slot && self.slots[slot] == nil, "a connection's slot is taken")
            self.freeSlots.removeLast()
            self.slots[slot] = connection
        }
        self.count += 1
    }

    /// The connection with identifier `id`, or `nil` when it is gone (or `id` was never given out).
    ///
    /// - Complexity: O(1).
    subscript(id: UInt64) -> Connection? {
        let slot = Self.slot(of: id)
        guard slot < self.slots.count, let connection = self.slots[slot], connection.id == id else { return nil }
        return connection
    }

    /// Forgets the connection with identifier `id`; returns whether it was held.
    ///
    /// - Complexity: O(1) amortized.
    @discardableResult
    mutating func remove(id: UInt64) -> Bool {
        let slot = Self.slot(of: id)
        guard slot < self.slots.count, let connection = self.slots[slot], connection.id == id else { return false }
        self.slots[slot] = nil
        self.freeSlots.append(slot)
        self.count -= 1
        return true
    }

    /// The slot an identifier names.
    private static func slot(of id: UInt64) -> Int {
        Int(truncatingIfNeeded: id & 0xFFFF_FFFF)
    }
}
