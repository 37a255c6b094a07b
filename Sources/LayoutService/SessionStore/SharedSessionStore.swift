import Synchronization

/// Sessions' inputs and journals in Redis, so that any replica can rebuild a session and versions stay linear
/// across replicas (`--session-store`).
///
/// The calls are synchronous, like the responder that makes them: each takes a connection from a small pool (one
/// per thread at most, opened on demand), runs one pipelined exchange bounded by the connection's timeouts, and
/// returns it. When Redis fails, the store is *down*: calls fail at once, without touching the network, until
/// ``Configuration/retryInterval`` has passed; the next call then tries again. The service keeps serving its local
/// sessions meanwhile, and remembers which it changed (``markPending(_:isHeld:)``) to write them when Redis is back.
final class SharedSessionStore: Sendable {
    /// The store's settings.
    struct Configuration: Hashable, Sendable {
        /// Where Redis is.
        var endpoint: RedisEndpoint
        /// How long a session's keys live without use: the local idle timeout.
        var idleTimeout: Duration
        /// How long the store stays down after a failure before it tries Redis again. Defaults to 1 second.
        var retryInterval: Duration = .seconds(1)
        /// The connections' timeouts.
        var connection = RedisConnection.Configuration()
        /// The most sessions remembered as changed or deleted while Redis is down: twice `--max-sessions`.
        /// Past it, the changed sessions this replica no longer holds are forgotten (``markPending(_:isHeld:)``),
        /// and a delete is not written when Redis returns (its keys expire there with the idle timeout) and is
        /// counted in ``droppedCount``. Defaults to 20,000.
        var maxPending = 20_000
        /// The most idempotency keys kept per session in Redis (`--idempotency-keys`): a retried mutation whose
        /// key is among its session's last this many is answered again instead of applied twice; 0 keeps none.
        /// Defaults to 16.
        var idempotencyKeys = 16
    }

    /// What appending a mutation did.
    enum AppendOutcome: Hashable, Sendable {
        /// Appended; the session is now at `version`, and its journal outgrew its input when `shouldCompact`.
        case appended(version: Int, shouldCompact: Bool)
        /// Redis holds a later version: catch up from the journal first.
        case behind(version: Int)
        /// Redis does not hold the session (it expired there, or was never written).
        case missing
        /// The idempotency key was already applied, producing `version`; nothing was appended.
        case replayed(version: Int)
        /// The idempotency key was already applied, producing `version`, but to another mutation.
        case keyReused(version: Int)
    }

    /// What a replica lacks of a session: the input (when the journal alone cannot bring it up to date) and the
    /// mutations after it.
    struct Fetched: Sendable {
        /// The version ``input`` stands for.
        var base: Int
        /// The input, or `nil` when ``records`` follow the caller's own version.
        var input: StoredSessionInput?
        /// The mutations, in order.
        var records: [SessionMutation]
    }

    private struct State {
        var idle: [RedisConnection] = []
        var downSince: ContinuousClock.Instant?
        var pending: Set<String> = []
        var pendingDeletes: Set<String> = []
        var dropped = 0
        var failures = 0
        var rebuilds = 0
        var replays = 0
        var scriptHashes: [String: [UInt8]] = [:]
    }

    /// The settings.
    let configuration: Configuration
    private let state = Mutex(State())
    private let log: @Sendable (String) -> Void

    /// Creates a store; nothing connects until the first call.
    init(configuration: Configuration, log: @escaping @Sendable (String) -> Void) {
        self.configuration = configuration
        self.log = log
    }

    /// Whether the last exchange with Redis succeeded (or none was tried yet).
    var isUp: Bool { self.state.withLock { $0.downSince == nil } }

    /// The sessions changed or deleted while Redis was down, not yet written.
    var pendingCount: Int { self.state.withLock { $0.pending.count + $0.pendingDeletes.count } }

    /// Deletes not remembered for Redis because ``Configuration/maxPending`` sessions were already waiting.
    var droppedCount: Int { self.state.withLock { $0.dropped } }

    /// Exchanges with Redis that failed so far.
    var failureCount: Int { self.state.withLock { $0.failures } }

    /// Sessions rebuilt from Redis so far.
    var rebuildCount: Int { self.state.withLock { $0.rebuilds } }

    /// Mutations answered again for a retried idempotency key instead of being applied twice.
    var replayCount: Int { self.state.withLock { $0.replays } }

    /// Counts a session rebuilt from Redis.
    func countRebuild() {
        self.state.withLock { $0.rebuilds += 1 }
    }

    /// Counts a mutation answered again for its idempotency key.
    func countReplay() {
        self.state.withLock { $0.replays += 1 }
    }

    /// Asks Redis whether it answers (`PING`) when the store is down and its retry interval has passed; without
    /// traffic, this is how `/readyz` notices that Redis is back.
    func probe() {
        guard !self.isUp else { return }
        _ = try? self.exchange([[Array("PING".utf8)]])
    }

    /// Ends the current retry interval, so that the next call tries Redis at once (tests, instead of waiting).
    func retryNow() {
        self.state.withLock { state in
            if state.downSince != nil { state.downSince = ContinuousClock.now - self.configuration.retryInterval }
        }
    }

    private var ttl: [UInt8] {
        let (seconds, attoseconds) = self.configuration.idleTimeout.components
        return Array(String(max(1, seconds * 1_000 + attoseconds / 1_000_000_000_000_000)).utf8)
    }

    /// Writes a session's input at `version` unless Redis holds it at that version or later.
    ///
    /// - Returns: `nil` when written, else the version Redis holds.
    func put(_ id: String, _ stored: StoredSessionInput, version: Int) throws(RedisError) -> Int? {
        let record: [UInt8]
        do { record = try SessionCodec.encode(stored) } catch { throw .unexpectedReply("\(error)") }
        let keys = RedisScripts.keys(id)
        let reply = try self.eval(RedisScripts.put, keys, [record, Array(String(version).utf8), self.ttl])
        guard let held = reply.integer else { throw .unexpectedReply("put: \(reply)") }
        return held == 0 ? nil : held
    }

    /// Appends a mutation if Redis holds the session at `version`, unless its idempotency `key` is among the
    /// session's last ones (``Configuration/idempotencyKeys``); with a key, the key is kept with the new version.
    func append(_ id: String, _ mutation: SessionMutation, expecting version: Int, key: String? = nil)
        throws(RedisError) -> AppendOutcome
    {
        let record: [UInt8]
        do { record = try SessionCodec.encode(mutation) } catch { throw .unexpectedReply("\(error)") }
        let kept = self.configuration.idempotencyKeys
        let arguments = [
            Array(String(version).utf8), record, self.ttl, Array((kept > 0 ? key ?? "" : "").utf8),
            Array(String(kept).utf8),
        ]
        let reply = try self.eval(RedisScripts.append, RedisScripts.keys(id), arguments)
        guard case .array(let values?) = reply, let status = values.first?.integer else {
            throw .unexpectedReply("append: \(reply)")
        }
        switch (status, values.count) {
        case (0, 3): return .appended(version: values[1].integer ?? version + 1, shouldCompact: values[2].integer == 1)
        case (1, 2): return .behind(version: values[1].integer ?? version)
        case (2, _): return .missing
        case (3, 2): return .replayed(version: values[1].integer ?? 0)
        case (4, 2): return .keyReused(version: values[1].integer ?? 0)
        default: throw .unexpectedReply("append: \(reply)")
        }
    }

    /// Whether a mutation with idempotency key `key` is among session `id`'s last ones:
    /// ``AppendOutcome/replayed(version:)`` or ``AppendOutcome/keyReused(version:)`` when it is, `nil` when not (or
    /// no keys are kept).
    func lookUp(_ id: String, key: String, _ mutation: SessionMutation) throws(RedisError) -> AppendOutcome? {
        guard self.configuration.idempotencyKeys > 0 else { return nil }
        let record: [UInt8]
        do { record = try SessionCodec.encode(mutation) } catch { throw .unexpectedReply("\(error)") }
        let reply = try self.eval(RedisScripts.lookUp, RedisScripts.keys(id), [Array(key.utf8), record])
        guard case .array(let values?) = reply, let status = values.first?.integer else {
            throw .unexpectedReply("look up: \(reply)")
        }
        switch (status, values.count) {
        case (0, _): return nil
        case (3, 2): return .replayed(version: values[1].integer ?? 0)
        case (4, 2): return .keyReused(version: values[1].integer ?? 0)
        default: throw .unexpectedReply("look up: \(reply)")
        }
    }

    /// Replaces the input by `stored`, the session at `version`, dropping the journal up to `version`.
    ///
    /// - Returns: Whether it compacted (another compaction may have come first).
    @discardableResult
    func compact(_ id: String, _ stored: StoredSessionInput, version: Int) throws(RedisError) -> Bool {
        let record: [UInt8]
        do { record = try SessionCodec.encode(stored) } catch { throw .unexpectedReply("\(error)") }
        let keys = RedisScripts.keys(id)
        return try self.eval(RedisScripts.compact, keys, [Array(String(version).utf8), record, self.ttl]) == .integer(1)
    }

    /// What a replica at `version` (0 for none) lacks of session `id`, refreshing its expiry; `nil` when Redis does
    /// not hold it.
    ///
    /// - Throws: ``RedisError``, including ``RedisError/unexpectedReply(_:)`` for a record this build cannot read.
    func fetch(_ id: String, after version: Int) throws(RedisError) -> Fetched? {
        let reply = try self.eval(RedisScripts.fetch, RedisScripts.keys(id), [Array(String(version).utf8), self.ttl])
        if reply.isNil { return nil }
        guard case .array(let values?) = reply, values.count == 3, let base = values[0].integer,
            case .array(let records?) = values[2]
        else { throw .unexpectedReply("fetch: \(reply)") }
        do {
            let input = try values[1].bytes.map(SessionCodec.decodeInput)
            let mutations = try records.map { record throws(SessionRecordError) in
                guard let bytes = record.bytes else { throw .invalidValue(offset: 0, what: "journal entry") }
                return try SessionCodec.decodeMutation(bytes)
            }
            return Fetched(base: base, input: input, records: mutations)
        } catch {
            throw .unexpectedReply("session \(id): \(error)")
        }
    }

    /// Deletes session `id`'s keys.
    ///
    /// - Returns: Whether Redis held the session.
    func remove(_ id: String) throws(RedisError) -> Bool {
        let keys = RedisScripts.keys(id)
        let reply = try self.exchange([[Array("DEL".utf8), keys.hash, keys.journal, keys.requests]])[0]
        return (reply.integer ?? 0) > 0
    }

    /// Remembers that session `id` changed while Redis was down; `isHeld` says whether this replica still holds a
    /// session.
    func markPending(_ id: String, isHeld: (String) -> Bool) {
        let limit = self.configuration.maxPending
        let remembered = self.state.withLock { state -> [String]? in
            state.pending.insert(id)
            return state.pending.count + state.pendingDeletes.count > limit ? Array(state.pending) : nil
        }
        // Over the bound: forget the sessions evicted or expired here since (their changes have nowhere to go).
        // The local store holds at most half the bound, so this frees room for as many marks again: O(1) amortised.
        guard let remembered else { return }
        let gone = remembered.filter { !isHeld($0) }
        self.state.withLock { state in
            for id in gone { state.pending.remove(id) }
        }
    }

    /// Remembers that session `id` was deleted while Redis was down.
    func markPendingDelete(_ id: String) {
        let limit = self.configuration.maxPending
        self.state.withLock { state in
            state.pending.remove(id)
            guard state.pending.count + state.pendingDeletes.count < limit else {
                state.dropped += 1
                return
            }
            state.pendingDeletes.insert(id)
        }
    }

    /// Takes the sessions to write and those to delete now that Redis is back.
    func takePending() -> (writes: [String], deletes: [String]) {
        self.state.withLock { state in
            defer {
                state.pending.removeAll()
                state.pendingDeletes.removeAll()
            }
            return (Array(state.pending), Array(state.pendingDeletes))
        }
    }

    /// Runs a script by its SHA1 (`EVALSHA`), so that its text crosses the network once per connection pool; the
    /// first call (or one after Redis forgot its scripts, `NOSCRIPT`) sends `SCRIPT LOAD` and `EVAL` in one pipeline.
    private func eval(
        _ script: String, _ keys: (hash: [UInt8], journal: [UInt8], requests: [UInt8]), _ arguments: [[UInt8]]
    ) throws(RedisError) -> RESPValue {
        let tail = [Array("3".utf8), keys.hash, keys.journal, keys.requests] + arguments
        if let hash = self.state.withLock({ $0.scriptHashes[script] }) {
            let reply = try self.exchange([[Array("EVALSHA".utf8), hash] + tail])[0]
            if case .error(let message) = reply, message.hasPrefix("NOSCRIPT") {
                self.state.withLock { _ = $0.scriptHashes.removeValue(forKey: script) }
            } else {
                return try Self.check(reply)
            }
        }
        let text = Array(script.utf8)
        let replies = try self.exchange([
            [Array("SCRIPT".utf8), Array("LOAD".utf8), text], [Array("EVAL".utf8), text] + tail,
        ])
        if let hash = replies[0].bytes { self.state.withLock { $0.scriptHashes[script] = hash } }
        return try Self.check(replies[1])
    }

    private static func check(_ reply: RESPValue) throws(RedisError) -> RESPValue {
        if case .error(let message) = reply { throw .unexpectedReply(message) }
        return reply
    }

    /// Runs one pipeline on a pooled connection, marking the store down on failure and up on success.
    private func exchange(_ commands: [[[UInt8]]]) throws(RedisError) -> [RESPValue] {
        let now = ContinuousClock.now
        let (pooled, isResting): (RedisConnection?, Bool) = self.state.withLock { state in
            if let since = state.downSince, since.duration(to: now) < self.configuration.retryInterval {
                return (nil, true)
            }
            return (state.idle.popLast(), false)
        }
        if isResting { throw .unreachable("\(self.configuration.endpoint) (down; trying again shortly)") }
        let used = pooled ?? RedisConnection(
            endpoint: self.configuration.endpoint,
            configuration: self.configuration.connection
        )
        do throws(RedisError) {
            let replies = try used.send(commands)
            let cameBack = self.state.withLock { state in
                state.idle.append(used)
                defer { state.downSince = nil }
                return state.downSince != nil
            }
            if cameBack { self.log("session store: \(self.configuration.endpoint) is reachable again") }
            return replies
        } catch {
            let wentDown = self.state.withLock { state in
                state.failures += 1
                defer { state.downSince = now }
                return state.downSince == nil
            }
            if wentDown {
                self.log("session store: \(self.configuration.endpoint) unreachable (\(error)); serving local sessions")
            }
            throw error
        }
    }
}

// The pool hands a connection to one thread at a time under `SharedSessionStore.state`'s mutex; no two threads
// use one at once.
extension RedisConnection: @unchecked Sendable {}
