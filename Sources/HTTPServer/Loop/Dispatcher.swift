import HTTPCore

/// The responder as the loops use it: plans a request once and answers it on the loop, or hands the answer to the
/// worker pool, the plan going with it.
///
/// Made once per server from the concrete responder, so that each request costs one indirect call into code
/// specialised for that responder, and the plan (its route, for layoutd) is never computed twice.
struct Dispatcher: Sendable {
    /// What to do with a request.
    enum Handling {
        /// The answer, computed on the loop.
        case answered(Response)
        /// The work that computes the answer, for the worker pool, and whether it is heavy
        /// (``Responder/isHeavy(_:plan:)``).
        case deferred(@Sendable () -> Response, isHeavy: Bool)
    }

    /// Plans a request and either answers it or defers it; the `Int` is the body size from which requests always
    /// go to the worker pool.
    let handle: @Sendable (Request, Int) -> Handling

    /// Plans a request from its head alone (a large body still arriving) and returns the work that reads the body
    /// meanwhile on a worker, given the request that holds it (``Responder/readEarly(_:plan:)``), or `nil`.
    let early: @Sendable (Request) -> (@Sendable (Request) -> Void)?

    init<R: Responder>(_ responder: R) {
        self.early = { head in
            let plan = responder.plan(for: head)
            guard responder.readsEarly(head, plan: plan) else { return nil }
            return { request in responder.readEarly(request, plan: plan) }
        }
        self.handle = { request, bodyThreshold in
            let plan = responder.plan(for: request)
            if request.body.count >= bodyThreshold || responder.isExpensive(request, plan: plan) {
                let isHeavy = responder.isHeavy(request, plan: plan)
                return .deferred({ responder.respond(to: request, plan: plan) }, isHeavy: isHeavy)
            }
            return .answered(responder.respond(to: request, plan: plan))
        }
    }
}
