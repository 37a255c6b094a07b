import Glibc
import HTTPCore
import HTTPServer
import Synchronization
import Testing

/// Answers `/heavy` (expensive and heavy) by holding it until released, `/light` (expensive, not heavy) at once.
final class WeighingResponder: Responder {
    let release = Signal()
    private let running = Atomic<Int>(0)
    private let mostRunning = Atomic<Int>(0)
    private let started = Atomic<Int>(0)

    var heavyStarted: Int { self.started.load(ordering: .relaxed) }
    var mostHeavyAtOnce: Int { self.mostRunning.load(ordering: .relaxed) }

    func isExpensive(_ request: Request, plan: Void) -> Bool { request.path != "/" }
    func isHeavy(_ request: Request, plan: Void) -> Bool { request.path == "/heavy" }

    func respond(to request: Request, plan: Void) -> Response {
        guard request.path == "/heavy" else { return Response(status: 200, body: Array("light\n".utf8)) }
        let now = self.running.add(1, ordering: .relaxed).newValue
        self.started.add(1, ordering: .relaxed)
        var most = self.mostRunning.load(ordering: .relaxed)
        while now > most {
            let (exchanged, original) = self.mostRunning.compareExchange(expected: most, desired: now, ordering: .relaxed)
            if exchanged { break }
            most = original
        }
        self.release.wait(seconds: 10)
        self.running.subtract(1, ordering: .relaxed)
        return Response(status: 200, body: Array("heavy\n".utf8))
    }
}

/// Issue 19.6: heavy requests take all workers but one, so a lighter one never waits behind more than one.
@Suite struct FairWorkerPoolTests {
    @Test(arguments: [2, 3])
    func aLightRequestIsAnsweredWhileHeavyOnesHoldTheirWorkers(workers: Int) throws {
        let responder = WeighingResponder()
        try withServer(configure: { $0.workerCount = workers }, responder: responder) { port, _ in
            let heavy = try (0..<4).map { _ in try RawClient(port: port, receiveTimeoutSeconds: 15) }
            for client in heavy { try client.send("POST /heavy HTTP/1.1\r\nHost: a\r\nContent-Length: 0\r\n\r\n") }
            #expect(waitUntil { responder.heavyStarted == workers - 1 })
            let light = try RawClient(port: port)
            for _ in 0..<3 {
                try light.send("POST /light HTTP/1.1\r\nHost: a\r\nContent-Length: 0\r\n\r\n")
                #expect(try light.readResponse().body == Array("light\n".utf8))
            }
            #expect(responder.heavyStarted == workers - 1, "the other heavy requests wait for a heavy worker")
            responder.release.open()
            for client in heavy { #expect(try client.readResponse().body == Array("heavy\n".utf8)) }
            #expect(responder.mostHeavyAtOnce == workers - 1)
        }
    }

    @Test func withOneWorkerHeavyRequestsStillRunOneAtATimeAndAllAreAnswered() throws {
        let responder = WeighingResponder()
        responder.release.open()
        try withServer(configure: { $0.workerCount = 1 }, responder: responder) { port, _ in
            let clients = try (0..<3).map { _ in try RawClient(port: port) }
            for client in clients { try client.send("POST /heavy HTTP/1.1\r\nHost: a\r\nContent-Length: 0\r\n\r\n") }
            for client in clients { #expect(try client.readResponse().body == Array("heavy\n".utf8)) }
            #expect(responder.mostHeavyAtOnce == 1)
        }
    }
}
