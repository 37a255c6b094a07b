/// A request method that layoutd's parser recognises.
///
/// The set is closed: a method not listed here is answered with 501 Not Implemented before any responder sees it,
/// as RFC 9110 §9.1 allows. A method listed here that a route does not take is the responder's business (405 with
/// `Allow`). `QUERY` (the IETF's safe method with a body, draft-ietf-httpbis-safe-method-w-body) is recognised so
/// that clients trying it learn from a 405 which methods a route takes.
public enum HTTPMethod: String, Hashable, Sendable, CaseIterable {
    case GET, HEAD, POST, PUT, DELETE, OPTIONS, PATCH, TRACE, CONNECT, QUERY
}
