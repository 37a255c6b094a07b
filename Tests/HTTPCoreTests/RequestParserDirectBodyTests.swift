import HTTPCore
import Testing

/// A large fixed-length body is made at its full length once the head is parsed and read straight into (issue 21):
/// the bytes are those sent, however they arrive, and whatever follows the body is the next request's.
@Suite struct RequestParserDirectBodyTests {
    static let size = RequestParser.directBodyBytes + 12_345
    static let body: [UInt8] = (0..<size).map { UInt8(truncatingIfNeeded: $0 &* 31 &+ $0 >> 9) }
    static let head = Array("POST /layout/flow HTTP/1.1\r\nHost: a\r\nContent-Length: \(size)\r\n\r\n".utf8)

    /// Feeds `bytes` to the parser through `readBodyDirectly` `piece` bytes at a time while it reads directly.
    static func readDirectly(_ bytes: ArraySlice<UInt8>, into parser: inout RequestParser, piece: Int) -> Int {
        var offset = bytes.startIndex
        while offset < bytes.endIndex, parser.readsBodyDirectly {
            let wrote = parser.readBodyDirectly { room in
                let count = min(piece, room.count, bytes.endIndex - offset)
                room.copyBytes(from: bytes[offset..<(offset + count)])
                return count
            }
            offset += wrote
        }
        return offset - bytes.startIndex
    }

    @Test(arguments: [1, 4096, 1 << 20])
    func aBodyReadDirectlyInPiecesIsTheBodySent(piece: Int) throws {
        var parser = RequestParser()
        // The head and the first bytes of the body arrive together, through the parser's buffer.
        parser.append(Self.head + Self.body[..<1000])
        #expect(try parser.next() == nil)
        #expect(parser.readsBodyDirectly)
        let read = Self.readDirectly(Self.body[1000...], into: &parser, piece: piece)
        #expect(read == Self.size - 1000)
        #expect(!parser.readsBodyDirectly)
        guard case .request(let request) = try parser.next() else {
            Issue.record("no request")
            return
        }
        #expect(request.body == Self.body)
        #expect(parser.bufferedByteCount == 0)
        #expect(try parser.next() == nil)
    }

    @Test func aBodyThatArrivesWithTheHeadAndTheNextRequestIsSplitAtItsLength() throws {
        var parser = RequestParser()
        parser.append(Self.head + Self.body + Array("GET /healthz HTTP/1.1\r\nHost: a\r\n\r\n".utf8))
        guard case .request(let first) = try parser.next() else {
            Issue.record("no first request")
            return
        }
        #expect(first.body == Self.body)
        guard case .request(let second) = try parser.next() else {
            Issue.record("no second request")
            return
        }
        #expect(second.target == "/healthz")
        #expect(second.body.isEmpty)
    }

    @Test func aSmallBodyIsNeverReadDirectly() throws {
        var parser = RequestParser()
        parser.append(Array("POST /a HTTP/1.1\r\nHost: a\r\nContent-Length: 10\r\n\r\n".utf8))
        #expect(try parser.next() == nil)
        #expect(!parser.readsBodyDirectly)
        parser.append(Array("0123456789".utf8))
        guard case .request(let request) = try parser.next() else {
            Issue.record("no request")
            return
        }
        #expect(request.body == Array("0123456789".utf8))
    }

    @Test func aReadThatEndsOrFailsWritesNothing() throws {
        var parser = RequestParser()
        parser.append(Self.head)
        #expect(try parser.next() == nil)
        #expect(parser.readBodyDirectly { _ in 0 } == 0)
        #expect(parser.readBodyDirectly { _ in -1 } == -1)
        #expect(parser.readsBodyDirectly)
        #expect(Self.readDirectly(Self.body[...], into: &parser, piece: 50_000) == Self.size)
        guard case .request(let request) = try parser.next() else {
            Issue.record("no request")
            return
        }
        #expect(request.body == Self.body)
    }
}
