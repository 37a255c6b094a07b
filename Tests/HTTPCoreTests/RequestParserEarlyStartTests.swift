@testable import HTTPCore
import Testing

/// A large body is lent to an early reader while it arrives: the reader sees the bytes published, in place, never
/// a copy; the request handed out later is the same body, complete; a parser dropped before the end abandons it.
@Suite struct RequestParserEarlyStartTests {
    static let size = RequestParser.earlyStartBodyBytes + 54_321
    static let body = BodyStoragePoolTests.body(size, seed: 9)

    /// A parser with the head and `first` bytes of ``body`` in, and the early request it lent.
    static func started(first: Int, budget: BodyMemoryBudget? = nil) throws -> (RequestParser, Request) {
        var parser = RequestParser(bodyBudget: budget)
        parser.append(BodyStoragePoolTests.head(Self.size) + Self.body[..<first])
        #expect(try parser.next() == nil)
        let offered = parser.considerEarlyStart()
        let head = try #require(offered)
        #expect(head.target == "/layout/flow" && head.method == .POST && head.body.isEmpty)
        let again = parser.considerEarlyStart()
        #expect(again == nil)
        let early = parser.beginEarlyStart()
        #expect(early.body.count == Self.size)
        #expect(early.bodyArrival?.receivedCount == first)
        return (parser, early)
    }

    @Test func smallAndChunkedBodiesAreNotOffered() throws {
        var parser = RequestParser()
        parser.append(BodyStoragePoolTests.head(RequestParser.earlyStartBodyBytes - 1))
        #expect(try parser.next() == nil)
        let small = parser.considerEarlyStart()
        #expect(small == nil)
        var chunked = RequestParser()
        chunked.append(Array("POST /a HTTP/1.1\r\nHost: a\r\nTransfer-Encoding: chunked\r\n\r\n".utf8))
        #expect(try chunked.next() == nil)
        let chunkedOffer = chunked.considerEarlyStart()
        #expect(chunkedOffer == nil)
    }

    @Test(arguments: [1, 2, 3])
    func theEarlyReaderSeesEachPieceInPlaceAndTheRequestIsTheSameBody(seed: UInt64) throws {
        var generator = SeededGenerator(state: seed)
        var (parser, early) = try Self.started(first: Int.random(in: 0...5000, using: &generator))
        let arrival = try #require(early.bodyArrival)
        var sent = arrival.receivedCount
        var request: Request?
        while request == nil {
            let piece = min(Self.size - sent, Int.random(in: 1...300_000, using: &generator))
            if Bool.random(using: &generator), parser.readsBodyDirectly {
                #expect(RequestParserDirectBodyTests.readDirectly(Self.body[sent..<(sent + piece)], into: &parser,
                                                                  piece: piece) == piece)
            } else {
                parser.append(Self.body[sent..<(sent + piece)])
            }
            sent += piece
            if case .request(let parsed) = try parser.next() { request = parsed }
            #expect(arrival.receivedCount == sent)
            // What is published is written, through the early request's own array.
            let prefixMatches = early.body.withUnsafeBufferPointer { $0[..<sent].elementsEqual(Self.body[..<sent]) }
            #expect(prefixMatches)
        }
        let final = try #require(request)
        #expect(arrival.isComplete)
        #expect(final.bodyArrival === arrival)
        #expect(final.body == Self.body)
        #expect(BodyStoragePoolTests.baseAddress(final.body) == BodyStoragePoolTests.baseAddress(early.body))
        let afterwards = parser.considerEarlyStart()
        #expect(afterwards == nil)
    }

    @Test func aParserDroppedBeforeTheEndAbandonsTheBody() throws {
        var arrival: BodyArrival?
        do {
            var (parser, early) = try Self.started(first: 100)
            arrival = early.bodyArrival
            parser.append(Self.body[100..<70_000])
            #expect(try parser.next() == nil)
            #expect(arrival?.isAbandoned == false)
        }
        #expect(arrival?.isAbandoned == true)
        #expect(arrival?.waitForBytes(atLeast: .max) == 70_000)
    }

    @Test func aCompletedBodyStaysCompleteWhenItsParserGoes() throws {
        var arrival: BodyArrival?
        do {
            var (parser, early) = try Self.started(first: Self.size - 1)
            arrival = early.bodyArrival
            parser.append(Self.body[(Self.size - 1)...])
            guard case .request = try parser.next() else {
                Issue.record("no request")
                return
            }
        }
        #expect(arrival?.isComplete == true)
        #expect(arrival?.isAbandoned == false)
    }

    @Test func aBodyAnEarlyReaderHoldsIsNotLentAgain() throws {
        let budget = BodyMemoryBudget()
        var (parser, early) = try Self.started(first: 0, budget: budget)
        #expect(RequestParserDirectBodyTests.readDirectly(Self.body[...], into: &parser, piece: 100_000) == Self.size)
        guard case .request(var first) = try parser.next() else {
            Issue.record("no request")
            return
        }
        let address = BodyStoragePoolTests.baseAddress(first.body)
        parser.releaseBodyMemory()
        first = Request(method: .GET, target: "/")
        // The early reader still holds the body: the next body gets other storage.
        let second = try BodyStoragePoolTests.parse(Self.body, with: &parser)
        #expect(second.flatMap { BodyStoragePoolTests.baseAddress($0.body) } != address)
        #expect(early.body.count == Self.size)
    }
}
