/// One raw request (or several, pipelined) and how the server must answer it.
struct ConformanceCase: CustomStringConvertible, Sendable {
    var name: String
    var raw: String
    /// The statuses of the responses, in order.
    var statuses: [Int]
    /// Whether the server closes the connection after them.
    var closes: Bool

    var description: String { self.name }

    init(_ name: String, _ raw: String, _ statuses: [Int], closes: Bool) {
        self.name = name
        self.raw = raw
        self.statuses = statuses
        self.closes = closes
    }
}

private let get = "GET / HTTP/1.1\r\nHost: a\r\n\r\n"
private let post = "POST /echo HTTP/1.1\r\nHost: a\r\n"
private let chunked = post + "Transfer-Encoding: chunked\r\n\r\n"

extension ConformanceCase {
    static let framing: [ConformanceCase] = [
        .init("simple GET", get, [200], closes: false),
        .init("GET with Content-Length 0", "GET / HTTP/1.1\r\nHost: a\r\nContent-Length: 0\r\n\r\n",
              [200], closes: false),
        .init("POST with Content-Length", post + "Content-Length: 5\r\n\r\nhello", [200], closes: false),
        .init("chunked body", chunked + "5\r\nhello\r\n0\r\n\r\n", [200], closes: false),
        .init("chunked with extension", chunked + "5;a=b\r\nhello\r\n0\r\n\r\n", [200], closes: false),
        .init("chunked with trailer", chunked + "5\r\nhello\r\n0\r\nX-T: 1\r\n\r\n", [200], closes: false),
        .init("chunked upper-case hex", chunked + "A\r\n0123456789\r\n0\r\n\r\n", [200], closes: false),
        .init("two equal Content-Length", post + "Content-Length: 2\r\nContent-Length: 2\r\n\r\nok",
              [200], closes: false),
        .init("Content-Length list of equal values", post + "Content-Length: 2, 2\r\n\r\nok", [200], closes: false),
        .init("Transfer-Encoding value padded", post + "Transfer-Encoding:  chunked \r\n\r\n0\r\n\r\n",
              [200], closes: false),
    ]

    static let smuggling: [ConformanceCase] = [
        .init("CL then TE", post + "Content-Length: 5\r\nTransfer-Encoding: chunked\r\n\r\n0\r\n\r\n",
              [400], closes: true),
        .init("TE then CL", post + "Transfer-Encoding: chunked\r\nContent-Length: 5\r\n\r\n0\r\n\r\n",
              [400], closes: true),
        .init("CL 0 with TE", post + "Content-Length: 0\r\nTransfer-Encoding: chunked\r\n\r\n0\r\n\r\n",
              [400], closes: true),
        .init("two differing CL", post + "Content-Length: 1\r\nContent-Length: 2\r\n\r\nok", [400], closes: true),
        .init("CL list of differing values", post + "Content-Length: 5, 6\r\n\r\nhello", [400], closes: true),
        .init("negative CL", post + "Content-Length: -1\r\n\r\n", [400], closes: true),
        .init("CL with plus sign", post + "Content-Length: +5\r\n\r\nhello", [400], closes: true),
        .init("CL with letters", post + "Content-Length: 5a\r\n\r\nhello", [400], closes: true),
        .init("CL in hex", post + "Content-Length: 0x05\r\n\r\nhello", [400], closes: true),
        .init("empty CL", post + "Content-Length: \r\n\r\n", [400], closes: true),
        .init("CL with inner space", post + "Content-Length: 1 0\r\n\r\n", [400], closes: true),
        .init("TE gzip", post + "Transfer-Encoding: gzip\r\n\r\n", [501], closes: true),
        .init("TE identity", post + "Transfer-Encoding: identity\r\n\r\n", [501], closes: true),
        .init("TE gzip, chunked", post + "Transfer-Encoding: gzip, chunked\r\n\r\n0\r\n\r\n", [501], closes: true),
        .init("TE chunked, gzip", post + "Transfer-Encoding: chunked, gzip\r\n\r\n", [501], closes: true),
        .init("TE chunked twice", post + "Transfer-Encoding: chunked\r\nTransfer-Encoding: chunked\r\n\r\n0\r\n\r\n",
              [501], closes: true),
        .init("TE xchunked", post + "Transfer-Encoding: xchunked\r\n\r\n", [501], closes: true),
        .init("TE on HTTP/1.0", "POST / HTTP/1.0\r\nTransfer-Encoding: chunked\r\n\r\n0\r\n\r\n", [400], closes: true),
        .init("TE with space before colon", post + "Transfer-Encoding : chunked\r\n\r\n0\r\n\r\n", [400], closes: true),
        .init("TE folded", post + "Transfer-Encoding:\r\n chunked\r\n\r\n0\r\n\r\n", [400], closes: true),
        .init("TE with vertical tab", post + "Transfer-Encoding: \u{0B}chunked\r\n\r\n0\r\n\r\n", [400], closes: true),
        .init("chunk size with sign", chunked + "-5\r\nhello\r\n0\r\n\r\n", [400], closes: true),
        .init("chunk size 0x", chunked + "0x5\r\nhello\r\n0\r\n\r\n", [400], closes: true),
        .init("chunk size with leading space", chunked + " 5\r\nhello\r\n0\r\n\r\n", [400], closes: true),
        .init("chunk size with trailing space", chunked + "5 \r\nhello\r\n0\r\n\r\n", [400], closes: true),
        .init("chunk size overflowing", chunked + "10000000000000000000\r\n", [400], closes: true),
        .init("chunk data without CRLF", chunked + "5\r\nhelloXX0\r\n\r\n", [400], closes: true),
        .init("chunk line with bare LF", chunked + "5\nhello\r\n0\r\n\r\n", [400], closes: true),
        .init("empty chunk size", chunked + "\r\nhello\r\n0\r\n\r\n", [400], closes: true),
    ]

    static let syntax: [ConformanceCase] = [
        .init("space before colon", "GET / HTTP/1.1\r\nHost : a\r\n\r\n", [400], closes: true),
        .init("obs-fold", "GET / HTTP/1.1\r\nHost: a\r\nX-A: b\r\n c\r\n\r\n", [400], closes: true),
        .init("name not a token", "GET / HTTP/1.1\r\nHost: a\r\nX(A): b\r\n\r\n", [400], closes: true),
        .init("NUL in value", "GET / HTTP/1.1\r\nHost: a\r\nX-A: b\u{0}c\r\n\r\n", [400], closes: true),
        .init("CR in value", "GET / HTTP/1.1\r\nHost: a\r\nX-A: b\rc\r\n\r\n", [400], closes: true),
        .init("bare LF after field", "GET / HTTP/1.1\r\nHost: a\nX-A: b\r\n\r\n", [400], closes: true),
        .init("field without colon", "GET / HTTP/1.1\r\nHost: a\r\nNoColon\r\n\r\n", [400], closes: true),
        .init("empty field name", "GET / HTTP/1.1\r\nHost: a\r\n: b\r\n\r\n", [400], closes: true),
        .init("HTTP/1.1 without Host", "GET / HTTP/1.1\r\n\r\n", [400], closes: true),
        .init("two Host fields", "GET / HTTP/1.1\r\nHost: a\r\nHost: b\r\n\r\n", [400], closes: true),
        .init("HTTP/2.0", "GET / HTTP/2.0\r\nHost: a\r\n\r\n", [505], closes: true),
        .init("HTTP/1.2", "GET / HTTP/1.2\r\nHost: a\r\n\r\n", [505], closes: true),
        .init("HTTP/0.9 style", "GET /\r\n\r\n", [400], closes: true),
        .init("lower-case protocol", "GET / http/1.1\r\nHost: a\r\n\r\n", [400], closes: true),
        .init("version without minor", "GET / HTTP/1\r\nHost: a\r\n\r\n", [400], closes: true),
        .init("double space", "GET  / HTTP/1.1\r\nHost: a\r\n\r\n", [400], closes: true),
        .init("trailing space", "GET / HTTP/1.1 \r\nHost: a\r\n\r\n", [400], closes: true),
        .init("space in target", "GET /a b HTTP/1.1\r\nHost: a\r\n\r\n", [400], closes: true),
        .init("control byte in target", "GET /a\u{7F}b HTTP/1.1\r\nHost: a\r\n\r\n", [400], closes: true),
        .init("request line ends in bare LF", "GET / HTTP/1.1\nHost: a\r\n\r\n", [400], closes: true),
        .init("unknown method", "BREW / HTTP/1.1\r\nHost: a\r\n\r\n", [501], closes: true),
        .init("lower-case method", "get / HTTP/1.1\r\nHost: a\r\n\r\n", [501], closes: true),
        .init("unsupported expectation", "GET / HTTP/1.1\r\nHost: a\r\nExpect: tea\r\n\r\n", [417], closes: true),
        .init("empty lines before request", "\r\n\r\n" + get, [200], closes: false),
        .init("unknown path", "GET /nowhere HTTP/1.1\r\nHost: a\r\n\r\n", [404], closes: false),
        .init("absolute-form target", "GET http://a/ HTTP/1.1\r\nHost: a\r\n\r\n", [200], closes: false),
        .init("target without leading slash", "GET a HTTP/1.1\r\nHost: a\r\n\r\n", [400], closes: true),
        .init("asterisk with GET", "GET * HTTP/1.1\r\nHost: a\r\n\r\n", [400], closes: true),
        .init("absolute-form ftp target", "GET ftp://a/ HTTP/1.1\r\nHost: a\r\n\r\n", [400], closes: true),
    ]

    static let limits: [ConformanceCase] = [
        .init("request line over 8 KiB", "GET /" + String(repeating: "a", count: 9000) + " HTTP/1.1\r\nHost: a\r\n\r\n",
              [414], closes: true),
        .init("request line at the limit",
              "GET /" + String(repeating: "a", count: 8192 - 14) + " HTTP/1.1\r\nHost: a\r\n\r\n",
              [404], closes: false),
        .init("header section over 32 KiB",
              "GET / HTTP/1.1\r\nHost: a\r\nX-Big: " + String(repeating: "b", count: 33000) + "\r\n\r\n",
              [431], closes: true),
        .init("101 fields", "GET / HTTP/1.1\r\nHost: a\r\n" + (1...100).map { "X-\($0): v\r\n" }.joined() + "\r\n",
              [431], closes: true),
        .init("100 fields", "GET / HTTP/1.1\r\nHost: a\r\n" + (1...99).map { "X-\($0): v\r\n" }.joined() + "\r\n",
              [200], closes: false),
        .init("Content-Length over 64 MiB", post + "Content-Length: 67108865\r\n\r\n", [413], closes: true),
        .init("huge Content-Length", post + "Content-Length: 999999999999999999999999\r\n\r\n", [413], closes: true),
        .init("chunk over 64 MiB", chunked + "4000001\r\n", [413], closes: true),
    ]

    static let pipelining: [ConformanceCase] = [
        .init("two pipelined GETs", get + get, [200, 200], closes: false),
        .init("GET, POST, GET", get + post + "Content-Length: 2\r\n\r\nok" + get, [200, 200, 200], closes: false),
        .init("chunked then GET", chunked + "2\r\nok\r\n0\r\n\r\n" + get, [200, 200], closes: false),
        .init("GET then garbage", get + "BREW / HTTP/1.1\r\nHost: a\r\n\r\n", [200, 501], closes: true),
        .init("GET then smuggling shape",
              get + post + "Content-Length: 3\r\nTransfer-Encoding: chunked\r\n\r\n0\r\n\r\n",
              [200, 400], closes: true),
        .init("close stops the pipeline", "GET / HTTP/1.1\r\nHost: a\r\nConnection: close\r\n\r\n" + get,
              [200], closes: true),
        .init("responder asks to close", "GET /close HTTP/1.1\r\nHost: a\r\n\r\n" + get, [200], closes: true),
        .init("404 keeps the pipeline", "GET /x HTTP/1.1\r\nHost: a\r\n\r\n" + get, [404, 200], closes: false),
    ]

    static let http10: [ConformanceCase] = [
        .init("HTTP/1.0 closes by default", "GET / HTTP/1.0\r\n\r\n", [200], closes: true),
        .init("HTTP/1.0 with Host", "GET / HTTP/1.0\r\nHost: a\r\n\r\n", [200], closes: true),
        .init("HTTP/1.0 keep-alive", "GET / HTTP/1.0\r\nConnection: keep-alive\r\n\r\n", [200], closes: false),
        .init("HTTP/1.0 POST", "POST / HTTP/1.0\r\nContent-Length: 2\r\n\r\nok", [200], closes: true),
        .init("HTTP/1.0 keep-alive pipelined",
              "GET / HTTP/1.0\r\nConnection: keep-alive\r\n\r\nGET / HTTP/1.0\r\n\r\n", [200, 200], closes: true),
        .init("HTTP/1.1 Connection: close", "GET / HTTP/1.1\r\nHost: a\r\nConnection: close\r\n\r\n",
              [200], closes: true),
        .init("HTTP/1.1 Connection: keep-alive", "GET / HTTP/1.1\r\nHost: a\r\nConnection: keep-alive\r\n\r\n",
              [200], closes: false),
    ]

    static let all: [ConformanceCase] = framing + smuggling + syntax + limits + pipelining + http10
}
