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
