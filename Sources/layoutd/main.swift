// layoutd: reads flags and environment, wires the HTTP server to the layout service, and serves until SIGTERM or
// SIGINT drains it. Everything worth testing lives in the libraries.
import Glibc
import HTTPCore
import HTTPServer
import LayoutService

/// Writes one whole log line to standard error in a single `write`: unbuffered, and lines from different threads
/// never interleave.
@Sendable func writeStandardError(_ line: String) {
    let bytes = Array(line.utf8)
    _ = bytes.withUnsafeBytes { write(STDERR_FILENO, $0.baseAddress, $0.count) }
}

/// The wall-clock time in seconds since the epoch.
@Sendable func wallClock() -> Double {
    var now = timespec()
    clock_gettime(CLOCK_REALTIME, &now)
    return Double(now.tv_sec) + Double(now.tv_nsec) * 1e-9
}

/// The process environment, read from `environ` (Foundation stays out of the binary).
func processEnvironment() -> [String: String] {
    var variables: [String: String] = [:]
    var entry = environ
    while let pointer = entry.pointee {
        let text = String(cString: pointer)
        if let equals = text.firstIndex(of: "=") {
            variables[String(text[..<equals])] = String(text[text.index(after: equals)...])
        }
        entry += 1
    }
    return variables
}

let command: LayoutdCommand
do {
    command = try LayoutdOptions.parse(
        arguments: Array(CommandLine.arguments.dropFirst()),
        environment: processEnvironment()
    )
} catch {
    _ = Array(error.report.utf8).withUnsafeBytes { write(STDERR_FILENO, $0.baseAddress, $0.count) }
    exit(OptionsError.exitCode)
}

let options: LayoutdOptions
switch command {
case .run(let parsed): options = parsed
case .help(let text), .version(let text):
    print(text, terminator: text.hasSuffix("\n") ? "" : "\n")
    exit(0)
}

var configuration = ServerConfiguration()
configuration.host = options.host
configuration.port = options.port
if let threads = options.threads { configuration.eventLoopCount = threads }
configuration.maxConnections = options.maxConnections
configuration.parserLimits.maxBodyBytes = options.maxBodyBytes
configuration.maxBodyMemory = options.maxBodyMemory
configuration.maxBodyPool = options.maxBodyPool
configuration.maxPendingOutputBytes = options.maxOutputBuffer
configuration.headerTimeout = options.headerTimeout
configuration.bodyTimeout = options.bodyTimeout
configuration.idleTimeout = options.idleTimeout
configuration.drainTimeout = options.drainTimeout
let logger = Logger(
    format: options.service.logFormat, level: options.service.logLevel, now: wallClock, write: writeStandardError
)
configuration.logError = { logger.log(.error, $0) }
configuration.onDrain = { logger.log(.info, "draining", [("deadline_seconds", .number(options.drainSeconds))]) }

let status = ServerStatus()
let service = LayoutService(configuration: options.service, serverStatus: status, logger: logger)
let server = HTTPServer(configuration: configuration, responder: service, status: status)
do {
    try server.installSignalHandlers()
    let port = try server.start()
    let fields = options.startFields(eventLoops: configuration.eventLoopCount)
    logger.log(.info, "listening on http://\(options.host):\(port)", fields, always: true)
    server.wait()
    logger.log(.info, "drained, exiting")
    exit(0)
} catch {
    logger.log(.error, "cannot start: \(error)")
    exit(1)
}
