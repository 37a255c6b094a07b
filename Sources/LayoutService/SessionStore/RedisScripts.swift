/// The Lua scripts that keep a session's input and journal consistent in Redis: each runs atomically, so the
/// version check and the write it guards can never be split by another replica's write.
///
/// A session `id` has two keys with the same hash tag (so that a Redis Cluster keeps them on one shard):
/// `layoutd:{id}`, a hash with the encoded input (`input`), the version it stands for (`base`), its length (`ilen`)
/// and the bytes of the journal since (`jbytes`); and `layoutd:{id}:j`, the list of encoded mutations after `base`.
/// The session's version is `base` plus the journal's length. Both keys expire after the idle timeout (`PEXPIRE`
/// on every write and read).
enum RedisScripts {
    /// The keys of session `id`.
    static func keys(_ id: String) -> (hash: [UInt8], journal: [UInt8]) {
        (Array("layoutd:{\(id)}".utf8), Array("layoutd:{\(id)}:j".utf8))
    }

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

    /// Appends a mutation if the session is at the expected version (ARGV: version, record, ttl ms). Returns
    /// `{0, new version, 1 if the journal outgrew the input else 0}`, `{1, held version}` when behind, or `{2}`
    /// when Redis does not hold the session.
    static let append = """
        local base = redis.call('HGET', KEYS[1], 'base')
        if not base then return {2} end
        local held = tonumber(base) + redis.call('LLEN', KEYS[2])
        if held ~= tonumber(ARGV[1]) then return {1, held} end
        redis.call('RPUSH', KEYS[2], ARGV[2])
        local jbytes = redis.call('HINCRBY', KEYS[1], 'jbytes', string.len(ARGV[2]))
        redis.call('PEXPIRE', KEYS[1], ARGV[3])
        redis.call('PEXPIRE', KEYS[2], ARGV[3])
        local grown = 0
        if jbytes > tonumber(redis.call('HGET', KEYS[1], 'ilen')) then grown = 1 end
        return {0, held + 1, grown}
        """

    /// Replaces the input and empties the journal if the session is at the given version (ARGV: version, input,
    /// ttl ms). Returns 1 when compacted, 0 when another write came first.
    static let compact = """
        local version, input, ttl = ARGV[1], ARGV[2], ARGV[3]
        local base = redis.call('HGET', KEYS[1], 'base')
        if not base then return 0 end
        if tonumber(base) + redis.call('LLEN', KEYS[2]) ~= tonumber(version) then return 0 end
        \(Self.replaceInput)
        return 1
        """

    /// The end of ``put`` and ``compact``: the input becomes `input` at `version`, the journal empties, and the
    /// hash expires after `ttl` (locals each script sets from its ARGV).
    private static let replaceInput = """
        redis.call('DEL', KEYS[2])
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
        redis.call('PEXPIRE', KEYS[1], ARGV[2])
        redis.call('PEXPIRE', KEYS[2], ARGV[2])
        if from >= base then
          return {base, false, redis.call('LRANGE', KEYS[2], from - base, -1)}
        end
        return {base, redis.call('HGET', KEYS[1], 'input'), redis.call('LRANGE', KEYS[2], 0, -1)}
        """
}
