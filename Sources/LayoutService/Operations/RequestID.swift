import HTTPCore

/// The identifier that ties a request to its log line: the client's `X-Request-Id` when it is sane, else a new one.
enum RequestID {
    /// The longest client-supplied identifier kept.
    static let maxLength = 128

    /// The client's `X-Request-Id` if it is 1 to 128 characters of letters, digits, `-`, `_`, `.` and `:`;
    /// otherwise 16 random hexadecimal digits.
    static func make(for request: Request) -> String {
        if let given = request.headers["X-Request-Id"], Self.isAcceptable(given) { return given }
        var random = SystemRandomNumberGenerator()
        let value = random.next() as UInt64
        let hex = String(value, radix: 16)
        return String(repeating: "0", count: 16 - hex.count) + hex
    }

    private static func isAcceptable(_ id: String) -> Bool {
        let bytes = id.utf8
        guard !bytes.isEmpty, bytes.count <= Self.maxLength else { return false }
        return bytes.allSatisfy { byte in
            switch byte {
            case UInt8(ascii: "a")...UInt8(ascii: "z"), UInt8(ascii: "A")...UInt8(ascii: "Z"),
                UInt8(ascii: "0")...UInt8(ascii: "9"), UInt8(ascii: "-"), UInt8(ascii: "_"), UInt8(ascii: "."),
                UInt8(ascii: ":"):
                true
            default:
                false
            }
        }
    }
}
