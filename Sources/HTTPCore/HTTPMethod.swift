/// A request method that layoutd's parser recognises.
///
/// The set is closed: a method not listed here is answered with 501 Not Implemented before any responder sees it,
/// as RFC 9110 §9.1 allows. A method listed here that a route does not take is the responder's business (405 with
/// `Allow`).
public enum HTTPMethod: String, Hashable, Sendable, CaseIterable {
    case GET, HEAD, POST, PUT, DELETE, OPTIONS, PATCH, TRACE, CONNECT
}
