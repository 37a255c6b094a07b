import Glibc

extension RequestParser {
    /// Scans for the end of the request head and, once it is complete, parses it and sets up the body's framing.
    ///
    /// - Returns: `nil` when more bytes are needed; `.some(nil)` when the head was parsed and the body state is set;
    ///   `.some(event)` when an event must be returned at once.
    @inline(__always)
    mutating func parseHead() throws(HTTPParseError) -> Event?? {
        // A server SHOULD ignore empty lines before a request line (RFC 9112 §2.2).
        while self.requestLineEnd == nil, self.bufferedByteCount >= 2, self.buffer[self.start] == .cr,
            self.buffer[self.start + 1] == .lf
        {
            self.start += 2
            self.scanned = 0
        }
        guard let headLength = try self.scanHead() else { return nil }
        try self.buildRequest()
        self.start += headLength
        self.scanned = 0
        self.requestLineEnd = nil
        self.fieldLineCount = 0
        if case .fixedBody(0) = self.state { return .some(nil) }
        // Only an HTTP/1.1 client may be sent 100 Continue (RFC 9110 §10.1.1), and only if it still waits.
        // The bytes first: a body that came with its head (most requests) needs no look at the fields.
        if self.bufferedByteCount == 0, self.pending?.version == .http1_1,
            self.pending?.headers.expectsContinue == true
        {
            return .some(.continueExpected)
        }
        return .some(nil)
    }

    /// Finds line ends from where the last scan stopped, enforcing the head limits. Returns the head's length
    /// (through the empty line's CRLF) once it is complete.
    private mutating func scanHead() throws(HTTPParseError) -> Int? {
        let limits = self.limits
        let base = self.start
        let count = self.bufferedByteCount
        while true {
            let lineStart = self.scanned
            // `memchr` rather than a loop of our own: it looks at 32 bytes a step.
            let lf = self.buffer.withUnsafeBufferPointer { buffer -> Int? in
                guard lineStart < count, let start = buffer.baseAddress else { return nil }
                let head = start + base
                guard let found = memchr(head + lineStart, Int32(UInt8.lf), count - lineStart) else { return nil }
                return UnsafePointer(found.assumingMemoryBound(to: UInt8.self)) - head
            }
            guard let lf else {
                if let requestLineEnd = self.requestLineEnd {
                    if count - (requestLineEnd + 2) > limits.maxHeaderSectionBytes { throw .headerSectionTooLarge }
                } else if count > limits.maxRequestLineBytes + 1 {
                    throw .requestLineTooLong
                }
                return nil
            }
            // Limits before form: a line past its limit is refused as too long even when it also ends in a bare
            // LF, as it is when its end has not arrived yet, so the answer never depends on how the bytes were
            // split (found by the parser's fuzz target).
            if let requestLineEnd = self.requestLineEnd {
                if lf + 1 - (requestLineEnd + 2) > limits.maxHeaderSectionBytes { throw .headerSectionTooLarge }
            } else if lf - 1 > limits.maxRequestLineBytes {
                throw .requestLineTooLong
            }
            guard lf > lineStart, self.buffer[base + lf - 1] == .cr else {
                throw self.requestLineEnd == nil ? .malformedRequestLine : .malformedHeaderField
            }
            let lineEnd = lf - 1
            self.scanned = lf + 1
            if self.requestLineEnd != nil {
                if lineEnd == lineStart { return lf + 1 }
                guard self.fieldLineCount < limits.maxHeaderFields else { throw .tooManyHeaderFields }
                if self.fieldLineCount < self.fieldLines.count {
                    self.fieldLines[self.fieldLineCount] = lineStart..<lineEnd
                } else {
                    self.fieldLines.append(lineStart..<lineEnd)
                }
                self.fieldLineCount += 1
            } else {
                self.requestLineEnd = lineEnd
            }
        }
    }

    /// Parses the scanned head into ``pending`` and sets ``state`` to the body's framing.
    private mutating func buildRequest() throws(HTTPParseError) {
        guard let requestLineEnd = self.requestLineEnd else { throw .malformedRequestLine }
        let base = self.start
        // The line read through a pointer, in one scope: slices of the buffer retained it, each (about 150
        // instructions a request, callgrind). A target that repeats the last one is left `nil` here.
        let line = self.buffer.withUnsafeBufferPointer { buffer in
            Self.parseRequestLine(
                UnsafeBufferPointer(rebasing: buffer[base..<(base + requestLineEnd)]), repeating: self.spareTarget
            )
        }
        let (method, version, newTarget) = try line.get()
        // The last target moved out, not copied: kept when it is repeated, dropped otherwise.
        var target = ""
        swap(&target, &self.spareTarget)
        if let newTarget { target = newTarget }

        // The last request's storage, reused when its request is gone (see ``spareHeaders``).
        var headers = HTTPHeaders()
        swap(&headers, &self.spareHeaders)
        headers.removeAll(keepingCapacity: true)
        var scan: HTTPHeaders.FramingScan? = HTTPHeaders.FramingScan(maxBodyBytes: self.limits.maxBodyBytes)
        if self.fieldLineCount > 0 {
            let lines = self.fieldLines[..<self.fieldLineCount]
            let first = lines[lines.startIndex]
            let section = (base + first.lowerBound)..<(base + lines[lines.endIndex - 1].upperBound)
            var failure: HTTPParseError?
            self.buffer.withUnsafeBufferPointer { buffer in
                do throws(HTTPParseError) {
                    try headers.receive(
                        section: UnsafeBufferPointer(rebasing: buffer[section]), lines: lines, offset: first.lowerBound,
                        noting: &scan
                    )
                } catch {
                    failure = error
                }
            }
            if let failure { throw failure }
        }
        // The fields were noted as they were received: `headers` holds no others (emptied above).
        let framing = try headers.framing(
            version: version, scan: scan ?? HTTPHeaders.FramingScan(maxBodyBytes: self.limits.maxBodyBytes)
        )
        var body: [UInt8] = []
        swap(&body, &self.spareBody)
        body.removeAll(keepingCapacity: true)
        switch framing {
        case .length(let length):
            try self.reserveBody(length)
            if length >= Self.directBodyBytes {
                // Storage a dropped request left, whose pages are mapped already, or a new body.
                body = self.bodyBudget?.storage.take(count: length) ?? Self.makePresizedBody(count: length)
                self.presizedBodyFilled = 0
            } else if length > 0 {
                body.reserveCapacity(length)
            }
            self.state = .fixedBody(remaining: length)
        case .chunked:
            self.state = .chunkSize
        }
        // Both moved in, so that the body stays uniquely referenced while it is filled.
        self.pending = Request(
            method: method,
            target: consume target,
            version: version,
            headers: consume headers,
            body: consume body
        )
    }

    /// Parses a request line (without its CRLF): the method, the version and the target, `nil` when it is
    /// `previous`, the last request's target.
    ///
    /// A target that repeats the last request's, as a client asking one session again and again does
    /// (`/sessions/{id}/query`), is that string: a long one shares its storage rather than allocating its own, a
    /// short one (a small string, up to 15 bytes, such as `/healthz`) is not validated again (issue 21; about 150
    /// instructions). Any other is made anew. (Writing a different target into the old storage, in small-string
    /// pieces, was measured at 2,300 instructions a request: more than the allocation.)
    private static func parseRequestLine(
        _ line: UnsafeBufferPointer<UInt8>, repeating previous: String
    ) -> Result<(HTTPMethod, HTTPVersion, String?), HTTPParseError> {
        // The spaces found with `memchr` and the target's bytes checked eight at a time: `firstIndex(of:)` and
        // `allSatisfy` went byte by byte through a slice, about 12 instructions a byte of a session's query target
        // (callgrind).
        guard let start = line.baseAddress, let first = Self.offset(of: .space, in: start, count: line.count),
            let second = Self.offset(of: .space, in: start + first + 1, count: line.count - first - 1)
        else { return .failure(.malformedRequestLine) }
        let methodBytes = UnsafeBufferPointer(start: start, count: first)
        let targetBytes = UnsafeBufferPointer(start: start + first + 1, count: second)
        let versionBytes = UnsafeBufferPointer(rebasing: line[(first + 1 + second + 1)...])
        guard !methodBytes.isEmpty, methodBytes.allSatisfy(\.isTokenCharacter) else {
            return .failure(.malformedRequestLine)
        }
        guard !targetBytes.isEmpty, Self.isVisibleASCII(targetBytes) else { return .failure(.malformedRequestLine) }
        let version: HTTPVersion
        do {
            version = try Self.parseVersion(versionBytes)
        } catch {
            return .failure(error)
        }
        guard let method = Self.parseMethod(methodBytes) else { return .failure(.unknownMethod) }
        do {
            try RequestTarget.validate(targetBytes, method: method)
        } catch {
            return .failure(error)
        }
        // Compared in place (a parsed target is contiguous UTF-8, a small one too) with `memcmp`: a loop of our own
        // took about 7 instructions a byte, 290 for a session's query target.
        let isSame =
            previous.utf8.count == targetBytes.count
            && previous.utf8.withContiguousStorageIfAvailable { old in
                memcmp(old.baseAddress!, start + first + 1, targetBytes.count) == 0
            } == true
        return .success((method, version, isSame ? nil : String(decoding: targetBytes, as: UTF8.self)))
    }

    /// The offset of the first `byte` among `count` bytes at `start`, or `nil`.
    private static func offset(of byte: UInt8, in start: UnsafePointer<UInt8>, count: Int) -> Int? {
        guard count > 0, let found = memchr(start, Int32(byte), count) else { return nil }
        return UnsafePointer(found.assumingMemoryBound(to: UInt8.self)) - start
    }

    /// Whether every byte is visible ASCII (0x21…0x7E), looked at eight at a time.
    static func isVisibleASCII(_ bytes: UnsafeBufferPointer<UInt8>) -> Bool {
        guard let base = bytes.baseAddress else { return true }
        let ones: UInt64 = 0x0101_0101_0101_0101
        let highs: UInt64 = 0x8080_8080_8080_8080
        var index = 0
        while index &+ 8 <= bytes.count {
            let word = UnsafeRawPointer(base + index).loadUnaligned(as: UInt64.self)
            // A byte below 0x21 (the classic "has a byte less than n" test, exact for n up to 128), or one of 0x7F
            // and above (its top bit set, or set by adding one).
            if (word &- ones &* 0x21) & ~word & highs != 0 || ((word &+ ones) | word) & highs != 0 { return false }
            index &+= 8
        }
        while index < bytes.count {
            guard bytes[index] > 0x20, bytes[index] < 0x7F else { return false }
            index &+= 1
        }
        return true
    }

    /// Parses `HTTP/1.0` or `HTTP/1.1`; another well-formed version is 505, anything else 400.
    private static func parseVersion(_ bytes: UnsafeBufferPointer<UInt8>) throws(HTTPParseError) -> HTTPVersion {
        guard bytes.count == 8, Self.bytes(UnsafeBufferPointer(rebasing: bytes.prefix(5)), equal: "HTTP/") else {
            throw .malformedRequestLine
        }
        let major = bytes[bytes.startIndex + 5]
        let dot = bytes[bytes.startIndex + 6]
        let minor = bytes[bytes.startIndex + 7]
        let digits = UInt8(ascii: "0")...UInt8(ascii: "9")
        guard digits.contains(major), dot == UInt8(ascii: "."), digits.contains(minor) else {
            throw .malformedRequestLine
        }
        guard major == UInt8(ascii: "1"), minor <= UInt8(ascii: "1") else { throw .unsupportedVersion }
        return minor == UInt8(ascii: "1") ? .http1_1 : .http1_0
    }

    /// Matches a method token exactly (methods are case-sensitive, RFC 9110 §9.1).
    private static func parseMethod(_ bytes: UnsafeBufferPointer<UInt8>) -> HTTPMethod? {
        if Self.bytes(bytes, equal: "GET") { return .GET }
        if Self.bytes(bytes, equal: "POST") { return .POST }
        return HTTPMethod.allCases.first { $0.rawValue.utf8.elementsEqual(bytes) }
    }

    /// Whether `bytes` are exactly `literal`'s, compared through pointers (a generic `elementsEqual` of a slice and
    /// a string's UTF-8 view costs a hundred instructions or more per call).
    private static func bytes(_ bytes: UnsafeBufferPointer<UInt8>, equal literal: StaticString) -> Bool {
        let count = literal.utf8CodeUnitCount
        guard bytes.count == count else { return false }
        let expected = literal.utf8Start
        for index in 0..<count where bytes[index] != expected[index] { return false }
        return true
    }
}
