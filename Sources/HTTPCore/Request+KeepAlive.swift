extension HTTPHeaders {
    /// Whether any `Connection` field lists `token` (ASCII case-insensitive), as RFC 9110 §7.6.1 defines the list.
    ///
    /// - Parameter token: The connection option to look for, e.g. `close` or `keep-alive`.
    /// - Returns: `true` when one of the comma-separated elements equals `token`.
    public func connectionListContains(_ token: String) -> Bool {
        // The length first: most requests' fields (`Host`, `Content-Length`) are passed over without a comparison.
        for field in self.fields where field.name.utf8.count == 10 && Self.namesMatch(field.name, "connection") {
            for element in field.value.split(separator: ",") {
                var option = element[...]
                while option.first == " " || option.first == "\t" { option.removeFirst() }
                while option.last == " " || option.last == "\t" { option.removeLast() }
                if Self.namesMatch(String(option), token) { return true }
            }
        }
        return false
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
