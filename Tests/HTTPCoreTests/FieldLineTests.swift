import HTTPCore
import Testing

/// Field lines are read on their bytes: the commonest names in their usual spelling become literals, every other
/// spelling is kept as sent, and a Content-Length list is parsed member by member with the first problem deciding
/// the error.
@Suite struct FieldLineTests {
    @Test func fieldNamesKeepTheSpellingTheyCameIn() {
        let raw = "POST / HTTP/1.1\r\nHost: a\r\ncontent-length: 2\r\nContent-TYPE: x\r\nContent-Type: y\r\n"
            + "Accept-Encoding:z\r\nConnection: keep-alive\r\nUser-Agent: u\r\nAccept: */*\r\nHOST-NAME: h\r\n\r\nok"
        let expected: [Parsed] = [
            .request(
                method: .POST, target: "/", version: .http1_1,
                headers: [
                    "Host: a", "content-length: 2", "Content-TYPE: x", "Content-Type: y", "Accept-Encoding: z",
                    "Connection: keep-alive", "User-Agent: u", "Accept: */*", "HOST-NAME: h",
                ],
                body: Array("ok"))
        ]
        #expect(withoutContinue(parse([UInt8](raw))) == expected)
    }

    @Test(arguments: ["2", "2 ,2\t, 2", "2,\t2", "002"])
    func equalContentLengthMembersCountAsOne(value: String) {
        let raw = "POST / HTTP/1.1\r\nHost: a\r\nContent-Length: \(value)\r\n\r\nok"
        let expected: [Parsed] = [
            .request(method: .POST, target: "/", version: .http1_1,
                headers: ["Host: a", "Content-Length: \(value)"], body: Array("ok"))
        ]
        #expect(withoutContinue(parse([UInt8](raw))) == expected)
    }

    @Test(arguments: [
        ("2,,2", HTTPParseError.invalidContentLength), ("2, 3", .invalidContentLength), (", 2", .invalidContentLength),
        ("2,", .invalidContentLength), ("12x", .invalidContentLength), ("2, 2 2", .invalidContentLength),
        ("99999999999999999999999x", .bodyTooLarge), ("3, 99999999999999999999", .bodyTooLarge),
        ("x, 99999999999999999999", .invalidContentLength),
    ])
    func malformedContentLengthListsAreRefused(value: String, error: HTTPParseError) {
        let raw = "POST / HTTP/1.1\r\nHost: a\r\nContent-Length: \(value)\r\n\r\nabc"
        #expect(parse([UInt8](raw)) == [.failed(error)])
    }
}
