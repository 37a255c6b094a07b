import HTTPCore

/// The one line logged per request, and the time stamp every log line starts with.
public enum RequestLog {
    /// Logs one answered request: at `info`, or `error` for a 5xx.
    ///
    /// The fields are `request_id`, `method`, `path` (without the query: it may carry what a client would rather
    /// not see in logs), `status`, `duration_ms`, `bytes_in` and `bytes_out` (the bodies), `client` (the peer's
    /// address, when the server knows it) and, for a problem answer, `problem` (its type). The text format shows
    /// them as `9f2c01d4aa0e7b31 POST /layout/flow 200 1.234ms in=66 out=1234 client=127.0.0.1`.
    ///
    /// - Parameters:
    ///   - logger: Where the line goes.
    ///   - request: The request.
    ///   - requestID: Its `X-Request-Id`.
    ///   - response: The answer sent.
    ///   - seconds: The time from request to response.
    static func log(_ logger: Logger, request: Request, requestID: String, response: Response, seconds: Double) {
        let level: LogLevel = response.status >= 500 ? .error : .info
        guard level >= logger.level else { return }
        let fields = Self.fields(request, requestID, response, seconds)
        guard logger.format == .text else { return logger.log(level, "request", fields) }
        // For people: the first five values bare, in the order of the old one-line log, the others named.
        var text = ""
        for (index, (key, value)) in fields.enumerated() {
            switch index {
            case 0: text += Logger.logfmt(value)
            case 1...3: text += " " + Logger.logfmt(value)
            case 4: text += " " + Logger.logfmt(value) + "ms"
            default: text += " \(key.replacing("bytes_", with: ""))=\(Logger.logfmt(value))"
            }
        }
        logger.log(level, "request", fields, text: text)
    }

    /// The request's fields, in the order every format writes them.
    static func fields(_ request: Request, _ requestID: String, _ response: Response, _ seconds: Double)
        -> [(String, LogValue)]
    {
        var fields: [(String, LogValue)] = [
            ("request_id", .string(requestID)),
            ("method", .string(request.method.rawValue)),
            ("path", .string(Self.printablePath(request.path))),
            ("status", .integer(response.status)),
            ("duration_ms", .number((seconds * 1_000_000).rounded() / 1000)),
            ("bytes_in", .integer(request.body.count)),
        ]
        if let length = response.storedBodyLength { fields.append(("bytes_out", .integer(length))) }
        if let client = request.clientAddress { fields.append(("client", .string(client))) }
        if let problem = Self.problemType(response) { fields.append(("problem", .string(problem))) }
        return fields
    }

    /// The path cut at 256 characters and stripped of control characters and spaces, so one request makes one
    /// readable line whatever its target holds.
    static func printablePath(_ path: Substring) -> String {
        var path = String(path.prefix(256))
        path.unicodeScalars.removeAll { $0.value < 0x21 || $0.value == 0x7F }
        return path
    }

    /// The `type` of a problem answer, read from the start of its body, where ``HTTPCore/Problem`` writes it.
    static func problemType(_ response: Response) -> String? {
        guard response.status >= 400, response.bodyStream == nil else { return nil }
        let prefix = Array(#"{"type":""#.utf8)
        let body = response.body
        guard body.count > prefix.count, body.starts(with: prefix) else { return nil }
        let start = prefix.count
        guard let end = body[start...].prefix(256).firstIndex(of: UInt8(ascii: "\"")) else { return nil }
        return String(decoding: body[start..<end], as: UTF8.self)
    }

    /// RFC 3339 UTC time with milliseconds, e.g. `2026-11-29T20:01:31.123Z`.
    ///
    /// - Parameter epochSeconds: Seconds since 1970-01-01T00:00:00Z.
    /// - Returns: The time stamp.
    public static func timestamp(epochSeconds: Double) -> String {
        let totalMilliseconds = Int((epochSeconds * 1000).rounded(.down))
        let (days, dayMilliseconds) = Self.floorDivision(totalMilliseconds, 86_400_000)
        let (year, month, day) = IMFFixdate.civilDate(daysSinceEpoch: days)
        func pad(_ value: Int, _ width: Int) -> String {
            let text = String(value)
            return String(repeating: "0", count: max(0, width - text.count)) + text
        }
        return "\(pad(year, 4))-\(pad(month, 2))-\(pad(day, 2))T\(pad(dayMilliseconds / 3_600_000, 2)):"
            + "\(pad(dayMilliseconds / 60_000 % 60, 2)):\(pad(dayMilliseconds / 1000 % 60, 2))."
            + "\(pad(dayMilliseconds % 1000, 3))Z"
    }

    private static func floorDivision(_ value: Int, _ divisor: Int) -> (quotient: Int, remainder: Int) {
        let remainder = ((value % divisor) + divisor) % divisor
        return ((value - remainder) / divisor, remainder)
    }
}

extension Response {
    /// The body's length when it is stored, `nil` when it is streamed: a streamed body's length is known only once
    /// the connection has sent it, and reading ``HTTPCore/Response/body`` here would produce the whole answer a
    /// second time, in memory (what streaming a large answer avoids).
    var storedBodyLength: Int? {
        self.bodyStream == nil ? self.withStoredBody { $0.count } : nil
    }
}
