import HTTPCore

/// layoutd's responder: routes a request, applies access control and CORS, and answers.
///
/// Every answer carries `X-Request-Id`; every request is counted in ``Metrics`` and, unless turned off, logged in
/// one line. Routes throw ``APIError``; ``ProblemResponse`` alone turns failures into responses.
public final class LayoutService: Responder {
    /// The service's settings.
    public let configuration: ServiceConfiguration
    /// The counters behind `GET /metrics`.
    public let metrics = Metrics()
    /// Readiness and connection counts, written by the server.
    let serverStatus: ServerStatus
    /// Where log lines go.
    let logger: Logger
    /// The live sessions.
    let sessions: SessionStore
    /// Where sessions are shared with other replicas (`--session-store`), or `nil`.
    let sharedSessions: SharedSessionStore?
    /// The kept answers of repeated stateless layouts (`--answer-cache-bytes`).
    let answerCache: AnswerCache
    /// The bound and counts of the threads' memos of plain cells' text (`--cell-text-memo-slots`).
    let cellTextMemo: CellTextMemo.Ledger

    /// Creates the service.
    ///
    /// - Parameters:
    ///   - configuration: Limits, access control and logging settings.
    ///   - serverStatus: The server's published state, read by `/readyz` and `/metrics`.
    ///   - logger: Receives one line per request, evictions, the worker pool's saturation and the details of
    ///     internal errors. Defaults to discarding them.
    ///   - clock: Measures how long sessions sit idle. Defaults to the continuous clock; tests pass one they move.
    public init<C: Clock>(
        configuration: ServiceConfiguration = ServiceConfiguration(),
        serverStatus: ServerStatus = ServerStatus(),
        logger: Logger = .discarding,
        clock: C = ContinuousClock()
    ) where C.Duration == Duration {
        self.configuration = configuration
        self.serverStatus = serverStatus
        self.logger = logger
        self.sessions = SessionStore(configuration: configuration.sessions, clock: clock)
        self.answerCache = AnswerCache(limit: configuration.answerCacheBytes)
        self.cellTextMemo = CellTextMemo.Ledger(slots: configuration.cellTextMemoSlots)
        self.sharedSessions = SharedSessionStore.make(configuration) { message in
            Self.logSessionStore(message, to: logger)
        }
    }

    /// What the service learns of a request before answering it: its route, matched once.
    public struct RequestPlan: Sendable {
        /// The route, or `nil` when no route has the request's path.
        let route: Route?
    }

    /// Matches the request's route, once: the server hands the plan to ``isExpensive(_:plan:)`` and
    /// ``respond(to:plan:)``.
    ///
    /// - Complexity: O(target length).
    public func plan(for request: Request) -> RequestPlan {
        RequestPlan(route: Route(target: request.target))
    }

    /// Answers one request: checks access, runs its route, and turns any failure into a problem.
    ///
    /// Safe to call from several threads at once; never traps on client input.
    ///
    /// - Parameters:
    ///   - request: The parsed request.
    ///   - plan: Its route, from ``plan(for:)``.
    /// - Returns: The response, with `X-Request-Id` and any CORS headers.
    public func respond(to request: Request, plan: RequestPlan) -> Response {
        // The answer is made and changed (the request id, CORS) in memory of its own, then moved out. Made in a
        // local variable, changed there and returned, it was copied into the result and the variable destroyed (an
        // outlined copy and destroy of the whole `Response`, about 220 instructions a request; issue 21): Swift 6.3
        // keeps that copy once a field of the variable is assigned, read after a change, or the variable is passed
        // whole to a call, and `consume` of it does not compile.
        withUnsafeTemporaryAllocation(of: Response.self, capacity: 1) { slot in
            self.respond(to: request, plan: plan, into: slot)
            return slot.moveElement(from: 0)
        }
    }

    /// ``respond(to:plan:)``'s work: initializes `slot`'s one element (uninitialized memory) with the response.
    private func respond(to request: Request, plan: RequestPlan, into slot: UnsafeMutableBufferPointer<Response>) {
        let start = RequestClock.now()
        self.metrics.requestStarted()
        let requestID = RequestID.make(for: request)
        let route = plan.route
        // A pattern, not `==`: comparing two `Route?` copied and destroyed both (about 250 instructions a request).
        var sessionsBefore: SessionStatistics?
        if case .sessions? = route { sessionsBefore = self.sessions.statistics }
        var elements = 0
        do {
            let (response, count) = try self.answer(request, route: route)
            slot.initializeElement(at: 0, to: response)
            elements = count
        } catch {
            let problem = ProblemResponse.response(
                for: error,
                body: request.body,
                maxJSONDepth: self.configuration.maxJSONDepth
            ) { self.logger.log(.error, $0, [("request_id", .string(requestID.text))]) }
            slot.initializeElement(at: 0, to: problem)
        }
        slot[0].requestID = requestID
        if !self.configuration.corsOrigins.isEmpty {
            CORSPolicy(origins: self.configuration.corsOrigins).decorate(&slot[0], for: request, route: route)
        }
        let seconds = RequestClock.seconds(since: start)
        self.metrics.record(
            template: route?.template ?? "unmatched",
            method: request.method,
            status: slot[0].status,
            seconds: seconds,
            elements: elements,
            requestBytes: request.body.count,
            responseBytes: slot[0].storedBodyLength
        )
        if self.configuration.logsRequests {
            RequestLog.log(
                self.logger, request: request, requestID: requestID.text, response: slot[0], seconds: seconds
            )
        }
        if let sessionsBefore { self.logSessionsGone(since: sessionsBefore) }
        self.noteWorkerQueue()
    }

    /// Routes one request; throws what the client must see as a problem.
    private func answer(_ request: Request, route: Route?) throws -> Answer {
        // With a token, a request without it learns nothing: not which paths exist (404), nor their methods (405,
        // OPTIONS). A CORS preflight is the exception, as browsers never attach credentials to it.
        if let token = self.configuration.apiToken, route?.isPublic != true, !CORSPolicy.isPreflight(request),
            !BearerToken.matches(request.headers["Authorization"], token: token)
        {
            throw APIError.unauthorized
        }
        guard let route else { throw APIError.notFound(path: String(request.path)) }
        if request.method == .OPTIONS {
            let methods = route == .server ? Route.implementedMethods : route.methods
            let allow = methods.map(\.rawValue).joined(separator: ", ")
            return (Response(status: 204, headers: ["Allow": allow]), 0)
        }
        guard route.takes(request.method) else {
            throw APIError.methodNotAllowed(method: request.method.rawValue, allowed: route.methods.map(\.rawValue))
        }
        switch route {
        case .server:  // only OPTIONS, answered above
            throw APIError.methodNotAllowed(method: request.method.rawValue, allowed: route.methods.map(\.rawValue))
        case .health:
            return (Self.healthAnswer, 0)
        case .ready:
            guard self.serverStatus.isReady else { throw APIError.draining }
            return (.json(Array(self.readinessJSON.utf8)), 0)
        case .metrics:
            let text = self.metrics.render(
                openConnections: self.serverStatus.openConnections,
                sessions: self.sessions.statistics,
                queuedWork: self.serverStatus.queuedWork
            ) + Metrics.sessionStoreText(self.sharedSessions) + Metrics.capacityText(status: self.serverStatus)
                + Metrics.answerCacheText(self.answerCache.statistics) + Metrics.cellTextMemoText(self.cellTextMemo)
            let type = "text/plain; version=0.0.4; charset=utf-8"
            return (Response(status: 200, headers: ["Content-Type": type], body: Array(text.utf8)), 0)
        case .openAPI:
            let yaml = Array(OpenAPIDocument.yaml.utf8)
            return (Response(status: 200, headers: ["Content-Type": "application/yaml"], body: yaml), 0)
        case .kinds:
            return (.json(KindCatalog.json), 0)
        case .layout(let kind):
            return try self.layout(kind: kind, body: request.body, arrival: request.bodyArrival)
        case .unknownLayout(let name):
            throw Self.unknownKind(name)
        case .sessions:
            return try self.createSession(request)
        case .session(let id):
            return request.method == .DELETE ? try self.deleteSession(id: id) : try self.readSession(id: id)
        case .sessionQuery(let id):
            return try self.querySession(id: id, body: request.body)
        case .sessionSnap(let id):
            return try self.snapSession(id: id, body: request.body)
        case .sessionScrollTo(let id):
            return try self.scrollToSession(id: id, body: request.body)
        case .sessionTransition(let id):
            return try self.transitionSession(id: id, request: request)
        case .sessionInvalidate(let id):
            return try self.invalidateSession(id: id, request: request)
        case .sessionUpdates(let id):
            return try self.updateSession(id: id, request: request)
        case .sessionMove(let id):
            return try self.moveSession(id: id, body: request.body)
        case .sessionMoveEnd(let id):
            return try self.endMoveSession(id: id, request: request)
        case .sessionItem(let id, let section, let item):
            return try self.sessionItem(id: id, section: section, item: item)
        case .sessionSupplementary(let id, let kind, let section, let item):
            return try self.sessionSupplementary(id: id, kind: kind, section: section, item: item)
        case .webPage:
            return (Self.webResponse(name: "index.html", request: request), 0)
        case .webAsset(let name):
            return (Self.webResponse(name: name, request: request), 0)
        }
    }
}

extension LayoutService {
    /// `GET /healthz`'s answer, made once: each request shares its header list and body (the status, fields and
    /// bytes of ``Response/json(_:status:)`` with ``LayoutAnswer/health``), so answering it builds no list.
    static let healthAnswer = Response(
        status: 200, headers: ["Content-Type": "application/json"], body: LayoutAnswer.health
    )

    /// Writes a line about the Redis session store (`--session-store`): a warning, its message as the text form.
    func log(_ message: String) {
        Self.logSessionStore(message, to: self.logger)
    }

    fileprivate static func logSessionStore(_ message: String, to logger: Logger) {
        logger.log(.warning, "session store", [("detail", .string(message))], text: message)
    }
}
