import LayoutEngine

/// Interactive movement: what `move` and `move/end` do once their bodies are decoded.
extension LayoutService {
    /// Where a dragged item is drawn and where it would drop, with the layout as if it had dropped there.
    struct MovePreview {
        /// The moving item's attributes: centred at the finger, above everything.
        var moving: LayoutAttributes
        /// The index path it would take at the finger.
        var target: IndexPath
        /// The layout with the item at ``target``, when the request asked for a rect.
        var layout: PreparedLayout?
    }

    /// `layoutAttributesForInteractivelyMovingItem(at:withTargetPosition:)` and
    /// `targetIndexPathForInteractivelyMovingItem(_:withPosition:)` in `session`.
    func previewMove(in session: Session, _ request: MoveRequest) throws -> MovePreview {
        let layout = session.layout
        guard
            let moving = layout.attributesForInteractivelyMovingItem(
                at: request.indexPath,
                targetPosition: request.position,
                contentOffset: request.contentOffset
            )
        else {
            throw APIError.invalidField(
                pointer: "/indexPath",
                reason: "The session has no item at \(request.indexPath.wire)."
            )
        }
        let target = layout.targetIndexPathForInteractivelyMovingItem(request.indexPath, position: request.position)
        var preview = MovePreview(moving: moving, target: target)
        if request.rect != nil {
            preview.layout = try self.movedLayout(session, from: request.indexPath, to: target)
        }
        return preview
    }

    /// Commits a reorder in session `id` as a batch update that moves one item.
    func endMove(_ id: SessionID, _ request: MoveEndRequest, expectedVersion: IfMatch?, key: String? = nil) throws
        -> Session
    {
        let (source, destination) = (request.source, request.destination)
        let move = BatchUpdates(moveItems: [.init(from: source, to: destination)])
        return try self.updateSession(
            id.text, expectedVersion: expectedVersion, key: key, mutation: { .updates(move) }
        ) { current in
            try Self.checkMove(current.layout, from: source, to: destination)
            var next = current
            do throws(UpdateError) {
                _ = try next.live.performBatchUpdates(move)
            } catch {
                throw EngineFailure(.update(error), session: current)
            }
            return next
        }
    }

    /// Refuses a move whose source is no item or whose destination is past the end of its section, naming which.
    private static func checkMove(_ layout: PreparedLayout, from source: IndexPath, to destination: IndexPath)
        throws(APIError)
    {
        guard source.item < layout.numberOfItems(inSection: source.section) else {
            throw .invalidField(pointer: "/indexPath", reason: "The session has no item at \(source.wire).")
        }
        let count = layout.numberOfItems(inSection: destination.section)
        let limit = destination.section == source.section ? count - 1 : count
        guard destination.section < layout.numberOfSections, destination.item <= limit else {
            throw .invalidField(pointer: "/targetIndexPath", reason: "An item cannot move to \(destination.wire).")
        }
    }

    /// The session's layout with one item moved, or a 422 naming the index path that does not exist.
    private func movedLayout(_ session: Session, from source: IndexPath, to destination: IndexPath) throws
        -> PreparedLayout
    {
        do {
            return try layoutMovingItem(
                from: source,
                to: destination,
                input: session.input,
                configuration: session.configuration,
                limits: self.layoutLimits
            ).layout
        } catch .indexPathOutOfRange(let section, let item) {
            let pointer = IndexPath(section: section, item: item) == source ? "/indexPath" : "/targetIndexPath"
            let reason = "There is no index path [\(section), \(item)] to move."
            throw APIError.invalidField(pointer: pointer, reason: reason)
        } catch {
            throw EngineFailure(.layout(error), session: session)
        }
    }
}

extension IndexPath {
    /// `[section, item]`, as the wire shows it.
    var wire: String { "[\(self.section), \(self.item)]" }
}
