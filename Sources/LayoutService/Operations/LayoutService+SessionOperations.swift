import LayoutEngine

/// What the session routes do once their bodies are decoded: each takes a decoded request and returns what its
/// answer reports; none reads or writes JSON.
extension LayoutService {
    /// Prepares the layout `request` describes and keeps it as a new session, under `proposedID` when that is free.
    func createSession(_ request: LayoutRequest, proposedID: String?) throws -> Session {
        let live = try self.makeLiveLayout(request.input, configuration: request.configuration)
        var session = Session(id: proposedID ?? Session.makeID(), version: 1, live: live)
        if try !self.sessions.insert(session) {
            session = Session(id: Session.makeID(), version: 1, live: live)
            try self.sessions.insert(session)
        }
        if !self.shareCreatedSession(session) {
            // Another replica's session has this identifier: take a random one.
            self.sessions.remove(session.id)
            session = Session(id: Session.makeID(), version: 1, live: live)
            try self.sessions.insert(session)
            _ = self.shareCreatedSession(session)
        }
        return session
    }

    /// Where scrolling `session` comes to rest: `targetContentOffset(forProposedContentOffset:withScrollingVelocity:)`,
    /// or for an orthogonal section of a `compositional` session, that section's resting offset.
    func snap(_ session: Session, _ request: SnapRequest) -> Point {
        let proposed = request.proposedContentOffset
        let velocity = request.velocity
        guard let section = request.section else {
            return session.layout.targetContentOffset(forProposedContentOffset: proposed, velocity: velocity)
        }
        // An orthogonal section scrolls by its own offset across the layout, on x when the layout scrolls
        // vertically and on y when it scrolls horizontally: that coordinate of the answer is where it rests.
        let isVertical = session.layout.orthogonalSectionsScrollVertically
        let resting = session.layout.targetOrthogonalOffset(
            forProposedOffset: isVertical ? proposed.y : proposed.x,
            velocity: isVertical ? velocity.y : velocity.x,
            section: section,
            startOffset: request.startOffset
        )
        return isVertical
            ? Point(x: proposed.x, y: resting ?? proposed.y) : Point(x: resting ?? proposed.x, y: proposed.y)
    }

    /// Where scrolling to an element leaves the content, and the element's orthogonal section when it has one.
    struct ScrollTarget {
        /// The content offset.
        var contentOffset: Point
        /// The offset of the cell's orthogonally scrolling `compositional` section, when it is in one.
        var orthogonalOffset: Double?
    }

    /// The content offset that shows an element of `session` where the request's position says:
    /// `scrollToItem(at:at:animated:)`, or for a supplementary or decoration view the same arithmetic on its frame;
    /// a cell of an orthogonally scrolling section also scrolls its section, by the position across the layout's
    /// scroll axis.
    ///
    /// - Throws: ``APIError/invalidField(pointer:reason:)`` naming `indexPath` when there is no such element.
    func scrollTarget(in session: Session, _ request: ScrollToRequest) throws(APIError) -> ScrollTarget {
        let layout = session.layout
        let offset = request.contentOffset
        guard
            let attributes = layout.attributesForElement(
                ofKind: request.kind,
                at: request.indexPath,
                contentOffset: offset
            )
        else {
            let what = request.kind.map { "no \($0.rawValue)" } ?? "no item"
            throw .invalidField(pointer: "/indexPath", reason: "The session has \(what) at \(request.indexPath.wire).")
        }
        var target = ScrollTarget(
            contentOffset: layout.contentOffset(
                showing: attributes.frame,
                at: request.position,
                contentInset: request.contentInset,
                from: offset
            )
        )
        if request.kind == nil {
            let section = request.indexPath.section
            let across =
                layout.orthogonalSectionsScrollVertically ? request.position.vertical : request.position.horizontal
            target.orthogonalOffset = layout.orthogonalOffset(
                showing: attributes.frame,
                inSection: section,
                at: across,
                current: section < request.orthogonalOffsets.count ? request.orthogonalOffsets[section] : 0
            )
        }
        return target
    }

    /// What an invalidation did: the session after it, its layout before, and the engine's adjustments.
    struct InvalidationOutcome {
        var session: Session
        var before: PreparedLayout
        var result: InvalidationResult
    }

    /// Applies an invalidation context to session `id` (`invalidateLayout(with:)`), recomputing only what changed.
    func invalidate(_ id: SessionID, _ request: InvalidationRequest, expectedVersion: IfMatch?, key: String? = nil)
        throws -> InvalidationOutcome
    {
        var outcome: (before: PreparedLayout, result: InvalidationResult)?
        let session = try self.updateSession(
            id.text,
            expectedVersion: expectedVersion,
            key: key,
            mutation: { .invalidate(request.context) }
        ) { current in
            var next = current
            do throws(LayoutError) {
                outcome = (current.layout, try next.live.invalidate(request.context))
            } catch {
                throw request.problem(for: error, in: current) ?? EngineFailure(.layout(error), session: current)
            }
            try Self.checkFinite(next.layout)
            return next
        }
        guard let outcome else { throw APIError.internalError }
        return InvalidationOutcome(session: session, before: outcome.before, result: outcome.result)
    }

    /// Applies a batch of updates to session `id`; an inconsistent batch leaves the session as it was.
    ///
    /// A batch's sections are read for the session's kind, so `decode` reads the body for a kind. Without
    /// `If-Match` the batch applies to the session as it is when it runs: when a transition committed another kind
    /// in between, the body is read again for that kind (and refused only if it does not suit it). With `If-Match`
    /// such a race is a version mismatch.
    ///
    /// - Returns: The committed session, what the batch did, and the batch as it was read for the session's kind.
    func applyUpdates(
        _ id: SessionID,
        expectedVersion: IfMatch?,
        key: String? = nil,
        decode: (LayoutKind) throws -> UpdatesRequest
    ) throws -> (session: Session, result: UpdateResult, request: UpdatesRequest) {
        var decoded = (kind: try self.session(id).kind, request: UpdatesRequest())
        decoded.request = try decode(decoded.kind)
        var result: UpdateResult?
        let session = try self.updateSession(
            id.text,
            expectedVersion: expectedVersion,
            key: key,
            mutation: { .updates(decoded.request.updates) }
        ) { current in
            if current.kind != decoded.kind { decoded = (current.kind, try decode(current.kind)) }
            var next = current
            do throws(UpdateError) {
                result = try next.live.performBatchUpdates(decoded.request.updates)
            } catch {
                throw EngineFailure(.update(error), session: current)
            }
            try Self.checkFinite(next.layout)
            return next
        }
        guard let result else { throw APIError.internalError }
        return (session, result, decoded.request)
    }

    /// `UICollectionViewTransitionLayout` between session `id`'s layout and `request.target` at its progress;
    /// committing makes the target the session's layout and answers the content offset that keeps the anchor cell
    /// (the first visible one, or the last with the current layout's `anchor: "bottom"`) where it was, seen from
    /// the request's `contentOffset` (the session's own without it).
    func transition(_ id: SessionID, _ request: TransitionRequest, expectedVersion: IfMatch?, key: String? = nil)
        throws -> (session: Session, transition: TransitionLayout, anchoredOffset: Point?)
    {
        var session = try self.session(id)
        var current = session.layout
        var currentConfiguration = session.live.configuration
        var currentOffset = session.input.contentOffset
        let target = request.target
        // A commit keeps the target, so it is prepared with the records a session needs; the same value is
        // committed unless another mutation landed in between.
        let targetLive = request.commits
            ? try self.makeLiveLayout(session.input, configuration: target, pointerPrefix: "/to")
            : nil
        let targetLayout = try targetLive?.prepared
            ?? self.prepare(session.input, configuration: target, pointerPrefix: "/to")
        if let targetLive {
            let base = session.version
            session = try self.updateSession(
                id.text,
                expectedVersion: expectedVersion,
                key: key,
                mutation: { .transition(target) }
            ) { latest in
                // The session the commit applies to: the one read above, unless another mutation came in between
                // or this is a retry answered again from the session before its first try.
                (current, currentConfiguration, currentOffset) =
                    (latest.layout, latest.live.configuration, latest.input.contentOffset)
                var next = latest
                next.live = latest.version == base
                    ? targetLive
                    : try self.makeLiveLayout(latest.input, configuration: target, pointerPrefix: "/to")
                return next
            }
        }
        var anchoredOffset: Point?
        if request.commits {
            anchoredOffset = LiveLayout.anchoredContentOffset(
                from: current,
                to: session.layout,
                contentOffset: request.contentOffset ?? currentOffset,
                anchoring: currentConfiguration.anchoring
            )
        }
        do {
            // A commit's frames go to the target as committed, which a mutation in between or a retry may have
            // prepared again from a later input than the one read above.
            let transition = try TransitionLayout(
                current: current,
                target: request.commits ? session.layout : targetLayout,
                progress: request.progress
            )
            return (session, transition, anchoredOffset)
        } catch {
            throw EngineFailure(.layout(error), session: session)
        }
    }
}
