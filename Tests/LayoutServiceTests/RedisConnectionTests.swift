import Foundation
import Glibc
@testable import LayoutService
import Testing

/// The hand-written Redis client against a real `redis-server` of its own (see ``RedisServerProcess``).
@Suite struct RedisConnectionTests {
    static func command(_ parts: String...) -> [[UInt8]] { parts.map { Array($0.utf8) } }

    @Test func setAndGetBinaryValues() throws {
        let server = try RedisServerProcess()
        let connection = RedisConnection(endpoint: server.endpoint)
        let value: [UInt8] = [0, 13, 10, 255, 36, 42]
        let replies = try connection.send([
            [Array("SET".utf8), Array("k".utf8), value],
            Self.command("GET", "k"),
            Self.command("GET", "missing"),
        ])
        #expect(replies == [.simpleString("OK"), .bulkString(value), .bulkString(nil)])
    }

    @Test func aThousandPipelinedCommandsAnswerInOrder() throws {
        let server = try RedisServerProcess()
        let connection = RedisConnection(endpoint: server.endpoint)
        let replies = try connection.send((0..<1_000).map { _ in Self.command("INCR", "n") })
        #expect(replies == (1...1_000).map { RESPValue.integer($0) })
    }

    @Test func anErrorAnswerDoesNotFailTheOthers() throws {
        let server = try RedisServerProcess()
        let connection = RedisConnection(endpoint: server.endpoint)
        let replies = try connection.send([
            Self.command("SET", "s", "text"), Self.command("INCR", "s"), Self.command("GET", "s"),
        ])
        #expect(replies.count == 3)
        guard case .error(let message) = replies[1] else { Issue.record("\(replies[1])"); return }
        #expect(message.hasPrefix("ERR"))
        #expect(replies[2] == .bulkString(Array("text".utf8)))
    }

    @Test func eightMegabytesGoAndComeBack() throws {
        let server = try RedisServerProcess()
        let connection = RedisConnection(endpoint: server.endpoint)
        let value = (0..<8_000_000).map { UInt8(truncatingIfNeeded: $0 &* 7) }
        let replies = try connection.send([[Array("SET".utf8), Array("big".utf8), value], Self.command("GET", "big")])
        #expect(replies == [.simpleString("OK"), .bulkString(value)])
    }

    @Test func theEndpointsDatabaseIsSelected() throws {
        let server = try RedisServerProcess()
        var endpoint = server.endpoint
        endpoint.database = 2
        let inTwo = RedisConnection(endpoint: endpoint)
        _ = try inTwo.send([Self.command("SET", "k", "two")])
        let inZero = RedisConnection(endpoint: server.endpoint)
        #expect(try inZero.send([Self.command("GET", "k")]) == [.bulkString(nil)])
        #expect(try inTwo.send([Self.command("GET", "k")]) == [.bulkString(Array("two".utf8))])
    }

    @Test func luaScriptsRun() throws {
        let server = try RedisServerProcess()
        let connection = RedisConnection(endpoint: server.endpoint)
        let replies = try connection.send([
            Self.command("EVAL", "return {KEYS[1], tonumber(ARGV[1]) + 1}", "1", "key", "41")
        ])
        #expect(replies == [.array([.bulkString(Array("key".utf8)), .integer(42)])])
    }

    @Test func nobodyListeningIsUnreachable() throws {
        let port = try RedisServerProcess.freePort()
        let connection = RedisConnection(endpoint: RedisEndpoint(host: "127.0.0.1", port: port))
        #expect(throws: RedisError.self) { try connection.send([Self.command("PING")]) }
        #expect(!connection.isConnected)
        do {
            _ = try connection.send([Self.command("PING")])
        } catch {
            guard case .unreachable = error else { Issue.record("\(error)"); return }
        }
    }

    @Test func aSlowAnswerTimesOutAndTheNextCallReconnects() throws {
        let server = try RedisServerProcess(extraArguments: ["--enable-debug-command", "yes"])
        var configuration = RedisConnection.Configuration()
        configuration.commandTimeout = .milliseconds(100)
        let connection = RedisConnection(endpoint: server.endpoint, configuration: configuration)
        let clock = ContinuousClock()
        let started = clock.now
        #expect(throws: RedisError.timedOut) { try connection.send([Self.command("DEBUG", "SLEEP", "0.6")]) }
        #expect(started.duration(to: clock.now) < .milliseconds(500))
        #expect(!connection.isConnected)
        // Redis answers nobody while it sleeps: another connection, with the default timeout, waits it out.
        #expect(try RedisConnection(endpoint: server.endpoint).send([Self.command("PING")]) == [.simpleString("PONG")])
        #expect(try connection.send([Self.command("PING")]) == [.simpleString("PONG")])
    }

    /// A peer that answers half of a bulk string and then nothing: the call ends at its deadline, it never spins.
    @Test func aStalledPartialAnswerTimesOut() throws {
        let listener = socket(AF_INET, Int32(SOCK_STREAM.rawValue), 0)
        defer { close(listener) }
        var address = sockaddr_in()
        address.sin_family = sa_family_t(AF_INET)
        address.sin_addr.s_addr = inet_addr("127.0.0.1")
        var length = socklen_t(MemoryLayout<sockaddr_in>.size)
        let bound = withUnsafeMutablePointer(to: &address) { pointer in
            pointer.withMemoryRebound(to: sockaddr.self, capacity: 1) { address in
                bind(listener, address, length) == 0 && listen(listener, 1) == 0
                    && getsockname(listener, address, &length) == 0
            }
        }
        #expect(bound)
        let port = Int(UInt16(bigEndian: address.sin_port))
        let peer = Thread {
            let connection = accept(listener, nil, nil)
            var buffer = [UInt8](repeating: 0, count: 256)
            _ = read(connection, &buffer, buffer.count)
            _ = Array("$10\r\nabc".utf8).withUnsafeBytes { write(connection, $0.baseAddress, $0.count) }
            // Wait for the client to give up and close; then close too.
            _ = read(connection, &buffer, buffer.count)
            close(connection)
        }
        peer.start()
        var configuration = RedisConnection.Configuration()
        configuration.commandTimeout = .milliseconds(200)
        let endpoint = RedisEndpoint(host: "127.0.0.1", port: port)
        let connection = RedisConnection(endpoint: endpoint, configuration: configuration)
        let clock = ContinuousClock()
        let started = clock.now
        let cpuBefore = threadCPUNanoseconds()
        #expect(throws: RedisError.timedOut) { try connection.send([Self.command("GET", "k")]) }
        let elapsed = started.duration(to: clock.now)
        #expect(elapsed >= .milliseconds(200))
        #expect(elapsed < .seconds(2))
        // Waiting in poll, not spinning: the process's CPU time grew by far less than the wall time.
        #expect(threadCPUNanoseconds() - cpuBefore < 100_000_000)
    }

    @Test func aServerThatGoesAwayFailsTheCallThenIsUnreachable() throws {
        let server = try RedisServerProcess()
        let connection = RedisConnection(endpoint: server.endpoint)
        #expect(try connection.send([Self.command("PING")]) == [.simpleString("PONG")])
        server.stop()
        #expect(throws: RedisError.self) { try connection.send([Self.command("PING")]) }
        do {
            _ = try connection.send([Self.command("PING")])
            Issue.record("a stopped server answered")
        } catch {
            guard case .unreachable = error else { Issue.record("\(error)"); return }
        }
    }
}

/// This thread's CPU time in nanoseconds.
private func threadCPUNanoseconds() -> UInt64 {
    var time = timespec()
    clock_gettime(CLOCK_THREAD_CPUTIME_ID, &time)
    return UInt64(time.tv_sec) * 1_000_000_000 + UInt64(time.tv_nsec)
}
