import JSON
import LayoutEngine

/// The body of `POST /sessions/{id}/query`: `{rect, contentOffset?, orthogonalOffsets?}`.
struct QueryRequest {
    /// The rect whose elements are wanted.
    var rect: Rect
    /// The offset effects are computed at; the session's own when the body has none.
    var contentOffset: Point
    /// How far each orthogonal section of a `compositional` session has scrolled.
    var orthogonalOffsets: [Double] = []

    /// Reads the body of a query of `session`.
    ///
    /// - Throws: ``JSONError`` for malformed JSON or a wrong member.
    static func decode(_ body: [UInt8], for session: Session, maxDepth: Int) throws(JSONError) -> QueryRequest {
        var reader = JSONReader(bytes: body, maxDepth: maxDepth)
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
        return QueryRequest(rect: rect, contentOffset: contentOffset, orthogonalOffsets: orthogonalOffsets)
    }
}

/// The body of `POST /sessions/{id}/snap`: `{proposedContentOffset, velocity?, section?, startOffset?}`.
struct SnapRequest {
    /// Where scrolling would stop.
    var proposedContentOffset: Point
    /// The scroll's velocity when the finger lifted.
    var velocity = Point.zero
    /// The orthogonal section of a `compositional` session that snaps, instead of the layout.
    var section: Int?
    /// That section's offset when the gesture began.
    var startOffset: Double?

    /// Reads the body of a snap of `session`; `section` must name one of its orthogonal sections.
    ///
    /// - Throws: ``JSONError`` for malformed JSON or a wrong member.
    static func decode(_ body: [UInt8], for session: Session, maxDepth: Int) throws(JSONError) -> SnapRequest {
        var reader = JSONReader(bytes: body, maxDepth: maxDepth)
        var proposed: Point?
        var request = SnapRequest(proposedContentOffset: .zero)
        try reader.beginObject()
        while let key = try reader.nextKey() {
            switch key {
            case "proposedContentOffset": proposed = try reader.readPoint()
            case "velocity": request.velocity = try reader.readPoint()
            case "section" where session.kind == .compositional:
                let index = try reader.readInt(in: 0...Int(Int32.max))
                guard session.layout.targetOrthogonalOffset(forProposedOffset: 0, velocity: 0, section: index) != nil
                else { throw reader.shapeError("section \(index) does not scroll orthogonally") }
                request.section = index
            case "startOffset" where session.kind == .compositional:
                request.startOffset = try reader.readCoordinate()
            default: throw reader.unknownField(key)
            }
        }
        guard let proposed else { throw reader.missingField("proposedContentOffset") }
        try reader.finish()
        if request.startOffset != nil, request.section == nil {
            throw JSONError.shape(
                pointer: "/startOffset",
                message: "is an orthogonal section's offset when the gesture began: give \"section\" too"
            )
        }
        request.proposedContentOffset = proposed
        return request
    }
}

/// The body of `POST /sessions/{id}/move`: `{indexPath, position, rect?, contentOffset?}`.
struct MoveRequest {
    /// The item being dragged.
    var indexPath: IndexPath
    /// Where the finger is, in content coordinates.
    var position: Point
    /// The rect whose elements are wanted, laid out as if the item were already where it would drop.
    var rect: Rect?
    /// The offset effects are computed at; the session's own when the body has none.
    var contentOffset: Point

    /// Reads the body of a move in `session`.
    ///
    /// - Throws: ``JSONError`` for malformed JSON or a wrong member.
    static func decode(_ body: [UInt8], for session: Session, maxDepth: Int) throws(JSONError) -> MoveRequest {
        var reader = JSONReader(bytes: body, maxDepth: maxDepth)
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
        return MoveRequest(indexPath: indexPath, position: position, rect: rect, contentOffset: contentOffset)
    }
}
