/// One parsed HTTP request: what a ``Responder`` receives.
public struct Request: Sendable {
    /// The method.
    public var method: HTTPMethod
    /// The request target exactly as sent, e.g. `/sessions/abc/query?x=1`.
    public var target: String
    /// The protocol version.
    public var version: HTTPVersion
    /// The header fields, in the order received.
    public var headers: HTTPHeaders
    /// The body after any chunked framing was removed; empty when there was none.
    public var body: [UInt8]

    /// Creates a request.
    public init(
        method: HTTPMethod,
        target: String,
        version: HTTPVersion = .http1_1,
        headers: HTTPHeaders = [:],
        body: [UInt8] = []
    ) {
        self.method = method
        self.target = target
        self.version = version
        self.headers = headers
        self.body = body
    }

    /// The target's path: everything before the first `?`.
    ///
    /// - Complexity: O(path length), scanning bytes rather than characters.
    public var path: Substring {
        self.queryMark.map { self.target[..<$0] } ?? self.target[...]
    }

    /// The target's query: everything after the first `?`, or `nil` when there is none.
    public var query: Substring? {
        self.queryMark.map { self.target[self.target.utf8.index(after: $0)...] }
    }

    /// The index of the first `?`. `?` is ASCII, so its UTF-8 index is also a character boundary.
    private var queryMark: String.Index? {
        var target = self.target
        // A parsed target is native UTF-8, so its bytes are scanned in place.
        let offset = target.withUTF8 { $0.firstIndex(of: UInt8(ascii: "?")) }
        return offset.map { self.target.utf8.index(self.target.startIndex, offsetBy: $0) }
    }
}
