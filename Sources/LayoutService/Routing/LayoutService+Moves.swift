import HTTPCore
import JSON
import LayoutEngine

/// Interactive movement: `move` while the user drags, `move/end` when the item is dropped.
extension LayoutService {
    /// `POST /sessions/{id}/move` `{indexPath, position, rect?, contentOffset?}` → the moving item's attributes
    /// (centre at the position, above everything), the index path it would take there, and with a `rect` the
    /// elements there laid out as if the item were already at that index path.
    func moveSession(id: Substring, body: [UInt8]) throws -> (Response, elements: Int) {
        let session = try self.session(id)
        var reader = JSONReader(bytes: body, maxDepth: self.configuration.maxJSONDepth)
        var indexPath: IndexPath?
        var position: Point?
        var rect: Rect?
        var contentOffset = session.input.contentOffset
        try reader.beginObject()
        while let key = try reader.nextKey() {
            switch key {
            case "indexPath": indexPath = try reader.readIndexPath()
            case "position": position = try reader.readPoint()
            case "rect": rect = try reader.readRect()
            case "contentOffset": contentOffset = try reader.readPoint()
            default: throw reader.unknownField(key)
            }
        }
        guard let indexPath else { throw reader.missingField("indexPath") }
        guard let position else { throw reader.missingField("position") }
        try reader.finish()
        let layout = session.layout
        guard
            let moving = layout.attributesForInteractivelyMovingItem(
                at: indexPath,
                targetPosition: position,
                contentOffset: contentOffset
            )
        else {
            throw APIError.invalidField(pointer: "/indexPath", reason: "The session has no item at \(indexPath.wire).")
        }
        let target = layout.targetIndexPathForInteractivelyMovingItem(indexPath, position: position)
        var writer = JSONWriter(capacity: 16 * 1024)
        writer.beginObject()
        writer.key("version")
        writer.value(session.version)
        writer.key("item")
        writer.value(moving)
        writer.key("targetIndexPath")
        writer.value(target)
        var count = 1
        if let rect {
            let preview = try self.movedLayout(session, from: indexPath, to: target)
            writer.key("attributes")
            writer.beginArray()
            preview.layout.forEachAttribute(in: rect, contentOffset: contentOffset) { attributes in
                // The item being dragged is drawn at the finger, not in its slot.
                if attributes.category == .cell, attributes.indexPath == target {
                    var dragged = moving
                    dragged.indexPath = target
                    writer.value(dragged)
                } else {
                    writer.value(attributes)
                }
                count += 1
            }
            writer.endArray()
        }
        writer.endObject()
        return (Self.json(writer.bytes, session: session), count)
    }

    /// `POST /sessions/{id}/move/end` `{indexPath, targetIndexPath, rect?}`: commits the reorder as a move.
    func endMoveSession(id: Substring, request: Request) throws -> (Response, elements: Int) {
        let expectedVersion = try Self.expectedVersion(request)
        var reader = JSONReader(bytes: request.body, maxDepth: self.configuration.maxJSONDepth)
        var source: IndexPath?
        var destination: IndexPath?
        var rect: Rect?
        try reader.beginObject()
        while let key = try reader.nextKey() {
            switch key {
            case "indexPath": source = try reader.readIndexPath()
            case "targetIndexPath": destination = try reader.readIndexPath()
            case "rect": rect = try reader.readRect()
            default: throw reader.unknownField(key)
            }
        }
        guard let source else { throw reader.missingField("indexPath") }
        guard let destination else { throw reader.missingField("targetIndexPath") }
        try reader.finish()
        let session = try self.sessions.update(String(id), expectedVersion: expectedVersion) { current in
            try Self.checkMove(current.layout, from: source, to: destination)
            var next = current
            do throws(UpdateError) {
                _ = try next.live.performBatchUpdates(BatchUpdates(moveItems: [.init(from: source, to: destination)]))
            } catch {
                throw error.apiError(input: current.input, configuration: current.configuration)
            }
            return next
        }
        var writer = JSONWriter(capacity: 16 * 1024)
        writer.beginSessionAnswer(session)
        writer.moves([BatchUpdates.ItemMove(from: source, to: destination)])
        var count = 0
        if let rect {
            count = writer.attributes(of: session.layout, in: rect, contentOffset: session.input.contentOffset)
        }
        writer.endObject()
        return (Self.json(writer.bytes, session: session), count)
    }

    /// Refuses a move whose source is no item or whose destination is past the end of its section, naming which.
    private static func checkMove(_ layout: PreparedLayout, from source: IndexPath, to destination: IndexPath) throws(APIError) {
        guard source.item < layout.numberOfItems(inSection: source.section) else {
            throw .invalidField(pointer: "/indexPath", reason: "The session has no item at \(source.wire).")
        }
        let count = layout.numberOfItems(inSection: destination.section)
        let limit = destination.section == source.section ? count - 1 : count
        guard destination.section < layout.numberOfSections, destination.item <= limit else {
            throw .invalidField(pointer: "/targetIndexPath", reason: "An item cannot move to \(destination.wire).")
        }
    }

    /// The session's input and layout with one item moved, or a 422 naming the index path that does not exist.
    private func movedLayout(
        _ session: Session,
        from source: IndexPath,
        to destination: IndexPath
    ) throws -> (input: LayoutInput, layout: PreparedLayout) {
        do {
            return try layoutMovingItem(
                from: source,
                to: destination,
                input: session.input,
                configuration: session.configuration,
                limits: self.layoutLimits
            )
        } catch .indexPathOutOfRange(let section, let item) {
            let pointer = IndexPath(section: section, item: item) == source ? "/indexPath" : "/targetIndexPath"
            throw APIError.invalidField(pointer: pointer, reason: "There is no index path [\(section), \(item)] to move.")
        } catch {
            throw error.apiError(for: LayoutRequest(input: session.input, configuration: session.configuration, rect: nil))
        }
    }
}

extension IndexPath {
    /// `[section, item]`, as the wire shows it.
    var wire: String { "[\(self.section), \(self.item)]" }
}

extension JSONWriter {
    /// Writes `[section, item]`.
    mutating func value(_ indexPath: IndexPath) {
        self.beginArray()
        self.value(indexPath.section)
        self.value(indexPath.item)
        self.endArray()
    }
}
