import HTTPCore
import Testing

@Suite struct ResponseWriterTests {
    private func written(
        _ response: Response, method: HTTPMethod? = .GET, version: HTTPVersion = .http1_1, closing: Bool = false
    ) -> String {
        var writer = ResponseWriter()
        var output: [UInt8] = []
        writer.write(response, method: method, version: version, closing: closing, epochSeconds: 784_111_777,
                     into: &output)
        return String(decoding: output, as: UTF8.self)
    }

    @Test func aResponseHasStatusDateLengthAndBody() {
        let text = self.written(Response(status: 200, headers: ["Content-Type": "text/plain"], body: [UInt8]("hi")))
        #expect(text == "HTTP/1.1 200 OK\r\nDate: Sun, 06 Nov 1994 08:49:37 GMT\r\nContent-Type: text/plain\r\n"
            + "Content-Length: 2\r\n\r\nhi")
    }

    @Test func headKeepsTheLengthButDropsTheBody() {
        let text = self.written(Response(status: 200, body: [UInt8]("hello")), method: .HEAD)
        #expect(text.hasSuffix("Content-Length: 5\r\n\r\n"))
    }

    @Test(arguments: [204, 304])
    func noContentAndNotModifiedHaveNoBody(status: Int) {
        let text = self.written(Response(status: status, body: [UInt8]("ignored")))
        #expect(!text.contains("Content-Length"))
        #expect(text.hasSuffix("GMT\r\n\r\n"))
    }

    @Test func closingAndHTTP10KeepAliveAreAnnounced() {
        #expect(self.written(Response(status: 200), closing: true).contains("Connection: close\r\n"))
        #expect(self.written(Response(status: 200), version: .http1_0).contains("Connection: keep-alive\r\n"))
        #expect(!self.written(Response(status: 200)).contains("Connection"))
    }

    @Test func theWriterOwnsFramingFieldsAndNeutralisesLineBreaks() {
        let response = Response(
            status: 200,
            headers: ["Content-Length": "99", "Transfer-Encoding": "chunked", "X-Echo": "a\r\nSet-Cookie: x"],
            body: [UInt8]("abc")
        )
        let text = self.written(response)
        #expect(text.contains("Content-Length: 3\r\n"))
        #expect(!text.contains("Content-Length: 99"))
        #expect(!text.contains("chunked"))
        #expect(text.contains("X-Echo: a  Set-Cookie: x\r\n"))
    }

    /// The head is measured, then stored through a pointer and appended once: every piece that adds to its length
    /// (an unknown status's phrase, many and long fields, a client's request identifier with line breaks, a
    /// generated one, a body length of 19 digits' worth, HTTP/1.0 keep-alive) ends up whole, after what the output
    /// already held.
    @Test func aHeadOfEveryPieceIsWrittenWholeAfterEarlierOutput() {
        var response = Response(status: 599, body: [UInt8]("x"))
        var expectedFields = ""
        for index in 0..<40 {
            let value = String(repeating: "v\(index)", count: index * 7) + (index == 3 ? "\r\n\0" : "")
            response.headers.add(name: "X-Field-\(index)", value: value)
            let sanitized = String(repeating: "v\(index)", count: index * 7) + (index == 3 ? "   " : "")
            expectedFields += "X-Field-\(index): \(sanitized)\r\n"
        }
        for (identifier, text) in [
            (RequestIdentifier("client\r\nid"), "client  id"),
            (RequestIdentifier(generated: 0x0123_4567_89AB_CDEF), "0123456789abcdef"),
        ] {
            response.requestID = identifier
            var writer = ResponseWriter()
            var output = [UInt8]("earlier".utf8)
            let follows = writer.writeHead(response, method: .GET, version: .http1_0, closing: false,
                epochSeconds: 784_111_777, framing: .length(Int.max), into: &output)
            #expect(follows)
            let expected = "earlierHTTP/1.1 599 Server Error\r\nDate: Sun, 06 Nov 1994 08:49:37 GMT\r\n"
                + expectedFields + "X-Request-Id: \(text)\r\nContent-Length: \(Int.max)\r\n"
                + "Connection: keep-alive\r\n\r\n"
            #expect(String(decoding: output, as: UTF8.self) == expected)
        }
    }

    @Test func writeHeadSaysWhetherTheBodyFollows() {
        var writer = ResponseWriter()
        var output: [UInt8] = []
        let response = Response(status: 200, body: [UInt8]("abc"))
        #expect(writer.writeHead(response, method: .GET, closing: false, epochSeconds: 0, into: &output))
        #expect(String(decoding: output, as: UTF8.self).hasSuffix("Content-Length: 3\r\n\r\n"))
        #expect(!writer.writeHead(response, method: .HEAD, closing: false, epochSeconds: 0, into: &output))
        #expect(!writer.writeHead(Response(status: 204), method: .GET, closing: false, epochSeconds: 0, into: &output))
    }

    @Test(arguments: [-1, 0, 99, 1000])
    func anImpossibleStatusIsWrittenAs500(status: Int) {
        #expect(self.written(Response(status: status)).hasPrefix("HTTP/1.1 500 Internal Server Error\r\n"))
    }

    @Test func methodNotAllowedListsTheAllowedMethods() {
        let text = self.written(.methodNotAllowed(allowed: [.GET, .HEAD, .POST]))
        #expect(text.hasPrefix("HTTP/1.1 405 Method Not Allowed\r\n"))
        #expect(text.contains("Allow: GET, HEAD, POST\r\n"))
    }

    @Test func parseErrorsBecomeTheirStatus() {
        let text = self.written(Response(parseError: .requestLineTooLong), method: nil, closing: true)
        #expect(text.hasPrefix("HTTP/1.1 414 URI Too Long\r\n"))
        #expect(text.contains("Connection: close\r\n"))
    }

    @Test(arguments: [
        (0, "Thu, 01 Jan 1970 00:00:00 GMT"),
        (784_111_777, "Sun, 06 Nov 1994 08:49:37 GMT"),
        (951_782_400, "Tue, 29 Feb 2000 00:00:00 GMT"),
        (1_795_982_939, "Sun, 29 Nov 2026 20:08:59 GMT"),
        (4_102_444_799, "Thu, 31 Dec 2099 23:59:59 GMT"),
        (-1, "Wed, 31 Dec 1969 23:59:59 GMT"),
    ])
    func datesAreIMFFixdate(seconds: Int, expected: String) {
        #expect(IMFFixdate.format(epochSeconds: seconds) == expected)
    }

    @Test(arguments: [
        ("GET / HTTP/1.1\r\nHost: a\r\n\r\n", true),
        ("GET / HTTP/1.1\r\nHost: a\r\nConnection: close\r\n\r\n", false),
        ("GET / HTTP/1.1\r\nHost: a\r\nConnection: Upgrade, CLOSE\r\n\r\n", false),
        ("GET / HTTP/1.0\r\n\r\n", false),
        ("GET / HTTP/1.0\r\nConnection: keep-alive\r\n\r\n", true),
        ("GET / HTTP/1.0\r\nConnection: Keep-Alive, close\r\n\r\n", false),
    ])
    func keepAliveFollowsVersionAndConnection(raw: String, keepsAlive: Bool) throws {
        var parser = RequestParser()
        parser.append([UInt8](raw))
        guard case .request(let request) = try parser.next() else {
            Issue.record("no request")
            return
        }
        #expect(request.keepsAlive == keepsAlive)
    }
}

extension ResponseWriterTests {
    /// A reused buffer's stale bytes (a sent answer's) are overwritten, whatever their length against the new head's;
    /// the queued bytes before them are kept.
    @Test(arguments: [0, 1, 40, 400])
    func writingOverStaleBytesEqualsAppendingToTheQueuedOnes(stale: Int) {
        let responses = [
            Response(status: 200, headers: ["Content-Type": "text/plain"], body: [UInt8]("hi")),
            Response(status: 404, headers: ["X-A": "1", "X-B": "line\r\nbreak"], body: []),
        ]
        for response in responses {
            for method in [HTTPMethod.GET, .HEAD] {
                var writer = ResponseWriter()
                var expected = [UInt8]("queued".utf8)
                writer.write(response, method: method, closing: false, epochSeconds: 784_111_777, into: &expected)
                var output = [UInt8]("queued".utf8) + [UInt8](repeating: UInt8(ascii: "x"), count: stale)
                writer.write(
                    response, method: method, closing: false, epochSeconds: 784_111_777, into: &output,
                    overwritingFrom: 6
                )
                #expect(output == expected)
                var head = [UInt8]("queued".utf8) + [UInt8](repeating: 0, count: stale)
                var expectedHead = [UInt8]("queued".utf8)
                let hasBody = writer.writeHead(
                    response, method: method, closing: true, epochSeconds: 784_111_777, into: &head, overwritingFrom: 6
                )
                #expect(
                    hasBody
                        == writer.writeHead(
                            response, method: method, closing: true, epochSeconds: 784_111_777, into: &expectedHead
                        )
                )
                #expect(head == expectedHead)
            }
        }
    }

    @Test func aRequestsClientAddressIsNilUntilSetAndEmptyReadsAsNil() {
        var request = Request(method: .GET, target: "/")
        #expect(request.clientAddress == nil)
        request.clientAddress = "::1"
        #expect(request.clientAddress == "::1")
        request.clientAddress = nil
        #expect(request.clientAddress == nil)
        request.clientAddress = ""
        #expect(request.clientAddress == nil)
    }
}
