import JSON
import LayoutEngine

/// The body of `POST /sessions/{id}/scroll-to`: `{indexPath, kind?, position, contentInset?, contentOffset?,
/// orthogonalOffsets?}`.
struct ScrollToRequest {
    /// The element to show.
    var indexPath: IndexPath
    /// A supplementary or decoration view's kind (`header`, …); `nil` for a cell.
    var kind: ElementKind?
    /// Where to bring it, per axis.
    var position: ScrollPosition
    /// The inset around the visible area (UIKit's adjusted content inset).
    var contentInset = EdgeInsets(all: 0)
    /// The offset now; the session's own when the body has none.
    var contentOffset: Point
    /// How far each orthogonal section of a `compositional` session has scrolled now.
    var orthogonalOffsets: [Double] = []

    /// UIKit's names for a scroll position, and `nearest`.
    enum PositionName: String, CaseIterable {
        case top, centeredVertically, bottom, left, centeredHorizontally, right, nearest
    }

    /// Reads the body of a scroll-to in `session`.
    ///
    /// `position` is one name or an array of at most one name per axis (`["top", "left"]`); `nearest` applies to
    /// each axis no other name chose, so `"nearest"` alone is both axes.
    ///
    /// - Throws: ``JSONError`` for malformed JSON or a wrong member.
    static func decode(_ body: [UInt8], for session: Session, maxDepth: Int) throws(JSONError) -> ScrollToRequest {
        var reader = JSONReader(bytes: body, maxDepth: maxDepth)
        var indexPath: IndexPath?
        var position: ScrollPosition?
        var request = ScrollToRequest(
            indexPath: IndexPath(section: 0, item: 0),
            position: ScrollPosition(),
            contentOffset: session.input.contentOffset
        )
        try reader.beginObject()
        while let key = try reader.nextKey() {
            switch key {
            case "indexPath": indexPath = try reader.readIndexPath()
            case "kind": request.kind = try reader.readChoice(ElementKind.self)
            case "position": position = try reader.readScrollPosition()
            case "contentInset": request.contentInset = try reader.readInsets()
            case "contentOffset": request.contentOffset = try reader.readPoint()
            case "orthogonalOffsets" where session.kind == .compositional:
                request.orthogonalOffsets = try reader.readOrthogonalOffsets()
            default: throw reader.unknownField(key)
            }
        }
        guard let indexPath else { throw reader.missingField("indexPath") }
        guard let position else { throw reader.missingField("position") }
        try reader.finish()
        request.indexPath = indexPath
        request.position = position
        return request
    }
}

extension JSONReader {
    /// Reads a scroll position: a name, or an array of names with at most one per axis.
    mutating func readScrollPosition() throws(JSONError) -> ScrollPosition {
        var names: [ScrollToRequest.PositionName] = []
        if try self.kind() == .array {
            try self.beginArray()
            while try self.nextElement() {
                guard names.count < 2 else { throw self.shapeError("names at most one position per axis") }
                names.append(try self.readChoice(ScrollToRequest.PositionName.self))
            }
            guard !names.isEmpty else { throw self.shapeError("must name a position") }
        } else {
            names.append(try self.readChoice(ScrollToRequest.PositionName.self))
        }
        var position = ScrollPosition()
        var nearest = false
        for name in names {
            switch name {
            case .nearest:
                guard !nearest else { throw self.shapeError("names \"nearest\" twice") }
                nearest = true
            case .top, .centeredVertically, .bottom:
                guard position.vertical == nil else { throw self.shapeError("names two vertical positions") }
                position.vertical = name == .top ? .leading : name == .bottom ? .trailing : .center
            case .left, .centeredHorizontally, .right:
                guard position.horizontal == nil else { throw self.shapeError("names two horizontal positions") }
                position.horizontal = name == .left ? .leading : name == .right ? .trailing : .center
            }
        }
        if nearest {
            position.vertical = position.vertical ?? .nearest
            position.horizontal = position.horizontal ?? .nearest
        }
        return position
    }
}
