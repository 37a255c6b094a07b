@testable import LayoutService
import Testing

/// The RESP2 parser fed byte arrays: every value type, nil, nesting, every split of the input, and malformed input.
@Suite struct RESPParserTests {
    static let stream = Array(
        ("+OK\r\n-ERR wrong type\r\n:42\r\n:-7\r\n$5\r\nhello\r\n$0\r\n\r\n$-1\r\n*-1\r\n*0\r\n"
            + "*3\r\n$3\r\nfoo\r\n*2\r\n:1\r\n*1\r\n$-1\r\n+QUEUED\r\n$4\r\na\r\nb\r\n").utf8
    )
    static let values: [RESPValue] = [
        .simpleString("OK"), .error("ERR wrong type"), .integer(42), .integer(-7),
        .bulkString(Array("hello".utf8)), .bulkString([]), .bulkString(nil), .array(nil), .array([]),
        .array([
            .bulkString(Array("foo".utf8)), .array([.integer(1), .array([.bulkString(nil)])]), .simpleString("QUEUED"),
        ]),
        .bulkString(Array("a\r\nb".utf8)),
    ]

    static func parseAll(_ chunks: [ArraySlice<UInt8>]) throws -> [RESPValue] {
        var parser = RESPParser()
        var values: [RESPValue] = []
        for chunk in chunks {
            parser.append(chunk)
            while let value = try parser.next() { values.append(value) }
        }
        #expect(parser.bufferedCount == 0)
        return values
    }

    @Test func everyTypeInOneFeed() throws {
        #expect(try Self.parseAll([Self.stream[...]]) == Self.values)
    }

    @Test func everySplitPointGivesTheSameValues() throws {
        for split in 0...Self.stream.count {
            let values = try Self.parseAll([Self.stream[..<split], Self.stream[split...]])
            #expect(values == Self.values, "split at \(split)")
        }
    }

    @Test func oneByteAtATime() throws {
        #expect(try Self.parseAll(Self.stream.indices.map { Self.stream[$0..<$0 + 1] }) == Self.values)
    }

    @Test func anIncompleteValueConsumesNothing() throws {
        var parser = RESPParser()
        parser.append(Array("*2\r\n$3\r\nfoo\r\n$3\r\nba".utf8))
        #expect(try parser.next() == nil)
        #expect(parser.bufferedCount == 19)
        parser.append(Array("r\r\n".utf8))
        #expect(try parser.next() == .array([.bulkString(Array("foo".utf8)), .bulkString(Array("bar".utf8))]))
    }

    @Test(arguments: [
        ("?x\r\n", RESPParseError.unknownType(UInt8(ascii: "?"), offset: 0)),
        (":12a\r\n", .badNumber(offset: 1)),
        (":\r\n", .badNumber(offset: 1)),
        (":99999999999999999999\r\n", .badNumber(offset: 1)),
        ("$-2\r\n", .badNumber(offset: 1)),
        ("*-5\r\n", .badNumber(offset: 1)),
        ("$3\r\nfooXY", .missingTerminator(offset: 7)),
        ("$999999999999\r\n", .bulkTooLong(999_999_999_999)),
        ("*99999999999\r\n", .arrayTooLong(99_999_999_999)),
    ])
    func malformedInputThrows(text: String, error: RESPParseError) {
        var parser = RESPParser()
        parser.append(Array(text.utf8))
        #expect(throws: error) { try parser.next() }
    }

    @Test func nestingPastTheLimitThrows() {
        var parser = RESPParser(limits: .init(maxDepth: 4))
        parser.append(Array((String(repeating: "*1\r\n", count: 6) + ":1\r\n").utf8))
        #expect(throws: RESPParseError.tooDeep) { try parser.next() }
    }

    @Test func aLineWithoutEndPastTheLimitThrows() {
        var parser = RESPParser(limits: .init(maxLineBytes: 16))
        parser.append(Array(("+" + String(repeating: "a", count: 40)).utf8))
        #expect(throws: RESPParseError.lineTooLong) { try parser.next() }
    }

    @Test func commandsAreArraysOfBulkStrings() throws {
        let bytes = RESPEncoder.encode([Array("SET".utf8), Array("k".utf8), [0, 13, 10, 255]])
        #expect(bytes == Array("*3\r\n$3\r\nSET\r\n$1\r\nk\r\n$4\r\n".utf8) + [0, 13, 10, 255, 13, 10])
        var parser = RESPParser()
        parser.append(bytes)
        #expect(
            try parser.next()
                == .array([.bulkString(Array("SET".utf8)), .bulkString(Array("k".utf8)), .bulkString([0, 13, 10, 255])])
        )
    }

    @Test func aLargeBulkArrivingInChunksIsReadOnce() throws {
        let payload = (0..<300_000).map { UInt8(truncatingIfNeeded: $0 &* 31) }
        let bytes = Array("$300000\r\n".utf8) + payload + [13, 10]
        var parser = RESPParser()
        var value: RESPValue?
        for start in stride(from: 0, to: bytes.count, by: 4_096) {
            parser.append(bytes[start..<min(bytes.count, start + 4_096)])
            if let next = try parser.next() { value = next }
        }
        #expect(value == .bulkString(payload))
    }

    @Test(arguments: [
        ("redis://localhost", RedisEndpoint(host: "localhost")),
        ("redis://10.0.0.5:6380", RedisEndpoint(host: "10.0.0.5", port: 6380)),
        ("redis://redis-0.redis:6379/3", RedisEndpoint(host: "redis-0.redis", port: 6379, database: 3)),
        ("redis://[::1]:7000/", RedisEndpoint(host: "::1", port: 7000)),
    ])
    func endpointsParse(url: String, endpoint: RedisEndpoint) {
        #expect(RedisEndpoint(url: url) == endpoint)
    }

    @Test(arguments: [
        "http://x", "redis://", "redis://h:0", "redis://h:99999", "redis://u:p@h", "redis://h/x", "rediss://h",
    ])
    func badEndpointsAreRefused(url: String) {
        #expect(RedisEndpoint(url: url) == nil)
    }
}
