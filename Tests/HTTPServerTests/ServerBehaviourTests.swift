import Glibc
import HTTPCore
import HTTPServer
import Synchronization
import Testing

/// A responder whose answers are large, to exercise back-pressure.
private struct LargeAnswers: Responder {
    func respond(to request: Request, plan: Void) -> Response {
        let index = UInt8(request.path.dropFirst().utf8.first ?? 0)
        return Response(status: 200, body: [UInt8](repeating: index, count: 256 * 1024))
    }
}

@Suite struct ServerBehaviourTests {
    @Test func keepAliveServesManyRequestsOnOneConnection() throws {
        try withServer { port, _ in
            let client = try RawClient(port: port)
            for _ in 0..<50 {
                try client.send("GET / HTTP/1.1\r\nHost: a\r\n\r\n")
                let response = try client.readResponse()
                #expect(response.status == 200)
                #expect(response.body == Array("hello, world\n".utf8))
                #expect(response.header("Date")?.hasSuffix(" GMT") == true)
            }
        }
    }

    @Test func pipelinedRequestsAreAnsweredInOrder() throws {
        try withServer { port, _ in
            let client = try RawClient(port: port)
            var raw = ""
            for index in 0..<20 {
                let body = String(index)
                raw += "POST /\(index) HTTP/1.1\r\nHost: a\r\nContent-Length: \(body.utf8.count)\r\n\r\n\(body)"
            }
            try client.send(raw)
            for index in 0..<20 {
                #expect(try client.readResponse().body == Array(String(index).utf8))
            }
        }
    }

    @Test func continueIsSentBeforeTheBody() throws {
        try withServer { port, _ in
            let client = try RawClient(port: port)
            try client.send("POST / HTTP/1.1\r\nHost: a\r\nExpect: 100-continue\r\nContent-Length: 5\r\n\r\n")
            #expect(try client.readResponse().status == 100)
            try client.send("hello")
            let response = try client.readResponse()
            #expect(response.status == 200)
            #expect(response.body == Array("hello".utf8))
        }
    }

    @Test func tooLargeABodyIsRefusedBeforeContinue() throws {
        try withServer(configure: { $0.parserLimits.maxBodyBytes = 10 }) { port, _ in
            let client = try RawClient(port: port)
            try client.send("POST / HTTP/1.1\r\nHost: a\r\nExpect: 100-continue\r\nContent-Length: 11\r\n\r\n")
            #expect(try client.readResponse().status == 413)
            #expect(try client.readsEOF())
        }
    }

    @Test func headAnswersWithTheLengthButNoBody() throws {
        try withServer { port, _ in
            let client = try RawClient(port: port)
            try client.send("HEAD / HTTP/1.1\r\nHost: a\r\n\r\nGET / HTTP/1.1\r\nHost: a\r\n\r\n")
            let head = try client.readResponse(forHead: true)
            #expect(head.status == 200)
            #expect(head.header("Content-Length") == "13")
            #expect(head.body.isEmpty)
            #expect(try client.readResponse().body == Array("hello, world\n".utf8))
        }
    }

    /// That trickling bytes do not extend the deadline is the state machine's rule, tested there
    /// (`theHeaderTimeoutCountsFromTheFirstByteNotTheLast`); here the loop's timer sweep acts on it.
    @Test func aSlowSenderGets408AfterTheHeaderTimeout() throws {
        try withServer(configure: { $0.headerTimeout = .milliseconds(200) }) { port, _ in
            let client = try RawClient(port: port)
            let start = nowMilliseconds()
            try client.send("GET / HTTP/1.1\r\nHo")
            try client.send("st: a\r\n")
            let response = try client.readResponse()
            let elapsed = nowMilliseconds() - start
            #expect(response.status == 408)
            #expect(response.header("Connection") == "close")
            #expect(try client.readsEOF())
            #expect(elapsed >= 190 && elapsed < 1500, "took \(elapsed) ms")
        }
    }

    @Test func aSlowBodyGets408AfterTheBodyTimeout() throws {
        try withServer(configure: { $0.bodyTimeout = .milliseconds(200) }) { port, _ in
            let client = try RawClient(port: port)
            try client.send("POST / HTTP/1.1\r\nHost: a\r\nContent-Length: 10\r\n\r\nabc")
            #expect(try client.readResponse().status == 408)
            #expect(try client.readsEOF())
        }
    }

    @Test func idleConnectionsAreClosedQuietly() throws {
        try withServer(configure: { $0.idleTimeout = .milliseconds(200) }) { port, _ in
            let client = try RawClient(port: port)
            try client.send("GET / HTTP/1.1\r\nHost: a\r\n\r\n")
            #expect(try client.readResponse().status == 200)
            #expect(try client.readsEOF())
        }
    }

    /// Requests that each arrive whole never take the connection out of its idle phase; each one must still restart
    /// the idle timer, or a busy connection would be closed every idle timeout with a request in flight. (The state
    /// machine's `everyRequestRestartsTheIdleTimerOfABusyConnection` checks the rule with exact times.)
    @Test func aBusyKeepAliveConnectionOutlivesTheIdleTimeout() throws {
        try withServer(configure: { $0.idleTimeout = .milliseconds(300) }) { port, _ in
            let client = try RawClient(port: port)
            let start = ContinuousClock.now
            var answered = 0
            while ContinuousClock.now - start < .milliseconds(1200) {
                try client.send("GET / HTTP/1.1\r\nHost: a\r\n\r\n")
                #expect(try client.readResponse().status == 200)
                answered += 1
            }
            #expect(answered >= 10)
            #expect(try client.readsEOF(), "closed once idle")
        }
    }

    @Test func manySlowClientsDoNotDelayAFastOne() throws {
        try withServer(configure: { $0.headerTimeout = .seconds(1) }) { port, _ in
            var slow: [RawClient] = []
            for _ in 0..<1000 {
                let client = try RawClient(port: port)
                try client.send("GET / HTTP/1.1\r\nHost: a\r\nX-Slow: ")
                slow.append(client)
            }
            let fast = try RawClient(port: port)
            let start = nowMilliseconds()
            for _ in 0..<10 {
                try fast.send("GET / HTTP/1.1\r\nHost: a\r\n\r\n")
                #expect(try fast.readResponse().status == 200)
            }
            let elapsed = nowMilliseconds() - start
            #expect(elapsed < 800, "10 fast requests took \(elapsed) ms beside 1000 slow clients")
            // Then every slow client gets its 408, and the fast one is still served.
            for client in slow {
                #expect(try client.readResponse().status == 408)
            }
            try fast.send("GET / HTTP/1.1\r\nHost: a\r\n\r\n")
            #expect(try fast.readResponse().status == 200)
        }
    }

    @Test func largeBodiesRunOnTheWorkerPoolWithoutStallingSmallRequests() throws {
        var responder = GatedResponder()
        responder.holds = { $0.body.count >= 100_000 }
        try withServer(configure: { $0.workerPoolBodyThreshold = 100_000 }, responder: responder) { port, _ in
            let big = try RawClient(port: port)
            let body = String(repeating: "x", count: 200_000)
            try big.send("POST / HTTP/1.1\r\nHost: a\r\nContent-Length: \(body.utf8.count)\r\n\r\n" + body)
            #expect(responder.entered.wait(), "the big request reached the responder")
            // The big one is held on the worker until released: the small ones can only be answered beside it.
            let small = try RawClient(port: port)
            for _ in 0..<5 {
                try small.send("POST / HTTP/1.1\r\nHost: a\r\nContent-Length: 2\r\n\r\nok")
                #expect(try small.readResponse().body == Array("ok".utf8))
            }
            responder.release.open()
            #expect(try big.readResponse().body == Array("200000\n".utf8))
        }
    }

    @Test func backPressureKeepsPipelinedLargeAnswersInOrder() throws {
        try withServer(configure: { $0.maxPendingOutputBytes = 512 * 1024 }, responder: LargeAnswers()) { port, _ in
            // A small receive buffer keeps the server's output queued, so back-pressure stops its reading; the
            // state machine's `backPressureStopsReadingUntilTheClientTakesTheOutput` checks the rule itself.
            let client = try RawClient(port: port, receiveBufferBytes: 16 * 1024)
            let letters = Array("abcdefghijklmnopqrstuvwxyz")
            try client.send(letters.map { "GET /\($0) HTTP/1.1\r\nHost: a\r\n\r\n" }.joined())
            for letter in letters {
                let response = try client.readResponse()
                #expect(response.body.count == 256 * 1024)
                #expect(response.body.first == letter.asciiValue)
            }
        }
    }

    @Test func largeBodiesAreEchoedIntactAndInOrder() throws {
        try withServer(configure: { $0.maxPendingOutputBytes = 256 * 1024 }) { port, _ in
            let client = try RawClient(port: port)
            let body = (0..<3_000_000).map { UInt8(truncatingIfNeeded: $0 &* 7) }
            try client.send(Array("POST /big HTTP/1.1\r\nHost: a\r\nContent-Length: \(body.count)\r\n\r\n".utf8) + body
                + Array("GET / HTTP/1.1\r\nHost: a\r\n\r\n".utf8))
            let big = try client.readResponse()
            #expect(big.status == 200)
            #expect(big.body == body)
            #expect(try client.readResponse().body == Array("hello, world\n".utf8))
        }
    }

    @Test func connectionsPastTheCapGet503() throws {
        try withServer(configure: { $0.maxConnections = 2 }) { port, server in
            let first = try RawClient(port: port)
            let second = try RawClient(port: port)
            try first.send("GET / HTTP/1.1\r\nHost: a\r\n\r\n")
            try second.send("GET / HTTP/1.1\r\nHost: a\r\n\r\n")
            #expect(try first.readResponse().status == 200)
            #expect(try second.readResponse().status == 200)
            #expect(server.status.openConnections == 2)
            let third = try RawClient(port: port)
            #expect(try third.readResponse().status == 503)
            #expect(try third.readsEOF())
        }
    }

    @Test func shutdownFinishesRequestsInFlightWithConnectionClose() throws {
        var configuration = ServerConfiguration()
        configuration.port = 0
        configuration.eventLoopCount = 2
        let responder = GatedResponder()
        let server = HTTPServer(configuration: configuration, responder: responder)
        let port = try server.start()
        #expect(server.status.isReady)
        let idle = try RawClient(port: port)
        try idle.send("GET / HTTP/1.1\r\nHost: a\r\n\r\n")
        #expect(try idle.readResponse().status == 200)
        let busy = try RawClient(port: port)
        try busy.send("GET /gated HTTP/1.1\r\nHost: a\r\n\r\n")
        #expect(responder.entered.wait(), "the request is in flight")
        let start = nowMilliseconds()
        server.beginShutdown()
        #expect(!server.status.isReady)
        // Released only now: the answer is computed after the drain began, and must say it closes.
        responder.release.open()
        #expect(try idle.readsEOF(), "idle connections close")
        let response = try busy.readResponse()
        #expect(response.status == 200)
        #expect(response.header("Connection") == "close")
        server.wait()
        #expect(nowMilliseconds() - start < 2000)
        #expect(server.status.openConnections == 0)
        #expect(throws: ClientError.self) { try RawClient(port: port) }
    }

    @Test func theDrainDeadlineClosesWhatIsLeft() throws {
        var configuration = ServerConfiguration()
        configuration.port = 0
        configuration.eventLoopCount = 1
        configuration.drainTimeout = .milliseconds(200)
        let server = HTTPServer(configuration: configuration, responder: EchoResponder())
        let port = try server.start()
        let partial = try RawClient(port: port)
        try partial.send("GET / HTTP/1.1\r\nHost")
        // Once accepted, the drain reads the partial head (if the loop has not yet) and keeps the connection.
        #expect(waitUntil { server.status.openConnections == 1 })
        let start = nowMilliseconds()
        server.shutdown()
        let elapsed = nowMilliseconds() - start
        #expect(elapsed >= 150 && elapsed < 1500, "shutdown took \(elapsed) ms")
        #expect(try partial.readsEOF())
    }
}
