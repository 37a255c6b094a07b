import HTTPServer
import Testing

@Suite struct ConformanceTests {
    @Test func theTableHasAtLeastSixtyCases() {
        #expect(ConformanceCase.all.count >= 60)
    }

    /// Sends each raw request over loopback; checks the statuses, then either that the server closes or that the
    /// connection still serves a plain GET.
    @Test(arguments: ConformanceCase.all)
    func rawRequestGetsItsStatusAndConnectionFate(_ testCase: ConformanceCase) throws {
        try withServer { port, _ in
            let client = try RawClient(port: port)
            try client.send(testCase.raw)
            var statuses: [Int] = []
            for _ in testCase.statuses {
                statuses.append(try client.readResponse().status)
            }
            #expect(statuses == testCase.statuses)
            if testCase.closes {
                #expect(try client.readsEOF(), "expected the server to close")
            } else {
                try client.send("GET / HTTP/1.1\r\nHost: a\r\n\r\n")
                let probe = try client.readResponse()
                #expect(probe.status == 200, "the connection should still serve requests")
            }
        }
    }
}
