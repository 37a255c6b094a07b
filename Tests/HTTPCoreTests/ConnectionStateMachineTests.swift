@testable import HTTPCore
import Testing

/// Small numbers, in nanoseconds and bytes, so each timeout and the bound are easy to reach.
let testConfiguration = ConnectionStateMachine.Configuration(
    maxPendingOutputBytes: 1000, headerTimeout: 1000, bodyTimeout: 2000, idleTimeout: 3000, lingerTimeout: 500
)

typealias Head = ConnectionStateMachine.ResponseHead
typealias Wait = ConnectionStateMachine.Wait

func get(_ path: String, _ headers: String = "", version: String = "HTTP/1.1") -> String {
    "GET \(path) \(version)\r\nHost: a\r\n\(headers)\r\n"
}

func post(_ path: String, body: String) -> String {
    "POST \(path) HTTP/1.1\r\nHost: a\r\nContent-Length: \(body.utf8.count)\r\n\r\n\(body)"
}

/// The responses written, by path.
func answered(_ harness: ConnectionHarness) -> [String] {
    harness.written.compactMap { if case .response(let path, _, _) = $0 { path } else { nil } }
}

@Suite struct ConnectionStateMachineTests {
    @Test func aKeepAliveRequestIsAnsweredAndTheConnectionWaitsForTheNext() {
        var harness = ConnectionHarness(configuration: testConfiguration)
        harness.receive(get("/a"))
        #expect(harness.actions == [
            .parse, .dispatch, .writeResponse(Head(method: .GET, version: .http1_1, isClosing: false)), .parse,
            .flush, .wait(Wait(isReading: true, isWriting: false, timeout: .idle, deadline: 3000)),
        ])
        harness.receive(get("/b"))
        #expect(answered(harness) == ["/a", "/b"])
        #expect(!harness.isClosed)
        #expect(harness.violations.isEmpty)
    }

    @Test func connectionCloseIsAnsweredThenTheWriteSideShutsDownAndInputIsDiscarded() {
        var harness = ConnectionHarness(configuration: testConfiguration)
        harness.receive(get("/a", "Connection: close\r\n"))
        #expect(harness.work == [
            .parse, .dispatch, .writeResponse(Head(method: .GET, version: .http1_1, isClosing: true)), .flush,
            .shutdownWrite,
        ])
        #expect(harness.lastWait == Wait(isReading: true, isWriting: false, timeout: .lingering, deadline: 500))
        #expect(!harness.machine.acceptsInput)
        harness.receive(get("/b"))
        #expect(harness.actions.last == ConnectionStateMachine.Action.none)
        #expect(harness.parser.bufferedByteCount == 0, "input after the last answer is discarded")
        harness.peerCloses()
        #expect(harness.actions.last == .close)
        #expect(answered(harness) == ["/a"])
        #expect(harness.violations.isEmpty)
    }

    @Test(arguments: [
        ("HTTP/1.0", "", true),
        ("HTTP/1.0", "Connection: keep-alive\r\n", false),
        ("HTTP/1.1", "", false),
        ("HTTP/1.1", "Connection: close\r\n", true),
        ("HTTP/1.1", "Connection: keep-alive, Close\r\n", true),
    ])
    func theClientsVersionAndConnectionHeaderDecideKeepAlive(version: String, headers: String, closes: Bool) {
        var harness = ConnectionHarness(configuration: testConfiguration)
        harness.receive(get("/a", headers, version: version))
        let expected = version == "HTTP/1.0" ? HTTPVersion.http1_0 : .http1_1
        #expect(harness.work.contains(.writeResponse(Head(method: .GET, version: expected, isClosing: closes))))
        #expect(harness.isWriteSideShutDown == closes)
        #expect(harness.violations.isEmpty)
    }

    @Test func theResponderCanCloseTheConnection() {
        var harness = ConnectionHarness(configuration: testConfiguration)
        harness.responderCloses = { $0 == "/bye" }
        harness.receive(get("/a") + get("/bye") + get("/c"))
        #expect(harness.written == [
            .response(path: "/a", status: 200, isClosing: false), .response(path: "/bye", status: 200, isClosing: true),
        ])
        #expect(harness.isWriteSideShutDown)
        #expect(harness.violations.isEmpty)
    }

    @Test func pipelinedRequestsAreDispatchedOneAtATimeAndAnsweredInOrder() {
        var harness = ConnectionHarness(configuration: testConfiguration)
        harness.receive(get("/1") + post("/2", body: "hello") + get("/3"))
        let write = ConnectionStateMachine.Action.writeResponse(Head(method: .GET, version: .http1_1, isClosing: false))
        let writePost = ConnectionStateMachine.Action.writeResponse(
            Head(method: .POST, version: .http1_1, isClosing: false)
        )
        #expect(harness.work == [
            .parse, .dispatch, write, .parse, .dispatch, writePost, .parse, .dispatch, write, .parse, .flush,
        ])
        #expect(answered(harness) == ["/1", "/2", "/3"])
        #expect(harness.sentBytes == 300, "the three answers leave in one flush")
        #expect(harness.violations.isEmpty)
    }

    @Test func aRequestOnTheWorkerPoolHoldsBackTheNextUntilItIsAnswered() {
        var harness = ConnectionHarness(configuration: testConfiguration)
        harness.defersAnswers = { $0 == "/slow" }
        harness.receive(get("/slow") + get("/2") + get("/3"))
        #expect(harness.dispatched == ["/slow"])
        #expect(harness.written.isEmpty)
        #expect(harness.lastWait == Wait(isReading: false, isWriting: false, timeout: .response, deadline: .max))
        harness.advance(by: 1_000_000)
        #expect(!harness.isClosed, "no timer runs while the responder works")
        harness.workerAnswers()
        #expect(answered(harness) == ["/slow", "/2", "/3"])
        #expect(harness.lastWait?.timeout == .idle)
        #expect(harness.violations.isEmpty)
    }

    @Test func backPressureStopsReadingUntilTheClientTakesTheOutput() {
        var harness = ConnectionHarness(configuration: testConfiguration)
        harness.answerBytes = { _ in 600 }
        harness.socketRoom = 0
        harness.receive(get("/1") + get("/2") + get("/3"))
        #expect(answered(harness) == ["/1", "/2"], "the bound stops parsing after 1200 bytes pending")
        #expect(harness.lastWait == Wait(isReading: false, isWriting: true, timeout: .writing, deadline: 3000))
        harness.clientReads(700)
        #expect(answered(harness) == ["/1", "/2"])
        #expect(harness.lastWait?.isReading == true, "below the bound again")
        #expect(harness.lastWait?.isWriting == true)
        harness.clientReads()
        #expect(answered(harness) == ["/1", "/2", "/3"])
        #expect(harness.pendingOutput == 0)
        #expect(harness.lastWait == Wait(isReading: true, isWriting: false, timeout: .idle, deadline: 3000))
        #expect(harness.violations.isEmpty)
    }

    @Test func aParseErrorIsAnsweredThenTheConnectionLingersUntilItsTimeout() {
        var harness = ConnectionHarness(configuration: testConfiguration)
        harness.receive(get("/1") + "GET / HTTP/1.1\r\nHost : a\r\n\r\n" + get("/3"))
        #expect(harness.written == [.response(path: "/1", status: 200, isClosing: false), .parseError])
        #expect(harness.isWriteSideShutDown)
        #expect(harness.lastWait == Wait(isReading: true, isWriting: false, timeout: .lingering, deadline: 500))
        harness.receive("more")
        harness.advance(by: 499)
        #expect(!harness.isClosed)
        harness.advance(by: 1)
        #expect(harness.isClosed)
        #expect(harness.violations.isEmpty)
    }

    @Test func theFirstRequestHeadMustArriveWithinTheHeaderTimeoutOfConnecting() {
        var harness = ConnectionHarness(configuration: testConfiguration, now: 100)
        #expect(harness.machine.deadline == 1100)
        harness.advance(by: 999)
        #expect(harness.written.isEmpty)
        harness.advance(by: 1)
        #expect(harness.written == [.requestTimeout])
        #expect(harness.isWriteSideShutDown)
        #expect(harness.violations.isEmpty)
    }

    @Test func theHeaderTimeoutCountsFromTheFirstByteNotTheLast() {
        var harness = ConnectionHarness(configuration: testConfiguration)
        harness.receive(get("/1"))
        harness.advance(by: 100)
        harness.receive("GET /2 HT")
        #expect(harness.lastWait?.timeout == .head)
        #expect(harness.machine.deadline == 1100)
        harness.advance(by: 500)
        harness.receive("TP/1.1\r\n")
        #expect(harness.machine.deadline == 1100, "trickling does not extend the deadline")
        harness.advance(by: 499)
        #expect(harness.written.count == 1)
        harness.advance(by: 1)
        #expect(harness.written.last == .requestTimeout)
        #expect(harness.violations.isEmpty)
    }

    @Test func aBodyMustArriveWithinTheBodyTimeout() {
        var harness = ConnectionHarness(configuration: testConfiguration)
        harness.advance(by: 10)
        harness.receive("POST / HTTP/1.1\r\nHost: a\r\nContent-Length: 10\r\n\r\nabc")
        #expect(harness.lastWait == Wait(isReading: true, isWriting: false, timeout: .body, deadline: 2010))
        harness.advance(by: 1999)
        #expect(harness.written.isEmpty)
        harness.advance(by: 1)
        #expect(harness.written == [.requestTimeout])
        #expect(harness.violations.isEmpty)
    }

    @Test func anIdleKeepAliveConnectionClosesQuietly() {
        var harness = ConnectionHarness(configuration: testConfiguration)
        harness.receive(get("/1"))
        harness.advance(by: 2999)
        #expect(!harness.isClosed)
        harness.advance(by: 1)
        #expect(harness.isClosed)
        #expect(answered(harness) == ["/1"])
        #expect(!harness.isWriteSideShutDown, "no answer and no half-close for an idle close")
        #expect(harness.violations.isEmpty)
    }

    @Test func everyRequestRestartsTheIdleTimerOfABusyConnection() {
        var harness = ConnectionHarness(configuration: testConfiguration)
        for index in 0..<10 {
            harness.receive(get("/\(index)"))
            harness.advance(by: 2000)
        }
        #expect(!harness.isClosed, "20 time units of 2 each, past the idle timeout of 3, yet busy throughout")
        #expect(answered(harness).count == 10)
        harness.advance(by: 1000)
        #expect(harness.isClosed)
        #expect(harness.violations.isEmpty)
    }

    @Test func aClientThatTakesNoOutputIsClosedAfterTheIdleTimeoutRenewedByProgress() {
        var harness = ConnectionHarness(configuration: testConfiguration)
        harness.socketRoom = 0
        harness.receive(get("/1"))
        #expect(harness.lastWait == Wait(isReading: true, isWriting: true, timeout: .writing, deadline: 3000))
        harness.advance(by: 1000)
        harness.clientReads(10)
        #expect(harness.machine.deadline == 4000)
        harness.advance(by: 2999)
        #expect(!harness.isClosed)
        harness.advance(by: 1)
        #expect(harness.isClosed)
        #expect(harness.violations.isEmpty)
    }

    @Test func expectContinueIsAnsweredBeforeTheBody() {
        var harness = ConnectionHarness(configuration: testConfiguration)
        harness.receive("POST / HTTP/1.1\r\nHost: a\r\nExpect: 100-continue\r\nContent-Length: 5\r\n\r\n")
        #expect(harness.written == [.continueResponse])
        #expect(harness.lastWait?.timeout == .body)
        harness.receive("hello")
        #expect(harness.written == [.continueResponse, .response(path: "/", status: 200, isClosing: false)])
        #expect(harness.violations.isEmpty)
    }
}
