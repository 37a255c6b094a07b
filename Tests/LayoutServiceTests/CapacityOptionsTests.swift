import HTTPCore
@testable import LayoutService
import Testing

/// Issue 19's flags: their defaults, their values from arguments and environment, their refusals, and `/metrics`.
@Suite struct CapacityOptionsTests {
    static func options(_ arguments: [String], _ environment: [String: String] = [:]) throws -> LayoutdOptions {
        guard case .run(let options) = try LayoutdOptions.parse(arguments: arguments, environment: environment) else {
            throw OptionsError(message: "expected options to run with")
        }
        return options
    }

    @Test func theDefaultsAre512MiBOfBodiesAnd1MiBOfOutput() throws {
        let options = try Self.options([])
        #expect(options.maxBodyMemory == 512 * 1024 * 1024)
        #expect(options.maxOutputBuffer == 1024 * 1024)
        #expect(options.maxBodyPool == 64 * 1024 * 1024)
        #expect(options.service.maxRequestCost == 100_000_000)
    }

    @Test func flagsAndVariablesSetThem() throws {
        let options = try Self.options(["--max-body-memory", "1048576"], ["LAYOUTD_MAX_OUTPUT_BUFFER": "65536"])
        #expect(options.maxBodyMemory == 1_048_576)
        #expect(options.maxOutputBuffer == 65536)
    }

    @Test(arguments: [["--max-body-memory", "0"], ["--max-output-buffer", "100"], ["--max-body-memory", "1M"],
        ["--max-body-pool", "-1"]])
    func outOfRangeValuesAreRefused(arguments: [String]) {
        #expect(throws: OptionsError.self) { try Self.options(arguments) }
    }

    @Test func helpListsThemWithTheirDefaults() {
        let help = LayoutdOptions.helpText
        #expect(help.contains("--max-body-memory"))
        #expect(help.contains("default: 536870912"))
        #expect(help.contains("--max-output-buffer"))
    }

    @Test func metricsShowTheBodyBudget() {
        let status = ServerStatus()
        status.bodyMemory.limit = 4096
        _ = status.bodyMemory.reserve(1000)
        let service = LayoutService(configuration: ServiceConfiguration(), serverStatus: status)
        let text = String(decoding: service.respond(to: Request(method: .GET, target: "/metrics")).body, as: UTF8.self)
        #expect(text.contains("layoutd_request_body_bytes 1000\n"))
        #expect(text.contains("layoutd_request_body_limit_bytes 4096\n"))
        #expect(text.contains("layoutd_request_body_refusals_total 0\n"))
        #expect(text.contains("layoutd_request_body_pool_bytes 0\n"))
        #expect(text.contains("layoutd_request_body_pool_reuses_total 0\n"))
    }
}
