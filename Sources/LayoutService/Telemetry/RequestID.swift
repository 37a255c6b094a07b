import HTTPCore
import Synchronization

/// The identifier that ties a request to its log line: the client's `X-Request-Id` when it is sane, else a new one.
enum RequestID {
    /// The longest client-supplied identifier kept.
    static let maxLength = 128

    /// The client's `X-Request-Id` if it is 1 to 128 characters of letters, digits, `-`, `_`, `.` and `:`;
    /// otherwise 16 hexadecimal digits: a random prefix drawn once per process, then a counter.
    ///
    /// Request ids label log lines; they need to be unique, not secret, so they cost an atomic increment rather
    /// than a system call for random bytes (session ids, which are secrets, do draw random bytes). A generated one
    /// is kept as its number, written into the answer without a string (issue 21).
    static func make(for request: Request) -> RequestIdentifier {
        if let given = request.headers["X-Request-Id"], Self.isAcceptable(given) { return RequestIdentifier(given) }
        let number = Self.prefix &+ UInt64(bitPattern: Int64(Self.counter.add(1, ordering: .relaxed).newValue))
        return RequestIdentifier(generated: number)
    }

    /// Where this process's generated ids start: random, so that two processes' ids rarely collide.
    private static let prefix: UInt64 = {
        var generator = SystemRandomNumberGenerator()
        return generator.next() & 0xFFFF_FFFF_0000_0000
    }()

    /// How many ids this process has generated.
    private static let counter = Atomic<Int>(0)

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
