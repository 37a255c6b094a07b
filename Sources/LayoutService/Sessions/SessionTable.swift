/// The sessions a store holds, in slots of one array threaded by an intrusive doubly linked list from the least to
/// the most recently used, with a map from identifier to slot and running totals of bytes and items.
///
/// Every operation is O(1) amortised: no scan. With one idle timeout for every session the recency order is also
/// the expiry order (the least recently used expires first), so ``oldest`` is both the next to evict and the next
/// to expire. Not thread-safe: ``SessionStore`` holds it under its mutex.
struct SessionTable {
    /// One held session and its links.
    struct Slot {
        /// The session; `nil` while the slot is free.
        var session: Session?
        /// What the session costs the byte budget (``Session/heapBytes``).
        var bytes = 0
        /// What the session costs the item budget (``Session/budgetWeight``).
        var items = 0
        /// When it was last used, on the store's clock.
        var lastUsed: Duration = .zero
        /// The next less recently used slot, or `-1`.
        var older = -1
        /// The next more recently used slot, or `-1`.
        var newer = -1
    }

    private(set) var slots: [Slot] = []
    private var free: [Int] = []
    private var slotByID: [SessionKey: Int] = [:]
    /// The least recently used slot, or `-1` when empty.
    private(set) var oldest = -1
    /// The most recently used slot, or `-1` when empty.
    private(set) var newest = -1
    /// The bytes of every held session.
    private(set) var totalBytes = 0
    /// The budget weight of every held session.
    private(set) var totalItems = 0

    /// The number of held sessions.
    var count: Int { self.slotByID.count }

    /// The slot holding `id`.
    func slot(of id: String) -> Int? { self.slotByID[SessionKey(id)] }

    /// The slot holding the session whose key is `key` (made from a request path's bytes, without a string).
    func slot(of key: SessionKey) -> Int? { self.slotByID[key] }

    /// The session in a held slot.
    func session(at slot: Int) -> Session {
        // Read in place: the slot's session is copied once, not the slot and then its session.
        self.slots.withUnsafeBufferPointer { slots in
            guard let session = slots[slot].session else { preconditionFailure("slot \(slot) is free") }
            return session
        }
    }

    /// Adds a session that is not held, as the most recently used.
    ///
    /// - Returns: Its slot.
    mutating func insert(_ session: Session, bytes: Int, items: Int, now: Duration) -> Int {
        precondition(self.slotByID[SessionKey(session.id)] == nil, "a held session is never inserted again")
        let slot: Int
        if let reused = self.free.popLast() {
            slot = reused
        } else {
            slot = self.slots.count
            self.slots.append(Slot())
        }
        self.slots[slot] = Slot(session: session, bytes: bytes, items: items, lastUsed: now)
        self.slotByID[SessionKey(session.id)] = slot
        self.totalBytes += bytes
        self.totalItems += items
        self.linkAsNewest(slot)
        return slot
    }

    /// Marks a held slot as used now: it becomes the most recently used.
    mutating func touch(_ slot: Int, now: Duration) {
        self.slots[slot].lastUsed = now
        guard slot != self.newest else { return }
        self.unlink(slot)
        self.linkAsNewest(slot)
    }

    /// Replaces a held slot's session (same identifier) and its costs, and marks it as used now.
    mutating func replace(_ slot: Int, with session: Session, bytes: Int, items: Int, now: Duration) {
        self.totalBytes += bytes - self.slots[slot].bytes
        self.totalItems += items - self.slots[slot].items
        self.slots[slot].session = session
        self.slots[slot].bytes = bytes
        self.slots[slot].items = items
        self.touch(slot, now: now)
    }

    /// Removes a held slot's session.
    ///
    /// - Returns: The session, for the caller to release outside the lock (a large one takes a while to free).
    mutating func remove(_ slot: Int) -> Session {
        let session = self.session(at: slot)
        self.unlink(slot)
        self.slotByID[SessionKey(session.id)] = nil
        self.totalBytes -= self.slots[slot].bytes
        self.totalItems -= self.slots[slot].items
        self.slots[slot] = Slot()
        self.free.append(slot)
        return session
    }

    private mutating func linkAsNewest(_ slot: Int) {
        self.slots[slot].older = self.newest
        self.slots[slot].newer = -1
        if self.newest >= 0 { self.slots[self.newest].newer = slot } else { self.oldest = slot }
        self.newest = slot
    }

    private mutating func unlink(_ slot: Int) {
        let older = self.slots[slot].older
        let newer = self.slots[slot].newer
        if older >= 0 { self.slots[older].newer = newer } else { self.oldest = newer }
        if newer >= 0 { self.slots[newer].older = older } else { self.newest = older }
        self.slots[slot].older = -1
        self.slots[slot].newer = -1
    }
}
