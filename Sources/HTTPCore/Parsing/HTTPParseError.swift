/// Why the parser refused a request: the status to answer with and whether the connection must close.
///
/// Every case closes the connection: once a request's framing is in doubt, the bytes that follow cannot be trusted
/// to start a new request, and reading on is how request smuggling works (RFC 9112 §11.2).
public enum HTTPParseError: Error, Hashable, Sendable {
    /// The request line is not `method SP target SP version CRLF`, or a line ends in a bare LF. Answered with 400.
    case malformedRequestLine
    /// The target is none of the forms the server takes (``RequestTarget``): not origin-form (`/…`), not an `http`
    /// or `https` absolute-form URI, and not `*` with `OPTIONS`. Answered with 400.
    case invalidTarget
    /// The method is a token but not one ``HTTPMethod`` lists. Answered with 501.
    case unknownMethod
    /// The version is well formed but not 1.0 or 1.1. Answered with 505.
    case unsupportedVersion
    /// The request line is longer than the limit. Answered with 414.
    case requestLineTooLong
    /// The header section is larger than the limit, in bytes. Answered with 431.
    case headerSectionTooLarge
    /// The header section has more fields than the limit. Answered with 431.
    case tooManyHeaderFields
    /// A field line is malformed: a name that is not a token, whitespace before the colon, obs-fold, or a CR, LF,
    /// NUL or other control byte in a value. Answered with 400.
    case malformedHeaderField
    /// HTTP/1.1 without `Host`, or any request with more than one. Answered with 400.
    case invalidHost
    /// `Content-Length` and `Transfer-Encoding` together. Answered with 400.
    case conflictingFraming
    /// A `Content-Length` that is not digits, or several that differ. Answered with 400.
    case invalidContentLength
    /// A `Transfer-Encoding` other than exactly `chunked`. Answered with 501.
    case unsupportedTransferEncoding
    /// `Transfer-Encoding` on an HTTP/1.0 request. Answered with 400.
    case transferEncodingOnHTTP10
    /// A chunk-size line that is not hex digits (optionally followed by an extension), overflows, or a chunk's data
    /// not followed by CRLF. Answered with 400.
    case malformedChunk
    /// A chunk extension or the trailer section is larger than its limit. Answered with 400.
    case chunkMetadataTooLarge
    /// The body is larger than the limit. Answered with 413.
    case bodyTooLarge
    /// An `Expect` other than `100-continue`. Answered with 417.
    case unsupportedExpectation
    /// The body would take the request bodies in memory past the server's budget (``BodyMemoryBudget``).
    /// Answered with 503 and `Retry-After`; the body is not read.
    case bodyMemoryExhausted

    /// The status code to answer with.
    public var status: Int {
        switch self {
        case .unknownMethod, .unsupportedTransferEncoding: 501
        case .unsupportedVersion: 505
        case .requestLineTooLong: 414
        case .headerSectionTooLarge, .tooManyHeaderFields: 431
        case .bodyTooLarge: 413
        case .unsupportedExpectation: 417
        case .bodyMemoryExhausted: 503
        case .malformedRequestLine, .invalidTarget, .malformedHeaderField, .invalidHost, .conflictingFraming,
            .invalidContentLength, .transferEncodingOnHTTP10, .malformedChunk, .chunkMetadataTooLarge:
            400
        }
    }

    /// Whether the connection must close after the answer. Always `true`; see the type's discussion.
    public var closesConnection: Bool { true }

    /// A short, client-safe explanation for the response body.
    public var reason: String {
        switch self {
        case .malformedRequestLine: "malformed request line"
        case .invalidTarget: "invalid request target"
        case .unknownMethod: "method not implemented"
        case .unsupportedVersion: "HTTP version not supported"
        case .requestLineTooLong: "request line too long"
        case .headerSectionTooLarge: "header section too large"
        case .tooManyHeaderFields: "too many header fields"
        case .malformedHeaderField: "malformed header field"
        case .invalidHost: "missing or repeated Host"
        case .conflictingFraming: "Content-Length with Transfer-Encoding"
        case .invalidContentLength: "invalid Content-Length"
        case .unsupportedTransferEncoding: "Transfer-Encoding not implemented"
        case .transferEncodingOnHTTP10: "Transfer-Encoding on HTTP/1.0"
        case .malformedChunk: "malformed chunk"
        case .chunkMetadataTooLarge: "chunk extension or trailers too large"
        case .bodyTooLarge: "body too large"
        case .unsupportedExpectation: "expectation not supported"
        case .bodyMemoryExhausted: "the server holds as many request bodies as it may; retry shortly"
        }
    }
}
