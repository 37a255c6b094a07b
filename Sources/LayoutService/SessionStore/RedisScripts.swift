/// The Lua scripts that keep a session's input and journal consistent in Redis: each runs atomically, so the
/// version check and the write it guards can never be split by another replica's write.
///
/// A session `id` has three keys with the same hash tag (so that a Redis Cluster keeps them on one shard):
/// `layoutd:{id}`, a hash with the encoded input (`input`), the version it stands for (`base`), its length (`ilen`)
/// and the bytes of the journal since (`jbytes`); `layoutd:{id}:j`, the list of encoded mutations after `base`; and
/// `layoutd:{id}:k`, the last idempotency keys of its mutations, newest first, each `"version sha1 key"` (the
/// version the mutation produced, the SHA-1 of its record, the key), at most `--idempotency-keys` of them.
/// The session's version is `base` plus the journal's length. The keys expire after the idle timeout (`PEXPIRE`
/// on every write and read).
enum RedisScripts {
    /// The keys of session `id`.
    static func keys(_ id: String) -> (hash: [UInt8], journal: [UInt8], requests: [UInt8]) {
        (Array("layoutd:{\(id)}".utf8), Array("layoutd:{\(id)}:j".utf8), Array("layoutd:{\(id)}:k".utf8))
    }

    /// Looks idempotency key `key` up among a session's last ones (a local `key`, and `record`, the mutation's
    /// encoding): returns `{3, version}` when the key produced `version` with the same record, `{4, version}` when
    /// with another one, and goes on otherwise, with the record's SHA-1 in `digest` for a key to be recorded.
    private static let findKey = """
        local digest = ''
        if key ~= '' then
          digest = redis.sha1hex(record)
          for _, entry in ipairs(redis.call('LRANGE', KEYS[3], 0, -1)) do
            local version, sha, name = string.match(entry, '^(%d+) (%x+) (.*)$')
            if name == key then
              if sha == digest then return {3, tonumber(version)} end
              return {4, tonumber(version)}
            end
          end
        end
        """

    /// Whether a mutation with idempotency key `key` was applied (ARGV: key, record): ``findKey``'s answers, or `{0}`.
    static let lookUp = """
        local key, record = ARGV[1], ARGV[2]
        \(Self.findKey)
        return {0}
        """

    /// Writes an input at a version (ARGV: input, version, ttl ms) unless Redis already holds the session at that
    /// version or later. Returns 0 when written, else the held version.
    static let put = """
        local input, version, ttl = ARGV[1], ARGV[2], ARGV[3]
        local base = redis.call('HGET', KEYS[1], 'base')
        if base then
          local held = tonumber(base) + redis.call('LLEN', KEYS[2])
          if held >= tonumber(version) then return held end
        end
        \(Self.replaceInput)
        return 0
        """

    /// Appends a mutation if the session is at the expected version and its idempotency key is new (ARGV: version,
    /// record, ttl ms, key or an empty string, keys kept). Returns `{0, new version, 1 if the journal outgrew the
    /// input else 0}`, `{1, held version}` when behind, `{2}` when Redis does not hold the session, or ``findKey``'s
    /// answers when the key was seen: then nothing is appended, whatever the version.
    static let append = """
        local key, record = ARGV[4], ARGV[2]
        local base = redis.call('HGET', KEYS[1], 'base')
        if not base then return {2} end
        \(Self.findKey)
        local held = tonumber(base) + redis.call('LLEN', KEYS[2])
        if held ~= tonumber(ARGV[1]) then return {1, held} end
        redis.call('RPUSH', KEYS[2], ARGV[2])
        local jbytes = redis.call('HINCRBY', KEYS[1], 'jbytes', string.len(ARGV[2]))
        if key ~= '' then
          redis.call('LPUSH', KEYS[3], (held + 1) .. ' ' .. digest .. ' ' .. key)
          redis.call('LTRIM', KEYS[3], 0, tonumber(ARGV[5]) - 1)
        end
        \(Self.refresh("ARGV[3]"))
        local grown = 0
        if jbytes > tonumber(redis.call('HGET', KEYS[1], 'ilen')) then grown = 1 end
        return {0, held + 1, grown}
        """

    /// Replaces the input by the session's input at `version` and drops the journal's mutations up to it (ARGV:
    /// version, input, ttl ms), keeping those after it. Returns 1 when compacted, 0 when Redis's input is already
    /// at `version` or later, or its journal does not reach `version`.
    ///
    /// The appender compacts to the version *before* its mutation, so the journal keeps the last mutation and the
    /// session as it stood before it can be rebuilt: what a retried request (its idempotency key) is answered from.
    static let compact = """
        local version, input, ttl = tonumber(ARGV[1]), ARGV[2], ARGV[3]
        local stored = redis.call('HGET', KEYS[1], 'base')
        if not stored then return 0 end
        local base = tonumber(stored)
        if version <= base or version > base + redis.call('LLEN', KEYS[2]) then return 0 end
        redis.call('LTRIM', KEYS[2], version - base, -1)
        local jbytes = 0
        for _, record in ipairs(redis.call('LRANGE', KEYS[2], 0, -1)) do jbytes = jbytes + string.len(record) end
        redis.call('HSET', KEYS[1], 'input', input, 'base', version, 'ilen', string.len(input), 'jbytes', jbytes)
        \(Self.refresh("ttl"))
        return 1
        """

    /// The end of ``put``: the input becomes `input` at `version`, the journal empties, the idempotency keys go
    /// (they name versions of a history this input replaces), and the hash expires after `ttl` (locals each script
    /// sets from its ARGV).
    private static let replaceInput = """
        redis.call('DEL', KEYS[2], KEYS[3])
        redis.call('HSET', KEYS[1], 'input', input, 'base', version, 'ilen', string.len(input), 'jbytes', 0)
        redis.call('PEXPIRE', KEYS[1], ttl)
        """

    /// What a replica at a version lacks (ARGV: the version it holds, 0 for none; ttl ms), refreshing the expiry.
    /// Returns nil when Redis does not hold the session, else `{base, input or nil, records}`: the input is
    /// omitted when the journal alone brings the caller up to date, and `records` are the mutations after the
    /// caller's version (or after `base` with the input).
    static let fetch = """
        local stored = redis.call('HGET', KEYS[1], 'base')
        if not stored then return false end
        local base = tonumber(stored)
        local from = tonumber(ARGV[1])
        \(Self.refresh("ARGV[2]"))
        if from >= base then
          return {base, false, redis.call('LRANGE', KEYS[2], from - base, -1)}
        end
        return {base, redis.call('HGET', KEYS[1], 'input'), redis.call('LRANGE', KEYS[2], 0, -1)}
        """

    /// Sets the expiry of the session's three keys to `ttl` (a Lua expression) milliseconds: every script that reads
    /// or writes a session refreshes them all, so no key outlives the others.
    private static func refresh(_ ttl: String) -> String {
        """
        redis.call('PEXPIRE', KEYS[1], \(ttl))
        redis.call('PEXPIRE', KEYS[2], \(ttl))
        redis.call('PEXPIRE', KEYS[3], \(ttl))
        """
    }
}
