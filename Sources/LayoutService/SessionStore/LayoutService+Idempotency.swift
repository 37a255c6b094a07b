import LayoutEngine

/// Retried mutations with the session store: a mutation's idempotency key (`Request.idempotencyKey()`)
/// is appended to Redis with it, atomically, so that a retry (nginx's `proxy_next_upstream` after the first replica
/// died between the append and its answer, or a client after a lost connection) is not applied a second time.
///
/// The retry is answered as the first try was: the session as it stood before that mutation is rebuilt from
/// Redis's input and journal (the appender compacts only up to the version before its own mutation, so the last
/// one can always be rebuilt), and the same request runs on it again; the layout engine is deterministic, so the
/// answer is the one the first try computed, at the version it produced.
extension LayoutService {
    /// Answers a mutation again when its idempotency `key` is among session `id`'s last ones: called when the
    /// mutation could not run on the session as it is now (`If-Match`, or the transform refused it), since a retry
    /// meets the session its first try left.
    ///
    /// - Returns: The session as the first try left it, or `nil` when the key is new (or Redis cannot be asked):
    ///   the caller reports its own error.
    func answerAgain(
        _ id: String,
        key: String,
        mutation: () -> SessionMutation,
        _ transform: (Session) throws -> Session
    ) throws -> Session? {
        guard let shared = self.sharedSessions else { return nil }
        let found: SharedSessionStore.AppendOutcome?
        do { found = try shared.lookUp(id, key: key, mutation()) } catch { return nil }
        switch found {
        case .replayed(let version): return try self.replayedSession(id, version: version, transform)
        case .keyReused(let version): throw APIError.idempotencyKeyReused(key: key, version: version)
        default: return nil
        }
    }

    /// The session at `version` as a mutation produced it, computed again by `transform` on the session before it:
    /// `pending` when that is the one `transform` already ran on (`computed` is then its result), else rebuilt
    /// from Redis.
    ///
    /// - Throws: ``APIError/idempotentAnswerGone(version:)`` when the journal no longer reaches back before
    ///   `version` (later mutations compacted it); ``APIError/sessionNotFound(id:reason:)`` when Redis no longer
    ///   has the session.
    func replayedSession(
        _ id: String,
        version: Int,
        pending: Session? = nil,
        computed: Session? = nil,
        _ transform: (Session) throws -> Session
    ) throws -> Session {
        guard let shared = self.sharedSessions else { throw APIError.internalError }
        if let pending, let computed, pending.version + 1 == version {
            // Another try of this request (on another replica) appended it first, on this same version.
            _ = try self.sessions.replace(with: computed, ifVersion: pending.version)
            shared.countReplay()
            return computed
        }
        guard let fetched = try shared.fetch(id, after: 0) else { throw self.sessions.goneError(id: id) }
        guard let stored = fetched.input, fetched.base < version, fetched.base + fetched.records.count >= version
        else {
            throw APIError.idempotentAnswerGone(version: version)
        }
        var live = try self.makeLiveLayout(stored.input, configuration: stored.configuration)
        for mutation in fetched.records.prefix(version - 1 - fetched.base) { try self.replay(mutation, on: &live) }
        var next = try transform(Session(id: id, version: version - 1, live: live))
        next.version = version
        shared.countReplay()
        return next
    }
}
