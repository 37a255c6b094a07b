import HTTPCore
import JSON
import LayoutEngine

/// The answers of the session routes, each tagged with the session's version (`ETag`).
enum SessionAnswer {
    /// `{id, kind, version, contentSize, widowCount (justified), sections}`.
    static func summary(of session: Session, status: Int = 200) -> Answer {
        var writer = JSONWriter()
        writer.beginObject()
        writer.member("id", session.id)
        writer.member("kind", session.kind.rawValue)
        writer.member("version", session.version)
        writer.member("contentSize", session.layout.contentSize)
        writer.widowCount(of: session.layout)
        let layout = session.layout
        writer.member("sections", array: (0..<layout.numberOfSections).lazy.map { layout.numberOfItems(inSection: $0) })
        writer.endObject()
        var response = Response.json(writer.bytes, session: session, status: status)
        if status == 201 { response.headers.add(name: "Location", value: "/sessions/\(session.id)") }
        return (response, 0)
    }

    /// One element's attributes.
    static func element(_ attributes: LayoutAttributes, session: Session) -> Answer {
        var writer = JSONWriter()
        writer.value(attributes)
        return (.json(writer.bytes, session: session), 1)
    }

    /// A query's `{version, contentSize, widowCount?, attributes}`: the elements in the rect, O(log n + k); plain
    /// cells through the threads' memo of `memo`'s service when given (``CellTextMemo``).
    static func query(_ session: Session, _ request: QueryRequest, memo: CellTextMemo.Ledger? = nil) -> Answer {
        // A viewport's answer is a few kilobytes: room for it up front saves growing the buffer several times; the
        // thread's last answer's buffer is reused (issue 21). The scratch is looked up once, for the memo and the
        // header list too.
        let scratch = AnswerScratch.current
        let (bytes, count) = scratch.answer(capacity: 16 * 1024) { writer in
            // The opening, the key and the array's bracket in one write, and both closing brackets in another: what
            // ``JSONWriter/beginSessionAnswer(_:)``, `attributes(of:in:…)` and `endObject()` write, in two writes
            // instead of six (with a memo hit's room for its own text, 402 instructions of a fixed-rect query;
            // issue 21).
            session.withOpening { opening in writer.beginArrayMember("attributes", after: opening) }
            let count = session.withLayout { layout in
                writer.elementValues(
                    of: layout,
                    in: request.rect,
                    contentOffset: request.contentOffset,
                    orthogonalOffsets: request.orthogonalOffsets,
                    memo: memo,
                    scratch: scratch
                )
            }
            writer.endArrayAndObject()
            return count
        }
        return (.json(bytes, session: session, scratch: scratch), count)
    }

    /// A snap's or a scroll-to's `{contentOffset, orthogonalOffset?}`.
    static func contentOffset(_ target: Point, orthogonalOffset: Double? = nil, session: Session) -> Answer {
        var writer = JSONWriter()
        writer.beginObject()
        writer.member("contentOffset", target)
        if let orthogonalOffset {
            writer.member("orthogonalOffset", orthogonalOffset)
        }
        writer.endObject()
        return (.json(writer.bytes, session: session), 0)
    }

    /// An invalidation's `{version, contentSize, …, contentSizeAdjustment, contentOffsetAdjustment, before?,
    /// after?}`: with a rect, its elements before and after, the latter at the adjusted offset.
    static func invalidation(_ outcome: LayoutService.InvalidationOutcome, request: InvalidationRequest) -> Answer {
        let session = outcome.session
        let result = outcome.result
        let offset = request.context.contentOffset ?? session.input.contentOffset
        var writer = JSONWriter(capacity: 16 * 1024)
        writer.beginSessionAnswer(session)
        writer.member("contentSizeAdjustment", result.contentSizeAdjustment)
        writer.member("contentOffsetAdjustment", result.contentOffsetAdjustment)
        var count = 0
        if let rect = request.rect {
            writer.key("before")
            count += writer.elements(of: outcome.before, in: rect, contentOffset: offset)
            writer.key("after")
            let adjusted = Point(
                x: offset.x + result.contentOffsetAdjustment.x,
                y: offset.y + result.contentOffsetAdjustment.y
            )
            count += writer.elements(of: session.layout, in: rect, contentOffset: adjusted)
        }
        writer.endObject()
        return (.json(writer.bytes, session: session), count)
    }

    /// A batch's `{version, contentSize, …, contentSizeAdjustment, contentOffset, contentOffsetAdjustment, moved,
    /// movedFrom, appearing, disappearing, attributes?}`: `contentOffset` is the anchored offset to show after the batch.
    static func updates(_ session: Session, _ result: UpdateResult, request: UpdatesRequest) -> Answer {
        let offset = request.contentOffset ?? session.input.contentOffset
        var writer = JSONWriter(capacity: 16 * 1024)
        writer.beginSessionAnswer(session)
        writer.member("contentSizeAdjustment", result.contentSizeAdjustment)
        writer.member("contentOffset", result.contentOffset)
        writer.member("contentOffsetAdjustment", result.contentOffsetAdjustment)
        writer.moves(result.moved)
        writer.member("movedFrom", array: result.movedFrom)
        writer.member("appearing", array: result.appearing)
        writer.member("disappearing", array: result.disappearing)
        var count = result.appearing.count + result.disappearing.count + result.movedFrom.count
        if let rect = request.rect {
            count += writer.attributes(of: session.layout, in: rect, contentOffset: offset)
        }
        writer.endObject()
        return (.json(writer.bytes, session: session), count)
    }

    /// A transition's `{version, progress, contentSize, contentOffset?, contentOffsetAdjustment?, attributes}` at
    /// `request.progress`; a commit's answer carries the anchored offset to show in the committed layout.
    static func transition(
        _ session: Session,
        _ transition: TransitionLayout,
        request: TransitionRequest,
        anchoredOffset: Point?
    ) -> Answer {
        let offset = request.contentOffset ?? session.input.contentOffset
        var writer = JSONWriter(capacity: 16 * 1024)
        writer.beginObject()
        writer.member("version", session.version)
        writer.member("progress", request.progress)
        writer.member("contentSize", transition.contentSize)
        if let anchoredOffset {
            writer.member("contentOffset", anchoredOffset)
            let adjustment = Point(x: anchoredOffset.x - offset.x, y: anchoredOffset.y - offset.y)
            writer.member("contentOffsetAdjustment", adjustment)
        }
        writer.key("attributes")
        writer.beginArray()
        var count = 0
        transition.forEachAttribute(in: request.rect, fromContentOffset: offset, toContentOffset: offset) {
            attributes in
            writer.value(attributes)
            count += 1
        }
        writer.endArray()
        writer.endObject()
        return (.json(writer.bytes, session: session), count)
    }

    /// A drag's `{version, item, targetIndexPath, attributes?}`, the dragged item drawn at the finger.
    static func move(_ session: Session, _ preview: LayoutService.MovePreview, request: MoveRequest) -> Answer {
        var writer = JSONWriter(capacity: 16 * 1024)
        writer.beginObject()
        writer.member("version", session.version)
        writer.member("item", preview.moving)
        writer.member("targetIndexPath", preview.target)
        var count = 1
        if let rect = request.rect, let layout = preview.layout {
            writer.key("attributes")
            writer.beginArray()
            layout.forEachAttribute(in: rect, contentOffset: request.contentOffset) { attributes in
                // The item being dragged is drawn at the finger, not in its slot.
                if attributes.category == .cell, attributes.indexPath == preview.target {
                    var dragged = preview.moving
                    dragged.indexPath = preview.target
                    writer.value(dragged)
                } else {
                    writer.value(attributes)
                }
                count += 1
            }
            writer.endArray()
        }
        writer.endObject()
        return (.json(writer.bytes, session: session), count)
    }

    /// A drop's `{version, contentSize, …, moved, attributes?}`.
    static func moveEnd(_ session: Session, request: MoveEndRequest) -> Answer {
        var writer = JSONWriter(capacity: 16 * 1024)
        writer.beginSessionAnswer(session)
        writer.moves([BatchUpdates.ItemMove(from: request.source, to: request.destination)])
        var count = 0
        if let rect = request.rect {
            count = writer.attributes(of: session.layout, in: rect, contentOffset: session.input.contentOffset)
        }
        writer.endObject()
        return (.json(writer.bytes, session: session), count)
    }
}

extension JSONWriter {
    /// Opens a session answer with its `version`, `contentSize` and (`justified`) `widowCount`; the caller writes
    /// the rest and closes it. The opening's JSON is the session's, made with its version (``Session/AnswerHead``).
    ///
    /// The opening is stored as one value: like an object's last member, it leaves the writer expecting a comma
    /// before the next member, so the caller's keys follow it as they follow `member` calls (one copy instead of
    /// the brace, two keys and a number written: some 300 instructions of a session query, issue 21).
    mutating func beginSessionAnswer(_ session: Session) {
        let opening = session.head.opening
        // Copied through the inlined cursor: the generic `appendRaw` is not specialized across modules.
        self.writeValue(maximumLength: opening.count) { cursor, _ in
            opening.withUnsafeBufferPointer { bytes in cursor.put(bytes: bytes) }
        }
    }

    /// Writes `"moved": [{"from": [s, i], "to": [s, i]}, …]`.
    mutating func moves(_ moves: [BatchUpdates.ItemMove]) {
        self.key("moved")
        self.beginArray()
        for move in moves {
            self.beginObject()
            self.member("from", move.from)
            self.member("to", move.to)
            self.endObject()
        }
        self.endArray()
    }

    /// Writes `[section, item]`.
    mutating func value(_ indexPath: IndexPath) {
        self.beginArray()
        self.value(indexPath.section)
        self.value(indexPath.item)
        self.endArray()
    }
}
