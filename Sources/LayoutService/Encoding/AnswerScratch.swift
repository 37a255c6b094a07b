import Glibc
import HTTPCore
import JSON

/// What one thread keeps from its last answer to reuse in the next: the header list and the JSON buffer (issue 21).
///
/// An answer's header list and its body are arrays the server drops once it has written the head and sent the
/// body (a body of 1 KiB or more leaves from this very buffer, with its head, in one `sendmsg`; a smaller one is
/// copied after the head). The thread that made them keeps a second reference here; by the time it answers again
/// the server's is usually gone, so emptying the kept list or buffer reuses its storage instead of allocating. When the server
/// still holds it (a pipelined or a worker's answer not yet written), the arrays copy themselves on write, as
/// any array does: reuse never changes an answer, it only saves allocations.
///
/// Per thread (POSIX thread-specific data), so it needs no lock: each event loop and worker has its own.
final class AnswerScratch {
    /// Bodies larger than this are not kept: the thread would hold that much memory until its next answer.
    static let maximumKeptBytes = 64 * 1024

    // The properties are `@exclusivity(unchecked)`: each access to a class's property otherwise checks at run time
    // that no other access overlaps it (`swift_beginAccess`, about 40 instructions a time, several per answer).
    // None can: the scratch is reachable only through its thread's `current` (thread-specific data, never handed
    // to another thread; the class is not `Sendable`), and no method calls out, while it accesses a property, to
    // code that could reach this scratch (only `HTTPHeaders`, `Array` and `JSONWriter` methods).

    /// The last answer's header list.
    @exclusivity(unchecked) private var headers = HTTPHeaders()
    /// The last JSON answer's bytes.
    @exclusivity(unchecked) private var body: [UInt8] = []
    /// The writer of the last session query or placed flow answer, kept whole (``answer(capacity:_:)``).
    @exclusivity(unchecked) private var keptWriter = JSONWriter(capacity: 64)
    /// The text of plain cells this thread wrote recently, for the service it last answered for.
    @exclusivity(unchecked) private var memo: CellTextMemo?

    /// This thread's scratch, made on its first answer and released when the thread ends.
    static var current: AnswerScratch {
        if let pointer = pthread_getspecific(Self.key) {
            return Unmanaged<AnswerScratch>.fromOpaque(pointer).takeUnretainedValue()
        }
        let scratch = AnswerScratch()
        pthread_setspecific(Self.key, Unmanaged.passRetained(scratch).toOpaque())
        return scratch
    }

    private static let key: pthread_key_t = {
        var key = pthread_key_t()
        let status = pthread_key_create(&key) { pointer in
            if let pointer { Unmanaged<AnswerScratch>.fromOpaque(pointer).release() }
        }
        precondition(status == 0, "pthread_key_create failed: \(status)")
        return key
    }()

    /// A header list holding `first` and `second`, in the last answer's storage when that is free again.
    ///
    /// Every field goes in here: a field added to the returned list afterwards copies it (this scratch holds it too).
    func headers(
        _ first: (name: String, value: String),
        _ second: (name: String, value: String)? = nil
    ) -> HTTPHeaders {
        if !self.headers.replaceFields(first, second) {
            self.headers.removeAll(keepingCapacity: true)
            if self.headers.capacity == 0 { self.headers.reserveCapacity(4) }
            self.headers.add(name: first.name, value: first.value)
            if let second { self.headers.add(name: second.name, value: second.value) }
        }
        return self.headers
    }

    /// A writer for an answer of about `capacity` bytes, in the last answer's buffer when that is free again.
    func writer(capacity: Int) -> JSONWriter {
        var kept: [UInt8] = []
        swap(&kept, &self.body)
        return JSONWriter(reusing: kept, capacity: capacity)
    }

    /// This thread's memo of plain cells' text for `ledger`'s service, made on its first use and made anew when the
    /// thread answers for another service (so each memo's size and counts are its service's).
    func cellTextMemo(for ledger: CellTextMemo.Ledger) -> CellTextMemo {
        if let memo = self.memo, memo.ledger === ledger { return memo }
        self.memo = nil
        let memo = CellTextMemo(ledger: ledger)
        self.memo = memo
        return memo
    }

    /// Lets `body` write an answer of about `capacity` bytes with this thread's kept writer, emptied, and returns
    /// the answer's bytes and what `body` returns.
    ///
    /// The writer is written in place, where ``writer(capacity:)`` makes a new one to return (a copy of its table
    /// of recent numbers each way: about 270 instructions an answer, issue 21); its buffer is reused as there and
    /// kept when at most ``maximumKeptBytes``. The scratch keeps this writer apart from ``writer(capacity:)``'s
    /// buffer: a session query's answers (each about the size of the last) then reuse each other's, as a client's
    /// placed flow answers do.
    func answer<Result>(capacity: Int, _ body: (inout JSONWriter) -> Result) -> (bytes: [UInt8], result: Result) {
        self.keptWriter.restart(capacity: capacity)
        let result = body(&self.keptWriter)
        let bytes = self.keptWriter.bytes
        if bytes.capacity > Self.maximumKeptBytes { self.keptWriter = JSONWriter(capacity: 64) }
        return (bytes, result)
    }

    /// The writer's bytes, kept for the next answer when at most ``maximumKeptBytes``.
    func bytes(of writer: inout JSONWriter) -> [UInt8] {
        let bytes = writer.bytes
        if bytes.capacity <= Self.maximumKeptBytes { self.body = bytes }
        return bytes
    }
}
