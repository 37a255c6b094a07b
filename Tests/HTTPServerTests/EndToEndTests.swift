import Foundation
import Testing

/// Runs a program to completion and returns its exit status and output.
private func run(_ path: String, _ arguments: [String]) throws -> (status: Int32, stdout: String, stderr: String) {
    let process = Process()
    process.executableURL = URL(fileURLWithPath: path)
    process.arguments = arguments
    let out = Pipe()
    let err = Pipe()
    process.standardOutput = out
    process.standardError = err
    try process.run()
    let stdout = out.fileHandleForReading.readDataToEndOfFile()
    let stderr = err.fileHandleForReading.readDataToEndOfFile()
    process.waitUntilExit()
    return (process.terminationStatus, String(decoding: stdout, as: UTF8.self), String(decoding: stderr, as: UTF8.self))
}

/// The `http-echo` binary built next to the test bundle.
private func echoBinary() -> String? {
    let candidates = [
        URL(fileURLWithPath: CommandLine.arguments[0]).deletingLastPathComponent().appendingPathComponent("http-echo"),
        URL(fileURLWithPath: #filePath).deletingLastPathComponent().deletingLastPathComponent()
            .deletingLastPathComponent().appendingPathComponent(".build/debug/http-echo"),
    ]
    return candidates.map(\.path).first { FileManager.default.isExecutableFile(atPath: $0) }
}

/// A running `http-echo` process.
private final class EchoProcess {
    let process = Process()
    let port: Int

    init() throws {
        guard let binary = echoBinary() else { throw ClientError(description: "http-echo not built") }
        self.process.executableURL = URL(fileURLWithPath: binary)
        self.process.arguments = ["0"]
        let out = Pipe()
        self.process.standardOutput = out
        try self.process.run()
        var line = Data()
        while !line.contains(UInt8(ascii: "\n")) {
            let chunk = out.fileHandleForReading.availableData
            guard !chunk.isEmpty else { throw ClientError(description: "http-echo printed no port") }
            line.append(chunk)
        }
        guard let port = Int(String(decoding: line, as: UTF8.self).trimmingCharacters(in: .whitespacesAndNewlines))
        else { throw ClientError(description: "bad port line") }
        self.port = port
    }

    deinit {
        if self.process.isRunning { self.process.terminate() }
    }
}

@Suite struct EndToEndTests {
    private let curl = "/usr/bin/curl"

    @Test func curlReusesTheConnection() throws {
        try withServer { port, _ in
            let url = "http://127.0.0.1:\(port)/"
            let result = try run(self.curl, ["-sv", url, url])
            #expect(result.status == 0)
            #expect(result.stdout == "hello, world\nhello, world\n")
            #expect(result.stderr.contains("Re-using existing connection"))
        }
    }

    @Test func curlWaitsForContinue() throws {
        try withServer { port, _ in
            let result = try run(self.curl, [
                "-sv", "-H", "Expect: 100-continue", "--data-binary", "layout me", "http://127.0.0.1:\(port)/echo",
            ])
            #expect(result.status == 0)
            #expect(result.stderr.contains("< HTTP/1.1 100 Continue"))
            #expect(result.stdout == "layout me")
        }
    }

    @Test func curlSendsAChunkedBody() throws {
        try withServer { port, _ in
            let body = String(repeating: "0123456789", count: 10_000)
            let result = try run(self.curl, [
                "-s", "-H", "Transfer-Encoding: chunked", "--data-binary", body, "http://127.0.0.1:\(port)/echo",
            ])
            #expect(result.stdout == body)
        }
    }

    @Test func curlHeadShowsTheLength() throws {
        try withServer { port, _ in
            let result = try run(self.curl, ["-sI", "http://127.0.0.1:\(port)/"])
            #expect(result.status == 0)
            #expect(result.stdout.hasPrefix("HTTP/1.1 200 OK\r\n"))
            #expect(result.stdout.contains("Content-Length: 13\r\n"))
        }
    }

    @Test func sigtermDrainsAndExitsZero() throws {
        let echo = try EchoProcess()
        let idle = try RawClient(port: echo.port)
        try idle.send("GET / HTTP/1.1\r\nHost: a\r\n\r\n")
        #expect(try idle.readResponse().status == 200)
        let busy = try RawClient(port: echo.port)
        // One answer first, so the connection is accepted before the signal; the sleep request is then either being
        // answered when the drain begins or read by the drain itself: answered with `Connection: close` either way.
        try busy.send("GET / HTTP/1.1\r\nHost: a\r\n\r\n")
        #expect(try busy.readResponse().status == 200)
        try busy.send("GET /sleep?ms=500 HTTP/1.1\r\nHost: a\r\n\r\n")
        let start = Date()
        kill(echo.process.processIdentifier, SIGTERM)
        #expect(try idle.readsEOF())
        let response = try busy.readResponse()
        #expect(response.status == 200)
        #expect(response.body == Array("slept\n".utf8))
        #expect(response.header("Connection") == "close")
        echo.process.waitUntilExit()
        #expect(echo.process.terminationReason == .exit)
        #expect(echo.process.terminationStatus == 0)
        #expect(Date().timeIntervalSince(start) < 5)
    }
}
