/// Where the session store lives: `redis://host[:port][/db]`.
struct RedisEndpoint: Hashable, Sendable, CustomStringConvertible {
    /// The host name or address.
    var host: String
    /// The TCP port. Defaults to 6379.
    var port: Int = 6379
    /// The logical database `SELECT`ed after connecting. Defaults to 0.
    var database: Int = 0

    /// Reads a `redis://` URL; `nil` when it is not one (another scheme, a password, a bad port or database).
    ///
    /// Passwords and `rediss://` are not supported yet, so a URL with `@` is refused rather than half-understood.
    init?(url: String) {
        let prefix = "redis://"
        guard url.hasPrefix(prefix) else { return nil }
        var rest = Substring(url.dropFirst(prefix.count))
        guard !rest.contains("@"), !rest.contains("?") else { return nil }
        var database = 0
        if let slash = rest.firstIndex(of: "/") {
            let text = rest[rest.index(after: slash)...]
            if !text.isEmpty {
                guard let value = Int(text), (0...15_999).contains(value) else { return nil }
                database = value
            }
            rest = rest[..<slash]
        }
        var host = rest
        var port = 6379
        if let colon = rest.lastIndex(of: ":"), !rest.hasSuffix("]") {
            guard let value = Int(rest[rest.index(after: colon)...]), (1...65_535).contains(value) else { return nil }
            port = value
            host = rest[..<colon]
        }
        if host.hasPrefix("["), host.hasSuffix("]") { host = host.dropFirst().dropLast() }
        guard !host.isEmpty else { return nil }
        self.host = String(host)
        self.port = port
        self.database = database
    }

    /// Creates an endpoint.
    init(host: String, port: Int = 6379, database: Int = 0) {
        self.host = host
        self.port = port
        self.database = database
    }

    /// The endpoint as a URL.
    var description: String {
        let host = self.host.contains(":") ? "[\(self.host)]" : self.host
        return "redis://\(host):\(self.port)/\(self.database)"
    }
}
