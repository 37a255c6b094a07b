import HTTPCore

/// Everything `layoutd` can be told on its command line or in its environment, with its defaults.
///
/// This struct is where the defaults live: `layoutd --help` prints them from a fresh instance, and `layoutd`
/// copies every value into the server's and the service's configuration. Each setting has one name, spelled
/// `--max-items` as a flag, `LAYOUTD_MAX_ITEMS` as a variable and `maxItems` in code; the flag wins.
public struct LayoutdOptions: Hashable, Sendable {
    /// The address to listen on, IPv4 or IPv6 numeric. Defaults to `127.0.0.1`; the container image sets `0.0.0.0`.
    public var host = "127.0.0.1"
    /// The TCP port; `0` picks a free one. Defaults to 8080.
    public var port = 8080
    /// The number of event-loop threads. Defaults to `nil`: one per online core.
    public var threads: Int?
    /// The most client connections open at once; past it a new connection gets 503. Defaults to 10,000.
    public var maxConnections = 10_000
    /// The largest request body, in bytes; larger is 413. Defaults to the parser's own limit, 64 MiB.
    public var maxBodyBytes = ParserLimits().maxBodyBytes
    /// The bytes of request bodies held at once over all connections; a body that would pass it is refused with 503
    /// and `Retry-After` before it is read. Defaults to 512 MiB.
    public var maxBodyMemory = 512 * 1024 * 1024
    /// The bytes of large request bodies' storage kept for later requests, whose pages then need no faulting in
    /// (``BodyStoragePool``); `0` keeps none. Defaults to 64 MiB.
    public var maxBodyPool = 64 * 1024 * 1024
    /// The answer bytes one connection may have produced and not yet sent: reading stops at it, and a large answer
    /// is produced only as the client takes it. Defaults to 1 MiB.
    public var maxOutputBuffer = 1024 * 1024
    /// How long a client has to send a request head; then 408. Defaults to 10 seconds.
    public var headerTimeout: Duration = .seconds(10)
    /// How long a client has to send a request body once its head is read; then 408. Defaults to 30 seconds.
    public var bodyTimeout: Duration = .seconds(30)
    /// How long an idle keep-alive connection stays open. Defaults to 60 seconds.
    public var idleTimeout: Duration = .seconds(60)
    /// How long a graceful shutdown waits for requests in flight before closing every connection.
    /// Defaults to 10 seconds.
    public var drainTimeout: Duration = .seconds(10)
    /// The service's own settings, with ``ServiceConfiguration``'s defaults.
    public var service = ServiceConfiguration()

    /// Creates the defaults.
    public init() {}
}

/// What a command line asks for.
public enum LayoutdCommand: Hashable, Sendable {
    /// Serve with these options.
    case run(LayoutdOptions)
    /// Print this help text on standard output and exit 0 (`-h`, `--help`).
    case help(String)
    /// Print this version line on standard output and exit 0 (`--version`).
    case version(String)
}

extension LayoutdOptions {
    /// Reads options from the environment, then from the arguments, which win.
    ///
    /// Arguments take `--name value` and `--name=value`; a boolean takes `--name` and `--no-name` (and, since no
    /// argument is positional, `--name true` or `--name=false`). The environment's booleans take `true`, `false`,
    /// `1`, `0`, `yes` and `no`. Deprecated names (`--session-ttl`, `LAYOUTD_SESSION_TTL`) still work; the current
    /// name wins when both are set in the environment.
    ///
    /// - Parameters:
    ///   - arguments: The arguments after the program name.
    ///   - environment: The process environment.
    /// - Returns: What to do.
    /// - Throws: ``OptionsError`` naming the option and what it takes: an unknown option (with the nearest known
    ///   one), a missing value, or a value that is out of range.
    public static func parse(
        arguments: [String],
        environment: [String: String]
    ) throws(OptionsError) -> LayoutdCommand {
        var result = LayoutdOptions()
        for option in OptionDescriptor.all {
            for name in option.deprecatedNames + [option.name] {
                let variable = OptionDescriptor.variable(for: name)
                guard let value = environment[variable] else { continue }
                guard option.store(&result, value) else { throw .invalid(variable, option.requirement, value) }
            }
        }
        var index = 0
        while index < arguments.count {
            let argument = arguments[index]
            index += 1
            switch argument {
            case "-h", "--help": return .help(Self.helpText)
            case "--version": return .version(BuildInfo.versionLine)
            default: break
            }
            guard argument.hasPrefix("-") else { throw OptionsError(message: "unexpected argument '\(argument)'") }
            let parts = argument.split(separator: "=", maxSplits: 1, omittingEmptySubsequences: false)
            let flag = String(parts[0])
            let attached = parts.count == 2 ? String(parts[1]) : nil
            if flag == "--help" || flag == "--version" { throw OptionsError(message: "\(flag) takes no value") }
            guard let (option, isNegated) = OptionDescriptor.named(flag) else { throw .unknown(flag) }
            if isNegated {
                guard attached == nil else { throw OptionsError(message: "\(flag) takes no value") }
                _ = option.store(&result, "false")
                continue
            }
            let value: String
            if let attached {
                value = attached
            } else if option.isFlag {
                // `--log-requests false`, as layoutd took booleans before `--no-log-requests` existed.
                if index < arguments.count, OptionDescriptor.boolean(arguments[index]) != nil {
                    value = arguments[index]
                    index += 1
                } else {
                    value = "true"
                }
            } else if index < arguments.count, !arguments[index].hasPrefix("--") {
                value = arguments[index]
                index += 1
            } else {
                throw OptionsError(message: "\(flag) needs a value: \(option.requirement)")
            }
            guard option.store(&result, value) else { throw .invalid(flag, option.requirement, value) }
        }
        return .run(result)
    }
}
