import HTTPCore
import JSON
import LayoutEngine

/// The API routes. Each decodes its body (`Decoding/`), hands the decoded request to an operation (`Operations/`)
/// and the result to an encoder (`Encoding/`); failures are thrown for ``ProblemResponse`` to answer.
///
/// The checks run in the order a client can rely on: the `If-Match` header (400), then the body (400 or 422), then
/// the session (404); a route that needs the session to read its body (its kind decides the members) looks it up
/// first.
extension LayoutService {
    /// `POST /layout/{kind}`: prepares the layout the body describes and answers with its elements; with
    /// `viewports`, once per viewport.
    ///
    /// A body seen before (twice: ``AnswerCache`` keeps an answer on its second miss) answers from ``answerCache``
    /// with the bytes computed then: the answer is a function of the kind and the body alone (the configuration is
    /// fixed; no header, query or session is read), and only a `200` is kept, so the cost check and every other
    /// check of this route passed on that body and would pass again. A body still arriving (read early, so large)
    /// is never looked up. (A name that is no kind's is routed to ``Route/unknownLayout(name:)`` instead.)
    func layout(kind: LayoutKind, body: [UInt8], arrival: BodyArrival? = nil) throws -> Answer {
        guard arrival == nil, let key = self.answerCache.key(kind: kind, body: body) else {
            return try self.computeLayout(kind: kind, body: body, arrival: arrival)
        }
        switch self.answerCache.lookUp(key, body: body) {
        case .hit(let kept):
            return (.json(kept.answer), kept.elements)
        case .miss(let admits):
            let answer = try self.computeLayout(kind: kind, body: body, arrival: nil)
            if admits { self.answerCache.keep(answer, for: key, body: body) }
            return answer
        }
    }

    /// The error for `/layout/{name}` when `name` is no built-in kind's (``Route/unknownLayout(name:)``): 404, naming
    /// the kinds there are.
    static func unknownKind(_ name: String) -> APIError {
        .unknownKind(name, known: LayoutKind.allCases.map(\.rawValue))
    }

    /// Decodes, checks and prepares a `POST /layout/{kind}` and writes its answer.
    @inline(__always)
    private func computeLayout(kind: LayoutKind, body: [UInt8], arrival: BodyArrival?) throws -> Answer {
        let request = try LayoutRequest.decode(body, kind: kind, configuration: self.configuration, arrival: arrival)
        try self.checkCost(request.input, configuration: request.configuration, viewports: request.viewports?.count ?? 1)
        guard let viewports = request.viewports else {
            if let answer = LayoutAnswer.encodePlaced(request, limits: self.layoutLimits, memo: self.cellTextMemo) {
                return answer
            }
            let layout = try self.prepare(
                request.input, configuration: request.configuration, streamed: request.streamed)
            return LayoutAnswer.encodeStreaming(layout, kind: kind, request: request, memo: self.cellTextMemo)
        }
        // Breakpoints: the input was read once; each viewport is laid out and written, then let go.
        var answer = LayoutAnswer.Breakpoints(kind: kind, request: request, memo: self.cellTextMemo)
        for (index, viewport) in viewports.enumerated() {
            var input = request.input
            input.viewport = viewport
            answer.append(try self.prepare(input, configuration: request.configuration, viewportIndex: index))
        }
        return answer.finish()
    }

    /// `POST /sessions`: prepares the layout the body describes (a layout request plus `kind`) and keeps it.
    func createSession(_ request: Request) throws -> Answer {
        let decoded = try LayoutRequest.decodeSession(request.body, configuration: self.configuration)
        try self.checkCost(decoded.input, configuration: decoded.configuration)
        let session = try self.createSession(decoded, proposedID: self.proposedSessionID(request))
        return SessionAnswer.summary(of: session, status: 201)
    }

    /// `GET /sessions/{id}`: the session's summary.
    func readSession(id: SessionID) throws -> Answer {
        SessionAnswer.summary(of: try self.session(id))
    }

    /// `DELETE /sessions/{id}`: 204, or 404 when there was no such session.
    func deleteSession(id: SessionID) throws -> Answer {
        let text = id.text
        guard id.key != nil else { throw self.sessions.goneError(id: text) }
        let removedHere = self.sessions.remove(text)
        guard self.unshareSession(text) || removedHere else { throw self.sessions.goneError(id: text) }
        return (Response(status: 204), 0)
    }

    /// `POST /sessions/{id}/query`: `{rect, contentOffset?}` → the elements in the rect.
    func querySession(id: SessionID, body: [UInt8]) throws -> Answer {
        let session = try self.session(id)
        let query = try QueryRequest.decode(body, for: session, maxDepth: self.configuration.maxJSONDepth)
        return SessionAnswer.query(session, query, memo: self.cellTextMemo)
    }

    /// `GET /sessions/{id}/items/{section}/{item}`: one cell, at the session's content offset.
    func sessionItem(id: SessionID, section: Int, item: Int) throws -> Answer {
        let session = try self.session(id)
        let indexPath = IndexPath(section: section, item: item)
        let offset = session.input.contentOffset
        guard let attributes = session.layout.attributesForItem(at: indexPath, contentOffset: offset) else {
            throw APIError.notFound(path: "/sessions/\(id)/items/\(section)/\(item)")
        }
        return SessionAnswer.element(attributes, session: session)
    }

    /// `GET /sessions/{id}/supplementary/{kind}/{section}/{item}`: one header, footer or decoration view.
    func sessionSupplementary(id: SessionID, kind: Substring, section: Int, item: Int) throws -> Answer {
        let session = try self.session(id)
        let indexPath = IndexPath(section: section, item: item)
        let attributes = ElementKind(rawValue: String(kind)).flatMap { elementKind in
            session.layout.attributesForElement(
                ofKind: elementKind,
                at: indexPath,
                contentOffset: session.input.contentOffset
            )
        }
        guard let attributes else {
            throw APIError.notFound(path: "/sessions/\(id)/supplementary/\(kind.prefix(64))/\(section)/\(item)")
        }
        return SessionAnswer.element(attributes, session: session)
    }

    /// `POST /sessions/{id}/snap`: `{proposedContentOffset, velocity?, section?, startOffset?}` → `{contentOffset}`.
    func snapSession(id: SessionID, body: [UInt8]) throws -> Answer {
        let session = try self.session(id)
        let snap = try SnapRequest.decode(body, for: session, maxDepth: self.configuration.maxJSONDepth)
        return SessionAnswer.contentOffset(self.snap(session, snap), session: session)
    }

    /// `POST /sessions/{id}/scroll-to`: `{indexPath, kind?, position, contentInset?, contentOffset?,
    /// orthogonalOffsets?}` → `{contentOffset, orthogonalOffset?}`, UIKit's `scrollToItem(at:at:animated:)`.
    func scrollToSession(id: SessionID, body: [UInt8]) throws -> Answer {
        let session = try self.session(id)
        let scroll = try ScrollToRequest.decode(body, for: session, maxDepth: self.configuration.maxJSONDepth)
        let target = try self.scrollTarget(in: session, scroll)
        return SessionAnswer.contentOffset(
            target.contentOffset,
            orthogonalOffset: target.orthogonalOffset,
            session: session
        )
    }

    /// `POST /sessions/{id}/invalidate`: measured sizes and bounds changes, recomputing only what changed.
    func invalidateSession(id: SessionID, request: Request) throws -> Answer {
        let expectedVersion = try request.ifMatch()
        let key = try request.idempotencyKey()
        let invalidation = try InvalidationRequest.decode(request.body, maxDepth: self.configuration.maxJSONDepth)
        let outcome = try self.invalidate(id, invalidation, expectedVersion: expectedVersion, key: key)
        return SessionAnswer.invalidation(outcome, request: invalidation)
    }

    /// `POST /sessions/{id}/updates`: a batch of deletes, inserts, reloads and moves with UIKit's rules.
    func updateSession(id: SessionID, request: Request) throws -> Answer {
        let expectedVersion = try request.ifMatch()
        let key = try request.idempotencyKey()
        let (session, result, updates) = try self.applyUpdates(id, expectedVersion: expectedVersion, key: key) {
            kind in
            try UpdatesRequest.decode(
                request.body,
                kind: kind,
                maxItems: self.configuration.maxItems,
                maxDepth: self.configuration.maxJSONDepth
            )
        }
        return SessionAnswer.updates(session, result, request: updates)
    }

    /// `POST /sessions/{id}/transition`: the transition layout at a progress, committed on request.
    func transitionSession(id: SessionID, request: Request) throws -> Answer {
        let expectedVersion = try request.ifMatch()
        let key = try request.idempotencyKey()
        let transition = try TransitionRequest.decode(request.body, maxDepth: self.configuration.maxJSONDepth)
        let (session, layout, anchoredOffset) = try self.transition(
            id,
            transition,
            expectedVersion: expectedVersion,
            key: key
        )
        return SessionAnswer.transition(session, layout, request: transition, anchoredOffset: anchoredOffset)
    }

    /// `POST /sessions/{id}/move`: the dragged item at the finger and where it would drop.
    func moveSession(id: SessionID, body: [UInt8]) throws -> Answer {
        let session = try self.session(id)
        let move = try MoveRequest.decode(body, for: session, maxDepth: self.configuration.maxJSONDepth)
        return SessionAnswer.move(session, try self.previewMove(in: session, move), request: move)
    }

    /// `POST /sessions/{id}/move/end`: commits the reorder as a move.
    func endMoveSession(id: SessionID, request: Request) throws -> Answer {
        let expectedVersion = try request.ifMatch()
        let key = try request.idempotencyKey()
        let drop = try MoveEndRequest.decode(request.body, maxDepth: self.configuration.maxJSONDepth)
        let session = try self.endMove(id, drop, expectedVersion: expectedVersion, key: key)
        return SessionAnswer.moveEnd(session, request: drop)
    }

    /// The live session named by a path segment.
    func session(_ id: SessionID) throws(APIError) -> Session {
        guard let key = id.key,
            let session = self.sessions.session(key).map(self.syncSharedSession)
                ?? self.rebuildSharedSession(id.text)
        else {
            throw self.sessions.goneError(id: id.text)
        }
        return session
    }

    /// The identifier a proxy chose for a new session: the value of the ``ServiceConfiguration/sessionIDHeader``
    /// when one is configured and the value has an identifier's shape; `nil` otherwise (a random one is made).
    ///
    /// A proxy that routes `/sessions/{id}` by a hash of the id hashes the create request on a fresh random key and
    /// sends that key here, so the session lands on the replica its later requests are routed to. A taken
    /// identifier is never reused: ``createSession(_:proposedID:)`` then makes a random one.
    func proposedSessionID(_ request: Request) -> String? {
        guard let name = self.configuration.sessionIDHeader, let value = request.headers[name],
            Session.isWellFormedID(Substring(value))
        else { return nil }
        return value
    }
}
