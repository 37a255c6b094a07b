import HTTPCore
import Testing

/// Issue 19.3: request bodies are reserved from one budget before they are read; past it, 503 with `Retry-After`.
@Suite struct BodyMemoryBudgetTests {
    static func post(length: Int, body: String = "") -> [UInt8] {
        Array("POST /a HTTP/1.1\r\nHost: a\r\nContent-Length: \(length)\r\n\r\n\(body)".utf8)
    }

    @Test func aBudgetReservesUpToItsLimitAndCountsRefusals() {
        let budget = BodyMemoryBudget(limit: 100)
        #expect(budget.reserve(60))
        #expect(!budget.reserve(41))
        #expect(budget.reserve(40))
        #expect(budget.bytesInUse == 100)
        #expect(!budget.reserve(1))
        #expect(budget.refusedCount == 2)
        budget.release(60)
        #expect(budget.bytesInUse == 40)
        #expect(budget.reserve(0) && budget.reserve(60))
    }

    @Test func aBodyIsReservedWholeWhenItsHeadArrives() throws {
        let budget = BodyMemoryBudget(limit: 100)
        var parser = RequestParser(bodyBudget: budget)
        parser.append(Self.post(length: 80, body: "abc"))
        #expect(try parser.next() == nil)
        #expect(budget.bytesInUse == 80, "reserved before the rest of the body is read")
        #expect(parser.reservedBodyBytes == 80)
    }

    @Test func aBodyPastTheBudgetIsRefusedWith503BeforeItIsRead() throws {
        let budget = BodyMemoryBudget(limit: 100)
        var first = RequestParser(bodyBudget: budget)
        first.append(Self.post(length: 80))
        _ = try first.next()
        var second = RequestParser(bodyBudget: budget)
        second.append(Self.post(length: 30, body: "x"))
        #expect(throws: HTTPParseError.bodyMemoryExhausted) { try second.next() }
        #expect(budget.bytesInUse == 80)
        let response = Response(parseError: .bodyMemoryExhausted)
        #expect(response.status == 503)
        #expect(response.headers["Retry-After"] == "1")
        // Once the first request's answer is out, its room is free again.
        first.releaseBodyMemory()
        #expect(budget.bytesInUse == 0)
        var third = RequestParser(bodyBudget: budget)
        third.append(Self.post(length: 30, body: String(repeating: "x", count: 30)))
        guard case .request(let request)? = try third.next() else {
            Issue.record("no request")
            return
        }
        #expect(request.body.count == 30)
        #expect(budget.bytesInUse == 30, "held until the answer is ready")
    }

    @Test func chunksAreReservedOneByOne() throws {
        let budget = BodyMemoryBudget(limit: 10)
        var parser = RequestParser(bodyBudget: budget)
        parser.append(Array("POST /a HTTP/1.1\r\nHost: a\r\nTransfer-Encoding: chunked\r\n\r\n6\r\nabcdef\r\n".utf8))
        #expect(try parser.next() == nil)
        #expect(budget.bytesInUse == 6)
        parser.append(Array("5\r\nghijk\r\n0\r\n\r\n".utf8))
        #expect(throws: HTTPParseError.bodyMemoryExhausted) { try parser.next() }
        parser.releaseBodyMemory()
        #expect(budget.bytesInUse == 0)
    }

    @Test func withoutABudgetNothingIsReserved() throws {
        var parser = RequestParser()
        parser.append(Self.post(length: 3, body: "abc"))
        #expect(try parser.next() != nil)
        #expect(parser.reservedBodyBytes == 0)
    }
}
