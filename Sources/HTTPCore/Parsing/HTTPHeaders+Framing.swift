/// How a request's body is delimited.
enum BodyFraming: Hashable, Sendable {
    /// Exactly this many bytes (zero when the request has no framing fields).
    case length(Int)
    /// `Transfer-Encoding: chunked`.
    case chunked
}

extension HTTPHeaders {
    /// Validates the field lines of a request head and appends them as received fields: each name must be a token
    /// directly followed by a colon, each value (without surrounding whitespace) must hold no control byte other
    /// than HTAB. The bytes are copied once, in one piece; no `String` is made.
    ///
    /// - Parameters:
    ///   - section: The bytes from the first field line's start to the last one's end.
    ///   - lines: Each field line's range, without its CRLF, in order, counted from where `section` starts minus
    ///     `offset` (the parser's ranges count from the request line's start).
    ///   - offset: Where `section` starts in the ranges' numbering.
    /// - Complexity: O(`section.count`).
    mutating func receive(
        section: UnsafeBufferPointer<UInt8>, lines: ArraySlice<Range<Int>>, offset: Int
    ) throws(HTTPParseError) {
        var scan: FramingScan?
        try self.receive(section: section, lines: lines, offset: offset, noting: &scan)
    }

    /// ``receive(section:lines:offset:)``, noting each field in `scan` (unless `nil`) for ``framing(version:scan:)``
    /// on the way: the parser's fields are looked at in one pass, not once more from the list (about 100
    /// instructions a request, callgrind). A framing failure is kept in the scan, so that a malformed line
    /// after it is still refused first, as when the framing was decided after every line was validated.
    mutating func receive(
        section: UnsafeBufferPointer<UInt8>, lines: ArraySlice<Range<Int>>, offset: Int, noting scan: inout FramingScan?
    ) throws(HTTPParseError) {
        // Asked of the storage in place, not through a reference handed back (a retain and a release a request).
        self.makeReceivedUnique()
        guard let (bytesBefore, fieldsBefore) = try self.received?.receive(
            section: section, lines: lines, offset: offset, noting: &scan
        ) else { return }
        // Received fields come before added ones: after an added field, the new ones are added as strings.
        guard !self.added.isEmpty, let received = self.received else { return }
        for field in received.fields[fieldsBefore...] {
            self.added.append((name: Self.name(of: field, in: received), value: Self.value(of: field, in: received)))
        }
        received.truncate(byteCount: bytesBefore, count: fieldsBefore)
    }

    /// Validates one field line (`range` of `bytes`) and returns where its name and its trimmed value lie, or `nil`
    /// when it is malformed. A leading space or tab is obs-fold (or whitespace before a name): both refused, as is
    /// space before the colon.
    fileprivate static func parseFieldLine(
        _ bytes: UnsafeBufferPointer<UInt8>, _ range: Range<Int>
    ) -> ReceivedFields.Field? {
        var colon = range.lowerBound
        while colon < range.upperBound, bytes[colon].isTokenCharacter { colon += 1 }
        guard colon > range.lowerBound, colon < range.upperBound, bytes[colon] == .colon else { return nil }
        var valueStart = colon + 1
        var valueEnd = range.upperBound
        while valueStart < valueEnd, bytes[valueStart] == .space || bytes[valueStart] == .tab { valueStart += 1 }
        while valueEnd > valueStart, bytes[valueEnd - 1] == .space || bytes[valueEnd - 1] == .tab { valueEnd -= 1 }
        for index in valueStart..<valueEnd where bytes[index].isControl && bytes[index] != .tab { return nil }
        return ReceivedFields.Field(nameStart: range.lowerBound, nameEnd: colon, valueStart: valueStart, valueEnd: valueEnd)
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

    /// What the framing decision has seen of the fields so far.
    struct FramingScan {
        /// The largest body accepted.
        let maxBodyBytes: Int
        /// The first failure a field caused; fields after it are not looked at.
        var failure: HTTPParseError?
        var hosts = 0
        var contentLength: Int?
        var sawContentLength = false
        /// How many `Transfer-Encoding` list members there were, over every such field.
        var transferCodings = 0
        /// Whether the first member was `chunked` (any case), and whether any member was empty.
        var firstCodingIsChunked = false
        var sawEmptyCoding = false
        var sawTransferEncoding = false
        var sawExpect = false

        /// Creates an empty scan for bodies of at most `maxBodyBytes`.
        init(maxBodyBytes: Int) {
            self.maxBodyBytes = maxBodyBytes
        }

        /// Notes one field, given as its name's and (trimmed) value's bytes, unless a field failed already; a failure
        /// is kept in ``failure``.
        mutating func note(name: UnsafeBufferPointer<UInt8>, value: UnsafeBufferPointer<UInt8>) {
            guard self.failure == nil else { return }
            do throws(HTTPParseError) {
                try self.noting(name: name, value: value)
            } catch {
                self.failure = error
            }
        }

        /// ``note(name:value:)``, throwing the field's failure.
        private mutating func noting(
            name: UnsafeBufferPointer<UInt8>, value: UnsafeBufferPointer<UInt8>
        ) throws(HTTPParseError) {
            let maxBodyBytes = self.maxBodyBytes
            guard let first = name.first?.asciiLowercased else { return }
            if first == UInt8(ascii: "h"), HTTPHeaders.isNamed(name, "host") {
                self.hosts += 1
            } else if first == UInt8(ascii: "c"), HTTPHeaders.isNamed(name, "content-length") {
                self.sawContentLength = true
                self.contentLength = try HTTPHeaders.parseContentLength(
                    value, matching: self.contentLength, maxBodyBytes: maxBodyBytes
                ).get()
            } else if first == UInt8(ascii: "t"), HTTPHeaders.isNamed(name, "transfer-encoding") {
                self.sawTransferEncoding = true
                HTTPHeaders.forEachListMember(of: value) { member, _ in
                    if member.isEmpty { self.sawEmptyCoding = true }
                    if self.transferCodings == 0 {
                        self.firstCodingIsChunked = HTTPHeaders.bytesMatch(member, "chunked")
                    }
                    self.transferCodings += 1
                    return true
                }
            } else if first == UInt8(ascii: "e"), HTTPHeaders.isNamed(name, "expect") {
                self.sawExpect = true
            }
        }
    }

    /// Applies RFC 9112 §6 to decide how the body is framed, refusing every ambiguous shape.
    ///
    /// - Complexity: O(total length of the fields), on their bytes: no `String` is made for a received field.
    func framing(version: HTTPVersion, maxBodyBytes: Int) throws(HTTPParseError) -> BodyFraming {
        var scan = FramingScan(maxBodyBytes: maxBodyBytes)
        if let received = self.received {
            for field in received.fields where scan.failure == nil {
                scan.note(name: received.name(of: field), value: received.value(of: field))
            }
        }
        for field in self.added where scan.failure == nil {
            var name = field.name
            var value = field.value
            name.withUTF8 { name in
                value.withUTF8 { value in scan.note(name: name, value: Self.trimmed(value)) }
            }
        }
        return try self.framing(version: version, scan: scan)
    }

    /// ``framing(version:maxBodyBytes:)`` once every field is noted in `scan`.
    func framing(version: HTTPVersion, scan: FramingScan) throws(HTTPParseError) -> BodyFraming {
        if let failure = scan.failure { throw failure }
        if scan.hosts > 1 || (scan.hosts == 0 && version == .http1_1) { throw .invalidHost }
        if scan.sawExpect {
            guard version == .http1_0 || self.expectsContinue else { throw .unsupportedExpectation }
        }
        if scan.sawTransferEncoding {
            guard version == .http1_1 else { throw .transferEncodingOnHTTP10 }
            guard !scan.sawContentLength else { throw .conflictingFraming }
            guard scan.transferCodings == 1, scan.firstCodingIsChunked else {
                throw scan.sawEmptyCoding ? .malformedHeaderField : .unsupportedTransferEncoding
            }
            return .chunked
        }
        return .length(scan.contentLength ?? 0)
    }

    /// Whether a received field's name (a token, as the parser checked) is `lowercase`, a literal of lowercase
    /// letters and hyphens, ignoring ASCII case.
    ///
    /// For such a literal, setting the 0x20 bit of each name byte is an exact case fold: the only byte other than a
    /// letter or a hyphen it maps onto one is CR (onto the hyphen), which no token holds. One OR and one comparison
    /// a byte, and no call.
    ///
    /// A name of eight bytes or more is compared a word at a time, the last word overlapping the one before
    /// (`content-length`: two comparisons, not fourteen).
    @inline(__always)
    static func isNamed(_ name: UnsafeBufferPointer<UInt8>, _ lowercase: StaticString) -> Bool {
        guard name.count == lowercase.utf8CodeUnitCount, let base = name.baseAddress else { return false }
        let expected = lowercase.utf8Start
        guard name.count >= 8 else {
            for index in 0..<name.count where name[index] | 0x20 != expected[index] { return false }
            return true
        }
        let spaces: UInt64 = 0x2020_2020_2020_2020
        var index = 0
        while true {
            let word = UnsafeRawPointer(base + index).loadUnaligned(as: UInt64.self) | spaces
            guard word == UnsafeRawPointer(expected + index).loadUnaligned(as: UInt64.self) else { return false }
            if index + 8 == name.count { return true }
            index = Swift.min(index + 8, name.count - 8)
        }
    }

    /// ASCII case-insensitive comparison of bytes with a lowercase literal.
    static func bytesMatch(_ bytes: UnsafeBufferPointer<UInt8>, _ literal: StaticString) -> Bool {
        Self.bytesMatch(bytes, UnsafeBufferPointer(start: literal.utf8Start, count: literal.utf8CodeUnitCount))
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
    fileprivate static func parseContentLength(
        _ bytes: UnsafeBufferPointer<UInt8>, matching previous: Int?, maxBodyBytes: Int
    ) -> Result<Int, HTTPParseError> {
        // The usual value, a few digits and nothing else (the field's value is trimmed already): read at once, not
        // through the list walk and its closure (about 50 instructions a request, callgrind). Any other shape, or
        // one that may be too large, takes the walk, which decides its error.
        if bytes.count > 0, bytes.count <= 15 {
            var value = 0
            var index = 0
            while index < bytes.count, bytes[index] &- UInt8(ascii: "0") <= 9 {
                value = value &* 10 &+ Int(bytes[index] &- UInt8(ascii: "0"))
                index &+= 1
            }
            if index == bytes.count, value <= maxBodyBytes, previous == nil || previous == value {
                return .success(value)
            }
        }
        var length = previous
        var failure: HTTPParseError?
        Self.forEachListMember(of: bytes) { member, _ in
            guard !member.isEmpty else {
                failure = .invalidContentLength
                return false
            }
            var value = 0
            for byte in member {
                guard byte >= UInt8(ascii: "0"), byte <= UInt8(ascii: "9") else {
                    failure = .invalidContentLength
                    return false
                }
                let (shifted, overflow) = value.multipliedReportingOverflow(by: 10)
                guard !overflow, shifted <= maxBodyBytes else {
                    failure = .bodyTooLarge
                    return false
                }
                value = shifted + Int(byte - UInt8(ascii: "0"))
            }
            guard value <= maxBodyBytes else {
                failure = .bodyTooLarge
                return false
            }
            guard length == nil || length == value else {
                failure = .invalidContentLength
                return false
            }
            length = value
            return true
        }
        if let failure { return .failure(failure) }
        guard let length else { return .failure(.invalidContentLength) }
        return .success(length)
    }

    /// Calls `body` with each comma-separated member of `list` in order, empty ones included, trimmed of spaces and
    /// tabs, and whether the member was empty before trimming; stops early when `body` returns `false`.
    ///
    /// - Complexity: O(`list.count`).
    static func forEachListMember(
        of list: UnsafeBufferPointer<UInt8>, _ body: (UnsafeBufferPointer<UInt8>, Bool) -> Bool
    ) {
        var memberStart = 0
        while true {
            var memberEnd = memberStart
            while memberEnd < list.count, list[memberEnd] != UInt8(ascii: ",") { memberEnd += 1 }
            var first = memberStart
            var last = memberEnd
            while first < last, list[first] == .space || list[first] == .tab { first += 1 }
            while last > first, list[last - 1] == .space || list[last - 1] == .tab { last -= 1 }
            guard body(UnsafeBufferPointer(rebasing: list[first..<last]), memberEnd == memberStart),
                memberEnd < list.count
            else { return }
            memberStart = memberEnd + 1
        }
    }

    /// `bytes` without leading and trailing spaces and tabs.
    private static func trimmed(_ bytes: UnsafeBufferPointer<UInt8>) -> UnsafeBufferPointer<UInt8> {
        var first = 0
        var last = bytes.count
        while first < last, bytes[first] == .space || bytes[first] == .tab { first += 1 }
        while last > first, bytes[last - 1] == .space || bytes[last - 1] == .tab { last -= 1 }
        return UnsafeBufferPointer(rebasing: bytes[first..<last])
    }
}

extension ReceivedFields {
    /// Appends the field lines of a request head (see ``HTTPHeaders/receive(section:lines:offset:noting:)``),
    /// noting each in `scan` unless it is `nil`; on a malformed line, takes back what it appended and throws.
    ///
    /// - Returns: The byte and field counts before the append.
    fileprivate func receive(
        section: UnsafeBufferPointer<UInt8>, lines: ArraySlice<Range<Int>>, offset: Int,
        noting scan: inout HTTPHeaders.FramingScan?
    ) throws(HTTPParseError) -> (bytes: Int, fields: Int) {
        let bytesBefore = self.byteCount
        let fieldsBefore = self.count
        let base = self.append(bytes: section)
        for range in lines {
            let line = (range.lowerBound - offset)..<(range.upperBound - offset)
            guard let field = HTTPHeaders.parseFieldLine(section, line) else {
                self.truncate(byteCount: bytesBefore, count: fieldsBefore)
                throw .malformedHeaderField
            }
            self.append(
                Field(
                    nameStart: base + field.nameStart, nameEnd: base + field.nameEnd,
                    valueStart: base + field.valueStart, valueEnd: base + field.valueEnd
                )
            )
            if scan != nil {
                scan?.note(
                    name: UnsafeBufferPointer(rebasing: section[field.nameStart..<field.nameEnd]),
                    value: UnsafeBufferPointer(rebasing: section[field.valueStart..<field.valueEnd])
                )
            }
        }
        return (bytesBefore, fieldsBefore)
    }
}
