import Synchronization

/// The bounded set of live sessions: a count limit, an item budget, least-recently-used eviction and an idle
/// time-to-live.
///
/// One mutex guards the map; it is held only for lookups and swaps, never while a layout is computed. Readers take
/// a copy of a session (its arrays are shared, copy-on-write) and query it outside the lock, so many connections can
/// read one session at once. Writers compute the next session outside the lock and commit it only if the session
/// still has the version they started from, retrying otherwise: mutations of one session are serialized, and none
/// is lost. Time comes from an injected clock, so tests move it by hand.
///
/// A mutex rather than an actor: the responder is synchronous (the server calls it on its own threads), so the
/// store must answer without an `await`; the lock is never held across a layout computation.
final class SessionStore: Sendable {
    /// The store's limits.
    struct Configuration: Hashable, Sendable {
        /// The most sessions held at once. Defaults to 10,000.
        var maxSessions = 10_000
        /// The most items held over all sessions, each section counting as ``Session/sectionWeight`` items more.
        /// Defaults to 50,000,000.
        var maxTotalItems = 50_000_000
        /// How long an unused session lives. Defaults to 15 minutes.
        var idleTimeout: Duration = .seconds(15 * 60)
    }

    private struct Entry {
        var session: Session
        var items: Int
        var lastUsed: Duration
    }

    private struct State {
        var entries: [String: Entry] = [:]
        var totalItems = 0
    }

    /// The limits.
    let configuration: Configuration
    private let state = Mutex(State())
    private let now: @Sendable () -> Duration

    /// Creates an empty store.
    ///
    /// - Parameters:
    ///   - configuration: The limits.
    ///   - clock: The clock that measures idleness.
    init<C: Clock>(configuration: Configuration, clock: C) where C.Duration == Duration {
        self.configuration = configuration
        let origin = clock.now
        self.now = { origin.duration(to: clock.now) }
    }

    /// The number of live sessions, after dropping expired ones.
    var count: Int {
        let now = self.now()
        return self.state.withLock { state in
            Self.dropExpired(&state, now: now, idleTimeout: self.configuration.idleTimeout)
            return state.entries.count
        }
    }

    /// Adds a session under an identifier no live session has, evicting the least recently used ones until the
    /// limits hold.
    ///
    /// A live session is never replaced: when its identifier is taken (possible only for identifiers a proxy
    /// proposes, see ``ServiceConfiguration/sessionIDHeader``), nothing changes and the call returns `false`.
    ///
    /// - Returns: Whether the session was added.
    /// - Throws: ``APIError/tooManyItems(count:limit:)`` when the session alone is larger than the item budget.
    /// - Complexity: O(number of sessions) when something must be evicted, else amortized O(1).
    @discardableResult
    func insert(_ session: Session) throws(APIError) -> Bool {
        let items = session.budgetWeight
        guard items <= self.configuration.maxTotalItems else {
            throw .tooManyItems(count: items, limit: self.configuration.maxTotalItems)
        }
        let now = self.now()
        return self.state.withLock { state in
            Self.dropExpired(&state, now: now, idleTimeout: self.configuration.idleTimeout)
            guard state.entries[session.id] == nil else { return false }
            state.entries[session.id] = Entry(session: session, items: items, lastUsed: now)
            state.totalItems += items
            self.evict(&state, keeping: session.id)
            return true
        }
    }

    /// The session with `id`, marked as used; `nil` when there is none or it expired.
    func session(_ id: String) -> Session? {
        let now = self.now()
        return self.state.withLock { state in
            // One hash of the identifier: the entry is found once and refreshed where it lies.
            guard let index = state.entries.index(forKey: id) else { return nil }
            guard state.entries.values[index].lastUsed + self.configuration.idleTimeout > now else {
                state.totalItems -= state.entries.values[index].items
                state.entries.remove(at: index)
                return nil
            }
            state.entries.values[index].lastUsed = now
            return state.entries.values[index].session
        }
    }

    /// Removes the session with `id`.
    ///
    /// - Returns: Whether there was a live one.
    @discardableResult
    func remove(_ id: String) -> Bool {
        let now = self.now()
        return self.state.withLock { state in
            guard let entry = state.entries.removeValue(forKey: id) else { return false }
            state.totalItems -= entry.items
            return entry.lastUsed + self.configuration.idleTimeout > now
        }
    }

    /// Replaces a session by what `transform` makes of it, bumping its version.
    ///
    /// `transform` runs outside the lock and may run more than once: when another mutation commits first, it runs
    /// again on the newer session, unless the caller pinned versions with `expectedVersion` (then the call fails).
    ///
    /// - Parameters:
    ///   - id: The session.
    ///   - expectedVersion: The versions an `If-Match` header allows, or `nil`.
    ///   - transform: Computes the next session; its `version` is set by the store.
    /// - Returns: The committed session.
    /// - Throws: ``APIError/sessionNotFound(id:)``, ``APIError/versionMismatch(current:)``, ``APIError/tooManyItems(count:limit:)``,
    ///   or whatever `transform` throws (the session is then unchanged).
    func update(
        _ id: String,
        expectedVersion: IfMatch?,
        _ transform: (Session) throws -> Session
    ) throws -> Session {
        while true {
            guard let current = self.session(id) else { throw APIError.sessionNotFound(id: id) }
            if let expectedVersion, !expectedVersion.allows(current.version) {
                throw APIError.versionMismatch(current: current.version)
            }
            var next = try transform(current)
            next.version = current.version + 1
            let items = next.budgetWeight
            guard items <= self.configuration.maxTotalItems else {
                throw APIError.tooManyItems(count: items, limit: self.configuration.maxTotalItems)
            }
            let now = self.now()
            let committed: Bool = self.state.withLock { state in
                guard let entry = state.entries[id], entry.session.version == current.version else { return false }
                state.entries[id] = Entry(session: next, items: items, lastUsed: now)
                state.totalItems += items - entry.items
                self.evict(&state, keeping: id)
                return true
            }
            if committed { return next }
            if expectedVersion != nil {
                guard let latest = self.session(id) else { throw APIError.sessionNotFound(id: id) }
                throw APIError.versionMismatch(current: latest.version)
            }
        }
    }

    /// Evicts least-recently-used sessions other than `kept` until both limits hold.
    private func evict(_ state: inout State, keeping kept: String) {
        while state.entries.count > self.configuration.maxSessions
            || state.totalItems > self.configuration.maxTotalItems
        {
            guard
                let oldest = state.entries.lazy.filter({ $0.key != kept }).min(by: { $0.value.lastUsed < $1.value.lastUsed })
            else { return }
            state.entries[oldest.key] = nil
            state.totalItems -= oldest.value.items
        }
    }

    private static func dropExpired(_ state: inout State, now: Duration, idleTimeout: Duration) {
        let expired = state.entries.filter { $0.value.lastUsed + idleTimeout <= now }
        for (id, entry) in expired {
            state.entries[id] = nil
            state.totalItems -= entry.items
        }
    }
}
