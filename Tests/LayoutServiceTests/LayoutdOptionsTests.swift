import HTTPCore
@testable import LayoutService
import Testing

@Suite struct LayoutdOptionsTests {
    /// One option set to a value other than its default, and how to see that it took.
    struct Case: Sendable, CustomTestStringConvertible {
        var name: String
        var value: String
        var took: @Sendable (LayoutdOptions) -> Bool
        var testDescription: String { "--\(self.name) \(self.value)" }
    }

    static let cases: [Case] = [
        Case(name: "host", value: "0.0.0.0") { $0.host == "0.0.0.0" },
        Case(name: "port", value: "9000") { $0.port == 9000 },
        Case(name: "threads", value: "3") { $0.threads == 3 },
        Case(name: "max-connections", value: "7") { $0.maxConnections == 7 },
        Case(name: "header-timeout", value: "1.5") { $0.headerTimeout == .milliseconds(1500) },
        Case(name: "body-timeout", value: "2") { $0.bodyTimeout == .seconds(2) },
        Case(name: "idle-timeout", value: "0.25") { $0.idleTimeout == .milliseconds(250) },
        Case(name: "drain-timeout", value: "4") { $0.drainTimeout == .seconds(4) },
        Case(name: "max-body-bytes", value: "1024") { $0.maxBodyBytes == 1024 },
        Case(name: "max-body-memory", value: "2048") { $0.maxBodyMemory == 2048 },
        Case(name: "max-body-pool", value: "0") { $0.maxBodyPool == 0 },
        Case(name: "max-output-buffer", value: "8192") { $0.maxOutputBuffer == 8192 },
        Case(name: "answer-cache-bytes", value: "65536") { $0.service.answerCacheBytes == 65536 },
        Case(name: "cell-text-memo-slots", value: "0") { $0.service.cellTextMemoSlots == 0 },
        Case(name: "max-request-cost", value: "5000") { $0.service.maxRequestCost == 5000 },
        Case(name: "max-items", value: "10") { $0.service.maxItems == 10 },
        Case(name: "max-sessions", value: "11") { $0.service.maxSessions == 11 },
        Case(name: "max-session-memory", value: "2097152") { $0.service.maxSessionMemory == 2_097_152 },
        Case(name: "max-session-items", value: "12") { $0.service.maxSessionItems == 12 },
        Case(name: "session-idle-timeout", value: "60") { $0.service.sessionIdleTimeout == .seconds(60) },
        Case(name: "session-id-header", value: "Layoutd-Session-Id") {
            $0.service.sessionIDHeader == "Layoutd-Session-Id"
        },
        Case(name: "api-token", value: "t0ken") { $0.service.apiToken == "t0ken" },
        Case(name: "cors-origins", value: "https://a.example, https://b.example") {
            $0.service.corsOrigins == ["https://a.example", "https://b.example"]
        },
        Case(name: "log-requests", value: "false") { !$0.service.logsRequests },
        Case(name: "log-format", value: "json") { $0.service.logFormat == .json },
        Case(name: "log-level", value: "warn") { $0.service.logLevel == .warning },
        Case(name: "session-store", value: "redis://10.0.0.5:6380/2") {
            $0.service.sessionStore == "redis://10.0.0.5:6380/2"
        },
        Case(name: "idempotency-keys", value: "0") { $0.service.idempotencyKeys == 0 },
    ]

    static func options(_ arguments: [String], _ environment: [String: String] = [:]) throws -> LayoutdOptions {
        guard case .run(let options) = try LayoutdOptions.parse(arguments: arguments, environment: environment) else {
            throw OptionsError(message: "expected options to run with")
        }
        return options
    }

    static func error(_ arguments: [String], _ environment: [String: String] = [:]) -> OptionsError? {
        do {
            _ = try LayoutdOptions.parse(arguments: arguments, environment: environment)
            return nil
        } catch {
            return error
        }
    }

    @Test func defaultsListenOnLoopbackPort8080WithTheParsersBodyLimit() throws {
        let options = try Self.options([])
        #expect(options == LayoutdOptions())
        #expect(options.host == "127.0.0.1")
        #expect(options.port == 8080)
        #expect(options.maxBodyBytes == ParserLimits().maxBodyBytes)
        #expect(options.service == ServiceConfiguration())
    }

    @Test func theCasesCoverEveryOption() {
        #expect(Self.cases.map(\.name) == OptionDescriptor.all.map(\.name))
    }

    @Test(arguments: Self.cases)
    func everyOptionTakesItsFlagItsEqualsFormAndItsVariable(_ option: Case) throws {
        #expect(!option.took(LayoutdOptions()))
        #expect(option.took(try Self.options(["--\(option.name)", option.value])))
        #expect(option.took(try Self.options(["--\(option.name)=\(option.value)"])))
        let variable = "LAYOUTD_" + option.name.uppercased().replacing("-", with: "_")
        #expect(option.took(try Self.options([], [variable: option.value])))
    }

    @Test func aByteOptionTakesItsFloorAndUpAndIsShownAsBytes() {
        let pool = OptionDescriptor.bytes("max-body-pool", .limits, \.maxBodyPool, atLeast: 3, abstract: "Pool.")
        #expect(pool.valueName == "bytes")
        #expect(pool.requirement == "an integer of at least 3")
        var options = LayoutdOptions()
        #expect(!pool.store(&options, "2"))
        #expect(pool.store(&options, "3"))
        #expect(options.maxBodyPool == 3)
        #expect(pool.store(&options, "\(Int.max)"))
        #expect(pool.show(options) == "\(Int.max)")
        let body = OptionDescriptor.bytes("max-body-bytes", .limits, \.maxBodyBytes, abstract: "Body.")
        #expect(body.requirement == "an integer of at least 1")
        #expect(!body.store(&options, "0"))
        #expect(body.store(&options, "1"))
        #expect(options.maxBodyBytes == 1)
    }

    @Test func flagsWinOverEnvironment() throws {
        let options = try Self.options(
            ["--port", "9000", "--no-log-requests"],
            ["LAYOUTD_PORT": "7000", "LAYOUTD_HOST": "0.0.0.0", "LAYOUTD_LOG_REQUESTS": "yes"]
        )
        #expect(options.port == 9000)
        #expect(options.host == "0.0.0.0")
        #expect(!options.service.logsRequests)
    }

    @Test(arguments: [
        (["--log-requests"], true), (["--no-log-requests"], false), (["--log-requests=false"], false),
        (["--log-requests", "false"], false), (["--log-requests", "no", "--port", "1"], false),
        (["--no-log-requests", "--log-requests"], true), (["--log-requests=YES"], true),
    ])
    func booleansAreFlagsWithANoForm(arguments: [String], expected: Bool) throws {
        let environment = ["LAYOUTD_LOG_REQUESTS": expected ? "false" : "true"]
        #expect(try Self.options(arguments, environment).service.logsRequests == expected)
    }

    @Test(arguments: [("true", true), ("1", true), ("yes", true), ("false", false), ("0", false), ("no", false)])
    func theEnvironmentTakesSixSpellingsOfABoolean(text: String, expected: Bool) throws {
        #expect(try Self.options([], ["LAYOUTD_LOG_REQUESTS": text]).service.logsRequests == expected)
    }

    @Test func theSessionTTLNamesAreDeprecatedAliasesThatStillWork() throws {
        #expect(try Self.options(["--session-ttl", "30"]).service.sessionIdleTimeout == .seconds(30))
        #expect(try Self.options([], ["LAYOUTD_SESSION_TTL": "31"]).service.sessionIdleTimeout == .seconds(31))
        let both = ["LAYOUTD_SESSION_TTL": "31", "LAYOUTD_SESSION_IDLE_TIMEOUT": "32"]
        #expect(try Self.options([], both).service.sessionIdleTimeout == .seconds(32))
    }

    @Test(arguments: [
        (["--port", "99999"], "--port must be an integer from 0 to 65535, not 99999"),
        (["--port=-1"], "--port must be an integer from 0 to 65535, not -1"),
        (["--port"], "--port needs a value: an integer from 0 to 65535"),
        (["--port", "--threads", "2"], "--port needs a value: an integer from 0 to 65535"),
        (["--threads", "0"], "--threads must be an integer from 1 to 4096, not 0"),
        (["--max-connections", "0"], "--max-connections must be an integer of at least 1, not 0"),
        (["--max-body-bytes", "1k"], "--max-body-bytes must be an integer of at least 1, not 1k"),
        (["--max-items", "0"], "--max-items must be an integer of at least 1, not 0"),
        (["--max-sessions", "-5"], "--max-sessions must be an integer of at least 1, not -5"),
        (["--max-session-items", ""], "--max-session-items must be an integer of at least 1, not an empty value"),
        (["--header-timeout", "-1"], "--header-timeout must be a number of seconds from 0.001 to 31536000, not -1"),
        (["--body-timeout", "nan"], "--body-timeout must be a number of seconds from 0.001 to 31536000, not nan"),
        (["--idle-timeout", "0"], "--idle-timeout must be a number of seconds from 0.001 to 31536000, not 0"),
        (["--drain-timeout=1e9"], "--drain-timeout must be a number of seconds from 0.001 to 31536000, not 1e9"),
        (["--session-ttl", "1e300"], "--session-ttl must be a number of seconds from 0.001 to 31536000, not 1e300"),
        (
            ["--session-idle-timeout=x"],
            "--session-idle-timeout must be a number of seconds from 0.001 to 31536000, not x"
        ),
        (
            ["--session-id-header", "Bad:"],
            "--session-id-header must be a header name of letters, digits, '-', '_' and '.', not Bad:"
        ),
        (["--host="], "--host must be a numeric address, not an empty value"),
        (["--log-requests=maybe"], "--log-requests must be true, false, 1, 0, yes or no, not maybe"),
        (["--no-log-requests=1"], "--no-log-requests takes no value"),
        (["--log-format", "xml"], "--log-format must be one of text, json or logfmt, not xml"),
        (["--log-level=verbose"], "--log-level must be one of debug, info, warn or error, not verbose"),
        (["serve"], "unexpected argument 'serve'"),
        (["--version=2"], "--version takes no value"),
    ])
    func badArgumentsNameTheOptionAndWhatItTakes(arguments: [String], message: String) {
        #expect(Self.error(arguments)?.message == message)
    }

    @Test func badVariablesNameTheVariable() {
        let port = Self.error([], ["LAYOUTD_PORT": "99999"])?.message
        #expect(port == "LAYOUTD_PORT must be an integer from 0 to 65535, not 99999")
        let logs = Self.error([], ["LAYOUTD_LOG_REQUESTS": "on"])?.message
        #expect(logs == "LAYOUTD_LOG_REQUESTS must be true, false, 1, 0, yes or no, not on")
        let ttl = Self.error([], ["LAYOUTD_SESSION_TTL": "0"])?.message
        #expect(ttl == "LAYOUTD_SESSION_TTL must be a number of seconds from 0.001 to 31536000, not 0")
    }

    @Test(arguments: [
        ("--prot", "unknown option --prot; did you mean --port?"),
        ("--log-request", "unknown option --log-request; did you mean --log-requests?"),
        ("--no-log-request=1", "unknown option --no-log-request; did you mean --no-log-requests?"),
        ("--max-session-item", "unknown option --max-session-item; did you mean --max-session-items?"),
        ("--sesion-ttl", "unknown option --sesion-ttl; did you mean --session-ttl?"),
        ("-version", "unknown option -version; did you mean --version?"),
        ("--frobnicate", "unknown option --frobnicate"),
        ("-p", "unknown option -p"),
    ])
    func unknownOptionsSuggestTheNearestKnownOne(argument: String, message: String) {
        #expect(Self.error([argument])?.message == message)
    }

    @Test func aUsageErrorPrintsTheUsageLineAndAHintAndExits64() throws {
        let error = try #require(Self.error(["--port", "99999"]))
        #expect(error.report == """
            error: --port must be an integer from 0 to 65535, not 99999
            USAGE: layoutd [<options>]
              See 'layoutd --help' for more information.

            """)
        #expect(OptionsError.exitCode == 64)
    }

    @Test func helpListsEveryOptionWithItsVariableAndItsGeneratedDefault() throws {
        guard case .help(let text) = try LayoutdOptions.parse(arguments: ["--port", "1", "-h"], environment: [:]) else {
            Issue.record("expected help")
            return
        }
        #expect(text.contains("\nUSAGE: layoutd [<options>]\n"))
        for title in ["SERVER OPTIONS:", "LIMIT OPTIONS:", "SESSION OPTIONS:", "ACCESS OPTIONS:", "LOGGING OPTIONS:"] {
            #expect(text.contains("\n\(title)\n"))
        }
        #expect(text.contains("\nOPTIONS:\n  --version "))
        #expect(text.contains("\n  -h, --help "))
        // Continuation lines joined, so a wrapped entry reads as one.
        let joined = text.replacing("\n" + String(repeating: " ", count: 26), with: " ")
        let defaults = LayoutdOptions()
        for option in OptionDescriptor.all {
            let names = option.isFlag ? "\(option.flag)/--no-\(option.name)" : "\(option.flag) <"
            #expect(joined.contains("\n  \(names)"), "\(option.flag) is listed")
            #expect(joined.contains("(env: \(option.variable), default: \(option.show(defaults)))"), "\(option.flag)")
        }
        // The defaults come from the configuration structs, not from text.
        #expect(joined.contains("(env: LAYOUTD_MAX_BODY_BYTES, default: \(ParserLimits().maxBodyBytes))"))
        #expect(joined.contains("(env: LAYOUTD_MAX_ITEMS, default: \(ServiceConfiguration().maxItems))"))
        #expect(joined.contains("(env: LAYOUTD_SESSION_IDLE_TIMEOUT, default: 900)"))
        #expect(joined.contains("(env: LAYOUTD_THREADS, default: one per core)"))
        #expect(joined.contains("(env: LAYOUTD_LOG_REQUESTS, default: true)"))
        #expect(joined.contains("--session-ttl, LAYOUTD_SESSION_TTL"))
        for line in text.split(separator: "\n") {
            #expect(line.count <= 80, "\(line)")
        }
    }

    @Test func versionPrintsTheVersionAndTheCommit() throws {
        #expect(try LayoutdOptions.parse(arguments: ["--version"], environment: [:]) == .version(BuildInfo.versionLine))
        #expect(BuildInfo.versionLine == "layoutd \(BuildInfo.version) (commit \(BuildInfo.commit))")
        let commit = BuildInfo.commit
        #expect(commit == "unknown" || (commit.count >= 7 && commit.allSatisfy(\.isHexDigit)), "\(commit)")
        #expect(BuildInfo.version.split(separator: ".").count == 3)
        #expect(OpenAPIDocument.yaml.contains("\n  version: \(BuildInfo.version)\n"), "openapi.yaml states the version")
    }

    @Test func healthAndMetricsReportTheBuild() {
        let service = LayoutService()
        let health = service.respond(to: Request(method: .GET, target: "/healthz"))
        let body = String(decoding: health.body, as: UTF8.self)
        #expect(body.contains(#""version":"\#(BuildInfo.version)","commit":"\#(BuildInfo.commit)""#))
        let page = service.respond(to: Request(method: .GET, target: "/metrics"))
        let metrics = String(decoding: page.body, as: UTF8.self)
        let gauge = #"layoutd_build_info{version="\#(BuildInfo.version)",commit="\#(BuildInfo.commit)"} 1"#
        #expect(metrics.contains("# TYPE layoutd_build_info gauge\n\(gauge)\n"))
    }
}
