/// One HTTP response: what a ``Responder`` returns.
///
/// The serializer adds `Date`, `Content-Length` and, when the connection closes, `Connection: close`; a responder
/// sets only what is its own (`Content-Type`, `Location`, `Allow`, …).
///
/// A large body may be given as a ``ResponseBodyStream`` instead of bytes: the server then produces it as the
/// client takes it, holding a bounded window rather than the whole answer (issue 19.4). ``body`` still reads as the
/// whole body (produced on demand), so code that does not stream sees the same bytes.
public struct Response: Sendable {
    /// The status code, e.g. `200`.
    public var status: Int
    /// The header fields the responder sets.
    public var headers: HTTPHeaders
    /// The identifier written as the answer's `X-Request-Id` field after the responder's fields, or `nil` for none.
    /// Kept apart from ``headers`` so that a generated one costs no string (see ``RequestIdentifier``). Defaults to
    /// `nil`.
    public var requestID: RequestIdentifier?
    /// The bytes of a body given as bytes. `@usableFromInline` for ``body``'s inlinable getter, so that another
    /// module's `response.body.count` reads the count in place instead of retaining and releasing the array through
    /// a call (about 45 instructions each, three times a request).
    @usableFromInline var storedBody: [UInt8]
    /// The body, when it is produced piece by piece; `nil` for a body given as bytes.
    public private(set) var bodyStream: ResponseBodyStream?

    /// The body bytes. Sent as is; never sent for HEAD requests, 204 and 304.
    ///
    /// For a streamed body, reading this produces the whole body (each read anew); setting it replaces the stream.
    public var body: [UInt8] {
        @inlinable get {
            guard let stream = self.bodyStream else { return self.storedBody }
            return stream.collect()
        }
        set {
            self.storedBody = newValue
            self.bodyStream = nil
        }
    }

    /// Calls `body` with the bytes of a body given as bytes, borrowed in place (``body`` hands out a copy of the
    /// array: a retain and a release); empty for a streamed body.
    ///
    /// - Parameter body: Reads the bytes; they are valid only during the call.
    /// - Returns: What `body` returns.
    @inlinable
    public func withStoredBody<R>(_ body: (UnsafeBufferPointer<UInt8>) throws -> R) rethrows -> R {
        try self.storedBody.withUnsafeBufferPointer(body)
    }

    /// Creates a response.
    public init(status: Int, headers: HTTPHeaders = [:], body: [UInt8] = []) {
        self.status = status
        self.headers = headers
        self.storedBody = body
        self.bodyStream = nil
        self.requestID = nil
    }

    /// Creates a response whose body is produced piece by piece.
    ///
    /// - Parameters:
    ///   - status: The status code.
    ///   - headers: The responder's fields.
    ///   - bodyStream: What produces the body.
    public init(status: Int, headers: HTTPHeaders = [:], bodyStream: ResponseBodyStream) {
        self.status = status
        self.headers = headers
        self.storedBody = []
        self.bodyStream = bodyStream
        self.requestID = nil
    }
}
