import Glibc
import HTTPCore
import HTTPServer
import Testing

@Suite struct HTTPServerLifecycleTests {
    @Test func portZeroPicksAFreePortAndStartingTwiceFails() throws {
        var configuration = ServerConfiguration()
        configuration.port = 0
        configuration.eventLoopCount = 1
        let server = HTTPServer(configuration: configuration, responder: EchoResponder())
        let port = try server.start()
        defer { server.shutdown() }
        #expect(port > 0 && port != 8080)
        #expect(throws: SystemCallError.self) { try server.start() }
        let client = try RawClient(port: port)
        try client.send("GET / HTTP/1.1\r\nHost: a\r\n\r\n")
        #expect(try client.readResponse().status == 200)
    }

    @Test func aBadHostIsReportedNotTrapped() {
        var configuration = ServerConfiguration()
        configuration.host = "not an address"
        configuration.port = 0
        let server = HTTPServer(configuration: configuration, responder: EchoResponder())
        #expect(throws: SystemCallError(call: "inet_pton(not an address)", errno: EINVAL)) { try server.start() }
        server.wait()  // returns at once: never started
    }

    @Test func aTakenPortIsReportedWithErrno() throws {
        try withServer { port, _ in
            var configuration = ServerConfiguration()
            configuration.port = port
            let second = HTTPServer(configuration: configuration, responder: EchoResponder())
            #expect(throws: SystemCallError(call: "bind", errno: EADDRINUSE)) { try second.start() }
        }
    }

    @Test func ipv6LoopbackWorks() throws {
        var configuration = ServerConfiguration()
        configuration.host = "::1"
        configuration.port = 0
        configuration.eventLoopCount = 1
        let server = HTTPServer(configuration: configuration, responder: EchoResponder())
        let port: Int
        do {
            port = try server.start()
        } catch {
            return  // no IPv6 on this machine
        }
        defer { server.shutdown() }
        #expect(port > 0)
    }

    @Test func openConnectionsAreCounted() throws {
        try withServer { port, server in
            let first = try RawClient(port: port)
            try first.send("GET / HTTP/1.1\r\nHost: a\r\n\r\n")
            _ = try first.readResponse()
            #expect(server.status.openConnections == 1)
            try first.send("GET / HTTP/1.1\r\nHost: a\r\nConnection: close\r\n\r\n")
            _ = try first.readResponse()
            #expect(try first.readsEOF())
        }
    }
}
