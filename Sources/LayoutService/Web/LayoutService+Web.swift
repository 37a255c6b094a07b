import HTTPCore

extension LayoutService {
    /// How browsers may keep the page's files: stored, but checked with the server (`If-None-Match`) before each
    /// use, since their URLs carry no version and a new binary may serve new files under the same names.
    static let webCacheControl = "no-cache"

    /// One of the demo page's files as served: its type, its bytes and its entity tag.
    struct WebFile: Sendable {
        let contentType: String
        let body: [UInt8]
        /// A strong tag from a 64-bit FNV-1a hash of the bytes, `"9f2c01d4aa0e7b31"`: it changes when the file does.
        let entityTag: String
    }

    /// The files, hashed once, at first use.
    static let webFiles: [String: WebFile] = WebAssets.files.mapValues { asset in
        let body = Array(asset.text.utf8)
        var hash: UInt64 = 0xcbf2_9ce4_8422_2325
        for byte in body {
            hash = (hash ^ UInt64(byte)) &* 0x0000_0100_0000_01B3
        }
        return WebFile(contentType: asset.contentType, body: body, entityTag: "\"\(hash.paddedHex)\"")
    }

    /// The answer for one of the demo page's files, by its name in ``WebAssets``: 200 with `ETag` and
    /// `Cache-Control`, or 304 without a body when `If-None-Match` names its tag (or is `*`).
    ///
    /// Only called for names ``Route`` matched, which are all in the table; an unknown name still answers, with an
    /// empty body, rather than trapping.
    ///
    /// - Parameters:
    ///   - name: The file's name.
    ///   - request: The request, for its `If-None-Match`.
    /// - Returns: The response.
    static func webResponse(name: String, request: Request? = nil) -> Response {
        guard let file = Self.webFiles[name] else {
            return Response(status: 200, headers: ["Content-Type": "text/plain; charset=utf-8"], body: [])
        }
        let headers: HTTPHeaders = ["ETag": file.entityTag, "Cache-Control": Self.webCacheControl]
        if let condition = request?.headers["If-None-Match"], Self.matches(condition, entityTag: file.entityTag) {
            return Response(status: 304, headers: headers, body: [])
        }
        var response = Response(status: 200, headers: headers, body: file.body)
        response.headers.replaceOrAdd(name: "Content-Type", value: file.contentType)
        return response
    }

    /// Whether an `If-None-Match` value names `entityTag`: `*`, or a list of tags compared weakly (RFC 9110
    /// §13.1.2: `W/"x"` matches `"x"`). A value that is not such a list matches nothing, so the file is sent.
    static func matches(_ condition: String, entityTag: String) -> Bool {
        let trimmed = condition.trimmingSpaces
        if trimmed == "*" { return true }
        return trimmed.split(separator: ",").contains { element in
            var tag = Substring(element.trimmingSpaces)
            if tag.hasPrefix("W/") { tag = tag.dropFirst(2) }
            return tag == entityTag
        }
    }
}

extension StringProtocol {
    /// The text without leading and trailing spaces and tabs.
    fileprivate var trimmingSpaces: String {
        String(self.drop { $0 == " " || $0 == "\t" }.reversed().drop { $0 == " " || $0 == "\t" }.reversed())
    }
}
