/// How severe a log line is; lines below the configured level are not written.
public enum LogLevel: String, CaseIterable, Comparable, Sendable {
    case debug
    case info
    case warning = "warn"
    case error

    public static func < (lhs: Self, rhs: Self) -> Bool {
        Self.allCases.firstIndex(of: lhs)! < Self.allCases.firstIndex(of: rhs)!
    }
}

/// The shape of a log line: `text` for people, `json` (one object a line) or `logfmt` (`key=value` pairs) for log
/// pipelines.
public enum LogFormat: String, CaseIterable, Sendable {
    case text
    case json
    case logfmt
}

/// One value of a log line's field.
public enum LogValue: Hashable, Sendable, ExpressibleByStringLiteral, ExpressibleByIntegerLiteral {
    case string(String)
    case integer(Int)
    case number(Double)

    public init(stringLiteral value: String) { self = .string(value) }
    public init(integerLiteral value: Int) { self = .integer(value) }
}

/// Writes log lines in one of the ``LogFormat``s: a time stamp, a level, a message and fields.
///
/// Every line is handed whole, newline included, to one call of `write`, which layoutd makes a single `write(2)`
/// to standard error: lines from different threads never interleave, and nothing is buffered.
public struct Logger: Sendable {
    /// The shape of the lines. Defaults to ``LogFormat/text``.
    public var format: LogFormat
    /// The least severe level written. Defaults to ``LogLevel/info``.
    public var level: LogLevel
    private let now: @Sendable () -> Double
    private let write: @Sendable (String) -> Void

    /// Creates a logger.
    ///
    /// - Parameters:
    ///   - format: The shape of the lines.
    ///   - level: The least severe level written.
    ///   - now: The time, in seconds since the Unix epoch.
    ///   - write: Receives each whole line, newline included.
    public init(
        format: LogFormat = .text,
        level: LogLevel = .info,
        now: @escaping @Sendable () -> Double,
        write: @escaping @Sendable (String) -> Void
    ) {
        self.format = format
        self.level = level
        self.now = now
        self.write = write
    }

    /// A logger that writes nothing.
    public static let discarding = Logger(level: .error, now: { 0 }, write: { _ in })

    /// Writes one line, if its level is enabled.
    ///
    /// - Parameters:
    ///   - level: The line's level.
    ///   - message: What happened, e.g. `listening` or `request`.
    ///   - fields: Named values, in order.
    ///   - text: What the text format shows instead of the message and fields, when it has its own summary.
    ///   - always: Whether to write the line whatever the level: the start-up line, which scripts wait for.
    public func log(
        _ level: LogLevel,
        _ message: String,
        _ fields: [(String, LogValue)] = [],
        text: String? = nil,
        always: Bool = false
    ) {
        guard always || level >= self.level else { return }
        self.write(self.line(level, message, fields, text: text, time: self.now()) + "\n")
    }

    /// The line for a message, without its newline.
    func line(_ level: LogLevel, _ message: String, _ fields: [(String, LogValue)], text: String?, time: Double)
        -> String
    {
        let stamp = RequestLog.timestamp(epochSeconds: time)
        switch self.format {
        case .text:
            var line = "\(stamp) \(level.rawValue.uppercased()) "
            if let text { return line + text }
            line += message
            for (key, value) in fields { line += " \(key)=\(Self.logfmt(value))" }
            return line
        case .logfmt:
            var line = "time=\(stamp) level=\(level.rawValue) msg=\(Self.logfmt(.string(message)))"
            for (key, value) in fields { line += " \(key)=\(Self.logfmt(value))" }
            return line
        case .json:
            var line = #"{"time":"\#(stamp)","level":"\#(level.rawValue)","msg":\#(Self.json(.string(message)))"#
            for (key, value) in fields { line += ",\(Self.json(.string(key))):\(Self.json(value))" }
            return line + "}"
        }
    }

    /// A value as logfmt writes it: bare when it holds no space, quote, `=` or control character, else quoted
    /// with JSON's escapes.
    static func logfmt(_ value: LogValue) -> String {
        switch value {
        case .integer(let integer): return "\(integer)"
        case .number(let number): return Metrics.number(number)
        case .string(let string):
            let isBare = !string.isEmpty && string.unicodeScalars.allSatisfy {
                $0.value > 0x20 && $0.value != 0x7F && $0 != "\"" && $0 != "=" && $0 != "\\"
            }
            return isBare ? string : Self.json(value)
        }
    }

    /// A value as JSON: numbers as they are, strings quoted with control characters escaped.
    static func json(_ value: LogValue) -> String {
        switch value {
        case .integer(let integer): return "\(integer)"
        case .number(let number): return number.isFinite ? Metrics.number(number) : "null"
        case .string(let string):
            var quoted = "\""
            for scalar in string.unicodeScalars {
                switch scalar {
                case "\"": quoted += "\\\""
                case "\\": quoted += "\\\\"
                case "\n": quoted += "\\n"
                case "\r": quoted += "\\r"
                case "\t": quoted += "\\t"
                default:
                    if scalar.value < 0x20 || scalar.value == 0x7F {
                        let hex = String(scalar.value, radix: 16)
                        quoted += "\\u" + String(repeating: "0", count: 4 - hex.count) + hex
                    } else {
                        quoted.unicodeScalars.append(scalar)
                    }
                }
            }
            return quoted + "\""
        }
    }
}
