/// The protocol version of a request or response line: layoutd speaks HTTP/1.0 and HTTP/1.1 only (the parser
/// answers 505 for any other), so the two are the only values.
public enum HTTPVersion: Hashable, Sendable, CustomStringConvertible {
    /// HTTP/1.0: keep-alive only on request.
    case http1_0
    /// HTTP/1.1: keep-alive by default.
    case http1_1

    /// The version as on the wire, e.g. `HTTP/1.1`.
    public var description: String {
        switch self {
        case .http1_0: "HTTP/1.0"
        case .http1_1: "HTTP/1.1"
        }
    }
}
