import HTTPCore
import JSON
import LayoutEngine

/// The session routes: create, read, delete, query, element lookups and snapping.
extension LayoutService {
    /// `POST /sessions`: prepares the layout the body describes (a layout request plus `kind`) and keeps it.
    func createSession(_ request: Request) throws -> (Response, elements: Int) {
        guard let kind = try LayoutRequest.findKind(in: request.body, maxDepth: self.configuration.maxJSONDepth) else {
            throw JSONError.shape(pointer: "/kind", message: "missing required field \"kind\"")
        }
        let decoded = try LayoutRequest.decode(
            request.body,
            kind: kind,
            configuration: self.configuration,
            takesKindMember: true
        )
        let live = try self.makeLiveLayout(decoded.input, configuration: decoded.configuration)
        var session = Session(id: self.proposedSessionID(request) ?? Session.makeID(), version: 1, live: live)
        if try !self.sessions.insert(session) {
            session = Session(id: Session.makeID(), version: 1, live: live)
            try self.sessions.insert(session)
        }
        var response = Self.summary(of: session, status: 201)
        response.headers.add(name: "Location", value: "/sessions/\(session.id)")
        return (response, 0)
    }

    /// The identifier a proxy chose for a new session: the value of the ``ServiceConfiguration/sessionIDHeader``
    /// when one is configured and the value has an identifier's shape; `nil` otherwise (a random one is made).
    ///
    /// A proxy that routes `/sessions/{id}` by a hash of the id hashes the create request on a fresh random key and
    /// sends that key here, so the session lands on the replica its later requests are routed to. A taken
    /// identifier is never reused: ``createSession(_:)`` then makes a random one.
    func proposedSessionID(_ request: Request) -> String? {
        guard let name = self.configuration.sessionIDHeader, let value = request.headers[name],
            Session.isWellFormedID(Substring(value))
        else { return nil }
        return value
    }

    /// `GET /sessions/{id}`: the session's summary.
    func readSession(id: Substring) throws -> (Response, elements: Int) {
        (Self.summary(of: try self.session(id), status: 200), 0)
    }

    /// `DELETE /sessions/{id}`: 204, or 404 when there was no such session.
    func deleteSession(id: Substring) throws -> (Response, elements: Int) {
        guard Session.isWellFormedID(id), self.sessions.remove(String(id)) else {
            throw APIError.sessionNotFound(id: String(id))
        }
        return (Response(status: 204), 0)
    }

    /// `POST /sessions/{id}/query`: `{rect, contentOffset?}` → the elements in the rect, O(log n + k).
    func querySession(id: Substring, body: [UInt8]) throws -> (Response, elements: Int) {
        let session = try self.session(id)
        var reader = JSONReader(bytes: body, maxDepth: self.configuration.maxJSONDepth)
        var rect: Rect?
        var contentOffset = session.input.contentOffset
        var orthogonalOffsets: [Double] = []
        try reader.beginObject()
        while let key = try reader.nextKey() {
            switch key {
            case "rect": rect = try reader.readRect()
            case "contentOffset": contentOffset = try reader.readPoint()
            case "orthogonalOffsets" where session.kind == .compositional:
                orthogonalOffsets = try reader.readOrthogonalOffsets()
            default: throw reader.unknownField(key)
            }
        }
        guard let rect else { throw reader.missingField("rect") }
        try reader.finish()
        // A viewport's answer is a few kilobytes: room for it up front saves growing the buffer several times.
        var writer = JSONWriter(capacity: 16 * 1024)
        writer.beginSessionAnswer(session)
        let count = writer.attributes(
            of: session.layout,
            in: rect,
            contentOffset: contentOffset,
            orthogonalOffsets: orthogonalOffsets
        )
        writer.endObject()
        return (Self.json(writer.bytes, session: session), count)
    }

    /// `GET /sessions/{id}/items/{section}/{item}`: one cell, at the session's content offset.
    func sessionItem(id: Substring, section: Int, item: Int) throws -> (Response, elements: Int) {
        let session = try self.session(id)
        let indexPath = IndexPath(section: section, item: item)
        guard let attributes = session.layout.attributesForItem(at: indexPath, contentOffset: session.input.contentOffset)
        else {
            throw APIError.notFound(path: "/sessions/\(id)/items/\(section)/\(item)")
        }
        return (Self.element(attributes, session: session), 1)
    }

    /// `GET /sessions/{id}/supplementary/{kind}/{section}/{item}`: one header, footer or decoration view.
    func sessionSupplementary(id: Substring, kind: Substring, section: Int, item: Int) throws -> (Response, elements: Int) {
        let session = try self.session(id)
        let indexPath = IndexPath(section: section, item: item)
        let offset = session.input.contentOffset
        let attributes = ElementKind(rawValue: String(kind)).flatMap { elementKind in
            session.layout.attributesForSupplementaryElement(ofKind: elementKind, at: indexPath, contentOffset: offset)
                ?? session.layout.attributesForDecorationElement(ofKind: elementKind, at: indexPath, contentOffset: offset)
        }
        guard let attributes else {
            throw APIError.notFound(path: "/sessions/\(id)/supplementary/\(kind.prefix(64))/\(section)/\(item)")
        }
        return (Self.element(attributes, session: session), 1)
    }

    /// `POST /sessions/{id}/snap`: `{proposedContentOffset, velocity?}` → `{contentOffset}`.
    ///
    /// For a `compositional` session, `section` names an orthogonal section whose own offset is
    /// `proposedContentOffset.x`, and `startOffset` (only with `section`) the section's offset when the gesture
    /// began, so that paging behaviours move at most one page or group; without it they rest on the nearest one.
    func snapSession(id: Substring, body: [UInt8]) throws -> (Response, elements: Int) {
        let session = try self.session(id)
        var reader = JSONReader(bytes: body, maxDepth: self.configuration.maxJSONDepth)
        var proposed: Point?
        var velocity = Point.zero
        var section: Int?
        var startOffset: Double?
        try reader.beginObject()
        while let key = try reader.nextKey() {
            switch key {
            case "proposedContentOffset": proposed = try reader.readPoint()
            case "velocity": velocity = try reader.readPoint()
            case "section" where session.kind == .compositional:
                let index = try reader.readInt(in: 0...Int(Int32.max))
                guard session.layout.targetOrthogonalOffset(forProposedOffset: 0, velocity: 0, section: index) != nil
                else { throw reader.shapeError("section \(index) does not scroll orthogonally") }
                section = index
            case "startOffset" where session.kind == .compositional:
                startOffset = try reader.readCoordinate()
            default: throw reader.unknownField(key)
            }
        }
        guard let proposed else { throw reader.missingField("proposedContentOffset") }
        try reader.finish()
        if startOffset != nil, section == nil {
            throw JSONError.shape(
                pointer: "/startOffset",
                message: "is an orthogonal section's offset when the gesture began: give \"section\" too"
            )
        }
        var target = session.layout.targetContentOffset(forProposedContentOffset: proposed, velocity: velocity)
        if let section {
            // An orthogonal section scrolls by its own offset across the layout, on x when the layout scrolls
            // vertically and on y when it scrolls horizontally: that coordinate of the answer is where it rests.
            let isVertical = session.layout.orthogonalSectionsScrollVertically
            let resting = session.layout.targetOrthogonalOffset(
                forProposedOffset: isVertical ? proposed.y : proposed.x,
                velocity: isVertical ? velocity.y : velocity.x,
                section: section,
                startOffset: startOffset
            )
            target =
                isVertical
                ? Point(x: proposed.x, y: resting ?? proposed.y) : Point(x: resting ?? proposed.x, y: proposed.y)
        }
        var writer = JSONWriter()
        writer.beginObject()
        writer.key("contentOffset")
        writer.value(target)
        writer.endObject()
        return (Self.json(writer.bytes, session: session), 0)
    }

    /// The live session named by a path segment.
    func session(_ id: Substring) throws(APIError) -> Session {
        guard Session.isWellFormedID(id), let session = self.sessions.session(String(id)) else {
            throw .sessionNotFound(id: String(id))
        }
        return session
    }

    /// The version an `If-Match` header names (`"3"`, `W/"3"` or `3`); `nil` without the header or with `*`.
    ///
    /// - Throws: ``APIError/invalidHeader(name:reason:)`` for a value that names no version.
    static func expectedVersion(_ request: Request) throws(APIError) -> Int? {
        guard let header = request.headers["If-Match"] else { return nil }
        var text = header[...]
        if text == "*" { return nil }
        if text.hasPrefix("W/") { text = text.dropFirst(2) }
        if text.hasPrefix("\""), text.hasSuffix("\""), text.count >= 2 { text = text.dropFirst().dropLast() }
        guard let version = Int(text), version > 0 else {
            throw .invalidHeader(name: "If-Match", reason: "must name a session version, such as \"3\", or be *")
        }
        return version
    }

    /// `{id, kind, version, contentSize, widowCount (justified), sections}` with the session's `ETag`.
    static func summary(of session: Session, status: Int) -> Response {
        var writer = JSONWriter()
        writer.beginObject()
        writer.key("id")
        writer.value(session.id)
        writer.key("kind")
        writer.value(session.kind.rawValue)
        writer.key("version")
        writer.value(session.version)
        writer.key("contentSize")
        writer.value(session.layout.contentSize)
        writer.widowCount(of: session.layout)
        writer.key("sections")
        writer.beginArray()
        for section in 0..<session.layout.numberOfSections {
            writer.value(session.layout.numberOfItems(inSection: section))
        }
        writer.endArray()
        writer.endObject()
        return Self.json(writer.bytes, session: session, status: status)
    }

    /// One element's attributes with the session's `ETag`.
    private static func element(_ attributes: LayoutAttributes, session: Session) -> Response {
        var writer = JSONWriter()
        writer.value(attributes)
        return Self.json(writer.bytes, session: session)
    }

    /// A JSON answer tagged with the session's version.
    static func json(_ body: [UInt8], session: Session, status: Int = 200) -> Response {
        var response = Response.json(body, status: status)
        response.headers.add(name: "ETag", value: "\"\(session.version)\"")
        return response
    }
}

extension JSONWriter {
    /// Opens a session answer with its `version` and `contentSize`; the caller writes the rest and closes it.
    mutating func beginSessionAnswer(_ session: Session) {
        self.beginObject()
        self.key("version")
        self.value(session.version)
        self.key("contentSize")
        self.value(session.layout.contentSize)
        self.widowCount(of: session.layout)
    }

    /// Writes `"moved": [{"from": [s, i], "to": [s, i]}, …]`.
    mutating func moves(_ moves: [BatchUpdates.ItemMove]) {
        self.key("moved")
        self.beginArray()
        for move in moves {
            self.beginObject()
            self.key("from")
            self.value(move.from)
            self.key("to")
            self.value(move.to)
            self.endObject()
        }
        self.endArray()
    }
}
