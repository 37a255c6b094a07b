/// Anything that turns a request into a response: the one seam between the HTTP server and the service.
///
/// `respond(to:)` is synchronous on purpose. The server owns its threads (one event loop per core, plus a small
/// worker pool for requests with large bodies) and calls the responder on one of them; a synchronous call keeps a
/// small request's answer on the loop that read it, with no hop into the Swift concurrency pool and back. A responder
/// must therefore never block on I/O, and must be safe to call from several threads at once.
public protocol Responder: Sendable {
    /// Answers one request. Must not throw and must not trap on any request: every failure is a response.
    func respond(to request: Request) -> Response

    /// Whether answering `request` may take long enough to stall its event loop, so that the server should run it
    /// on the worker pool even though its body is small (a 70-byte request can ask for two million items).
    ///
    /// Called on the event loop before ``respond(to:)``; it must be cheap. Defaults to `false`: then only the
    /// body's size decides.
    func isExpensive(_ request: Request) -> Bool
}

extension Responder {
    public func isExpensive(_ request: Request) -> Bool { false }
}
