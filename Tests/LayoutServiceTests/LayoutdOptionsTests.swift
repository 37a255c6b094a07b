import LayoutService
import Testing

@Suite struct LayoutdOptionsTests {
    @Test func defaultsListenOnLoopbackPort8080() throws {
        guard case .run(let options) = try LayoutdOptions.parse(arguments: [], environment: [:]) else {
            Issue.record("expected options")
            return
        }
        #expect(options.host == "127.0.0.1")
        #expect(options.port == 8080)
        #expect(options.service.maxItems == 2_000_000)
        #expect(options.service.apiToken == nil)
    }

    @Test func flagsWinOverEnvironment() throws {
        let command = try LayoutdOptions.parse(
            arguments: ["--port", "9000", "--cors-origins=https://a.example, https://b.example"],
            environment: ["LAYOUTD_PORT": "7000", "LAYOUTD_HOST": "0.0.0.0", "LAYOUTD_MAX_ITEMS": "10"]
        )
        guard case .run(let options) = command else {
            Issue.record("expected options")
            return
        }
        #expect(options.port == 9000)
        #expect(options.host == "0.0.0.0")
        #expect(options.service.maxItems == 10)
        #expect(options.service.corsOrigins == ["https://a.example", "https://b.example"])
    }

    @Test func theSessionIdentifierHeaderIsOffUnlessNamed() throws {
        guard case .run(let defaults) = try LayoutdOptions.parse(arguments: [], environment: [:]),
            case .run(let named) = try LayoutdOptions.parse(
                arguments: [], environment: ["LAYOUTD_SESSION_ID_HEADER": "Layoutd-Session-Id"])
        else {
            Issue.record("expected options")
            return
        }
        #expect(defaults.service.sessionIDHeader == nil)
        #expect(named.service.sessionIDHeader == "Layoutd-Session-Id")
    }

    @Test(arguments: [
        ["--port", "70000"], ["--port"], ["--bogus"], ["--threads", "0"], ["--header-timeout", "-1"],
        ["--session-id-header", "Bad Header:"],
    ])
    func badArgumentsAreRefusedWithAReason(arguments: [String]) {
        #expect(throws: OptionsError.self) { try LayoutdOptions.parse(arguments: arguments, environment: [:]) }
    }

    @Test func helpListsEveryVariable() throws {
        guard case .help(let text) = try LayoutdOptions.parse(arguments: ["--help"], environment: [:]) else {
            Issue.record("expected help")
            return
        }
        for variable in ["LAYOUTD_HOST", "LAYOUTD_PORT", "LAYOUTD_API_TOKEN", "LAYOUTD_CORS_ORIGINS"] {
            #expect(text.contains(variable))
        }
    }
}
