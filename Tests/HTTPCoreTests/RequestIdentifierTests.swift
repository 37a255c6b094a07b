import HTTPCore
import Testing

@Suite struct RequestIdentifierTests {
    private func written(_ response: Response) -> String {
        var writer = ResponseWriter()
        var output: [UInt8] = []
        writer.write(response, method: .GET, closing: false, epochSeconds: 784_111_777, into: &output)
        return String(decoding: output, as: UTF8.self)
    }

    @Test(arguments: [
        (UInt64(0), "0000000000000000"),
        (UInt64(0x0123_4567_89ab_cdef), "0123456789abcdef"),
        (UInt64.max, "ffffffffffffffff"),
        (UInt64(0xa0b0_c0d0_0000_0010), "a0b0c0d000000010"),
    ])
    func aGeneratedIdentifierIsSixteenLowercaseHexDigits(number: UInt64, text: String) {
        #expect(RequestIdentifier(generated: number).text == text)
        var response = Response(status: 200, headers: ["Content-Type": "text/plain"], body: [UInt8]("hi"))
        response.requestID = RequestIdentifier(generated: number)
        #expect(self.written(response).contains("Content-Type: text/plain\r\nX-Request-Id: \(text)\r\nContent-Length"))
    }

    @Test func aGivenIdentifierIsWrittenAsIsWithLineBreaksNeutralised() {
        var response = Response(status: 204)
        response.requestID = RequestIdentifier("trace-42")
        #expect(self.written(response).contains("\r\nX-Request-Id: trace-42\r\n\r\n"))
        response.requestID = RequestIdentifier("a\r\nSet-Cookie: x\u{0}")
        #expect(self.written(response).contains("\r\nX-Request-Id: a  Set-Cookie: x \r\n\r\n"))
        #expect(RequestIdentifier("trace-42").text == "trace-42")
    }

    @Test func withoutAnIdentifierNoFieldIsWritten() {
        #expect(!self.written(Response(status: 200)).contains("X-Request-Id"))
    }
}
