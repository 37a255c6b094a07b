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
    ///
    /// A name spelled exactly as ``canonicalName(_:)`` knows it becomes that literal, with no `String` to make.
    mutating func add(fieldLine line: ArraySlice<UInt8>) throws(HTTPParseError) {
        let field = line.withUnsafeBufferPointer { line -> (name: String, value: String)? in
            var colon = 0
            while colon < line.count, line[colon] != .colon { colon += 1 }
            guard colon > 0, colon < line.count else { return nil }
            // A leading space or tab is obs-fold (or whitespace before a name): both refused, as is space before
            // the colon.
            for index in 0..<colon where !line[index].isTokenCharacter { return nil }
            var valueStart = colon + 1
            var valueEnd = line.count
            while valueStart < valueEnd, line[valueStart] == .space || line[valueStart] == .tab { valueStart += 1 }
            while valueEnd > valueStart, line[valueEnd - 1] == .space || line[valueEnd - 1] == .tab { valueEnd -= 1 }
            for index in valueStart..<valueEnd where line[index].isControl && line[index] != .tab { return nil }
            let name = UnsafeBufferPointer(rebasing: line[..<colon])
            let value = UnsafeBufferPointer(rebasing: line[valueStart..<valueEnd])
            let nameText = Self.canonicalName(name) ?? String(decoding: name, as: UTF8.self)
            return (nameText, String(decoding: value, as: UTF8.self))
        }
        guard let field else { throw .malformedHeaderField }
        self.add(name: field.name, value: field.value)
    }

    /// The usual spelling of a field name clients send on most requests, when `bytes` are exactly it: a literal,
    /// so that the commonest names cost a comparison instead of a new `String` (issue 21). Any other spelling,
    /// `content-length` in lower case included, is `nil` and is made as it came.
    static func canonicalName(_ bytes: UnsafeBufferPointer<UInt8>) -> String? {
        switch bytes.count {
        case 4: Self.bytes(bytes, equal: "Host") ? "Host" : nil
        case 6: Self.bytes(bytes, equal: "Accept") ? "Accept" : nil
        case 10:
            Self.bytes(bytes, equal: "Connection")
                ? "Connection" : Self.bytes(bytes, equal: "User-Agent") ? "User-Agent" : nil
        case 12: Self.bytes(bytes, equal: "Content-Type") ? "Content-Type" : nil
        case 14: Self.bytes(bytes, equal: "Content-Length") ? "Content-Length" : nil
        case 15: Self.bytes(bytes, equal: "Accept-Encoding") ? "Accept-Encoding" : nil
        default: nil
        }
    }

    /// Whether `bytes` are exactly `literal`'s UTF-8.
    private static func bytes(_ bytes: UnsafeBufferPointer<UInt8>, equal literal: StaticString) -> Bool {
        guard bytes.count == literal.utf8CodeUnitCount else { return false }
        let expected = literal.utf8Start
        for index in 0..<bytes.count where bytes[index] != expected[index] { return false }
        return true
    }

    /// Applies RFC 9112 §6 to decide how the body is framed, refusing every ambiguous shape.
    func framing(version: HTTPVersion, maxBodyBytes: Int) throws(HTTPParseError) -> BodyFraming {
        var hosts = 0
        var contentLength: Int?
        var sawContentLength = false
        var transferCodings: [Substring] = []
        var sawTransferEncoding = false
        var sawExpect = false
        for field in self.fields {
            let name = field.name.utf8
            guard let first = name.first?.asciiLowercased else { continue }
            if first == UInt8(ascii: "h"), Self.namesMatch(field.name, "host") {
                hosts += 1
            } else if first == UInt8(ascii: "c"), Self.namesMatch(field.name, "content-length") {
                sawContentLength = true
                var value = field.value
                let length = value.withUTF8 { bytes in
                    Self.parseContentLength(bytes, matching: contentLength, maxBodyBytes: maxBodyBytes)
                }
                contentLength = try length.get()
            } else if first == UInt8(ascii: "t"), Self.namesMatch(field.name, "transfer-encoding") {
                sawTransferEncoding = true
                for element in field.value.split(separator: ",", omittingEmptySubsequences: false) {
                    transferCodings.append(Self.trimmed(element))
                }
            } else if first == UInt8(ascii: "e"), Self.namesMatch(field.name, "expect") {
                sawExpect = true
            }
        }
        if hosts > 1 || (hosts == 0 && version == .http1_1) { throw .invalidHost }
        if sawExpect {
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

    /// Parses a Content-Length value on its bytes: each member of the list (RFC 9112 §6.3 lets equal members
    /// count as one) digits only after trimming spaces and tabs, no sign, none empty, all equal to each other and
    /// to `previous` (an earlier field's), the first problem in order deciding the error.
    ///
    /// - Returns: The length, `.invalidContentLength` for a malformed or differing member, or `.bodyTooLarge` for
    ///   one past `maxBodyBytes` (whatever its later bytes are, which also keeps the arithmetic from overflowing).
    private static func parseContentLength(
        _ bytes: UnsafeBufferPointer<UInt8>, matching previous: Int?, maxBodyBytes: Int
    ) -> Result<Int, HTTPParseError> {
        var length = previous
        var memberStart = 0
        while true {
            var memberEnd = memberStart
            while memberEnd < bytes.count, bytes[memberEnd] != UInt8(ascii: ",") { memberEnd += 1 }
            var first = memberStart
            var last = memberEnd
            while first < last, bytes[first] == .space || bytes[first] == .tab { first += 1 }
            while last > first, bytes[last - 1] == .space || bytes[last - 1] == .tab { last -= 1 }
            guard first < last else { return .failure(.invalidContentLength) }
            var value = 0
            for index in first..<last {
                let byte = bytes[index]
                guard byte >= UInt8(ascii: "0"), byte <= UInt8(ascii: "9") else {
                    return .failure(.invalidContentLength)
                }
                let (shifted, overflow) = value.multipliedReportingOverflow(by: 10)
                guard !overflow, shifted <= maxBodyBytes else { return .failure(.bodyTooLarge) }
                value = shifted + Int(byte - UInt8(ascii: "0"))
            }
            guard value <= maxBodyBytes else { return .failure(.bodyTooLarge) }
            guard length == nil || length == value else { return .failure(.invalidContentLength) }
            length = value
            guard memberEnd < bytes.count else { return .success(value) }
            memberStart = memberEnd + 1
        }
    }

    private static func trimmed(_ string: Substring) -> Substring {
        var result = string
        while let first = result.first, first == " " || first == "\t" { result.removeFirst() }
        while let last = result.last, last == " " || last == "\t" { result.removeLast() }
        return result
    }
}
