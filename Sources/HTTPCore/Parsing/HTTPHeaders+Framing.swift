/// How a request's body is delimited.
enum BodyFraming: Hashable, Sendable {
    /// Exactly this many bytes (zero when the request has no framing fields).
    case length(Int)
    /// `Transfer-Encoding: chunked`.
    case chunked
}

extension HTTPHeaders {
    /// Validates one field line (without its CRLF) and appends it: the name must be a token directly followed by a
    /// colon, the value (without surrounding whitespace) must hold no control byte other than HTAB.
    mutating func add(fieldLine line: ArraySlice<UInt8>) throws(HTTPParseError) {
        guard let colon = line.firstIndex(of: .colon), colon > line.startIndex else { throw .malformedHeaderField }
        let name = line[..<colon]
        // A leading space or tab is obs-fold (or whitespace before a name): both refused, as is space before the colon.
        guard name.allSatisfy(\.isTokenCharacter) else { throw .malformedHeaderField }
        var valueStart = colon + 1
        var valueEnd = line.endIndex
        while valueStart < valueEnd, line[valueStart] == .space || line[valueStart] == .tab { valueStart += 1 }
        while valueEnd > valueStart, line[valueEnd - 1] == .space || line[valueEnd - 1] == .tab { valueEnd -= 1 }
        let value = line[valueStart..<valueEnd]
        for byte in value where byte.isControl && byte != .tab { throw .malformedHeaderField }
        self.add(name: String(decoding: name, as: UTF8.self), value: String(decoding: value, as: UTF8.self))
    }

    /// Applies RFC 9112 §6 to decide how the body is framed, refusing every ambiguous shape.
    func framing(version: HTTPVersion, maxBodyBytes: Int) throws(HTTPParseError) -> BodyFraming {
        var hosts = 0
        var contentLength: Int?
        var sawContentLength = false
        var transferCodings: [Substring] = []
        var sawTransferEncoding = false
        for field in self.fields {
            let name = field.name.utf8
            guard let first = name.first?.asciiLowercased else { continue }
            if first == UInt8(ascii: "h"), Self.namesMatch(field.name, "host") {
                hosts += 1
            } else if first == UInt8(ascii: "c"), Self.namesMatch(field.name, "content-length") {
                sawContentLength = true
                // Each member of the list (RFC 9112 §6.3 lets equal members count as one), found without
                // splitting: almost always there is one.
                var rest = field.value[...]
                while true {
                    let comma = rest.utf8.firstIndex(of: UInt8(ascii: ","))
                    let length = try Self.parseLength(comma.map { rest[..<$0] } ?? rest, maxBodyBytes: maxBodyBytes)
                    guard contentLength == nil || contentLength == length else { throw .invalidContentLength }
                    contentLength = length
                    guard let comma else { break }
                    rest = rest[rest.utf8.index(after: comma)...]
                }
            } else if first == UInt8(ascii: "t"), Self.namesMatch(field.name, "transfer-encoding") {
                sawTransferEncoding = true
                for element in field.value.split(separator: ",", omittingEmptySubsequences: false) {
                    transferCodings.append(Self.trimmed(element))
                }
            }
        }
        if hosts > 1 || (hosts == 0 && version == .http1_1) { throw .invalidHost }
        if self.contains("expect") {
            guard version == .http1_0 || self.expectsContinue else { throw .unsupportedExpectation }
        }
        if sawTransferEncoding {
            guard version == .http1_1 else { throw .transferEncodingOnHTTP10 }
            guard !sawContentLength else { throw .conflictingFraming }
            guard transferCodings.count == 1, Self.namesMatch(String(transferCodings[0]), "chunked") else {
                throw transferCodings.contains(where: \.isEmpty) ? .malformedHeaderField : .unsupportedTransferEncoding
            }
            return .chunked
        }
        return .length(contentLength ?? 0)
    }

    /// Whether the request carries `Expect: 100-continue`.
    public var expectsContinue: Bool {
        self.values(for: "expect").contains { Self.namesMatch($0, "100-continue") }
    }

    /// Parses one Content-Length element: digits only, no sign, no spaces inside.
    private static func parseLength(_ element: Substring, maxBodyBytes: Int) throws(HTTPParseError) -> Int {
        let digits = Self.trimmed(element).utf8
        guard !digits.isEmpty else { throw .invalidContentLength }
        var value = 0
        for byte in digits {
            guard byte >= UInt8(ascii: "0"), byte <= UInt8(ascii: "9") else { throw .invalidContentLength }
            // Past the limit is 413 whatever the rest says, which also keeps the arithmetic from overflowing.
            let (shifted, overflow) = value.multipliedReportingOverflow(by: 10)
            guard !overflow, shifted <= maxBodyBytes else { throw .bodyTooLarge }
            value = shifted + Int(byte - UInt8(ascii: "0"))
        }
        guard value <= maxBodyBytes else { throw .bodyTooLarge }
        return value
    }

    private static func trimmed(_ string: Substring) -> Substring {
        var result = string
        while let first = result.first, first == " " || first == "\t" { result.removeFirst() }
        while let last = result.last, last == " " || last == "\t" { result.removeLast() }
        return result
    }
}
