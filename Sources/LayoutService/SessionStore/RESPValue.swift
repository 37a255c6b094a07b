/// One RESP2 value, as Redis answers it.
enum RESPValue: Hashable, Sendable {
    /// `+OK\r\n`.
    case simpleString(String)
    /// `-ERR message\r\n`: Redis refused the command.
    case error(String)
    /// `:42\r\n`.
    case integer(Int)
    /// `$3\r\nfoo\r\n`, or `$-1\r\n` (nil) for a missing key.
    case bulkString([UInt8]?)
    /// `*2\r\n…`, or `*-1\r\n` (nil), e.g. an `EXEC` whose `WATCH` failed.
    case array([RESPValue]?)

    /// The bytes of a bulk or simple string, if this is one.
    var bytes: [UInt8]? {
        switch self {
        case .bulkString(let bytes): bytes
        case .simpleString(let string): Array(string.utf8)
        default: nil
        }
    }

    /// The value of an integer reply, if this is one.
    var integer: Int? {
        if case .integer(let value) = self { return value }
        return nil
    }

    /// Whether this is a nil bulk string or nil array.
    var isNil: Bool { self == .bulkString(nil) || self == .array(nil) }
}

/// Writes commands in RESP2: each an array of bulk strings, which is how every client sends them.
enum RESPEncoder {
    /// Appends one command, `arguments[0]` being its name, to `bytes`.
    static func append(_ arguments: [[UInt8]], to bytes: inout [UInt8]) {
        bytes.append(UInt8(ascii: "*"))
        Self.appendDecimal(arguments.count, to: &bytes)
        for argument in arguments {
            bytes.append(UInt8(ascii: "$"))
            Self.appendDecimal(argument.count, to: &bytes)
            bytes.append(contentsOf: argument)
            bytes.append(contentsOf: [13, 10])
        }
    }

    /// One command's bytes.
    static func encode(_ arguments: [[UInt8]]) -> [UInt8] {
        var bytes: [UInt8] = []
        Self.append(arguments, to: &bytes)
        return bytes
    }

    /// Appends `value` in decimal and CRLF.
    private static func appendDecimal(_ value: Int, to bytes: inout [UInt8]) {
        bytes.append(contentsOf: String(value).utf8)
        bytes.append(contentsOf: [13, 10])
    }
}
