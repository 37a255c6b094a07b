import Glibc
import LayoutEngine

extension SharedSessionStore {
    /// The store `configuration` names, or `nil` without `--session-store` (or with a URL the option refused).
    static func make(_ configuration: ServiceConfiguration, log: @escaping @Sendable (String) -> Void)
        -> SharedSessionStore?
    {
        guard let url = configuration.sessionStore, let endpoint = RedisEndpoint(url: url) else { return nil }
        var settings = Configuration(endpoint: endpoint, idleTimeout: configuration.sessions.idleTimeout)
        settings.maxPending = 2 * configuration.maxSessions
        settings.idempotencyKeys = configuration.idempotencyKeys
        return SharedSessionStore(configuration: settings, log: log)
    }
}

/// Sessions shared through Redis: the hooks the session routes call, each a plain local operation when no store is
/// configured.
///
/// The local ``SessionStore`` stays the cache every query reads. With a store, a new session's input is written
/// before the create answers; a mutation is appended to the journal only if Redis holds the session at the version
/// this replica holds (else the replica first replays what it lacks, then computes the mutation again, so versions
/// stay linear across replicas and `If-Match` keeps its meaning); a session this replica does not hold is rebuilt
/// from its input and journal, with the same identifier and version. When Redis is unreachable, everything stays
/// local and the sessions touched meanwhile are written once it answers again.
extension LayoutService {
    /// Writes a new session to the store, or remembers it for later when Redis is down.
    ///
    /// - Returns: `false` when Redis already holds a session with this identifier (the caller picks another).
    func shareCreatedSession(_ session: Session) -> Bool {
        guard let shared = self.sharedSessions else { return true }
        self.flushPendingSessions()
        let stored = StoredSessionInput(configuration: session.configuration, input: session.input)
        do {
            return try shared.put(session.id, stored, version: session.version) == nil
        } catch {
            shared.markPending(session.id, isHeld: self.sessions.holds)
            return true
        }
    }

    /// Deletes a session from the store too.
    ///
    /// - Returns: Whether the store held it (so that a replica that never held it deletes it all the same).
    func unshareSession(_ id: String) -> Bool {
        guard let shared = self.sharedSessions else { return false }
        do {
            return try shared.remove(id)
        } catch {
            // Deleted once Redis answers again, so that no other replica rebuilds it meanwhile from a stale copy.
            shared.markPendingDelete(id)
            return false
        }
    }

    /// Rebuilds session `id` from the store when this replica does not hold it.
    ///
    /// - Returns: The session, now also held locally, or `nil` when the store does not have it either.
    func rebuildSharedSession(_ id: String) -> Session? {
        guard let shared = self.sharedSessions else { return nil }
        do {
            guard let fetched = try shared.fetch(id, after: 0), let stored = fetched.input else { return nil }
            var live = try self.makeLiveLayout(stored.input, configuration: stored.configuration)
            for mutation in fetched.records { try self.replay(mutation, on: &live) }
            let session = Session(id: id, version: fetched.base + fetched.records.count, live: live)
            shared.countRebuild()
            if try self.sessions.replace(with: session, ifVersion: nil) { return session }
            return self.sessions.session(id)
        } catch {
            self.log("session store: could not rebuild \(id): \(error)")
            return nil
        }
    }

    /// `current`, or the newer version Redis holds: the one round trip a read costs with a store, which also keeps
    /// the session's keys from expiring while it is used.
    func syncSharedSession(_ current: Session) -> Session {
        self.flushPendingSessions()
        return self.catchUpSharedSession(current) ?? current
    }

    /// `/readyz`'s body: ready, and with a store whether it is up or the service runs degraded (local sessions
    /// only); a degraded service stays ready, since it still answers.
    var readinessJSON: String {
        guard let shared = self.sharedSessions else { return #"{"status":"ready"}"# }
        shared.probe()
        self.flushPendingSessions()
        return shared.isUp
            ? #"{"status":"ready","sessionStore":"up"}"# : #"{"status":"ready","sessionStore":"degraded"}"#
    }

    /// Replaces `current` by the session Redis says is newer, replaying the journal; `nil` when Redis has nothing
    /// newer (or cannot be reached).
    func catchUpSharedSession(_ current: Session) -> Session? {
        guard let shared = self.sharedSessions else { return nil }
        do {
            guard let fetched = try shared.fetch(current.id, after: current.version) else { return nil }
            var live = current.live
            var version = current.version
            if let stored = fetched.input {
                live = try self.makeLiveLayout(stored.input, configuration: stored.configuration)
                version = fetched.base
            }
            guard !fetched.records.isEmpty || fetched.input != nil else { return nil }
            for mutation in fetched.records { try self.replay(mutation, on: &live) }
            let caughtUp = Session(id: current.id, version: version + fetched.records.count, live: live)
            guard caughtUp.version > current.version else { return nil }
            try self.sessions.replace(with: caughtUp, ifVersion: current.version)
            return caughtUp
        } catch let error as RedisError {
            // Unreachable: the store logged it once; the local session is served meanwhile.
            if case .unexpectedReply = error { self.log("session store: could not catch up \(current.id): \(error)") }
            return nil
        } catch {
            self.log("session store: could not catch up \(current.id): \(error)")
            return nil
        }
    }

    /// Applies a mutation to session `id`: ``SessionStore/update(_:expectedVersion:_:)`` without a store; with
    /// one, the same, but committed to Redis's journal first (see the type's discussion).
    ///
    /// - Parameters:
    ///   - key: The request's idempotency key: with a store, a key Redis already holds for this session answers
    ///     the mutation as its first try did, without applying it again
    ///     (``replayedSession(_:version:pending:computed:_:)``).
    ///   - mutation: What `transform` did, read after it ran (a batch is read again when the kind changed).
    ///   - transform: Computes the next session from the current one; it may run more than once.
    func updateSession(
        _ id: String,
        expectedVersion: IfMatch?,
        key: String? = nil,
        mutation: () -> SessionMutation,
        _ transform: (Session) throws -> Session
    ) throws -> Session {
        guard let shared = self.sharedSessions else {
            return try self.sessions.update(id, expectedVersion: expectedVersion, transform)
        }
        self.flushPendingSessions()
        for attempt in 0..<Self.sharedUpdateAttempts {
            if attempt > 1 { Self.backOff(attempt) }
            // The append checks the version, so the local copy needs no round trip of its own here.
            guard var current = self.sessions.session(id) ?? self.rebuildSharedSession(id) else {
                throw self.sessions.goneError(id: id)
            }
            var next: Session
            do {
                if let expectedVersion, !expectedVersion.allows(current.version) {
                    // This replica may be behind another: only a version Redis also lacks is a mismatch.
                    if attempt == 0, let newer = self.catchUpSharedSession(current) { current = newer }
                    guard expectedVersion.allows(current.version) else {
                        throw APIError.versionMismatch(current: current.version)
                    }
                }
                next = try transform(current)
            } catch {
                // A retry meets the session its first try left (If-Match no longer holds, an item is gone): when
                // the key says so, it is answered as that try was.
                if let key, let again = try self.answerAgain(id, key: key, mutation: mutation, transform) {
                    return again
                }
                throw error
            }
            next.version = current.version + 1
            let outcome: SharedSessionStore.AppendOutcome
            do {
                outcome = try shared.append(id, mutation(), expecting: current.version, key: key)
            } catch {
                // Redis is down: the mutation stays local, and the whole session is written when it is back.
                guard try self.sessions.replace(with: next, ifVersion: current.version) else { continue }
                shared.markPending(id, isHeld: self.sessions.holds)
                return next
            }
            switch outcome {
            case .appended(_, let shouldCompact):
                // A concurrent catch-up may have replayed this very mutation locally already; either way the local
                // session now includes it.
                _ = try self.sessions.replace(with: next, ifVersion: current.version)
                if shouldCompact {
                    // Up to the version before this mutation: a retry of it can still be answered (see
                    // ``replayedSession(_:version:pending:computed:_:)``).
                    let stored = StoredSessionInput(configuration: current.configuration, input: current.input)
                    _ = try? shared.compact(id, stored, version: current.version)
                }
                return next
            case .replayed(let version):
                return try self.replayedSession(id, version: version, pending: current, computed: next, transform)
            case .keyReused(let version):
                throw APIError.idempotencyKeyReused(key: key ?? "", version: version)
            case .behind:
                _ = self.catchUpSharedSession(current)
            case .missing:
                // Redis lost the session (expired there, or flushed): write what this replica holds, then retry.
                let stored = StoredSessionInput(configuration: current.configuration, input: current.input)
                _ = try? shared.put(id, stored, version: current.version)
            }
        }
        throw APIError.internalError
    }

    /// How often a mutation is tried before it fails as an internal error: each try that lost the race to another
    /// replica (or another thread of this one) catches up and computes the mutation again.
    static let sharedUpdateAttempts = 40

    /// Waits a random time before the `attempt`th try, up to 25 µs doubled per try and at most 4 ms, so that
    /// writers racing for one session stop meeting in step: without it, four writers on two replicas lost 16
    /// tries in a row in about one test run in seven (`concurrentMutationsOnTwoReplicasAreAllKeptInOneOrder`).
    /// At most about 135 ms in all, on the worker that runs the mutation.
    private static func backOff(_ attempt: Int) {
        let ceiling = UInt32(min(25 << min(attempt, 8), 4_000))
        usleep(UInt32.random(in: ceiling / 2...ceiling))
    }

    /// Writes the sessions changed while Redis was down, once it answers again.
    func flushPendingSessions() {
        guard let shared = self.sharedSessions, shared.isUp, shared.pendingCount > 0 else { return }
        let pending = shared.takePending()
        for (index, id) in pending.deletes.enumerated() {
            do {
                _ = try shared.remove(id)
            } catch {
                for id in pending.deletes[index...] { shared.markPendingDelete(id) }
                for id in pending.writes { shared.markPending(id, isHeld: self.sessions.holds) }
                return
            }
        }
        for (index, id) in pending.writes.enumerated() {
            guard let session = self.sessions.session(id) else { continue }
            let stored = StoredSessionInput(configuration: session.configuration, input: session.input)
            do {
                if let held = try shared.put(id, stored, version: session.version) {
                    // Another replica changed it meanwhile: the shared history wins, and this replica rebuilds it.
                    self.log("session store: \(id) reached version \(held) elsewhere while down; keeping that one")
                    self.sessions.remove(id)
                }
            } catch {
                for id in pending.writes[index...] { shared.markPending(id, isHeld: self.sessions.holds) }
                return
            }
        }
    }

    /// Applies one journal entry to a layout, as the operation that recorded it did.
    func replay(_ mutation: SessionMutation, on live: inout LiveLayout) throws {
        switch mutation {
        case .invalidate(let context): _ = try live.invalidate(context)
        case .updates(let batch): _ = try live.performBatchUpdates(batch)
        case .transition(let configuration): live = try self.makeLiveLayout(live.input, configuration: configuration)
        }
    }
}
