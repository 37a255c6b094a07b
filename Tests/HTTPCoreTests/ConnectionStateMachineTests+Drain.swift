@testable import HTTPCore
import Testing

/// Drains, half-closes and failures: how a connection ends.
extension ConnectionStateMachineTests {
    @Test func drainClosesAnIdleConnectionAfterAReadFindsNothing() {
        var harness = ConnectionHarness(configuration: testConfiguration)
        harness.receive(get("/1"))
        harness.drain()
        #expect(harness.actions.suffix(2) == [.read, .close])
        #expect(harness.violations.isEmpty)
    }

    @Test func drainAnswersARequestThatArrivedWithItThenCloses() {
        var harness = ConnectionHarness(configuration: testConfiguration)
        harness.unreadInput = Array(get("/1").utf8)
        harness.drain()
        #expect(harness.written == [.response(path: "/1", status: 200, isClosing: true)])
        #expect(harness.pendingOutput == 0)
        #expect(harness.isClosed)
        #expect(harness.violations.isEmpty)
    }

    @Test func drainMidRequestAnswersItWithConnectionClose() {
        var harness = ConnectionHarness(configuration: testConfiguration)
        harness.receive("GET / HTTP/1.1\r\n")
        harness.drain()
        #expect(harness.actions.last == ConnectionStateMachine.Action.none)
        harness.receive("Host: a\r\n\r\n")
        #expect(harness.written == [.response(path: "/", status: 200, isClosing: true)])
        #expect(harness.isWriteSideShutDown)
        #expect(harness.violations.isEmpty)
    }

    @Test func drainWhileTheResponderWorksClosesAfterItsAnswer() {
        var harness = ConnectionHarness(configuration: testConfiguration)
        harness.defersAnswers = { _ in true }
        harness.receive(get("/1") + get("/2"))
        harness.drain()
        #expect(!harness.isClosed)
        harness.workerAnswers()
        #expect(harness.written == [.response(path: "/1", status: 200, isClosing: true)])
        #expect(harness.dispatched == ["/1"], "the pipelined request is never read")
        #expect(harness.violations.isEmpty)
    }

    @Test func drainMidWriteClosesOnceTheOutputIsSent() {
        var harness = ConnectionHarness(configuration: testConfiguration)
        harness.socketRoom = 0
        harness.receive(get("/1"))
        harness.drain()
        #expect(!harness.isClosed)
        harness.clientReads(50)
        #expect(!harness.isClosed)
        harness.clientReads()
        #expect(harness.isClosed)
        #expect(harness.sentBytes == 100)
        #expect(harness.violations.isEmpty)
    }

    @Test func aClientThatHalfClosesGetsItsAnswerThenTheConnectionCloses() {
        var harness = ConnectionHarness(configuration: testConfiguration)
        harness.socketRoom = 0
        harness.receive(get("/1"))
        harness.peerCloses()
        #expect(!harness.isClosed)
        #expect(harness.lastWait == Wait(isReading: false, isWriting: true, timeout: .writing, deadline: 3000))
        harness.clientReads()
        #expect(harness.isClosed)
        #expect(!harness.isWriteSideShutDown, "nothing to linger for: the client sends no more")
        #expect(harness.sentBytes == 100)
        #expect(harness.violations.isEmpty)
    }

    @Test func anUnfinishedRequestIsDroppedWhenThePeerHalfCloses() {
        var harness = ConnectionHarness(configuration: testConfiguration)
        harness.receive("GET / HTTP/1.1\r\nHo")
        harness.peerCloses()
        #expect(harness.isClosed)
        #expect(harness.written.isEmpty)
        #expect(harness.violations.isEmpty)
    }

    @Test func aSocketFailureClosesAtOnceAndALateAnswerIsDropped() {
        var harness = ConnectionHarness(configuration: testConfiguration)
        harness.defersAnswers = { _ in true }
        harness.receive(get("/1"))
        harness.socketFails()
        #expect(harness.actions.last == .close)
        harness.workerAnswers()
        harness.receive(get("/2"))
        harness.drain()
        harness.advance(by: 100_000)
        #expect(harness.actionsAfterClose.isEmpty)
        #expect(harness.written.isEmpty)
        #expect(harness.violations.isEmpty)
    }
}
