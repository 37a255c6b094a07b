import HTTPCore
import Testing

/// Response heads byte for byte: the heads the service writes for each kind of answer it gives, the sanitising of
/// field values that the writer now checks eight bytes at a time, and generated request identifiers, whose digits
/// are now made eight at a time.
@Suite struct ResponseHeadBytesTests {
    private static let date = "Date: Sun, 06 Nov 1994 08:49:37 GMT\r\n"

    private func written(
        _ response: Response, method: HTTPMethod? = .GET, version: HTTPVersion = .http1_1, closing: Bool = false
    ) -> String {
        var writer = ResponseWriter()
        var output: [UInt8] = []
        writer.write(
            response, method: method, version: version, closing: closing, epochSeconds: 784_111_777, into: &output
        )
        return String(decoding: output, as: UTF8.self)
    }

    /// Each shape of answer the service gives: a JSON answer with a generated identifier, a created session with
    /// its location and version, an `OPTIONS` answer, a problem that closes the connection, a `HEAD` answer, an
    /// HTTP/1.0 client kept alive, a client's own identifier, CORS fields.
    @Test func theServicesHeadsAreWrittenByteForByte() {
        var json = Response(status: 200, headers: ["Content-Type": "application/json"], body: Array("{}".utf8))
        json.requestID = RequestIdentifier(generated: 0x9ae7_6fe8_0000_0005)
        let jsonHead = "HTTP/1.1 200 OK\r\n" + Self.date + "Content-Type: application/json\r\n"
            + "X-Request-Id: 9ae76fe800000005\r\nContent-Length: 2\r\n\r\n"
        #expect(self.written(json) == jsonHead + "{}")
        #expect(self.written(json, method: .HEAD) == jsonHead)
        #expect(
            self.written(json, version: .http1_0)
                == jsonHead.replacing("\r\n\r\n", with: "\r\nConnection: keep-alive\r\n\r\n") + "{}"
        )

        var created = Response(
            status: 201,
            headers: ["Content-Type": "application/json", "Location": "/sessions/ab12", "ETag": "\"1\""],
            body: Array("{\"id\":\"ab12\"}".utf8)
        )
        created.requestID = RequestIdentifier("client-7:a.b_c")
        #expect(
            self.written(created)
                == "HTTP/1.1 201 Created\r\n" + Self.date + "Content-Type: application/json\r\n"
                + "Location: /sessions/ab12\r\nETag: \"1\"\r\nX-Request-Id: client-7:a.b_c\r\nContent-Length: 13\r\n\r\n"
                + "{\"id\":\"ab12\"}"
        )

        var options = Response(status: 204, headers: ["Allow": "GET, HEAD, OPTIONS"])
        options.headers.add(name: "Vary", value: "Origin")
        options.headers.add(name: "Access-Control-Allow-Origin", value: "https://example.com")
        options.requestID = RequestIdentifier(generated: 0)
        #expect(
            self.written(options)
                == "HTTP/1.1 204 No Content\r\n" + Self.date + "Allow: GET, HEAD, OPTIONS\r\nVary: Origin\r\n"
                + "Access-Control-Allow-Origin: https://example.com\r\nX-Request-Id: 0000000000000000\r\n\r\n"
        )

        let body = Array(#"{"type":"/problems/not-found"}"#.utf8)
        var problem = Response(status: 404, headers: ["Content-Type": "application/problem+json"], body: body)
        problem.requestID = RequestIdentifier(generated: UInt64.max)
        #expect(
            self.written(problem, closing: true)
                == "HTTP/1.1 404 Not Found\r\n" + Self.date + "Content-Type: application/problem+json\r\n"
                + "X-Request-Id: ffffffffffffffff\r\nContent-Length: \(body.count)\r\nConnection: close\r\n\r\n"
                + String(decoding: body, as: UTF8.self)
        )
    }

    /// A CR, LF or NUL at any place of a value (every offset around the eight-byte words it is checked in), and
    /// the bytes next to them that stay (TAB, 0x0C, 0x0E, 0x1F, DEL, and non-ASCII beside a CR), are written as
    /// the byte-by-byte rule says: only CR, LF and NUL become spaces.
    @Test(arguments: [UInt8(0x0D), 0x0A, 0x00, 0x09, 0x0C, 0x0E, 0x1F, 0x7F])
    func aValueIsSanitisedAtEveryPlace(byte: UInt8) {
        for length in 1...33 {
            for place in 0..<length {
                var bytes = Array(repeating: UInt8(ascii: "v"), count: length)
                bytes[place] = byte
                let value = String(decoding: bytes, as: UTF8.self)
                let expected = String(
                    decoding: bytes.map { $0 == 0x0D || $0 == 0x0A || $0 == 0 ? UInt8(ascii: " ") : $0 },
                    as: UTF8.self
                )
                let text = self.written(Response(status: 200, headers: ["X-Value": value]))
                #expect(text.contains("\r\nX-Value: \(expected)\r\nContent-Length: 0\r\n"), "\(length) \(place)")
            }
        }
        let text = self.written(Response(status: 200, headers: ["X-Value": "é\r\né\u{7F}"]))
        #expect(text.contains("\r\nX-Value: é  é\u{7F}\r\n"))
    }

    /// Generated identifiers as `String(_:radix:)` writes them, zero-padded to 16 digits: every digit value at
    /// every place, and numbers spread over the whole range.
    @Test func generatedIdentifiersAreTheNumbersInHex() {
        var numbers: [UInt64] = [0, 1, 9, 10, 15, 16, .max, .max - 1, 0x8000_0000_0000_0000, 0xFFFF_FFFF]
        for place in 0..<16 {
            for digit in UInt64(0)...15 { numbers.append(digit << UInt64(4 * place)) }
        }
        var state: UInt64 = 0x9E37_79B9_7F4A_7C15
        for _ in 0..<1000 {
            state = state &* 6_364_136_223_846_793_005 &+ 1_442_695_040_888_963_407
            numbers.append(state)
        }
        for number in numbers {
            let hex = String(number, radix: 16)
            let expected = String(repeating: "0", count: 16 - hex.count) + hex
            #expect(RequestIdentifier(generated: number).text == expected)
            var response = Response(status: 204)
            response.requestID = RequestIdentifier(generated: number)
            #expect(self.written(response).hasSuffix("\r\nX-Request-Id: \(expected)\r\n\r\n"))
        }
    }

    /// A lookup by name finds the first received field of that name in any case, then the first added one, and
    /// nothing for a name no field has (of the same length or not).
    @Test func aFieldIsLookedUpReceivedFirstThenAdded() throws {
        var parser = RequestParser()
        parser.append(Array("GET / HTTP/1.1\r\nHost: x\r\nX-Request-Id: one\r\nx-request-id: two\r\n\r\n".utf8))
        guard case .request(var request) = try parser.next() else {
            Issue.record("no request")
            return
        }
        #expect(request.headers["X-REQUEST-ID"] == "one")
        #expect(request.headers["host"] == "x")
        #expect(request.headers["X-Request-Ix"] == nil)
        #expect(request.headers["Accept"] == nil)
        request.headers.add(name: "Accept", value: "text/plain")
        request.headers.add(name: "accept", value: "image/png")
        #expect(request.headers["ACCEPT"] == "text/plain")
        var added = HTTPHeaders()
        added.add(name: "X-Request-Id", value: "three")
        #expect(added["x-request-id"] == "three")
        #expect(added["Host"] == nil)
    }
}
