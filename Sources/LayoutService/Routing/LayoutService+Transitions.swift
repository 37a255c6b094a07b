import HTTPCore
import JSON
import LayoutEngine

/// `transition`, `move` and `move/end`: switching layouts and reordering by drag, as UIKit animates them.
extension LayoutService {
    /// `POST /sessions/{id}/transition` `{to: {kind, config?}, progress, rect?, contentOffset?, commit?}`:
    /// `UICollectionViewTransitionLayout` between the session's layout and another at `progress` (0…1).
    /// `commit: true` makes the target the session's layout.
    func transitionSession(id: Substring, request: Request) throws -> (Response, elements: Int) {
        let body = request.body
        let expectedVersion = try Self.expectedVersion(request)
        let maxDepth = self.configuration.maxJSONDepth
        let targetKind = try LayoutRequest.findKind(in: body, maxDepth: maxDepth, within: "to")
        var reader = JSONReader(bytes: body, maxDepth: maxDepth)
        var target: LayoutConfiguration?
        var progress: Double?
        var rect: Rect?
        var contentOffset: Point?
        var commits = false
        try reader.beginObject()
        while let key = try reader.nextKey() {
            switch key {
            case "to":
                guard let targetKind else { throw reader.shapeError("must be an object with a \"kind\"") }
                target = try reader.readTransitionTarget(kind: targetKind)
            case "progress": progress = try reader.readDouble(in: 0...1)
            case "rect": rect = try reader.readRect()
            case "contentOffset": contentOffset = try reader.readPoint()
            case "commit": commits = try reader.readBool()
            default: throw reader.unknownField(key)
            }
        }
        guard let target else { throw reader.missingField("to") }
        guard let progress else { throw reader.missingField("progress") }
        try reader.finish()

        var session = try self.session(id)
        let current = session.layout
        // A commit keeps the target, so it is prepared with the records a session needs; the same value is
        // committed unless another mutation landed in between.
        let targetLive = commits
            ? try self.makeLiveLayout(session.input, configuration: target, pointerPrefix: "/to")
            : nil
        let targetLayout = try targetLive?.prepared
            ?? self.prepare(session.input, configuration: target, pointerPrefix: "/to")
        if let targetLive {
            let base = session.version
            session = try self.sessions.update(String(id), expectedVersion: expectedVersion) { latest in
                var next = latest
                next.live = latest.version == base
                    ? targetLive
                    : try self.makeLiveLayout(latest.input, configuration: target, pointerPrefix: "/to")
                return next
            }
        }
        let transition = try TransitionLayout(current: current, target: targetLayout, progress: progress)
        let offset = contentOffset ?? session.input.contentOffset
        var writer = JSONWriter(capacity: 16 * 1024)
        writer.beginObject()
        writer.key("version")
        writer.value(session.version)
        writer.key("progress")
        writer.value(progress)
        writer.key("contentSize")
        writer.value(transition.contentSize)
        writer.key("attributes")
        writer.beginArray()
        var count = 0
        transition.forEachAttribute(in: rect, fromContentOffset: offset, toContentOffset: offset) { attributes in
            writer.value(attributes)
            count += 1
        }
        writer.endArray()
        writer.endObject()
        return (Self.json(writer.bytes, session: session), count)
    }
}

extension JSONReader {
    /// Reads a transition's `to`: `{kind, config?}`, the kind already known from a first look.
    mutating func readTransitionTarget(kind: LayoutKind) throws(JSONError) -> LayoutConfiguration {
        var configuration = LayoutConfiguration.defaults(for: kind)
        try self.beginObject()
        while let key = try self.nextKey() {
            switch key {
            case "kind": try self.skipValue()
            case "config": configuration = try self.readConfiguration(kind: kind)
            default: throw self.unknownField(key)
            }
        }
        return configuration
    }
}
