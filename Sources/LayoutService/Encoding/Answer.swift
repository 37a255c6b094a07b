import HTTPCore
import JSON
import LayoutEngine

/// What a route answers: the response and the number of elements it carries, which metrics count.
typealias Answer = (response: Response, elements: Int)

extension Response {
    /// A 200 (or `status`) response with a JSON body; its header list reuses the thread's last one
    /// (``AnswerScratch``).
    static func json(_ body: [UInt8], status: Int = 200, scratch: AnswerScratch? = nil) -> Response {
        Response(status: status, headers: (scratch ?? AnswerScratch.current).headers(Self.jsonType), body: body)
    }

    /// A JSON answer tagged with `session`'s version as its `ETag`; `scratch` is the thread's ``AnswerScratch`` when
    /// the caller holds it already.
    static func json(_ body: [UInt8], session: Session, status: Int = 200, scratch: AnswerScratch? = nil) -> Response {
        let etag = (name: "ETag", value: session.etag)
        let headers = (scratch ?? AnswerScratch.current).headers(Self.jsonType, etag)
        return Response(status: status, headers: headers, body: body)
    }

    private static let jsonType = (name: "Content-Type", value: "application/json")
}

/// The answers of the stateless routes.
enum LayoutAnswer {
    /// `GET /healthz`'s body, made once: each answer shares it rather than copying it (issue 21).
    static let health = Array(BuildInfo.healthJSON.utf8)

    /// `POST /layout/{kind}`: `{kind, contentSize, widowCount?, attributes}`, the elements in `request.rect` or all;
    /// plain cells through the threads' memo of `memo`'s service when given (``CellTextMemo``).
    static func encode(
        _ layout: PreparedLayout, kind: LayoutKind, request: LayoutRequest, memo: CellTextMemo.Ledger? = nil
    ) -> Answer {
        let scratch = AnswerScratch.current
        var writer = scratch.writer(capacity: Self.capacity(for: layout, kind: kind, request: request))
        writer.beginObject()
        writer.member("kind", kind.rawValue)
        let count = writer.layoutBody(layout, request: request, memo: memo, scratch: scratch)
        writer.endObject()
        return (.json(scratch.bytes(of: &writer), scratch: scratch), count)
    }

    /// About 130 bytes per plain cell, 175 for a justified one (17-digit coordinates): room for all of them up front
    /// when the whole layout is asked for, so the buffer never grows (unused room is never touched).
    static func capacity(for layout: PreparedLayout, kind: LayoutKind, request: LayoutRequest) -> Int {
        let perElement = kind == .justified ? 190 : 140
        return request.rect == nil ? layout.elementCount * perElement : 16 * 1024
    }

    /// `POST /layout/{kind}` with `viewports`: `{kind, layouts: [{viewport, contentSize, widowCount?, attributes}]}`,
    /// each entry's members after `viewport` byte for byte those of the answer for that viewport alone.
    struct Breakpoints {
        private var writer: JSONWriter
        private var elements = 0
        private let kind: LayoutKind
        private let request: LayoutRequest
        private let memo: CellTextMemo.Ledger?

        /// Opens the answer; plain cells go through the threads' memo of `memo`'s service when given.
        init(kind: LayoutKind, request: LayoutRequest, memo: CellTextMemo.Ledger? = nil) {
            self.kind = kind
            self.request = request
            self.memo = memo
            self.writer = JSONWriter(capacity: 16 * 1024)
            self.writer.beginObject()
            self.writer.key("kind")
            self.writer.value(kind.rawValue)
            self.writer.key("layouts")
            self.writer.beginArray()
        }

        /// Writes the layout for the next viewport.
        mutating func append(_ layout: PreparedLayout) {
            self.writer.reserve(LayoutAnswer.capacity(for: layout, kind: self.kind, request: self.request))
            self.writer.beginObject()
            self.writer.key("viewport")
            self.writer.value(layout.viewport)
            self.elements += self.writer.layoutBody(layout, request: self.request, memo: self.memo)
            self.writer.endObject()
        }

        /// Closes the answer.
        mutating func finish() -> Answer {
            self.writer.endArray()
            self.writer.endObject()
            return (.json(self.writer.bytes), self.elements)
        }
    }
}

extension JSONWriter {
    /// Writes a layout answer's members after `kind`: `contentSize`, `widowCount` (justified) and `attributes`.
    ///
    /// - Returns: The number of elements written.
    fileprivate mutating func layoutBody(
        _ layout: PreparedLayout, request: LayoutRequest, memo: CellTextMemo.Ledger?, scratch: AnswerScratch? = nil
    ) -> Int {
        self.member("contentSize", layout.contentSize)
        self.widowCount(of: layout)
        return self.attributes(
            of: layout,
            in: request.rect,
            contentOffset: request.input.contentOffset,
            orthogonalOffsets: request.orthogonalOffsets,
            memo: memo,
            scratch: scratch
        )
    }
}
