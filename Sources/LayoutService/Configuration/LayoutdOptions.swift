/// Everything `layoutd` can be told on its command line or in its environment.
///
/// Each option has a flag and an environment variable; the flag wins. Server settings left `nil` keep the
/// HTTP server's own defaults, which the help text states.
public struct LayoutdOptions: Hashable, Sendable {
    /// The address to listen on. Defaults to `127.0.0.1`; the container image sets `0.0.0.0`.
    public var host = "127.0.0.1"
    /// The TCP port; `0` picks a free one. Defaults to 8080.
    public var port = 8080
    /// Event-loop threads; `nil` means one per core.
    public var threads: Int?
    /// The cap on open client connections; `nil` keeps the server's default.
    public var maxConnections: Int?
    /// The largest request body, in bytes; `nil` keeps the server's default (64 MiB).
    public var maxBodyBytes: Int?
    /// Seconds a client has to send a request head; `nil` keeps the server's default (10).
    public var headerTimeout: Double?
    /// Seconds a client has to send a request body; `nil` keeps the server's default (30).
    public var bodyTimeout: Double?
    /// Seconds an idle keep-alive connection stays open; `nil` keeps the server's default (60).
    public var idleTimeout: Double?
    /// Seconds a graceful shutdown waits for requests in flight; `nil` keeps the server's default (10).
    public var drainTimeout: Double?
    /// The service's own settings.
    public var service = ServiceConfiguration()

    /// Creates the defaults.
    public init() {}
}

/// What a command line asks for: to run with options, or to print help.
public enum LayoutdCommand: Hashable, Sendable {
    /// Serve with these options.
    case run(LayoutdOptions)
    /// Print this text and exit.
    case help(String)
}

/// A command line or environment value that cannot be used.
public struct OptionsError: Error, Hashable, Sendable, CustomStringConvertible {
    /// What was wrong, naming the flag or variable.
    public var description: String
}

extension LayoutdOptions {
    private struct Option: Sendable {
        var flag: String
        var variable: String
        var valueName: String
        var help: String
        var apply: @Sendable (inout LayoutdOptions, String) -> Bool
    }

    private static let options: [Option] = [
        Option(flag: "--host", variable: "LAYOUTD_HOST", valueName: "ADDRESS", help: "address to listen on (127.0.0.1)") {
            $0.host = $1
            return !$1.isEmpty
        },
        Option(flag: "--port", variable: "LAYOUTD_PORT", valueName: "N", help: "TCP port, 0 picks one (8080)") {
            guard let port = Int($1), (0...65535).contains(port) else { return false }
            $0.port = port
            return true
        },
        Option(flag: "--threads", variable: "LAYOUTD_THREADS", valueName: "N", help: "event-loop threads (one per core)") {
            $0.threads = positive($1)
            return $0.threads != nil
        },
        Option(
            flag: "--max-connections", variable: "LAYOUTD_MAX_CONNECTIONS", valueName: "N",
            help: "open connections at most (10000)"
        ) {
            $0.maxConnections = positive($1)
            return $0.maxConnections != nil
        },
        Option(
            flag: "--max-body-bytes", variable: "LAYOUTD_MAX_BODY_BYTES", valueName: "N",
            help: "largest request body in bytes (67108864)"
        ) {
            $0.maxBodyBytes = positive($1)
            return $0.maxBodyBytes != nil
        },
        Option(flag: "--max-items", variable: "LAYOUTD_MAX_ITEMS", valueName: "N", help: "items per request (2000000)") {
            guard let limit = positive($1) else { return false }
            $0.service.maxItems = limit
            return true
        },
        Option(
            flag: "--max-sessions", variable: "LAYOUTD_MAX_SESSIONS", valueName: "N",
            help: "sessions held at once, least recently used evicted first (10000)"
        ) {
            guard let limit = positive($1) else { return false }
            $0.service.maxSessions = limit
            return true
        },
        Option(
            flag: "--max-session-items", variable: "LAYOUTD_MAX_SESSION_ITEMS", valueName: "N",
            help: "items held over all sessions (50000000)"
        ) {
            guard let limit = positive($1) else { return false }
            $0.service.maxSessionItems = limit
            return true
        },
        Option(
            flag: "--session-ttl", variable: "LAYOUTD_SESSION_TTL", valueName: "SECONDS",
            help: "an unused session expires after (900)"
        ) {
            guard let ttl = seconds($1) else { return false }
            $0.service.sessionIdleTimeout = .milliseconds(Int((ttl * 1000).rounded()))
            return true
        },
        Option(
            flag: "--header-timeout", variable: "LAYOUTD_HEADER_TIMEOUT", valueName: "SECONDS",
            help: "time to send a request head (10)"
        ) {
            $0.headerTimeout = seconds($1)
            return $0.headerTimeout != nil
        },
        Option(
            flag: "--body-timeout", variable: "LAYOUTD_BODY_TIMEOUT", valueName: "SECONDS",
            help: "time to send a request body (30)"
        ) {
            $0.bodyTimeout = seconds($1)
            return $0.bodyTimeout != nil
        },
        Option(
            flag: "--idle-timeout", variable: "LAYOUTD_IDLE_TIMEOUT", valueName: "SECONDS",
            help: "idle keep-alive connections close after (60)"
        ) {
            $0.idleTimeout = seconds($1)
            return $0.idleTimeout != nil
        },
        Option(
            flag: "--drain-timeout", variable: "LAYOUTD_DRAIN_TIMEOUT", valueName: "SECONDS",
            help: "graceful shutdown deadline (10)"
        ) {
            $0.drainTimeout = seconds($1)
            return $0.drainTimeout != nil
        },
        Option(
            flag: "--api-token", variable: "LAYOUTD_API_TOKEN", valueName: "TOKEN",
            help: "require 'Authorization: Bearer TOKEN' on every route but health (none)"
        ) {
            $0.service.apiToken = $1.isEmpty ? nil : $1
            return true
        },
        Option(
            flag: "--cors-origins", variable: "LAYOUTD_CORS_ORIGINS", valueName: "LIST",
            help: "comma-separated origins allowed from browsers, * for any (none)"
        ) {
            $0.service.corsOrigins = $1.split(separator: ",").map { String($0).trimmingSpaces() }.filter { !$0.isEmpty }
            return true
        },
        Option(
            flag: "--session-id-header", variable: "LAYOUTD_SESSION_ID_HEADER", valueName: "NAME",
            help: "header a proxy sets to name new sessions (none)"
        ) {
            guard $1.isEmpty || $1.utf8.allSatisfy(isHeaderNameByte) else { return false }
            $0.service.sessionIDHeader = $1.isEmpty ? nil : $1
            return true
        },
        Option(
            flag: "--log-requests", variable: "LAYOUTD_LOG_REQUESTS", valueName: "BOOL",
            help: "one log line per request on stderr (true)"
        ) {
            switch $1 {
            case "true", "1", "yes": $0.service.logsRequests = true
            case "false", "0", "no": $0.service.logsRequests = false
            default: return false
            }
            return true
        },
    ]

    /// The text `--help` prints: every flag, its variable and its default.
    public static var helpText: String {
        var text = "usage: layoutd [options]\n\nCollection-view layouts as an HTTP service.\n\noptions (flag wins over variable):\n"
        for option in Self.options {
            let flag = "\(option.flag) \(option.valueName)"
            text += "  \(flag.padded(to: 26)) \(option.variable.padded(to: 25)) \(option.help)\n"
        }
        text += "  \("-h, --help".padded(to: 26)) \("".padded(to: 25)) print this help\n"
        return text
    }

    /// Reads options from the environment, then from the arguments, which win.
    ///
    /// - Parameters:
    ///   - arguments: The arguments after the program name; `--flag value` and `--flag=value` both work.
    ///   - environment: The process environment.
    /// - Returns: What to do.
    /// - Throws: ``OptionsError`` naming an unknown flag, a missing value, or a value that is out of range.
    public static func parse(
        arguments: [String],
        environment: [String: String]
    ) throws(OptionsError) -> LayoutdCommand {
        var result = LayoutdOptions()
        for option in Self.options {
            guard let value = environment[option.variable] else { continue }
            guard option.apply(&result, value) else {
                throw OptionsError(description: "\(option.variable)=\(value) is not a valid \(option.valueName)")
            }
        }
        var index = 0
        while index < arguments.count {
            let argument = arguments[index]
            index += 1
            if argument == "-h" || argument == "--help" { return .help(Self.helpText) }
            let parts = argument.split(separator: "=", maxSplits: 1, omittingEmptySubsequences: false).map(String.init)
            guard let option = Self.options.first(where: { $0.flag == parts.first }) else {
                throw OptionsError(description: "unknown option \(argument); see --help")
            }
            let value: String
            if parts.count == 2 {
                value = parts[1]
            } else if index < arguments.count {
                value = arguments[index]
                index += 1
            } else {
                throw OptionsError(description: "\(option.flag) needs a \(option.valueName)")
            }
            guard option.apply(&result, value) else {
                throw OptionsError(description: "\(option.flag) \(value) is not a valid \(option.valueName)")
            }
        }
        return .run(result)
    }

    /// Whether `byte` may appear in a header name: letters, digits and `-`, `_`, `.`.
    private static func isHeaderNameByte(_ byte: UInt8) -> Bool {
        switch byte {
        case UInt8(ascii: "a")...UInt8(ascii: "z"), UInt8(ascii: "A")...UInt8(ascii: "Z"),
            UInt8(ascii: "0")...UInt8(ascii: "9"), UInt8(ascii: "-"), UInt8(ascii: "_"), UInt8(ascii: "."):
            true
        default: false
        }
    }

    private static func positive(_ text: String) -> Int? {
        Int(text).flatMap { $0 > 0 ? $0 : nil }
    }

    /// A duration in seconds from 1 ms to a year; anything else is refused rather than overflowing later.
    private static func seconds(_ text: String) -> Double? {
        Double(text).flatMap { (0.001...31_536_000).contains($0) ? $0 : nil }
    }
}

extension String {
    fileprivate func padded(to width: Int) -> String {
        self.count >= width ? self : self + String(repeating: " ", count: width - self.count)
    }

    fileprivate func trimmingSpaces() -> String {
        String(self.drop(while: { $0 == " " }).reversed().drop(while: { $0 == " " }).reversed())
    }
}
