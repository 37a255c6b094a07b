/// Serializes responses: status line, `Date`, the responder's fields, `Content-Length`, `Connection`, then the body.
///
/// The writer owns the framing fields: a `Content-Length`, `Transfer-Encoding`, `Connection` or `Date` set by the
/// responder is replaced by the writer's own, so a responder cannot frame a response wrongly. No body is written for
/// HEAD requests, 1xx, 204 and 304 (RFC 9110 §6.4.1); a HEAD answer keeps the `Content-Length` its GET would have.
/// CR and LF inside a responder's field are written as spaces, so a value echoing client input cannot split the
/// response. A status outside 100…999 is written as 500. The `Date` field is formatted once per second and cached,
/// which is why the writer is a mutating value: keep one per thread.
public struct ResponseWriter: Sendable {
    /// The `Date: …\r\n` line for ``cachedSecond``.
    private var cachedDateLine: [UInt8] = []
    private var cachedSecond = Int.min
    /// The responder's fields of the last answer written, and ``cachedFieldLines``, their lines as written (framing
    /// fields dropped, CR, LF and NUL made spaces): an answer with the same fields (most answers of a thread: the
    /// same literal names and values) is written with one copy of the lines, not a sanitizing pass over each name
    /// and value and a framing check of each name (about 300 instructions an answer, callgrind).
    ///
    /// The fields are copies of the strings, not the answer's list itself: keeping the list would keep its storage
    /// shared, and a responder reusing one list per thread (layoutd's) would copy it on every answer.
    private var cachedFields: [(name: String, value: String)] = []
    private var cachedFieldLines: [UInt8] = []

    /// Creates a writer.
    public init() {}

    /// The interim response that tells a client sending `Expect: 100-continue` to go on.
    public static let continueResponse: [UInt8] = Array("HTTP/1.1 100 Continue\r\n\r\n".utf8)

    /// Appends one serialized response to `output`.
    ///
    /// - Parameters:
    ///   - response: What the responder answered.
    ///   - method: The request's method, or `nil` when the request could not be parsed; `.HEAD` suppresses the body.
    ///   - version: The request's version; an HTTP/1.0 connection kept alive is told so with `Connection: keep-alive`.
    ///   - closing: Whether the connection closes after this response; adds `Connection: close`.
    ///   - epochSeconds: The current time in seconds since 1970-01-01 UTC, for the `Date` field.
    ///   - output: The buffer to append to.
    ///   - start: Where the response goes in `output`: the bytes from there on are stale (a reused buffer's) and are
    ///     overwritten; `nil` (the default) appends after them all.
    public mutating func write(
        _ response: Response,
        method: HTTPMethod?,
        version: HTTPVersion = .http1_1,
        closing: Bool,
        epochSeconds: Int,
        into output: inout [UInt8],
        overwritingFrom start: Int? = nil
    ) {
        let hasBody = self.writeHead(
            response, method: method, version: version, closing: closing, epochSeconds: epochSeconds, into: &output,
            overwritingFrom: start
        )
        guard hasBody else { return }
        if response.bodyStream == nil {
            // The stored bytes borrowed in place: `body` hands out a copy (a retain and a release an answer).
            response.storedBody.withUnsafeBufferPointer { output.append(contentsOf: $0) }
        } else {
            output.append(contentsOf: response.body)
        }
    }

    /// How a body is delimited on the wire.
    public enum BodyFraming: Hashable, Sendable {
        /// `Content-Length` with this many bytes.
        case length(Int)
        /// `Transfer-Encoding: chunked` (HTTP/1.1 only): the body follows in chunks
        /// (``appendChunk(_:to:)``, ``lastChunk``).
        case chunked
    }

    /// Appends everything but the body to `output`, and says whether a body must follow (`false` for HEAD, 1xx, 204,
    /// 304); the other parameters are those of ``write(_:method:version:closing:epochSeconds:into:overwritingFrom:)``.
    ///
    /// For a caller that sends a large body from its own buffer instead of copying it after the head, or produces it
    /// in chunks.
    ///
    /// - Parameters:
    ///   - framing: How the body is delimited; `nil` (the default) for `Content-Length` with `response.body`'s
    ///     length, and then `false` is returned for an empty body too.
    ///   - start: Where the head goes in `output`: the bytes from there on are stale (a reused buffer's) and are
    ///     overwritten; `nil` (the default) appends after them all.
    /// - Returns: Whether the body must be sent right after the head.
    public mutating func writeHead(
        _ response: Response,
        method: HTTPMethod?,
        version: HTTPVersion = .http1_1,
        closing: Bool,
        epochSeconds: Int,
        framing: BodyFraming? = nil,
        into output: inout [UInt8],
        overwritingFrom start: Int? = nil
    ) -> Bool {
        let head = self.prepareHead(
            response, method: method, version: version, closing: closing, epochSeconds: epochSeconds, framing: framing
        )
        withUnsafeTemporaryAllocation(of: UInt8.self, capacity: head.room) { buffer in
            let written = self.write(head, to: buffer.baseAddress!)
            let bytes = UnsafeBufferPointer(rebasing: buffer[..<written])
            if let start, start < output.count {
                output.replaceSubrange(start..<output.count, with: bytes)
            } else {
                output.append(contentsOf: bytes)
            }
        }
        return head.hasBody
    }

    /// Writes `response` from `start` of `output`, over the stale bytes there (a reused buffer's), and returns where
    /// it ends: the bytes after that are stale, left for the caller to ignore rather than cut (a `removeSubrange`).
    /// The head is written straight into `output`'s storage, with no temporary copy, then with `copyingBody` the
    /// stored body after it; `output` grows first if it is too short. The other parameters are those of
    /// ``writeHead(_:method:version:closing:epochSeconds:framing:into:overwritingFrom:)``.
    ///
    /// - Returns: Where the written bytes end, and whether the body must follow (when not copied).
    public mutating func write(
        _ response: Response,
        method: HTTPMethod?,
        version: HTTPVersion = .http1_1,
        closing: Bool,
        epochSeconds: Int,
        copyingBody: Bool,
        over output: inout [UInt8],
        from start: Int
    ) -> (end: Int, hasBody: Bool) {
        let head = self.prepareHead(
            response, method: method, version: version, closing: closing, epochSeconds: epochSeconds
        )
        let copied = copyingBody && head.hasBody ? response.storedBody.count : 0
        let needed = start + head.room + copied
        if output.count < needed { output.append(contentsOf: repeatElement(0, count: needed - output.count)) }
        var end = start + output.withUnsafeMutableBufferPointer { buffer in
            guard let base = buffer.baseAddress else { return 0 }
            return self.write(head, to: base + start)
        }
        if copied > 0 {
            let at = end
            output.withUnsafeMutableBufferPointer { buffer in
                response.storedBody.withUnsafeBufferPointer { body in
                    guard let base = buffer.baseAddress, let bytes = body.baseAddress else { return }
                    (base + at).update(from: bytes, count: copied)
                }
            }
            end += copied
        }
        return (end, head.hasBody && copied == 0)
    }

    /// A response head measured and ready to be written through a pointer (``write(_:to:)``): what
    /// ``prepareHead(_:method:version:closing:epochSeconds:framing:)`` found of the response.
    public struct PreparedHead: Sendable {
        /// The most bytes the head takes.
        public let room: Int
        /// Whether the body must be sent right after the head (`false` for HEAD, 1xx, 204, 304, and for an empty
        /// body when the framing was left to the writer).
        public let hasBody: Bool
        let status: Int
        let requestID: RequestIdentifier?
        let framing: BodyFraming
        let mayHaveBody: Bool
        let version: HTTPVersion
        let closing: Bool
        /// The lengths of the date and field lines measured: the writer's cached ones must still be these.
        let dateLineCount: Int
        let fieldLinesCount: Int
    }

    /// Measures the head of `response` and brings the writer's cached date and field lines up to date for it; the
    /// parameters are those of ``writeHead(_:method:version:closing:epochSeconds:framing:into:overwritingFrom:)``.
    ///
    /// For a caller that writes the head straight into its own buffer (``write(_:to:)``), with no copy through a
    /// temporary one and no `replaceSubrange` (about 150 instructions an answer, callgrind).
    ///
    /// - Returns: The prepared head; write it before preparing another.
    public mutating func prepareHead(
        _ response: Response,
        method: HTTPMethod?,
        version: HTTPVersion = .http1_1,
        closing: Bool,
        epochSeconds: Int,
        framing: BodyFraming? = nil
    ) -> PreparedHead {
        // Without a framing, `Content-Length` with the body's length; an empty body then needs no sending.
        let isLengthOfBody = framing == nil
        let framing = framing ?? .length(response.bodyStream == nil ? response.storedBody.count : response.body.count)
        // A status outside 100…999 cannot be written; it is a responder bug, answered as one.
        let status = (100...999).contains(response.status) ? response.status : 500
        if epochSeconds != self.cachedSecond {
            self.cachedSecond = epochSeconds
            self.cachedDateLine = Array("Date: \(IMFFixdate.format(epochSeconds: epochSeconds))\r\n".utf8)
        }
        let reason = status == 200 || status == 201 || status == 204 ? "" : Self.reasonPhrase(for: status)
        // The fields read in place, with no copy of each: a responder's are its added list, borrowed (``HTTPHeaders/
        // fields`` hands out a copy, a retain and a release; it makes a list anew for received fields, when a
        // responder answers with a request's).
        if response.headers.receivedCount == 0 {
            response.headers.added.withUnsafeBufferPointer { fields in
                if !self.cacheHolds(fields) { self.cache(fields) }
            }
        } else {
            response.headers.fields.withUnsafeBufferPointer { fields in
                if !self.cacheHolds(fields) { self.cache(fields) }
            }
        }
        let requestID = response.requestID
        // The most the head can take, so that it is stored through a pointer: the status line, the date, the
        // fields' lines, `X-Request-Id`, the framing line (`Content-Length: ` and 19 digits), `Connection:
        // keep-alive` and the blank line.
        var room = 32 + reason.utf8.count + self.cachedDateLine.count + self.cachedFieldLines.count + 40 + 26 + 2
        if let requestID { room += 16 + requestID.byteCount }
        let mayHaveBody = status >= 200 && status != 204 && status != 304
        var hasBody = mayHaveBody && method != .HEAD
        if isLengthOfBody, case .length(0) = framing { hasBody = false }
        return PreparedHead(
            room: room, hasBody: hasBody, status: status, requestID: requestID, framing: framing,
            mayHaveBody: mayHaveBody, version: version, closing: closing,
            dateLineCount: self.cachedDateLine.count, fieldLinesCount: self.cachedFieldLines.count
        )
    }

    /// Whether ``cachedFields`` are `fields`, byte for byte.
    private func cacheHolds(_ fields: UnsafeBufferPointer<(name: String, value: String)>) -> Bool {
        guard fields.count == self.cachedFields.count else { return false }
        return self.cachedFields.withUnsafeBufferPointer { cached in
            for index in 0..<fields.count
            where !Self.sameBytes(fields[index].name, cached[index].name)
                || !Self.sameBytes(fields[index].value, cached[index].value)
            {
                return false
            }
            return true
        }
    }

    /// Whether two strings hold the same UTF-8 bytes. Their bits first: copies of one string (a literal, or a
    /// responder's value kept), and small strings alike, have the same two words, and compare without a call.
    /// `==` is not it: it compares Unicode text, and canonically equivalent values spelled apart would be written
    /// as the other's bytes.
    @inline(__always)
    private static func sameBytes(_ a: String, _ b: String) -> Bool {
        // A bit copy, with no retain: only compared.
        let bitsA = unsafeBitCast(a, to: (UInt64, UInt64).self)
        let bitsB = unsafeBitCast(b, to: (UInt64, UInt64).self)
        if bitsA == bitsB { return true }
        return a.utf8.count == b.utf8.count && a.utf8.elementsEqual(b.utf8)
    }

    /// Makes `fields` the cached ones: keeps a copy of each and writes their lines into ``cachedFieldLines``.
    private mutating func cache(_ fields: UnsafeBufferPointer<(name: String, value: String)>) {
        if fields.count == self.cachedFields.count {
            for index in 0..<fields.count { self.cachedFields[index] = fields[index] }
        } else {
            self.cachedFields = Array(fields)
        }
        var room = 0
        for index in fields.indices { room += fields[index].name.utf8.count + fields[index].value.utf8.count + 4 }
        self.cachedFieldLines = [UInt8](unsafeUninitializedCapacity: room) { buffer, count in
            var lines = HeadCursor(buffer.baseAddress!)
            for index in fields.indices where !Self.isFramingField(fields[index].name) {
                lines.putSanitized(fields[index].name)
                lines.put(": ")
                lines.putSanitized(fields[index].value)
                lines.put("\r\n")
            }
            count = lines.written
        }
    }

    /// Writes a head ``prepareHead(_:method:version:closing:epochSeconds:framing:)`` prepared, the last one it
    /// prepared, into `buffer`, which has room for ``PreparedHead/room`` bytes.
    ///
    /// `mutating`, though it changes nothing: called in a closure over the writer (a buffer's
    /// `withUnsafeMutableBufferPointer`), a non-mutating method was handed a copy of the writer, a retain and a
    /// release of each of its arrays (about 120 instructions an answer, callgrind); a mutating one gets its address.
    ///
    /// - Returns: The number of bytes written.
    public mutating func write(_ prepared: PreparedHead, to buffer: UnsafeMutablePointer<UInt8>) -> Int {
        precondition(
            prepared.dateLineCount == self.cachedDateLine.count
                && prepared.fieldLinesCount == self.cachedFieldLines.count,
            "a head written after another was prepared"
        )
        var head = HeadCursor(buffer)
        switch prepared.status {
        // The usual answers' status lines in one copy each.
        case 200: head.put("HTTP/1.1 200 OK\r\n")
        case 201: head.put("HTTP/1.1 201 Created\r\n")
        case 204: head.put("HTTP/1.1 204 No Content\r\n")
        default:
            head.put("HTTP/1.1 ")
            head.putDecimal(prepared.status)
            head.put(.space)
            // Measured in the room: the reason is a literal of the status.
            head.putSanitized(Self.reasonPhrase(for: prepared.status))
            head.put("\r\n")
        }
        self.cachedDateLine.withUnsafeBufferPointer { head.put($0) }
        self.cachedFieldLines.withUnsafeBufferPointer { head.put($0) }
        if let requestID = prepared.requestID {
            head.put("X-Request-Id: ")
            requestID.write(to: &head)
            head.put("\r\n")
        }
        if prepared.mayHaveBody {
            switch prepared.framing {
            case .length(let length):
                head.put("Content-Length: ")
                head.putDecimal(length)
                head.put("\r\n")
            case .chunked:
                head.put("Transfer-Encoding: chunked\r\n")
            }
        }
        if prepared.closing {
            head.put("Connection: close\r\n")
        } else if prepared.version == .http1_0 {
            head.put("Connection: keep-alive\r\n")
        }
        head.put("\r\n")
        return head.written
    }

    /// Appends one chunk of a chunked body: its size in hex, CRLF, the bytes, CRLF. An empty `bytes` appends
    /// nothing (an empty chunk would end the body).
    ///
    /// - Parameters:
    ///   - bytes: The chunk's data.
    ///   - output: The buffer to append to.
    public static func appendChunk(_ bytes: [UInt8], to output: inout [UInt8]) {
        guard !bytes.isEmpty else { return }
        Self.appendChunkSize(bytes.count, to: &output)
        output.append(contentsOf: bytes)
        Self.append("\r\n", to: &output)
    }

    /// Appends a chunk's size line: the size in lowercase hex and CRLF.
    public static func appendChunkSize(_ size: Int, to output: inout [UInt8]) {
        precondition(size > 0, "an empty chunk ends the body")
        let digits = Array("0123456789abcdef".utf8)
        var text: [UInt8] = []
        var rest = size
        while rest > 0 {
            text.append(digits[rest & 15])
            rest >>= 4
        }
        output.append(contentsOf: text.reversed())
        Self.append("\r\n", to: &output)
    }

    /// The last chunk and the empty trailer section that end a chunked body.
    public static let lastChunk: [UInt8] = Array("0\r\n\r\n".utf8)

    /// Appends a literal's bytes in one copy.
    @inline(__always)
    private static func append(_ literal: StaticString, to output: inout [UInt8]) {
        literal.withUTF8Buffer { output.append(contentsOf: $0) }
    }

    /// Whether the writer owns the field and drops the responder's.
    private static func isFramingField(_ name: String) -> Bool {
        switch name.utf8.count {
        case 4: HTTPHeaders.namesMatch(name, "date")
        case 10: HTTPHeaders.namesMatch(name, "connection")
        case 14: HTTPHeaders.namesMatch(name, "content-length")
        case 17: HTTPHeaders.namesMatch(name, "transfer-encoding")
        default: false
        }
    }

    /// The reason phrase for a status code; an unknown code gets its class's generic phrase.
    public static func reasonPhrase(for status: Int) -> String {
        switch status {
        case 100: "Continue"
        case 101: "Switching Protocols"
        case 200: "OK"
        case 201: "Created"
        case 202: "Accepted"
        case 204: "No Content"
        case 206: "Partial Content"
        case 301: "Moved Permanently"
        case 302: "Found"
        case 303: "See Other"
        case 304: "Not Modified"
        case 307: "Temporary Redirect"
        case 308: "Permanent Redirect"
        case 400: "Bad Request"
        case 401: "Unauthorized"
        case 403: "Forbidden"
        case 404: "Not Found"
        case 405: "Method Not Allowed"
        case 406: "Not Acceptable"
        case 408: "Request Timeout"
        case 409: "Conflict"
        case 410: "Gone"
        case 411: "Length Required"
        case 412: "Precondition Failed"
        case 413: "Content Too Large"
        case 414: "URI Too Long"
        case 415: "Unsupported Media Type"
        case 417: "Expectation Failed"
        case 422: "Unprocessable Content"
        case 429: "Too Many Requests"
        case 431: "Request Header Fields Too Large"
        case 500: "Internal Server Error"
        case 501: "Not Implemented"
        case 502: "Bad Gateway"
        case 503: "Service Unavailable"
        case 504: "Gateway Timeout"
        case 505: "HTTP Version Not Supported"
        case 200..<300: "Success"
        case 300..<400: "Redirection"
        case 400..<500: "Client Error"
        default: "Server Error"
        }
    }
}

extension Response {
    /// The response for a request the parser refused: its status and an RFC 9457 problem naming the reason.
    ///
    /// - Parameter error: Why the request was refused.
    public init(parseError error: HTTPParseError) {
        let detail = "The request was refused: \(error.reason)."
        self = .problem(status: error.status, type: error.problemType, detail: detail)
        if error == .bodyMemoryExhausted { self.headers.add(name: "Retry-After", value: "1") }
    }
}

extension HTTPParseError {
    /// The problem type the server's answer names, e.g. `/problems/header-fields-too-large`.
    public var problemType: String {
        switch self.status {
        case 413: "/problems/payload-too-large"
        case 414: "/problems/uri-too-long"
        case 417: "/problems/expectation-failed"
        case 431: "/problems/header-fields-too-large"
        case 501: "/problems/not-implemented"
        case 505: "/problems/version-not-supported"
        case 503: "/problems/unavailable"
        default: "/problems/bad-request"
        }
    }
}
