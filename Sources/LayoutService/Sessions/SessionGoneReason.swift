/// Why a session the store held is gone, as a 404 `session-gone` answer tells it.
enum SessionGoneReason: String, Hashable, Sendable, CaseIterable {
    /// `DELETE /sessions/{id}` removed it.
    case deleted
    /// It sat unused past the idle timeout.
    case expired
    /// The least recently used, it made room under the memory budget (bytes, or the item budget).
    case memory
    /// The least recently used, it made room under the count of sessions.
    case count

    /// The words a `session-gone` answer's `detail` uses.
    var phrase: String {
        switch self {
        case .deleted: "deleted"
        case .expired: "expired"
        case .memory: "evicted for memory"
        case .count: "evicted for the limit on the number of sessions"
        }
    }
}

/// The most recently gone sessions with the reason each went: a ring of fixed capacity with a map from identifier
/// to slot, so that recording and looking up cost O(1) and the memory it takes is bounded.
struct GoneSessions {
    private var ids: [String?]
    private var reasons: [SessionGoneReason]
    private var slotByID: [String: Int] = [:]
    private var next = 0

    /// Creates an empty ring remembering at most `capacity` identifiers (at least one).
    init(capacity: Int) {
        let capacity = max(1, capacity)
        self.ids = [String?](repeating: nil, count: capacity)
        self.reasons = [SessionGoneReason](repeating: .deleted, count: capacity)
        self.slotByID.reserveCapacity(capacity)
    }

    /// Remembers that `id` went for `reason`, forgetting the oldest remembered one when the ring is full.
    ///
    /// - Complexity: O(1) amortised.
    mutating func record(_ id: String, reason: SessionGoneReason) {
        let slot = self.next
        if let old = self.ids[slot], self.slotByID[old] == slot { self.slotByID[old] = nil }
        self.ids[slot] = id
        self.reasons[slot] = reason
        self.slotByID[id] = slot
        self.next = slot + 1 == self.ids.count ? 0 : slot + 1
    }

    /// Forgets `id` (a session created again under it is live).
    ///
    /// - Complexity: O(1) amortised.
    mutating func forget(_ id: String) {
        self.slotByID[id] = nil
    }

    /// Why `id` went, if it is still remembered.
    ///
    /// - Complexity: O(1) amortised.
    func reason(for id: String) -> SessionGoneReason? {
        self.slotByID[id].map { self.reasons[$0] }
    }
}
