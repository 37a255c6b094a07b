@testable import HTTPCore
import Testing

/// The request line's target check, eight bytes at a time, against the byte-by-byte rule (visible ASCII only).
@Suite struct RequestLineTests {
    @Test func theTargetCheckAgreesWithTheRuleForEveryByteAtEveryPosition() {
        for length in 0...19 {
            for position in 0..<max(length, 1) {
                for value in 0...255 {
                    var bytes = [UInt8](repeating: UInt8(ascii: "a"), count: length)
                    if length > 0 { bytes[position] = UInt8(value) }
                    let expected = bytes.allSatisfy { $0 > 0x20 && $0 < 0x7F }
                    let actual = bytes.withUnsafeBufferPointer { RequestParser.isVisibleASCII($0) }
                    if actual != expected {
                        Issue.record("length \(length), byte \(value) at \(position): \(actual)")
                        return
                    }
                }
            }
        }
    }

    @Test(arguments: [
        ("GET /a\u{7F}b HTTP/1.1\r\nHost: x\r\n\r\n", HTTPParseError.malformedRequestLine),
        ("GET /sessions/0123456789abcdef\u{1}/query HTTP/1.1\r\nHost: x\r\n\r\n", .malformedRequestLine),
        ("GET  /a HTTP/1.1\r\nHost: x\r\n\r\n", .malformedRequestLine),
        ("GET /a  HTTP/1.1\r\nHost: x\r\n\r\n", .malformedRequestLine),
        ("GET /a\r\nHost: x\r\n\r\n", .malformedRequestLine),
        (" GET /a HTTP/1.1\r\nHost: x\r\n\r\n", .malformedRequestLine),
        ("GET /a HTTP/1.1 \r\nHost: x\r\n\r\n", .malformedRequestLine),
        ("GET a HTTP/1.1\r\nHost: x\r\n\r\n", .invalidTarget),
    ])
    func malformedRequestLinesAreRefused(text: String, error: HTTPParseError) {
        var parser = RequestParser()
        parser.append(Array(text.utf8))
        #expect(throws: error) { try parser.next() }
    }

    @Test func aLongTargetOfEveryVisibleByteIsKept() throws {
        let visible = (0x21...0x7E).map { Character(UnicodeScalar(UInt8($0))) }
        let target = "/" + String(visible.filter { $0 != "#" })
        var parser = RequestParser()
        parser.append(Array("GET \(target) HTTP/1.1\r\nHost: x\r\n\r\n".utf8))
        guard case .request(let request) = try parser.next() else {
            Issue.record("no request")
            return
        }
        #expect(request.target == target)
    }
}

extension RequestLineTests {
    /// The token table against RFC 9110 §5.6.2's `tchar`, for every byte.
    @Test func theTokenTableIsRFC9110sTchar() {
        let tchar = Set(Array("!#$%&'*+-.^_`|~0123456789abcdefghijklmnopqrstuvwxyzABCDEFGHIJKLMNOPQRSTUVWXYZ".utf8))
        for value in 0...255 {
            #expect(UInt8(value).isTokenCharacter == tchar.contains(UInt8(value)), "byte \(value)")
        }
    }
}

extension RequestLineTests {
    /// The word-at-a-time name comparison against the byte-by-byte rule (each byte with 0x20 set equals the
    /// literal's), for names of every length around the word size and a byte changed at every position.
    @Test(arguments: ["host", "expect", "connection", "content-length", "transfer-encoding", "abcdefgh", "abcdefghi"])
    func namesCompareAsTheByteRuleDoes(literal: String) {
        let expected = Array(literal.utf8)
        for length in max(0, expected.count - 1)...(expected.count + 1) {
            for position in 0..<max(length, 1) {
                for value in [0, 0x2D, 0x41, 0x5A, 0x61, 0x7A, 0x0D, 0xC1, 0xFF] + expected.map(Int.init) {
                    var name = Array((Array(literal.uppercased().utf8) + [0x41, 0x42]).prefix(length))
                    if length > 0 { name[position] = UInt8(value) }
                    let rule = name.count == expected.count && zip(name, expected).allSatisfy { $0 | 0x20 == $1 }
                    let actual = name.withUnsafeBufferPointer { bytes in
                        switch literal {
                        case "host": HTTPHeaders.isNamed(bytes, "host")
                        case "expect": HTTPHeaders.isNamed(bytes, "expect")
                        case "connection": HTTPHeaders.isNamed(bytes, "connection")
                        case "content-length": HTTPHeaders.isNamed(bytes, "content-length")
                        case "transfer-encoding": HTTPHeaders.isNamed(bytes, "transfer-encoding")
                        case "abcdefgh": HTTPHeaders.isNamed(bytes, "abcdefgh")
                        default: HTTPHeaders.isNamed(bytes, "abcdefghi")
                        }
                    }
                    #expect(actual == rule, "\(literal): \(name)")
                }
            }
        }
    }
}
