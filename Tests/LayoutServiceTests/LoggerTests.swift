import Foundation
import HTTPCore
import LayoutService
import Synchronization
import Testing

/// Log lines in each format, their levels, the request line's fields, and the lines of their own: evictions and
/// the worker pool's saturation.
@Suite struct LoggerTests {
    /// Collects the lines a logger writes.
    final class Lines: Sendable {
        private let lines = Mutex<[String]>([])
        var all: [String] { self.lines.withLock { $0 } }
        func logger(_ format: LogFormat, level: LogLevel = .info) -> Logger {
            Logger(format: format, level: level, now: { 1_795_957_291.123 }) { line in
                self.lines.withLock { $0.append(line) }
            }
        }
    }

    @Test(arguments: [
        (
            LogFormat.text,
            #"2026-11-29T13:01:31.123Z WARN sessions evicted reason=memory note="a b" quote="say \"hi\"""#
        ),
        (
            LogFormat.logfmt,
            #"time=2026-11-29T13:01:31.123Z level=warn msg="sessions evicted" reason=memory note="a b" "#
                + #"quote="say \"hi\"""#
        ),
        (
            LogFormat.json,
            #"{"time":"2026-11-29T13:01:31.123Z","level":"warn","msg":"sessions evicted","reason":"memory","#
                + #""note":"a b","quote":"say \"hi\""}"#
        ),
    ])
    func eachFormatWritesOneLineWithItsFields(format: LogFormat, expected: String) {
        let lines = Lines()
        lines.logger(format).log(
            .warning, "sessions evicted", [("reason", "memory"), ("note", "a b"), ("quote", "say \"hi\"")]
        )
        #expect(lines.all == [expected + "\n"])
    }

    @Test func jsonLinesParseAndEscapeControlCharacters() throws {
        let lines = Lines()
        lines.logger(.json).log(.error, "bad\nthing", [("count", 3), ("ratio", .number(0.5)), ("raw", "\u{1}")])
        let line = try #require(lines.all.first)
        #expect(line.hasSuffix("}\n") && line.filter { $0 == "\n" }.count == 1)
        let object = try #require(try JSONSerialization.jsonObject(with: Data(line.utf8)) as? [String: Any])
        #expect(object["msg"] as? String == "bad\nthing")
        #expect(object["count"] as? Int == 3)
        #expect(object["ratio"] as? Double == 0.5)
        #expect(object["raw"] as? String == "\u{1}")
        #expect(object["level"] as? String == "error")
    }

    @Test func linesBelowTheLevelAreNotWritten() {
        let lines = Lines()
        let logger = lines.logger(.text, level: .warning)
        logger.log(.debug, "a")
        logger.log(.info, "b")
        logger.log(.warning, "c")
        logger.log(.error, "d")
        #expect(lines.all.map { $0.split(separator: " ")[1] } == ["WARN", "ERROR"])
        #expect(LogLevel.debug < .info && LogLevel.info < .warning && LogLevel.warning < .error)
    }

    @Test func aRequestLineHasTheFieldsOperatorsAskFor() throws {
        let lines = Lines()
        let service = LayoutService(logger: lines.logger(.json))
        var request = Request(method: .POST, target: "/layout/flow?token=secret", body: Array("[1,2".utf8))
        request.clientAddress = "203.0.113.7"
        let response = service.respond(to: request)
        let line = try #require(lines.all.last)
        let object = try #require(try JSONSerialization.jsonObject(with: Data(line.utf8)) as? [String: Any])
        #expect(object["msg"] as? String == "request")
        #expect(object["level"] as? String == "info")
        #expect(object["request_id"] as? String == response.requestID?.text)
        #expect(object["method"] as? String == "POST")
        #expect(object["path"] as? String == "/layout/flow")
        #expect(object["status"] as? Int == 400)
        #expect((object["duration_ms"] as? Double).map { $0 >= 0 } == true)
        #expect(object["bytes_in"] as? Int == 4)
        #expect(object["bytes_out"] as? Int == response.body.count)
        #expect(object["client"] as? String == "203.0.113.7")
        #expect(object["problem"] as? String == "/problems/malformed-json")
        #expect(!line.contains("secret"))
    }

    @Test func theTextRequestLineReadsLikeTheOldOne() throws {
        let lines = Lines()
        let service = LayoutService(logger: lines.logger(.text))
        let response = service.respond(to: Request(method: .GET, target: "/healthz"))
        let id = try #require(response.requestID?.text)
        let line = try #require(lines.all.last)
        let pattern = #"^2026-11-29T13:01:31\.123Z INFO \#(id) GET /healthz 200 [0-9.]+ms in=0 out=\d+\n$"#
        #expect(line.range(of: pattern, options: .regularExpression) != nil, "\(line)")
    }

    @Test func aCreateThatEvictsLogsTheEviction() throws {
        let lines = Lines()
        var configuration = ServiceConfiguration()
        configuration.maxSessions = 1
        configuration.logsRequests = false
        let service = LayoutService(configuration: configuration, logger: lines.logger(.logfmt))
        let body = Array(#"{"kind":"flow","viewport":{"width":100,"height":100},"sections":[{"count":1}]}"#.utf8)
        #expect(service.respond(to: Request(method: .POST, target: "/sessions", body: body)).status == 201)
        #expect(lines.all.isEmpty)
        #expect(service.respond(to: Request(method: .POST, target: "/sessions", body: body)).status == 201)
        let line = try #require(lines.all.first)
        #expect(line.contains(#"level=info msg="sessions evicted" reason=count count=1 sessions=1 "#), "\(line)")
    }

    @Test func aSaturatedWorkerPoolIsLoggedOnceAndItsRecoveryToo() {
        let lines = Lines()
        let status = ServerStatus()
        var configuration = ServiceConfiguration()
        configuration.logsRequests = false
        let service = LayoutService(configuration: configuration, serverStatus: status, logger: lines.logger(.logfmt))
        status.workQueueChanged(by: 8)
        _ = service.respond(to: Request(method: .GET, target: "/healthz"))
        _ = service.respond(to: Request(method: .GET, target: "/healthz"))
        status.workQueueChanged(by: -8)
        _ = service.respond(to: Request(method: .GET, target: "/healthz"))
        _ = service.respond(to: Request(method: .GET, target: "/healthz"))
        #expect(lines.all.count == 2)
        #expect(lines.all.first?.contains(#"level=warn msg="worker pool saturated" queued=8"#) == true)
        #expect(lines.all.last?.contains(#"level=info msg="worker pool caught up" queued=0"#) == true)
    }
}
