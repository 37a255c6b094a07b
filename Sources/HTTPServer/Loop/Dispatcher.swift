import HTTPCore

/// The responder as the loops use it: plans a request once and answers it on the loop, or hands the answer to the
/// worker pool, the plan going with it.
///
/// Made once per server from the concrete responder, so that each request costs one indirect call into code
/// specialised for that responder, and the plan (its route, for layoutd) is never computed twice.
struct Dispatcher: Sendable {
    /// The work that computes a request's answer, for the worker pool, and whether it is heavy
    /// (``Responder/isHeavy(_:plan:)``).
    struct Deferred {
        let answer: @Sendable () -> Response
        let isHeavy: Bool
    }

    /// Plans a request and either answers it (the result) or defers it: then it sets the `inout` work and returns
    /// ``placeholder``. The `Int` is the body size from which requests always go to the worker pool.
    ///
    /// The answer is returned as it is rather than in an enum beside the deferred work: taking it out of the enum
    /// and destroying the enum went through generic value witnesses (about 150 instructions a request, callgrind).
    let handle: @Sendable (Request, Int, inout Deferred?) -> Response

    /// What ``handle`` returns for a deferred request: never written.
    static let placeholder = Response(status: 500)

    /// Plans a request from its head alone (a large body still arriving) and returns the work that reads the body
    /// meanwhile on a worker, given the request that holds it (``Responder/readEarly(_:plan:)``), or `nil`.
    let early: @Sendable (Request) -> (@Sendable (Request) -> Void)?

    init<R: Responder>(_ responder: R) {
        self.early = { head in
            let plan = responder.plan(for: head)
            guard responder.readsEarly(head, plan: plan) else { return nil }
            return { request in responder.readEarly(request, plan: plan) }
        }
        self.handle = { request, bodyThreshold, deferred in
            let plan = responder.plan(for: request)
            if request.body.count >= bodyThreshold || responder.isExpensive(request, plan: plan) {
                let isHeavy = responder.isHeavy(request, plan: plan)
                deferred = Deferred(answer: { responder.respond(to: request, plan: plan) }, isHeavy: isHeavy)
                return Self.placeholder
            }
            return responder.respond(to: request, plan: plan)
        }
    }
}
