import Foundation
import Glibc
@testable import LayoutService

/// A private `redis-server` for one test: a free loopback port, no persistence, stopped when the test ends.
///
/// It is started from Debian's `redis-server` on the `PATH`; without one the test fails naming it (CI installs it,
/// see `scripts/test`), it is never skipped. Readiness is read from the server's own log line, so no test sleeps.
final class RedisServerProcess {
    /// Why a private server could not be started.
    struct StartError: Error, CustomStringConvertible {
        var description: String
    }

    let port: Int
    var endpoint: RedisEndpoint { RedisEndpoint(host: "127.0.0.1", port: self.port) }

    /// Starts `redis-server` and returns once it accepts connections.
    init(port fixedPort: Int? = nil, extraArguments: [String] = []) throws {
        guard let executable = Self.findExecutable("redis-server") else {
            throw StartError(
                description: "redis-server is not installed (apt-get install -y redis-server); the Redis tests need it"
            )
        }
        var lastError = "no attempt"
        for _ in 0..<5 {
            let port = try fixedPort ?? Self.freePort()
            let output = Pipe()
            let process = Process()
            process.executableURL = URL(fileURLWithPath: executable)
            process.arguments = [
                "--port", String(port), "--bind", "127.0.0.1", "--save", "", "--appendonly", "no",
                "--daemonize", "no", "--loglevel", "notice", "--logfile", "",
            ] + extraArguments
            process.standardOutput = output
            process.standardError = output
            try process.run()
            var log = ""
            let handle = output.fileHandleForReading
            while true {
                let chunk = handle.availableData
                if chunk.isEmpty { break }
                log += String(decoding: chunk, as: UTF8.self)
                if log.contains("Ready to accept connections") { break }
            }
            if log.contains("Ready to accept connections") {
                self.port = port
                self.running = process
                // Keep draining the log so the server never blocks on a full pipe.
                handle.readabilityHandler = { _ = $0.availableData }
                return
            }
            process.waitUntilExit()
            lastError = log
        }
        throw StartError(description: "redis-server did not start: \(lastError)")
    }

    private var running: Process?

    deinit { self.stop() }

    /// Stops the server (SIGKILL: nothing is kept) and waits for it to exit.
    func stop() {
        guard let running, running.isRunning else { return }
        kill(running.processIdentifier, SIGKILL)
        running.waitUntilExit()
    }

    private static func findExecutable(_ name: String) -> String? {
        let path = ProcessInfo.processInfo.environment["PATH"] ?? "/usr/bin:/bin"
        let directories = path.split(separator: ":").map(String.init) + ["/usr/bin", "/usr/local/bin", "/usr/sbin"]
        return directories.map { "\($0)/\(name)" }.first { access($0, X_OK) == 0 }
    }

    /// A port nobody listens on now: bind port 0 on loopback and read what the kernel gave.
    static func freePort() throws -> Int {
        let descriptor = socket(AF_INET, Int32(SOCK_STREAM.rawValue), 0)
        guard descriptor >= 0 else { throw StartError(description: "socket: \(errno)") }
        defer { close(descriptor) }
        var address = sockaddr_in()
        address.sin_family = sa_family_t(AF_INET)
        address.sin_addr.s_addr = inet_addr("127.0.0.1")
        address.sin_port = 0
        var length = socklen_t(MemoryLayout<sockaddr_in>.size)
        let bound = withUnsafeMutablePointer(to: &address) { pointer in
            pointer.withMemoryRebound(to: sockaddr.self, capacity: 1) { address in
                bind(descriptor, address, length) == 0 && getsockname(descriptor, address, &length) == 0
            }
        }
        guard bound else { throw StartError(description: "bind: \(errno)") }
        return Int(UInt16(bigEndian: address.sin_port))
    }
}
