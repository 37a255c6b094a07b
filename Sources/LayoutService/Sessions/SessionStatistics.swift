/// What the session store holds now and what it has let go, for `GET /metrics`.
public struct SessionStatistics: Hashable, Sendable {
    /// The sessions held now.
    public var sessions = 0
    /// The bytes they hold, as ``SessionStore`` budgets them.
    public var bytes = 0
    /// The items they hold, each section counting as a few items more (the item budget's measure).
    public var items = 0
    /// Sessions evicted, least recently used first, to keep the bytes (or items) under budget.
    public var evictedForMemory = 0
    /// Sessions evicted, least recently used first, to keep the count under its limit.
    public var evictedForCount = 0
    /// Sessions dropped after sitting unused past the idle timeout.
    public var expired = 0

    /// Creates empty statistics.
    public init() {}

    /// Counts one session gone for `reason` (a deletion counts nothing).
    mutating func count(_ reason: SessionGoneReason) {
        switch reason {
        case .deleted: break
        case .expired: self.expired += 1
        case .memory: self.evictedForMemory += 1
        case .count: self.evictedForCount += 1
        }
    }
}
