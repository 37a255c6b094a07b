import HTTPCore

extension Request {
    /// The most bytes an `Idempotency-Key` may have.
    static let maxIdempotencyKeyBytes = 255

    /// The mutation's idempotency key: the `Idempotency-Key` header (the IETF httpapi draft's name, which
    /// deploy/nginx.conf fills with its `$request_id` when the client sends none), without the quotes of its
    /// structured-field form; `nil` without the header.
    ///
    /// With `--session-store`, a mutation whose key is among its session's last ones (`--idempotency-keys`) is
    /// answered as its first try was, instead of being applied again (docs/session-store.md).
    ///
    /// - Throws: ``APIError/invalidHeader(name:reason:)`` for several fields, or a value that is empty, longer than
    ///   ``maxIdempotencyKeyBytes`` or holds anything but visible ASCII.
    func idempotencyKey() throws(APIError) -> String? {
        let fields = self.headers.values(for: "Idempotency-Key")
        guard let field = fields.first else { return nil }
        var key = Substring(field)
        if key.utf8.count >= 2, key.utf8.first == UInt8(ascii: "\""), key.utf8.last == UInt8(ascii: "\"") {
            key = key.dropFirst().dropLast()
        }
        guard fields.count == 1, (1...Self.maxIdempotencyKeyBytes).contains(key.utf8.count),
            key.utf8.allSatisfy({ $0 > 0x20 && $0 < 0x7F && $0 != UInt8(ascii: "\"") })
        else {
            throw .invalidHeader(
                name: "Idempotency-Key",
                reason: "must be sent once, with 1 to \(Self.maxIdempotencyKeyBytes) visible ASCII characters"
            )
        }
        return String(key)
    }
}
