/// An incremental HTTP/1.1 request parser: bytes in, in any split, requests out.
///
/// Feed bytes as they arrive with ``append(_:)`` and call ``next()`` until it returns `nil` (more bytes needed).
/// The parser is a state machine that returns events rather than calling back: ``Event/request(_:)`` for each
/// complete request, in order, and ``Event/continueExpected`` when a request asked for `100 Continue` before its
/// body. Framing follows RFC 9112 and refuses the shapes request smuggling needs (see ``HTTPParseError``). After an
/// error the parser stays failed: every later ``next()`` throws the same error, because the bytes that follow cannot
/// be trusted to start a request.
public struct RequestParser: Sendable {
    /// What ``next()`` found.
    public enum Event: Sendable {
        /// A complete request, body included.
        case request(Request)
        /// The head of a request with `Expect: 100-continue` arrived before any of its body: answer
        /// `HTTP/1.1 100 Continue` (or a final status) and keep reading.
        case continueExpected
    }

    /// Where the parser is within the current request, for timeouts.
    public enum Phase: Hashable, Sendable {
        /// Between requests, with no byte of the next one buffered.
        case idle
        /// Some of a request head is buffered.
        case head
        /// The head is complete and the body is being read.
        case body
    }

    /// The body framing being read.
    @usableFromInline
    enum State: Hashable, Sendable {
        case head
        case fixedBody(remaining: Int)
        case chunkSize
        case chunkData(remaining: Int)
        case chunkDataEnd
        case trailers(bytes: Int)
    }

    /// The limits this parser enforces.
    public let limits: ParserLimits

    // `buffer`, `start`, `state`, `failure` and `presizedBodyFilled` are `@usableFromInline` for the inlinable
    // ``phase``, ``bufferedByteCount`` and ``readsBodyDirectly``: called from another module on a parser stored in a
    // class (the server's connection), a getter was handed a copy of the whole parser (a 64-instruction memcpy, four
    // times a request under callgrind); inlined, it reads the fields in place.

    /// Unconsumed input starts at ``start``; bytes before it were consumed and are dropped on compaction.
    @usableFromInline var buffer: [UInt8] = []
    @usableFromInline var start = 0
    @usableFromInline var state: State = .head
    @usableFromInline var failure: HTTPParseError?
    /// How far (relative to ``start``) the head scan has looked for line ends.
    var scanned = 0
    /// The end of the request line relative to ``start`` (the index of its CR), once found.
    var requestLineEnd: Int?
    /// The field lines found so far, relative to ``start``, without their CRLF: the first ``fieldLineCount``
    /// entries (the rest are an earlier head's, overwritten rather than removed, so that starting the next head
    /// costs one store).
    var fieldLines: [Range<Int>] = []
    var fieldLineCount = 0
    /// The request whose body is being read.
    var pending: Request?
    /// For a large fixed-length body made at its full length up front (``directBodyBytes``), how many of its bytes
    /// are written; `nil` for a body that grows by appending.
    @usableFromInline var presizedBodyFilled: Int?
    /// For a body lent to an early reader while it arrives (``beginEarlyStart()``), where its bytes are written.
    var arrivalWriter: BodyArrivalWriter?
    /// Whether the pending request was offered for an early start (``considerEarlyStart()``), so it is only once.
    var isEarlyStartConsidered = false
    /// The header list and body of the last request given back (``recycle(_:)``), kept so that the next request
    /// reuses their storage: a keep-alive connection then parses without allocating (issue 21). Taken while still
    /// shared, they are copied as any array is; a body larger than ``spareBodyCapacity`` is let go. The last target
    /// is kept too: a target that repeats it is that string, not a new one.
    var spareHeaders = HTTPHeaders()
    var spareBody: [UInt8] = []
    var spareTarget = ""
    /// The largest body storage a connection keeps between requests: small, as idle connections keep it too.
    static let spareBodyCapacity = 2048
    /// The budget bodies are reserved from, if any.
    let bodyBudget: BodyMemoryBudget?
    /// The bytes reserved from ``bodyBudget`` and not yet released: the current request's body.
    public private(set) var reservedBodyBytes = 0

    /// Creates a parser.
    ///
    /// - Parameters:
    ///   - limits: The sizes past which requests are refused. Defaults to ``ParserLimits/init()``.
    ///   - bodyBudget: The memory every connection's bodies share; each body is reserved from it before it is
    ///     read, and refused with ``HTTPParseError/bodyMemoryExhausted`` when it does not fit. Defaults to `nil`:
    ///     no budget.
    public init(limits: ParserLimits = ParserLimits(), bodyBudget: BodyMemoryBudget? = nil) {
        self.limits = limits
        self.bodyBudget = bodyBudget
        self.fieldLines.reserveCapacity(16)
    }

    /// Reserves `bytes` of body from the budget, or refuses the request.
    mutating func reserveBody(_ bytes: Int) throws(HTTPParseError) {
        guard let budget = self.bodyBudget, bytes > 0 else { return }
        guard budget.reserve(bytes) else { throw .bodyMemoryExhausted }
        self.reservedBodyBytes += bytes
    }

    /// Returns the body bytes reserved so far to the budget: call once the request they belong to is answered (its
    /// body no longer held), and when the connection closes.
    public mutating func releaseBodyMemory() {
        self.bodyBudget?.release(self.takeBodyReservation())
    }

    /// Hands the body bytes reserved so far to the caller, who must release them from the budget once the body is
    /// gone (a request answered on another thread, which may outlive its connection).
    ///
    /// - Returns: The bytes reserved; the parser holds none afterwards.
    public mutating func takeBodyReservation() -> Int {
        defer { self.reservedBodyBytes = 0 }
        return self.reservedBodyBytes
    }

    /// The phase of the current request.
    @inlinable
    public var phase: Phase {
        switch self.state {
        case .head: self.buffer.count == self.start ? .idle : .head
        default: .body
        }
    }

    /// The number of bytes buffered and not yet consumed.
    @inlinable
    public var bufferedByteCount: Int { self.buffer.count - self.start }

    /// Appends received bytes.
    ///
    /// - Parameter bytes: The bytes, in the order received.
    public mutating func append(_ bytes: UnsafeRawBufferPointer) {
        guard self.start == 0 || self.start < self.buffer.count else {
            // Everything buffered was consumed (the usual read, between requests): the new bytes replace it in one
            // call. Emptying the buffer, then appending, cost twice as much (about 110 instructions a read more).
            // As many bytes as the last read (a client repeating one request) are copied over the old ones in
            // place, with no range replacement (about 40 instructions a read less, callgrind).
            if self.buffer.count == bytes.count, let source = bytes.baseAddress {
                self.buffer.withUnsafeMutableBytes { $0.baseAddress?.copyMemory(from: source, byteCount: bytes.count) }
            } else {
                self.buffer.replaceSubrange(0..<self.buffer.count, with: bytes)
            }
            self.start = 0
            return
        }
        self.compactIfWorthIt()
        self.buffer.append(contentsOf: bytes)
    }

    /// Appends received bytes.
    ///
    /// - Parameter bytes: The bytes, in the order received.
    public mutating func append(_ bytes: some Collection<UInt8>) {
        self.compactIfWorthIt()
        self.buffer.append(contentsOf: bytes)
    }

    /// Returns the next event, or `nil` when more bytes are needed.
    ///
    /// - Returns: The next complete request, a request for `100 Continue`, or `nil`.
    /// - Throws: ``HTTPParseError`` when the input is not an acceptable request; the connection must then close.
    public mutating func next() throws(HTTPParseError) -> Event? {
        if let failure = self.failure { throw failure }
        // Between requests with nothing buffered (the pass after every answer on a keep-alive connection): no head
        // to scan. What the head scan would have found, without its calls (about 150 instructions, callgrind).
        if case .head = self.state, self.start == self.buffer.count { return nil }
        do {
            return try self.step()
        } catch {
            self.failure = error
            throw error
        }
    }

    // Inlined into ``next()``, as ``parseHead()`` is into it: three calls deep, each saving and restoring its
    // registers, cost about 100 instructions a request (callgrind).
    @inline(__always)
    private mutating func step() throws(HTTPParseError) -> Event? {
        while true {
            switch self.state {
            case .head:
                guard let event = try self.parseHead() else { return nil }
                if let event { return event }
            case .fixedBody(let remaining):
                let count = min(remaining, self.bufferedByteCount)
                self.takeBody(count)
                if count == remaining { return self.finishRequest() }
                self.state = .fixedBody(remaining: remaining - count)
                return nil
            case .chunkSize:
                guard let size = try self.parseChunkSize() else { return nil }
                self.state = size == 0 ? .trailers(bytes: 0) : .chunkData(remaining: size)
            case .chunkData(let remaining):
                let count = min(remaining, self.bufferedByteCount)
                self.takeBody(count)
                guard count == remaining else {
                    self.state = .chunkData(remaining: remaining - count)
                    return nil
                }
                self.state = .chunkDataEnd
            case .chunkDataEnd:
                guard self.bufferedByteCount >= 2 else { return nil }
                guard self.buffer[self.start] == .cr, self.buffer[self.start + 1] == .lf else {
                    throw .malformedChunk
                }
                self.start += 2
                self.state = .chunkSize
            case .trailers(let bytes):
                guard let lineLength = try self.nextLine(limit: self.limits.maxTrailerBytes - bytes) else {
                    return nil
                }
                self.start += lineLength + 2
                if lineLength == 0 { return self.finishRequest() }
                self.state = .trailers(bytes: bytes + lineLength + 2)
            }
        }
    }

    /// Hands out the pending request and gets ready for the next head.
    mutating func finishRequest() -> Event? {
        self.state = .head
        // Moved out, not copied and then cleared: no retain and release of each of its fields.
        guard let request = self.pending.take() else { return nil }
        self.arrivalWriter?.arrival.complete()
        self.arrivalWriter = nil
        self.isEarlyStartConsidered = false
        // A large body's storage is lent to the pool, which reuses it once the request is dropped.
        if self.presizedBodyFilled != nil { self.bodyBudget?.storage.lend(request.body) }
        self.presizedBodyFilled = nil
        return .request(request)
    }

    /// Takes back a request this parser handed out, once its answer was had (or its work handed on): the next
    /// request reuses its header list, body and target storage (``spareHeaders``), so that a keep-alive connection
    /// parses without allocating (issue 21).
    ///
    /// Given back rather than kept a reference to when the request is handed out: that retained three buffers
    /// per request and released them again when the request was dropped (about 130 instructions, callgrind).
    /// Storage still shared (a request a worker answers) is copied when the next request writes to it, as any array
    /// is; a parser whose requests are never given back allocates each anew.
    ///
    /// - Parameter request: A request ``next()`` returned.
    public mutating func recycle(_ request: consuming Request) {
        // Swapped rather than assigned: each part moves, with no retain, and the request leaves with the spares
        // (empty, taken by the request it holds).
        swap(&self.spareHeaders, &request.headers)
        if request.target.utf8.count <= Self.spareBodyCapacity { swap(&self.spareTarget, &request.target) }
        if request.body.capacity <= Self.spareBodyCapacity { swap(&self.spareBody, &request.body) }
    }

    /// Finds the CRLF ending the line at ``start``, returning the line's length without it, or `nil` if the line is
    /// incomplete; throws once the line is longer than `limit` (whatever its end) or ends in a bare LF.
    private func nextLine(limit: Int) throws(HTTPParseError) -> Int? {
        let available = self.bufferedByteCount
        let end = self.buffer.withUnsafeBufferPointer { buffer -> Int? in
            var index = self.start
            while index < buffer.count {
                if buffer[index] == .lf { return index - self.start }
                index += 1
            }
            return nil
        }
        guard let end else {
            if available > limit + 1 { throw .chunkMetadataTooLarge }
            return nil
        }
        // The limit before the form, as for head lines: the same answer however the bytes were split.
        if end - 1 > limit { throw .chunkMetadataTooLarge }
        guard end > 0, self.buffer[self.start + end - 1] == .cr else { throw .malformedChunk }
        return end - 1
    }

    /// Parses a chunk-size line: hex digits, then nothing or `;` and an extension.
    private mutating func parseChunkSize() throws(HTTPParseError) -> Int? {
        guard let length = try self.nextLine(limit: self.limits.maxChunkLineBytes) else { return nil }
        var size = 0
        var digits = 0
        var index = self.start
        let end = self.start + length
        while index < end, let value = self.buffer[index].hexValue {
            let (shifted, overflow) = size.multipliedReportingOverflow(by: 16)
            guard !overflow else { throw .malformedChunk }
            size = shifted + value
            digits += 1
            index += 1
        }
        guard digits > 0 else { throw .malformedChunk }
        if index < end {
            guard self.buffer[index] == UInt8(ascii: ";") else { throw .malformedChunk }
            for byte in self.buffer[index..<end] where byte.isControl && byte != .tab { throw .malformedChunk }
        }
        let (total, overflow) = (self.pending?.body.count ?? 0).addingReportingOverflow(size)
        guard !overflow, total <= self.limits.maxBodyBytes else { throw .bodyTooLarge }
        try self.reserveBody(size)
        self.start = end + 2
        return size
    }

    /// Drops consumed bytes once they are worth the copy: always when nothing is left, otherwise when the consumed
    /// prefix is large and at least half the buffer. Head-scan offsets are relative to ``start`` and survive.
    private mutating func compactIfWorthIt() {
        guard self.start > 0 else { return }
        if self.start == self.buffer.count {
            self.buffer.removeAll(keepingCapacity: true)
            self.start = 0
        } else if self.start >= 4096, self.start * 2 >= self.buffer.count {
            self.buffer.removeSubrange(0..<self.start)
            self.start = 0
        }
    }
}

extension UInt8 {
    static let cr = UInt8(ascii: "\r")
    static let lf = UInt8(ascii: "\n")
    static let space = UInt8(ascii: " ")
    static let tab = UInt8(ascii: "\t")
    static let colon = UInt8(ascii: ":")

    /// The value of a hex digit, or `nil`.
    var hexValue: Int? {
        switch self {
        case UInt8(ascii: "0")...UInt8(ascii: "9"): Int(self - UInt8(ascii: "0"))
        case UInt8(ascii: "a")...UInt8(ascii: "f"): Int(self - UInt8(ascii: "a") + 10)
        case UInt8(ascii: "A")...UInt8(ascii: "F"): Int(self - UInt8(ascii: "A") + 10)
        default: nil
        }
    }

    /// Whether the byte is a control character (including DEL).
    var isControl: Bool { self < 0x20 || self == 0x7F }

    /// Whether the byte is a `tchar` of RFC 9110 §5.6.2, allowed in methods and field names.
    ///
    /// One load from a table of all 256 bytes (a literal: constant storage, no lazy global), so that a name costs a
    /// load and a comparison per byte: two 64-bit masks, one per half of ASCII, chosen, shifted and tested, cost
    /// about 7 instructions a byte, and a table of ASCII alone a test of the top bit more (callgrind).
    @inline(__always)
    var isTokenCharacter: Bool {
        Self.tokenCharacters.utf8Start[Int(self)] == UInt8(ascii: "1")
    }

    /// `1` at each `tchar`'s position among the 256 bytes: digits and `!#$%&'*+-.^_`|~` and letters (the first line
    /// holds bytes 0–63, the second 64–127; no byte from 128 on is one).
    private static var tokenCharacters: StaticString {
        """
        0000000000000000000000000000000001011111001101101111111111000000\
        0111111111111111111111111110001111111111111111111111111111101010\
        0000000000000000000000000000000000000000000000000000000000000000\
        0000000000000000000000000000000000000000000000000000000000000000
        """
    }

    /// The byte lowercased if it is an ASCII capital.
    var asciiLowercased: UInt8 {
        self >= UInt8(ascii: "A") && self <= UInt8(ascii: "Z") ? self | 0x20 : self
    }
}
