/// One HTTP response: what a ``Responder`` returns.
///
/// The serializer adds `Date`, `Content-Length` and, when the connection closes, `Connection: close`; a responder
/// sets only what is its own (`Content-Type`, `Location`, `Allow`, …).
public struct Response: Sendable {
    /// The status code, e.g. `200`.
    public var status: Int
    /// The header fields the responder sets.
    public var headers: HTTPHeaders
    /// The body bytes. Sent as is; never sent for HEAD requests, 204 and 304.
    public var body: [UInt8]

    /// Creates a response.
    public init(status: Int, headers: HTTPHeaders = [:], body: [UInt8] = []) {
        self.status = status
        self.headers = headers
        self.body = body
    }
}
