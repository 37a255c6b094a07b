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
    /// For a large body a worker reads while it arrives, what of it is written and the early reader's result
    /// (``RequestParser/beginEarlyStart()``); `nil` for every other request. Defaults to `nil`.
    public var bodyArrival: BodyArrival?
    /// The peer's IP address (`127.0.0.1`, `::1`), when the server knows it; for logs. Defaults to `nil`; an empty
    /// address reads as `nil`.
    public var clientAddress: String? {
        get { self.peerAddress.isEmpty ? nil : self.peerAddress }
        set { self.peerAddress = newValue ?? "" }
    }
    /// ``clientAddress``, empty for none. A `String` rather than an optional one: the server sets it on every
    /// request, and replacing an optional's `nil` went through a generic value witness (about 70 instructions a
    /// request, callgrind); a string's is one release.
    private var peerAddress = ""

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

    /// The target's path: everything before the first `?`. For an absolute-form target (`http://host/a?b`) it is
    /// the URI's path, `/` when that is empty (RFC 9112 §3.2.2); the authority is not part of it.
    ///
    /// - Complexity: O(path length), scanning bytes rather than characters; an origin-form target without a query
    ///   (most requests) is the whole target, with no index arithmetic.
    public var path: Substring {
        let (pathStart, queryMark) = self.offsets
        if pathStart == 0, queryMark == nil { return self.target[...] }
        let (start, mark) = self.bounds
        let path = self.target[start..<(mark ?? self.target.endIndex)]
        return path.isEmpty && start != self.target.startIndex ? "/" : path
    }

    /// The target's query: everything after the first `?`, or `nil` when there is none.
    public var query: Substring? {
        self.bounds.queryMark.map { self.target[self.target.utf8.index(after: $0)...] }
    }

    /// Where the path starts (after an absolute-form target's authority) and the index of the first `?` after it.
    /// Both are ASCII positions, so their UTF-8 indices are also character boundaries.
    private var bounds: (pathStart: String.Index, queryMark: String.Index?) {
        let offsets = self.offsets
        let utf8 = self.target.utf8
        return (
            utf8.index(utf8.startIndex, offsetBy: offsets.pathStart),
            offsets.queryMark.map { utf8.index(utf8.startIndex, offsetBy: $0) }
        )
    }

    /// ``bounds`` as UTF-8 offsets.
    private var offsets: (pathStart: Int, queryMark: Int?) {
        var target = self.target
        // A parsed target is native UTF-8, so its bytes are scanned in place.
        return target.withUTF8 { bytes -> (Int, Int?) in
            let pathStart = bytes.first == UInt8(ascii: "/") ? 0 : RequestTarget.authorityEnd(in: bytes) ?? 0
            var index = pathStart
            while index < bytes.count {
                if bytes[index] == UInt8(ascii: "?") { return (pathStart, index) }
                index += 1
            }
            return (pathStart, nil)
        }
    }
}
