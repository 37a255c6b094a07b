import JSON
import LayoutEngine

/// The body of `POST /sessions/{id}/invalidate`: `{items?, supplementaries?, viewport?, everything?,
/// contentOffset?, rect?}`.
struct InvalidationRequest {
    /// What changed, for the engine.
    var context = InvalidationContext()
    /// The index paths of `items` in the order the body lists them, so a refusal can point at its entry.
    var itemOrder: [IndexPath] = []
    /// The supplementary views of `supplementaries` in the body's order, likewise.
    var supplementaryOrder: [SupplementaryIndexPath] = []
    /// The rect whose elements are wanted before and after.
    var rect: Rect?

    /// Reads the body of an invalidation.
    ///
    /// - Throws: ``JSONError`` for malformed JSON or a wrong member, an item or a supplementary view named twice
    ///   included.
    static func decode(_ body: [UInt8], maxDepth: Int) throws(JSONError) -> InvalidationRequest {
        var reader = JSONReader(bytes: body, maxDepth: maxDepth)
        var request = InvalidationRequest()
        try reader.beginObject()
        while let key = try reader.nextKey() {
            switch key {
            case "items":
                try reader.beginArray()
                while try reader.nextElement() {
                    let (indexPath, size) = try reader.readSizedIndexPath(sizeRequired: true)
                    guard let size, request.context.itemSizes.updateValue(size, forKey: indexPath) == nil else {
                        throw reader.shapeError("names the same item twice")
                    }
                    request.itemOrder.append(indexPath)
                }
            case "supplementaries":
                try reader.beginArray()
                while try reader.nextElement() {
                    let (element, size) = try reader.readSupplementarySize()
                    guard request.context.supplementarySizes.updateValue(size, forKey: element) == nil else {
                        throw reader.shapeError("names the same supplementary view twice")
                    }
                    request.supplementaryOrder.append(element)
                }
            case "viewport": request.context.viewport = try reader.readSize()
            case "everything": request.context.invalidatesEverything = try reader.readBool()
            case "contentOffset": request.context.contentOffset = try reader.readPoint()
            case "rect": request.rect = try reader.readRect()
            default: throw reader.unknownField(key)
            }
        }
        try reader.finish()
        return request
    }
}

/// The body of `POST /sessions/{id}/updates`: a batch of section and item changes, with `rect?` and
/// `contentOffset?` (the client's offset before the batch, which the answer's `contentOffset` anchors; the
/// session's own without it).
struct UpdatesRequest {
    /// The batch, for the engine.
    var updates = BatchUpdates()
    /// The rect whose elements are wanted after the batch.
    var rect: Rect?
    /// The client's offset before the batch (anchored, and where effects are computed); the session's own when the
    /// body has none.
    var contentOffset: Point? {
        didSet { self.updates.contentOffset = self.contentOffset }
    }

    /// Reads the body of a batch for a session of `kind`.
    ///
    /// - Throws: ``JSONError`` for malformed JSON or a wrong member; then ``APIError/tooManyItems(count:limit:)``
    ///   when the inserted items pass `maxItems`.
    static func decode(_ body: [UInt8], kind: LayoutKind, maxItems: Int, maxDepth: Int) throws -> UpdatesRequest {
        var reader = JSONReader(bytes: body, maxDepth: maxDepth)
        var request = UpdatesRequest()
        var counter = ItemCounter(limit: maxItems)
        try reader.beginObject()
        while let key = try reader.nextKey() {
            switch key {
            case "deleteSections":
                request.updates.deleteSections = try reader.readArray { reader throws(JSONError) in
                    try reader.readInt(in: 0...999_999_999)
                }
            case "insertSections":
                request.updates.insertSections = try reader.readArray { reader throws(JSONError) in
                    try reader.readSectionInsertion(kind: kind, counter: &counter)
                }
            case "deleteItems":
                request.updates.deleteItems = try reader.readArray { reader throws(JSONError) in
                    try reader.readIndexPath()
                }
            case "insertItems":
                request.updates.insertItems = try reader.readArray { reader throws(JSONError) in
                    counter.add(1)
                    return try reader.readItemChange()
                }
            case "reloadItems":
                request.updates.reloadItems = try reader.readArray { reader throws(JSONError) in
                    try reader.readItemChange()
                }
            case "moveItems":
                request.updates.moveItems = try reader.readArray { reader throws(JSONError) in try reader.readMove() }
            case "moveSections":
                request.updates.moveSections = try reader.readArray { reader throws(JSONError) in
                    try reader.readSectionMove()
                }
            case "expectedItemCounts":
                request.updates.expectedItemCounts = try reader.readArray { reader throws(JSONError) in
                    try reader.readInt(in: 0...2_000_000_000)
                }
            case "rect": request.rect = try reader.readRect()
            case "contentOffset": request.contentOffset = try reader.readPoint()
            default: throw reader.unknownField(key)
            }
        }
        try reader.finish()
        guard counter.total <= counter.limit else {
            throw APIError.tooManyItems(count: counter.total, limit: counter.limit)
        }
        return request
    }
}

/// The body of `POST /sessions/{id}/move/end`: `{indexPath, targetIndexPath, rect?}`.
struct MoveEndRequest {
    /// The item that was dragged.
    var source: IndexPath
    /// Where it was dropped.
    var destination: IndexPath
    /// The rect whose elements are wanted after the move.
    var rect: Rect?

    /// Reads the body of a drop.
    ///
    /// - Throws: ``JSONError`` for malformed JSON or a wrong member.
    static func decode(_ body: [UInt8], maxDepth: Int) throws(JSONError) -> MoveEndRequest {
        var reader = JSONReader(bytes: body, maxDepth: maxDepth)
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
        return MoveEndRequest(source: source, destination: destination, rect: rect)
    }
}

/// The body of `POST /sessions/{id}/transition`: `{to: {kind, config?}, progress, rect?, contentOffset?, commit?}`.
struct TransitionRequest {
    /// The layout to transition to.
    var target: LayoutConfiguration
    /// How far along, 0…1.
    var progress: Double
    /// The rect whose elements are wanted.
    var rect: Rect?
    /// The offset effects are computed at; the session's own when the body has none.
    var contentOffset: Point?
    /// Whether the target becomes the session's layout.
    var commits = false

    /// Reads the body of a transition; the target's kind is found first, as it decides how `to.config` reads.
    ///
    /// - Throws: ``JSONError`` for malformed JSON or a wrong member.
    static func decode(_ body: [UInt8], maxDepth: Int) throws(JSONError) -> TransitionRequest {
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
        return TransitionRequest(
            target: target,
            progress: progress,
            rect: rect,
            contentOffset: contentOffset,
            commits: commits
        )
    }
}
