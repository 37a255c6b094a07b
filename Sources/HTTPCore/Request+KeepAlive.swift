extension HTTPHeaders {
    /// Whether any `Connection` field lists `token` (ASCII case-insensitive), as RFC 9110 §7.6.1 defines the list.
    ///
    /// - Parameter token: The connection option to look for, e.g. `close` or `keep-alive`.
    /// - Returns: `true` when one of the comma-separated elements equals `token`.
    public func connectionListContains(_ token: String) -> Bool {
        // The length first: most lists (`Host` and `Content-Length`; `Content-Type` on an answer) have no field of
        // the length of `Connection`, and are passed over without looking at `token` or at any name's bytes. Asked
        // of the storage in place, without closures or a local reference to it (each had cost a retain and a
        // release, about 55 instructions a call, twice a request).
        let hasReceived = self.received?.containsName(ofLength: 10) == true
        let hasAdded = Self.containsName(ofLength: 10, in: self.added)
        guard hasReceived || hasAdded else { return false }
        return self.connectionList(contains: token, lookingAtReceived: hasReceived, added: hasAdded)
    }

    /// ``connectionListContains(_:)`` once a field may be `Connection`: kept apart so that the usual answer, `false`
    /// from the lengths alone, costs a small function's entry and exit, not this one's.
    @inline(never)
    private func connectionList(
        contains token: String, lookingAtReceived hasReceived: Bool, added hasAdded: Bool
    ) -> Bool {
        let received = hasReceived ? self.received : nil
        var token = token
        return token.withUTF8 { token in
            if let received {
                for field in received.fields
                where field.nameEnd - field.nameStart == 10 && Self.isNamed(received.name(of: field), "connection") {
                    if Self.list(received.value(of: field), contains: token) { return true }
                }
            }
            guard hasAdded else { return false }
            for field in self.added where field.name.utf8.count == 10 && Self.namesMatch(field.name, "connection") {
                var value = field.value
                if value.withUTF8({ Self.list($0, contains: token) }) { return true }
            }
            return false
        }
    }

    /// Whether a field of `fields` has a name of `length` bytes.
    private static func containsName(ofLength length: Int, in fields: [(name: String, value: String)]) -> Bool {
        fields.withUnsafeBufferPointer { fields in
            for index in 0..<fields.count where fields[index].name.utf8.count == length { return true }
            return false
        }
    }

    /// Whether one of the comma-separated elements of `list`, trimmed of spaces and tabs, is `token` (ASCII
    /// case-insensitively); empty elements are skipped.
    private static func list(_ list: UnsafeBufferPointer<UInt8>, contains token: UnsafeBufferPointer<UInt8>) -> Bool {
        var found = false
        Self.forEachListMember(of: list) { member, wasEmpty in
            found = !wasEmpty && member.count == token.count && Self.bytesMatch(member, token)
            return !found
        }
        return found
    }
}

extension Request {
    /// Whether the client asked to keep the connection open after this request.
    ///
    /// HTTP/1.1 keeps alive unless `Connection: close` is sent; HTTP/1.0 closes unless `Connection: keep-alive` is
    /// sent (RFC 9112 §9.3). The server may still close (draining, errors); this is only the client's wish.
    public var keepsAlive: Bool {
        if self.headers.connectionListContains("close") { return false }
        return self.version == .http1_1 || self.headers.connectionListContains("keep-alive")
    }
}

extension Response {
    /// Whether the responder asked for the connection to close after this response (`Connection: close`).
    public var closesConnection: Bool {
        self.headers.connectionListContains("close")
    }
}
