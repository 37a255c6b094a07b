import Synchronization

/// The bounded set of live sessions: a byte budget, an item budget, a count limit, least-recently-used eviction and
/// an idle time-to-live.
///
/// One mutex guards a ``SessionTable``; it is held only for O(1) amortised work (a hash lookup, a few links of the
/// recency list), never while a layout is computed or a session's bytes are counted, and never for a scan: the
/// recency list gives the next to evict and, since every session has the same idle timeout, the next to expire.
/// Readers take a copy of a session (its arrays are shared, copy-on-write) and query it outside the lock, so many
/// connections can read one session at once. Writers compute the next session outside the lock and commit it only if
/// the session still has the version they started from, retrying otherwise: mutations of one session are
/// serialized, and none is lost. Sessions removed by eviction or expiry are released after the lock is dropped.
/// Time comes from an injected clock, so tests move it by hand.
///
/// The store remembers the last ``Configuration/goneCapacity`` sessions that went and why (deleted, expired,
/// evicted for memory or for the count), so that a 404 can say it, and counts evictions and expiries for
/// `/metrics`.
///
/// A mutex rather than an actor: the responder is synchronous (the server calls it on its own threads), so the
/// store must answer without an `await`.
final class SessionStore: Sendable {
    /// The store's limits.
    struct Configuration: Hashable, Sendable {
        /// The most sessions held at once. Defaults to 10,000.
        var maxSessions = 10_000
        /// The most bytes held over all sessions, as ``Session/heapBytes`` counts them. Defaults to a quarter of
        /// the machine's memory or of its cgroup's limit (``SystemMemory/defaultSessionBudget``).
        var maxTotalBytes = SystemMemory.defaultSessionBudget
        /// The most items held over all sessions, each section counting as ``Session/sectionWeight`` items more: a
        /// second bound beside ``maxTotalBytes``. Defaults to 50,000,000.
        var maxTotalItems = 50_000_000
        /// How long an unused session lives. Defaults to 15 minutes.
        var idleTimeout: Duration = .seconds(15 * 60)
        /// How many gone sessions the store remembers with their reason. Defaults to 4,096.
        var goneCapacity = 4_096
    }

    private struct State {
        var table = SessionTable()
        var gone: GoneSessions
        var statistics = SessionStatistics()
    }

    /// The limits.
    let configuration: Configuration
    private let state: Mutex<State>
    private let now: @Sendable () -> Duration

    /// Creates an empty store.
    ///
    /// - Parameters:
    ///   - configuration: The limits.
    ///   - clock: The clock that measures idleness.
    init<C: Clock>(configuration: Configuration, clock: C) where C.Duration == Duration {
        self.configuration = configuration
        self.state = Mutex(State(gone: GoneSessions(capacity: configuration.goneCapacity)))
        // The service's own clock read directly: through the generic `Clock` every read (one per request) looked
        // its witnesses up at run time, some 270 instructions.
        if let continuous = clock as? ContinuousClock {
            let origin = continuous.now
            self.now = { origin.duration(to: ContinuousClock.now) }
        } else {
            let origin = clock.now
            self.now = { origin.duration(to: clock.now) }
        }
    }

    /// The number of live sessions, after dropping expired ones.
    var count: Int { self.statistics.sessions }

    /// The held sessions, bytes and items, and the evictions and expiries so far, after dropping expired sessions.
    var statistics: SessionStatistics {
        let now = self.now()
        let (statistics, released) = self.state.withLock { state in
            let released = self.dropExpired(&state, now: now)
            var statistics = state.statistics
            statistics.sessions = state.table.count
            statistics.bytes = state.table.totalBytes
            statistics.items = state.table.totalItems
            return (statistics, released)
        }
        _ = released
        return statistics
    }

    /// Adds a session under an identifier no live session has, evicting the least recently used ones until the
    /// limits hold.
    ///
    /// A live session is never replaced: when its identifier is taken (possible only for identifiers a proxy
    /// proposes, see ``ServiceConfiguration/sessionIDHeader``), nothing changes and the call returns `false`.
    ///
    /// - Returns: Whether the session was added.
    /// - Throws: ``APIError/tooManyItems(count:limit:)`` or ``APIError/sessionTooLarge(bytes:limit:)`` when the
    ///   session alone passes the item or the byte budget.
    /// - Complexity: O(number of sections) to count the session's bytes, outside the lock; then O(1) amortised per
    ///   session expired or evicted.
    @discardableResult
    func insert(_ session: Session) throws(APIError) -> Bool {
        let (bytes, items) = try self.costs(of: session)
        let now = self.now()
        let (inserted, released) = self.state.withLock { state in
            var released = self.dropExpired(&state, now: now)
            guard state.table.slot(of: session.id) == nil else { return (false, released) }
            state.gone.forget(session.id)
            let slot = state.table.insert(session, bytes: bytes, items: items, now: now)
            self.evict(&state, keeping: slot, into: &released)
            return (true, released)
        }
        _ = released
        return inserted
    }

    /// The session with `id`, marked as used; `nil` when there is none or it expired.
    ///
    /// - Complexity: O(1) amortised.
    func session(_ id: String) -> Session? {
        self.session(SessionKey(id))
    }

    /// The session whose key is `key`, marked as used; `nil` when there is none or it expired. A request's
    /// identifier is looked up by the key made from the path's bytes (``SessionID/key``), without a string (issue
    /// 21).
    ///
    /// - Complexity: O(1) amortised.
    func session(_ key: SessionKey) -> Session? {
        let now = self.now()
        // An expired session is released after the lock is dropped; the answer is one optional session, not a pair
        // (a session is a large value: every copy of the pair was a copy of both).
        var released: Session?
        let session = self.state.withLock { state -> Session? in
            guard let slot = state.table.slot(of: key) else { return nil }
            guard state.table.slots[slot].lastUsed + self.configuration.idleTimeout > now else {
                released = self.drop(slot, reason: .expired, from: &state)
                return nil
            }
            state.table.touch(slot, now: now)
            return state.table.session(at: slot)
        }
        _ = released
        return session
    }

    /// Whether a live or expired session with `id` is still here, without marking it as used.
    ///
    /// - Complexity: O(1).
    func holds(_ id: String) -> Bool {
        self.state.withLock { $0.table.slot(of: id) != nil }
    }

    /// Removes the session with `id`.
    ///
    /// - Returns: Whether there was a live one.
    /// - Complexity: O(1) amortised.
    @discardableResult
    func remove(_ id: String) -> Bool {
        let now = self.now()
        let (removed, released) = self.state.withLock { state -> (Bool, Session?) in
            guard let slot = state.table.slot(of: id) else { return (false, nil) }
            let isLive = state.table.slots[slot].lastUsed + self.configuration.idleTimeout > now
            return (isLive, self.drop(slot, reason: isLive ? .deleted : .expired, from: &state))
        }
        _ = released
        return removed
    }

    /// The 404 for a session that is not live, saying why it went when the store still remembers.
    ///
    /// - Complexity: O(1) amortised.
    func goneError(id: String) -> APIError {
        let reason = self.state.withLock { $0.gone.reason(for: id) }
        return .sessionNotFound(id: id, reason: reason?.phrase)
    }

    /// Replaces a session by what `transform` makes of it, bumping its version.
    ///
    /// `transform` runs outside the lock and may run more than once: when another mutation commits first, it runs
    /// again on the newer session, unless the caller pinned versions with `expectedVersion` (then the call fails).
    /// The session's bytes are counted again (outside the lock), and the store evicts others if it grew past a
    /// budget.
    ///
    /// - Parameters:
    ///   - id: The session.
    ///   - expectedVersion: The versions an `If-Match` header allows, or `nil`.
    ///   - transform: Computes the next session; its `version` is set by the store.
    /// - Returns: The committed session.
    /// - Throws: ``APIError/sessionNotFound(id:reason:)``, ``APIError/versionMismatch(current:)``,
    ///   ``APIError/tooManyItems(count:limit:)``, ``APIError/sessionTooLarge(bytes:limit:)``, or whatever
    ///   `transform` throws (the session is then unchanged).
    func update(
        _ id: String,
        expectedVersion: IfMatch?,
        _ transform: (Session) throws -> Session
    ) throws -> Session {
        while true {
            guard let current = self.session(id) else { throw self.goneError(id: id) }
            if let expectedVersion, !expectedVersion.allows(current.version) {
                throw APIError.versionMismatch(current: current.version)
            }
            var next = try transform(current)
            next.version = current.version + 1
            let (bytes, items) = try self.costs(of: next)
            let now = self.now()
            let (committed, released) = self.state.withLock { state -> (Bool, [Session]) in
                var released: [Session] = []
                guard let slot = state.table.slot(of: id), state.table.session(at: slot).version == current.version
                else { return (false, released) }
                released.append(state.table.session(at: slot))
                state.table.replace(slot, with: next, bytes: bytes, items: items, now: now)
                self.evict(&state, keeping: slot, into: &released)
                return (true, released)
            }
            _ = released
            if committed { return next }
            if expectedVersion != nil {
                guard let latest = self.session(id) else { throw self.goneError(id: id) }
                throw APIError.versionMismatch(current: latest.version)
            }
        }
    }

    /// Puts `next` in place of the held session with its identifier if that one has version `version` (or, with
    /// `version` `nil`, if none is held), keeping `next`'s own version: the shared session store's commit of a
    /// session it caught up or rebuilt (`SessionStore/`).
    ///
    /// - Returns: Whether it was put in place.
    /// - Throws: ``APIError/tooManyItems(count:limit:)`` or ``APIError/sessionTooLarge(bytes:limit:)``.
    @discardableResult
    func replace(with next: Session, ifVersion version: Int?) throws(APIError) -> Bool {
        guard let version else { return try self.insert(next) }
        let (bytes, items) = try self.costs(of: next)
        let now = self.now()
        let (replaced, released) = self.state.withLock { state -> (Bool, [Session]) in
            guard let slot = state.table.slot(of: next.id), state.table.session(at: slot).version == version
            else { return (false, []) }
            var released = [state.table.session(at: slot)]
            state.table.replace(slot, with: next, bytes: bytes, items: items, now: now)
            self.evict(&state, keeping: slot, into: &released)
            return (true, released)
        }
        _ = released
        return replaced
    }

    /// What a session costs the budgets, refusing one that alone passes either.
    private func costs(of session: Session) throws(APIError) -> (bytes: Int, items: Int) {
        let items = session.budgetWeight
        guard items <= self.configuration.maxTotalItems else {
            throw .tooManyItems(count: items, limit: self.configuration.maxTotalItems)
        }
        let bytes = session.heapBytes
        guard bytes <= self.configuration.maxTotalBytes else {
            throw .sessionTooLarge(bytes: bytes, limit: self.configuration.maxTotalBytes)
        }
        return (bytes, items)
    }

    /// Evicts the least recently used sessions other than `kept` until every limit holds.
    ///
    /// - Complexity: O(1) amortised per evicted session.
    private func evict(_ state: inout State, keeping kept: Int, into released: inout [Session]) {
        while true {
            let overCount = state.table.count > self.configuration.maxSessions
            guard
                overCount || state.table.totalBytes > self.configuration.maxTotalBytes
                    || state.table.totalItems > self.configuration.maxTotalItems
            else { return }
            var victim = state.table.oldest
            if victim == kept { victim = state.table.slots[kept].newer }
            guard victim >= 0 else { return }
            released.append(self.drop(victim, reason: overCount ? .count : .memory, from: &state))
        }
    }

    /// Drops the sessions idle past the timeout: the least recently used first, stopping at the first live one.
    ///
    /// - Complexity: O(1) amortised per expired session.
    private func dropExpired(_ state: inout State, now: Duration) -> [Session] {
        var released: [Session] = []
        while state.table.oldest >= 0,
            state.table.slots[state.table.oldest].lastUsed + self.configuration.idleTimeout <= now
        {
            released.append(self.drop(state.table.oldest, reason: .expired, from: &state))
        }
        return released
    }

    /// Removes a slot's session, remembers why and counts it.
    private func drop(_ slot: Int, reason: SessionGoneReason, from state: inout State) -> Session {
        let session = state.table.remove(slot)
        state.gone.record(session.id, reason: reason)
        state.statistics.count(reason)
        return session
    }
}
