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
