import HTTPCore
import Testing

/// Random event sequences from a seeded generator, checked against the machine's invariants (see
/// ``ConnectionHarness``): nothing after close, one request in flight at most, answers in request order, no parsing
/// or reading past the output bound, no write after a closing answer or a half-close, a timer whenever nothing else
/// will wake the connection, a timer acts at its deadline and never before, every connection closes in the end,
/// and its timer is cancelled when it does.
@Suite struct ConnectionStateMachinePropertyTests {
    /// One random client: its requests, how the responder treats each, and the events of its connection.
    private struct Scenario {
        var random: SeededGenerator
        var stream: [UInt8] = []
        var sent = 0
        var answerBytes: [String: Int] = [:]
        var deferred: Set<String> = []
        var closing: Set<String> = []

        init(seed: UInt64) {
            self.random = SeededGenerator(state: seed)
            for index in 0..<Int.random(in: 1...12, using: &self.random) {
                self.stream += Array(self.makeRequest(path: "/\(index)").utf8)
                self.answerBytes["/\(index)"] = Int.random(in: 10...1500, using: &self.random)
                if Int.random(in: 0..<10, using: &self.random) < 3 { self.deferred.insert("/\(index)") }
                if Int.random(in: 0..<20, using: &self.random) == 0 { self.closing.insert("/\(index)") }
            }
        }

        mutating func makeRequest(path: String) -> String {
            switch Int.random(in: 0..<40, using: &self.random) {
            case 0..<15: return "GET \(path) HTTP/1.1\r\nHost: a\r\n\r\n"
            case 15..<17: return "GET \(path) HTTP/1.1\r\nHost: a\r\nConnection: close\r\n\r\n"
            case 17..<19: return "GET \(path) HTTP/1.0\r\n\r\n"
            case 19..<21: return "GET \(path) HTTP/1.0\r\nConnection: keep-alive\r\n\r\n"
            case 21..<23: return "HEAD \(path) HTTP/1.1\r\nHost: a\r\n\r\n"
            case 23..<31:
                let body = String(repeating: "x", count: Int.random(in: 0...80, using: &self.random))
                return "POST \(path) HTTP/1.1\r\nHost: a\r\nContent-Length: \(body.utf8.count)\r\n\r\n\(body)"
            case 31..<35:
                return "POST \(path) HTTP/1.1\r\nHost: a\r\nExpect: 100-continue\r\nContent-Length: 3\r\n\r\nabc"
            case 35..<38:
                return "POST \(path) HTTP/1.1\r\nHost: a\r\nTransfer-Encoding: chunked\r\n\r\n3\r\nabc\r\n0\r\n\r\n"
            default: return "GET \(path) HTTP/1.1\r\nHost : a\r\n\r\n"  // a parse error
            }
        }

        /// Runs the scenario; returns the harness at the end.
        mutating func run(steps: Int) -> ConnectionHarness {
            var harness = ConnectionHarness(configuration: testConfiguration, now: 0)
            let answerBytes = self.answerBytes
            let deferred = self.deferred
            let closing = self.closing
            harness.answerBytes = { answerBytes[$0] ?? 100 }
            harness.defersAnswers = { deferred.contains($0) }
            harness.responderCloses = { closing.contains($0) }
            let isRoomy = Int.random(in: 0..<4, using: &self.random) == 0
            harness.socketRoom = isRoomy ? .max : Int.random(in: 0...3000, using: &self.random)
            var hasPeerClosed = false
            var hasDrained = false
            for _ in 0..<steps where !harness.isClosed {
                if !hasDrained, harness.pendingOutput > 0, Int.random(in: 0..<20, using: &self.random) == 0 {
                    hasDrained = true
                    harness.drain()  // mid-write
                    continue
                }
                switch Int.random(in: 0..<100, using: &self.random) {
                case 0..<35 where self.sent < self.stream.count:
                    let count = min(Int.random(in: 1...40, using: &self.random), self.stream.count - self.sent)
                    let chunk = Array(self.stream[self.sent..<(self.sent + count)])
                    self.sent += count
                    if Int.random(in: 0..<40, using: &self.random) == 0, !hasDrained {
                        harness.unreadInput = chunk  // arrives unannounced, just as a drain begins
                        harness.drain()
                        hasDrained = true
                    } else {
                        harness.receive(chunk)
                    }
                case 35..<55:
                    let isAll = Int.random(in: 0..<4, using: &self.random) == 0
                    harness.clientReads(isAll ? .max : Int.random(in: 0...800, using: &self.random))
                case 55..<80:
                    let isLong = Int.random(in: 0..<10, using: &self.random) == 0
                    harness.advance(by: UInt64.random(in: 0...(isLong ? 5000 : 200), using: &self.random))
                case 80..<90:
                    harness.workerAnswers()
                case 90..<92 where !hasPeerClosed:
                    hasPeerClosed = true
                    harness.peerCloses()
                case 92..<95 where !hasDrained:
                    hasDrained = true
                    harness.drain()
                case 96:
                    harness.socketFails()
                default:
                    break
                }
            }
            // Half the connections still open see a drain wherever they are; then the client reads everything and
            // time runs on: the connection must close.
            if !hasDrained, Bool.random(using: &self.random) { harness.drain() }
            for _ in 0..<50 where !harness.isClosed {
                harness.clientReads()
                harness.workerAnswers()
                harness.advance(by: 5000)
            }
            return harness
        }
    }

    @Test(arguments: 0..<8)
    func randomEventSequencesKeepEveryInvariant(batch: Int) {
        var coverage = Coverage()
        defer { #expect(coverage.everyCaseIsReached, "\(coverage)") }
        for index in 0..<250 {
            let seed = UInt64(batch * 1000 + index)
            var scenario = Scenario(seed: seed)
            let harness = scenario.run(steps: 200)
            #expect(harness.violations.isEmpty, "seed \(seed): \(harness.violations.prefix(3))")
            #expect(harness.isClosed, "seed \(seed): the connection never closed")
            #expect(harness.actionsAfterClose.isEmpty, "seed \(seed): \(harness.actionsAfterClose) after close")
            #expect(harness.actions.filter { $0 == .close }.count == 1, "seed \(seed): closed more than once")
            #expect(harness.machine.deadline == .max, "seed \(seed): a timer armed after close")
            coverage.record(harness)
            if !harness.violations.isEmpty || !harness.isClosed { return }
        }
    }

    /// The same events with the input split differently give the same answers: where the bytes break does not change
    /// what the client is told.
    @Test(arguments: 0..<4)
    func answersDoNotDependOnHowTheInputIsSplit(batch: Int) {
        for index in 0..<100 {
            let seed = UInt64(50_000 + batch * 1000 + index)
            var scenario = Scenario(seed: seed)
            let stream = scenario.stream
            var whole = ConnectionHarness(configuration: testConfiguration)
            whole.receive(stream)
            var split = ConnectionHarness(configuration: testConfiguration)
            var offset = 0
            while offset < stream.count {
                let count = min(Int.random(in: 1...20, using: &scenario.random), stream.count - offset)
                split.receive(Array(stream[offset..<(offset + count)]))
                offset += count
            }
            let withoutContinue = { (harness: ConnectionHarness) in
                harness.written.filter { $0 != .continueResponse }
            }
            #expect(withoutContinue(whole) == withoutContinue(split), "seed \(seed)")
            #expect(whole.violations.isEmpty && split.violations.isEmpty, "seed \(seed)")
        }
    }
}

/// How many sequences of a batch reached each situation that matters, so that a generator change that stops
/// exercising one is noticed.
private struct Coverage: CustomStringConvertible {
    var backPressure = 0
    var lingering = 0
    var requestTimeouts = 0
    var parseErrors = 0
    var workerPool = 0
    var drains = 0
    var closingAnswers = 0

    var everyCaseIsReached: Bool {
        [self.backPressure, self.lingering, self.requestTimeouts, self.parseErrors, self.workerPool, self.drains,
         self.closingAnswers].allSatisfy { $0 > 0 }
    }

    var description: String {
        "back-pressure \(self.backPressure), lingering \(self.lingering), 408 \(self.requestTimeouts), "
            + "parse errors \(self.parseErrors), worker pool \(self.workerPool), drains \(self.drains), "
            + "closing answers \(self.closingAnswers)"
    }

    mutating func record(_ harness: ConnectionHarness) {
        var waits: [ConnectionStateMachine.Wait] = []
        for case .wait(let wait) in harness.actions { waits.append(wait) }
        if waits.contains(where: { !$0.isReading && $0.isWriting && $0.timeout == .writing }) { self.backPressure += 1 }
        if harness.isWriteSideShutDown { self.lingering += 1 }
        if harness.written.contains(.requestTimeout) { self.requestTimeouts += 1 }
        if harness.written.contains(.parseError) { self.parseErrors += 1 }
        if waits.contains(where: { $0.timeout == .response }) { self.workerPool += 1 }
        if harness.machine.isDraining { self.drains += 1 }
        for case .response(_, _, true) in harness.written {
            self.closingAnswers += 1
            break
        }
    }
}
