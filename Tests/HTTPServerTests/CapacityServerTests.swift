import Glibc
import HTTPCore
import HTTPServer
import Testing

/// Issue 19's bounds as a client meets them over loopback: request bodies in memory.
@Suite struct CapacityServerTests {
    @Test func aBodyPastTheGlobalBudgetIs503WithRetryAfterAndRoomComesBack() throws {
        try withServer(configure: { $0.maxBodyMemory = 1000 }) { port, server in
            // One client announces 800 bytes and sends only some: they stay reserved while it dawdles.
            let holder = try RawClient(port: port)
            try holder.send("POST /echo HTTP/1.1\r\nHost: a\r\nContent-Length: 800\r\n\r\n" + String(repeating: "a", count: 100))
            #expect(waitUntil { server.status.bodyMemory.bytesInUse == 800 })
            // Another one's 300 bytes would pass the 1000: refused before its body is read, and closed.
            let refused = try RawClient(port: port)
            try refused.send("POST /echo HTTP/1.1\r\nHost: a\r\nContent-Length: 300\r\n\r\n")
            let answer = try refused.readResponse()
            #expect(answer.status == 503)
            #expect(answer.header("Retry-After") == "1")
            #expect(answer.header("Connection") == "close")
            #expect(try refused.readsEOF())
            #expect(server.status.bodyMemory.refusedCount == 1)
            // A body that fits goes through meanwhile.
            let small = try RawClient(port: port)
            try small.send("POST /echo HTTP/1.1\r\nHost: a\r\nContent-Length: 150\r\n\r\n" + String(repeating: "s", count: 150))
            #expect(try small.readResponse().body.count == 150)
            // The holder finishes: its answer frees its 800 bytes, and the refused size now fits.
            try holder.send(String(repeating: "a", count: 700))
            #expect(try holder.readResponse().body.count == 800)
            #expect(waitUntil { server.status.bodyMemory.bytesInUse == 0 })
            let retried = try RawClient(port: port)
            try retried.send("POST /echo HTTP/1.1\r\nHost: a\r\nContent-Length: 300\r\n\r\n" + String(repeating: "r", count: 300))
            #expect(try retried.readResponse().status == 200)
        }
    }

    @Test func aClientThatLeavesMidBodyGivesItsReservationBack() throws {
        try withServer(configure: { $0.maxBodyMemory = 1000 }) { port, server in
            do {
                let leaver = try RawClient(port: port)
                try leaver.send("POST /echo HTTP/1.1\r\nHost: a\r\nContent-Length: 900\r\n\r\nabc")
                #expect(waitUntil { server.status.bodyMemory.bytesInUse == 900 })
            }
            #expect(waitUntil { server.status.bodyMemory.bytesInUse == 0 })
        }
    }

    @Test func aBodyAnsweredOnTheWorkerPoolHoldsItsRoomUntilAnswered() throws {
        let gated = GatedResponder(holds: { $0.path == "/gated" })
        try withServer(
            configure: {
                $0.maxBodyMemory = 1000
                $0.workerPoolBodyThreshold = 100
            },
            responder: gated
        ) { port, server in
            let client = try RawClient(port: port)
            try client.send("POST /gated HTTP/1.1\r\nHost: a\r\nContent-Length: 600\r\n\r\n" + String(repeating: "g", count: 600))
            #expect(gated.entered.wait())
            #expect(server.status.bodyMemory.bytesInUse == 600)
            gated.release.open()
            #expect(try client.readResponse().body == Array("600\n".utf8))
            #expect(waitUntil { server.status.bodyMemory.bytesInUse == 0 })
        }
    }
}
