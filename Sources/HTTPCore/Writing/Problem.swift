/// A problem document (RFC 9457), the body of every error answer: the server's own (a malformed request, a
/// timeout, the connection cap) and the service's alike, so that a client meets one error format whoever answers.
///
/// This type alone writes problem documents: `{"type","title","status","detail"}` and then the extension members
/// in their order, strings escaped as RFC 8259 asks (`\"`, `\\`, the short escapes `\n`, `\r`, `\t`, `\b`, `\f`,
/// and `\u00XX` for the other control characters; everything else as it is).
public struct Problem: Hashable, Sendable {
    /// The value of an extension member.
    public enum Value: Hashable, Sendable {
        case string(String)
        case integer(Int)
        case strings([String])
    }

    /// One extension member, such as `pointer`.
    public struct Member: Hashable, Sendable {
        public var name: String
        public var value: Value

        public init(_ name: String, _ value: Value) {
            self.name = name
            self.value = value
        }
    }

    /// The HTTP status code, repeated in the document.
    public var status: Int
    /// A URI reference naming the kind of problem, e.g. `/problems/bad-request`.
    public var type: String
    /// A short summary of the problem type.
    public var title: String
    /// A sentence about this occurrence.
    public var detail: String
    /// Extension members after the standard ones, in order.
    public var members: [Member]

    /// Creates a problem; `title` defaults to the status's reason phrase.
    public init(status: Int, type: String, title: String? = nil, detail: String, members: [Member] = []) {
        self.status = status
        self.type = type
        self.title = title ?? ResponseWriter.reasonPhrase(for: status)
        self.detail = detail
        self.members = members
    }

    /// The document as JSON bytes.
    public var json: [UInt8] {
        var output: [UInt8] = []
        output.reserveCapacity(128 + self.detail.utf8.count)
        output.append(contentsOf: #"{"type":"#.utf8)
        Self.appendString(self.type, to: &output)
        output.append(contentsOf: #","title":"#.utf8)
        Self.appendString(self.title, to: &output)
        output.append(contentsOf: #","status":\#(self.status),"detail":"#.utf8)
        Self.appendString(self.detail, to: &output)
        for member in self.members {
            output.append(UInt8(ascii: ","))
            Self.appendString(member.name, to: &output)
            output.append(UInt8(ascii: ":"))
            switch member.value {
            case .string(let text): Self.appendString(text, to: &output)
            case .integer(let number): output.append(contentsOf: String(number).utf8)
            case .strings(let texts):
                output.append(UInt8(ascii: "["))
                for (index, text) in texts.enumerated() {
                    if index > 0 { output.append(UInt8(ascii: ",")) }
                    Self.appendString(text, to: &output)
                }
                output.append(UInt8(ascii: "]"))
            }
        }
        output.append(UInt8(ascii: "}"))
        return output
    }

    /// Appends `text` as a JSON string literal.
    private static func appendString(_ text: String, to output: inout [UInt8]) {
        let hex = Array("0123456789ABCDEF".utf8)
        output.append(UInt8(ascii: "\""))
        for byte in text.utf8 {
            switch byte {
            case UInt8(ascii: "\""), UInt8(ascii: "\\"): output.append(contentsOf: [UInt8(ascii: "\\"), byte])
            case 0x0A: output.append(contentsOf: #"\n"#.utf8)
            case 0x0D: output.append(contentsOf: #"\r"#.utf8)
            case 0x09: output.append(contentsOf: #"\t"#.utf8)
            case 0x08: output.append(contentsOf: #"\b"#.utf8)
            case 0x0C: output.append(contentsOf: #"\f"#.utf8)
            case 0..<0x20: output.append(contentsOf: #"\u00"#.utf8 + [hex[Int(byte >> 4)], hex[Int(byte & 0xF)]])
            default: output.append(byte)
            }
        }
        output.append(UInt8(ascii: "\""))
    }
}

extension Response {
    /// The `application/problem+json` response that carries `problem`, with `headers` added (`Allow`, …).
    public init(problem: Problem, headers: HTTPHeaders = [:]) {
        var headers = headers
        headers.add(name: "Content-Type", value: "application/problem+json")
        self.init(status: problem.status, headers: headers, body: problem.json)
    }

    /// A problem response with `type`, the status's reason phrase as `title`, `status` and `detail`, for the
    /// answers the server gives on its own.
    public static func problem(status: Int, type: String, detail: String) -> Response {
        Response(problem: Problem(status: status, type: type, detail: detail))
    }
}
