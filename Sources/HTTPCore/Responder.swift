/// Anything that turns a request into a response: the one seam between the HTTP server and the service.
///
/// Answering is synchronous on purpose. The server owns its threads (one event loop per core, plus a small worker
/// pool for requests with large bodies) and calls the responder on one of them; a synchronous call keeps a small
/// request's answer on the loop that read it, with no hop into the Swift concurrency pool and back. A responder
/// must therefore never block on I/O, and must be safe to call from several threads at once.
///
/// The server looks at each request once through ``plan(for:)`` (a router finds the route there), asks
/// ``isExpensive(_:plan:)`` where to answer it, and hands the same plan to ``respond(to:plan:)``, on the loop or on
/// the worker pool: what the responder learned of the request is never worked out twice.
public protocol Responder: Sendable {
    /// What the responder learns of a request before answering it, such as its route. `Void` for a responder
    /// that needs nothing.
    associatedtype Plan: Sendable = Void

    /// Looks at a request once, on the event loop, before it is answered. Must be cheap and must not trap.
    func plan(for request: Request) -> Plan

    /// Whether answering `request` may take long enough to stall its event loop, so that the server should run it
    /// on the worker pool even though its body is small (a 70-byte request can ask for two million items).
    ///
    /// Called on the event loop before ``respond(to:plan:)``; it must be cheap. Defaults to `false`: then only the
    /// body's size decides.
    func isExpensive(_ request: Request, plan: Plan) -> Bool

    /// Whether a request that goes to the worker pool (``isExpensive(_:plan:)``, or a large body) is heavy: the pool
    /// runs heavy requests on all but one of its workers, and lighter ones first, so that a lighter request never
    /// waits behind more than one heavy one. Called on the event loop; it must be cheap. Defaults to `false`.
    func isHeavy(_ request: Request, plan: Plan) -> Bool

    /// Whether the responder reads `request`'s body while it arrives (``readEarly(_:plan:)``): called on the event
    /// loop once the head of a request with a large fixed-length body is parsed, with the body left empty. Must be
    /// cheap. Defaults to `false`.
    func readsEarly(_ request: Request, plan: Plan) -> Bool

    /// Reads a body while it arrives, on a worker, before the request is complete: `request.body` has its full
    /// length but only the bytes ``BodyArrival/waitForBytes(atLeast:)`` granted may be read. What it learns it
    /// leaves with ``BodyArrival/runEarly(_:)`` for ``respond(to:plan:)``, which is still called once the request is
    /// complete, and must answer exactly as it would have without it. Defaults to nothing.
    func readEarly(_ request: Request, plan: Plan)

    /// Answers one request with the plan ``plan(for:)`` made of it. Must not throw and must not trap on any
    /// request: every failure is a response.
    func respond(to request: Request, plan: Plan) -> Response
}

extension Responder where Plan == Void {
    public func plan(for request: Request) {}
}

extension Responder {
    public func isExpensive(_ request: Request, plan: Plan) -> Bool { false }

    public func isHeavy(_ request: Request, plan: Plan) -> Bool { false }

    public func readsEarly(_ request: Request, plan: Plan) -> Bool { false }

    public func readEarly(_ request: Request, plan: Plan) {}

    /// Plans and answers `request` in one call: for tests, benchmarks and fuzzers that hold the responder itself.
    public func respond(to request: Request) -> Response {
        self.respond(to: request, plan: self.plan(for: request))
    }

    /// Plans `request` and says whether it is expensive (see ``isExpensive(_:plan:)``).
    public func isExpensive(_ request: Request) -> Bool {
        self.isExpensive(request, plan: self.plan(for: request))
    }

    /// Plans `request` and says whether it is heavy (see ``isHeavy(_:plan:)``).
    public func isHeavy(_ request: Request) -> Bool {
        self.isHeavy(request, plan: self.plan(for: request))
    }
}
