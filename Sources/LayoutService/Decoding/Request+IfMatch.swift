import HTTPCore

extension Request {
    /// The session version an `If-Match` header names (`"3"`, `W/"3"` or `3`); `nil` without the header or with `*`.
    ///
    /// - Throws: ``APIError/invalidHeader(name:reason:)`` for a value that names no version.
    func expectedVersion() throws(APIError) -> Int? {
        guard let header = self.headers["If-Match"] else { return nil }
        var text = header[...]
        if text == "*" { return nil }
        if text.hasPrefix("W/") { text = text.dropFirst(2) }
        if text.hasPrefix("\""), text.hasSuffix("\""), text.count >= 2 { text = text.dropFirst().dropLast() }
        guard let version = Int(text), version > 0 else {
            throw .invalidHeader(name: "If-Match", reason: "must name a session version, such as \"3\", or be *")
        }
        return version
    }
}
