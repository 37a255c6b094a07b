import HTTPCore
import JSON
import LayoutEngine

/// What a route answers: the response and the number of elements it carries, which metrics count.
typealias Answer = (response: Response, elements: Int)

extension Response {
    /// A 200 (or `status`) response with a JSON body.
    static func json(_ body: [UInt8], status: Int = 200) -> Response {
        Response(status: status, headers: ["Content-Type": "application/json"], body: body)
    }

    /// A JSON answer tagged with `session`'s version as its `ETag`.
    static func json(_ body: [UInt8], session: Session, status: Int = 200) -> Response {
        var response = Response.json(body, status: status)
        response.headers.add(name: "ETag", value: "\"\(session.version)\"")
        return response
    }
}

/// The answers of the stateless routes.
enum LayoutAnswer {
    /// `POST /layout/{kind}`: `{kind, contentSize, widowCount?, attributes}`, the elements in `request.rect` or all.
    static func encode(_ layout: PreparedLayout, kind: LayoutKind, request: LayoutRequest) -> Answer {
        // About 130 bytes per plain cell, 175 for a justified one (17-digit coordinates): room for all of them up
        // front when the whole layout is asked for, so the buffer never grows (unused room is never touched).
        let perElement = kind == .justified ? 190 : 140
        var writer = JSONWriter(capacity: request.rect == nil ? layout.elementCount * perElement : 16 * 1024)
        writer.beginObject()
        writer.key("kind")
        writer.value(kind.rawValue)
        writer.key("contentSize")
        writer.value(layout.contentSize)
        writer.widowCount(of: layout)
        let count = writer.attributes(
            of: layout,
            in: request.rect,
            contentOffset: request.input.contentOffset,
            orthogonalOffsets: request.orthogonalOffsets
        )
        writer.endObject()
        return (.json(writer.bytes), count)
    }
}
