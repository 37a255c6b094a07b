import Foundation
import Glibc
@testable import HTTPCore
@testable import LayoutService
import Testing

/// `POST /layout/{kind}` read while its body arrives (issue 21) answers byte for byte as when read whole: values,
/// problems and their pointers, whatever the pieces the body arrives in and wherever it is wrong.
@Suite struct EarlyDecodingTests {
    let service = LayoutService()

    /// A waterfall request of `count` compact items (a few in other forms), with a rect.
    static func body(count: Int) -> [UInt8] {
        let items = (0..<count).map { index in
            index % 997 == 5
                ? #"{ "width": 3.5, "height": \#(index % 300 + 1) }"#
                : #"{"width":\#(index % 90 + 10),"height":\#(index * 7 % 300 + 1)}"#
        }
        let text = #"{"viewport":{"width":1024,"height":768},"config":{"columnCount":3},"sections":[{"items":["#
            + items.joined(separator: ",") + #"]}],"rect":{"x":0,"y":0,"width":1024,"height":4000}}"#
        return Array(text.utf8)
    }

    /// What `bytes` gets: read while it arrives in random pieces (the early reader on a thread of its own, woken as
    /// the pieces are published), then answered as the server answers once the last byte is in; with the early
    /// reader's result when the answer took it.
    static func answerArriving(
        _ bytes: [UInt8], service: LayoutService, generator: inout SessionRecordGenerator
    ) -> (Int, [UInt8], early: (any Sendable)?) {
        // Bytes not yet arrived are poison: a digit, which would lengthen any number read past them.
        var storage = [UInt8](repeating: UInt8(ascii: "7"), count: bytes.count)
        let base = storage.withUnsafeMutableBufferPointer { $0.baseAddress! }
        let first = generator.int(0...min(4096, bytes.count))
        for index in 0..<first { base[index] = bytes[index] }
        // Limits no busy machine reaches: the reader gives up only on a body that stops, which this one never does.
        let arrival = BodyArrival(
            count: bytes.count, received: first, stallLimit: 600_000_000_000, waitBudget: 600_000_000_000)
        var request = Request(method: .POST, target: "/layout/waterfall", body: storage)
        storage = []
        request.bodyArrival = arrival
        let plan = service.plan(for: request)
        #expect(service.readsEarly(Request(method: .POST, target: "/layout/waterfall"), plan: plan))
        let early = request
        let done = DispatchSemaphore(value: 0)
        Thread.detachNewThread {
            service.readEarly(early, plan: plan)
            done.signal()
        }
        // The reader takes the work before the body is fed, so that it reads while the bytes arrive and its result
        // is the answer's (an answer that came first would claim the work and read the body whole).
        while !arrival.isEarlyWorkTaken { sched_yield() }
        var sent = first
        while sent < bytes.count {
            let piece = min(bytes.count - sent, generator.int(1...100_000))
            for index in sent..<(sent + piece) { base[index] = bytes[index] }
            sent += piece
            arrival.publish(received: sent)
            for _ in 0..<generator.int(0...3) { sched_yield() }
        }
        arrival.complete()
        let response = service.respond(to: request, plan: plan)
        done.wait()
        // The answer took the early reader's result (kept after taking).
        return (response.status, response.bodyStream?.collect() ?? response.body, arrival.takeEarlyResult())
    }

    private func check(_ bodies: [[UInt8]], statuses: [Int], seed: UInt64) {
        var generator = SessionRecordGenerator(seed: seed)
        for (bytes, status) in zip(bodies, statuses) {
            let whole = self.service.respond(to: Request(method: .POST, target: "/layout/waterfall", body: bytes))
            let expected = (whole.status, whole.bodyStream?.collect() ?? whole.body)
            #expect(status == 0 || whole.status == status, "\(String(decoding: expected.1.prefix(300), as: UTF8.self))")
            var tookEarly = 0
            for _ in 0..<3 {
                let (status, body, early) = Self.answerArriving(bytes, service: self.service, generator: &generator)
                #expect(status == expected.0)
                #expect(body == expected.1, "\(String(decoding: body.prefix(300), as: UTF8.self))")
                tookEarly += early != nil ? 1 : 0
            }
            // Every answer took the early reader's result: the reader started first and never gave up.
            #expect(tookEarly == 3)
        }
    }

    @Test func aValidBodyReadWhileItArrivesAnswersAsWhole() {
        self.check([Self.body(count: 30_000), Self.body(count: 10)], statuses: [200, 200], seed: 1)
    }

    @Test func aWrongItemAnywhereIsTheSameProblemAtTheSamePointer() {
        var generator = SessionRecordGenerator(seed: 2)
        let valid = Self.body(count: 20_000)
        let item = Array(#"{"width":10,"height":1}"#.utf8)
        var bodies: [[UInt8]] = []
        let wrongs = [#"{"width":-1,"height":1}"#, #"{"width":1,"height":1,"depth":2}"#, #"{"width":1e999,"height":1}"#]
        for wrong in wrongs {
            var body = valid
            let starts = (0..<(body.count - item.count)).filter { body[$0] == UInt8(ascii: "{") }
            let start = starts[generator.int(2...(starts.count - 1))]
            let end = body[start...].firstIndex(of: UInt8(ascii: "}"))! + 1
            body.replaceSubrange(start..<end, with: Array(wrong.utf8))
            bodies.append(body)
        }
        self.check(bodies, statuses: [422, 422, 0], seed: 3)
    }

    @Test func aDamagedByteAnywhereIsTheSameSyntaxError() {
        var generator = SessionRecordGenerator(seed: 4)
        let valid = Self.body(count: 20_000)
        let replacements = Array("{}[],:\"-.e0 x".utf8)
        var bodies: [[UInt8]] = []
        for _ in 0..<6 {
            var body = valid
            body[generator.int(0...(body.count - 1))] = replacements[generator.int(0...(replacements.count - 1))]
            bodies.append(body)
        }
        // Cut short, a byte after the end, and a member missing at the end.
        bodies.append(Array(valid.dropLast(1)))
        bodies.append(valid + Array(" x".utf8))
        let text = String(decoding: valid, as: UTF8.self)
        bodies.append(Array(text.replacingOccurrences(of: "\"viewport\"", with: "\"viewpart\"").utf8))
        self.check(bodies, statuses: bodies.map { _ in 0 }, seed: 5)
    }

    @Test func aBodyThatStopsArrivingLeavesTheAnswerToTheWholeBody() {
        let bytes = Self.body(count: 20_000)
        var storage = bytes
        let arrival = BodyArrival(count: bytes.count, received: 1000)
        storage.withUnsafeMutableBufferPointer { buffer in
            for index in 1000..<buffer.count { buffer[index] = UInt8(ascii: "7") }
        }
        var request = Request(method: .POST, target: "/layout/waterfall", body: storage)
        request.bodyArrival = arrival
        let plan = self.service.plan(for: request)
        let early = request
        let done = DispatchSemaphore(value: 0)
        let service = self.service
        Thread.detachNewThread {
            service.readEarly(early, plan: plan)
            done.signal()
        }
        #expect(Self.awaited(arrival, other: nil) != nil, "the reader never waited for bytes")
        arrival.abandon()
        done.wait()
        // It gave up: nothing is left for an answer to take.
        #expect(arrival.takeEarlyResult() == nil)
    }

    /// A client that sends `Expect: 100-continue` sends the head alone: the early reader starts before any byte of
    /// the body is in. It waits for the body's first bytes and reads from there as the rest arrives, rather than
    /// failing on the empty prefix and waiting for the whole body.
    @Test func aReaderStartedBeforeAnyByteReadsTheBodyWhileItArrives() {
        let bytes = Self.body(count: 100_000)
        var storage = [UInt8](repeating: UInt8(ascii: "7"), count: bytes.count)
        let base = storage.withUnsafeMutableBufferPointer { $0.baseAddress! }
        let arrival = BodyArrival(
            count: bytes.count, received: 0, stallLimit: 600_000_000_000, waitBudget: 600_000_000_000)
        var request = Request(method: .POST, target: "/layout/waterfall", body: storage)
        storage = []
        request.bodyArrival = arrival
        let plan = self.service.plan(for: request)
        let (early, service) = (request, self.service)
        let done = DispatchSemaphore(value: 0)
        Thread.detachNewThread {
            service.readEarly(early, plan: plan)
            done.signal()
        }
        // Each wait is bounded, so that a reader that never waits again fails the test rather than hanging it.
        guard let first = Self.awaited(arrival, other: nil) else {
            Issue.record("the reader never waited for bytes")
            arrival.abandon()
            return done.wait()
        }
        #expect(first < bytes.count, "the reader waits for the whole body before reading")
        let start = min(first, bytes.count)
        for index in 0..<start { base[index] = bytes[index] }
        arrival.publish(received: start)
        // Woken, it reads what is in and waits for more: not yet the whole body.
        let second = Self.awaited(arrival, other: first)
        #expect(second.map { $0 > start && $0 < bytes.count } == true)
        for index in start..<bytes.count { base[index] = bytes[index] }
        arrival.complete()
        let response = self.service.respond(to: request, plan: plan)
        done.wait()
        let whole = self.service.respond(to: Request(method: .POST, target: "/layout/waterfall", body: bytes))
        #expect(response.status == 200)
        #expect((response.bodyStream?.collect() ?? response.body) == (whole.bodyStream?.collect() ?? whole.body))
        #expect(arrival.takeEarlyResult() != nil)
    }

    /// How many bytes the reader of `arrival` waits for, once it waits for a count other than `other`; `nil` if it
    /// has not within 10 seconds.
    static func awaited(_ arrival: BodyArrival, other: Int?) -> Int? {
        let deadline = ContinuousClock.now.advanced(by: .seconds(10))
        while ContinuousClock.now < deadline {
            if let count = arrival.awaitedCount, count != other { return count }
            sched_yield()
        }
        return nil
    }

    @Test func onlyLayoutRoutesWithAKnownKindReadEarly() {
        let targets = [("/layout/waterfall", true), ("/layout/nope", false), ("/sessions", false), ("/healthz", false)]
        for (target, reads) in targets {
            let head = Request(method: .POST, target: target)
            #expect(self.service.readsEarly(head, plan: self.service.plan(for: head)) == reads, "\(target)")
        }
        let get = Request(method: .GET, target: "/layout/flow")
        #expect(!self.service.readsEarly(get, plan: self.service.plan(for: get)))
    }
}
