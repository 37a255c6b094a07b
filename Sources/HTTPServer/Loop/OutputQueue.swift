import CSystem
import Glibc

/// A connection's output waiting to be sent, in order.
///
/// Small pieces (response heads, small bodies) are coalesced into one buffer so that a batch of pipelined answers
/// leaves in one `send`; a body may instead be queued as its own array, without a copy (a large one always, so that
/// a million-item answer costs no memcpy on the loop and no second copy in memory; the usual answer too, when
/// nothing else is waiting). Several pieces leave in one `sendmsg` with one vector each, so a head and its body
/// queued apart still cost one system call.
struct OutputQueue {
    /// Bodies at least this large are queued as they are instead of being copied.
    static let directBodyBytes = 64 * 1024
    /// The most pieces one `sendmsg` gathers; the rest go in the next.
    static let maximumVectors = 16
    /// The most emptied coalescing buffers kept for reuse: a head, then the pipelined answers after its body.
    private static let maximumSpares = 2
    /// The most capacity the kept buffers hold together (one connection's output memory between answers), unless
    /// the connection's output window (`--max-output-buffer`) is smaller: then that.
    static let maximumSpareBytes = 1024 * 1024

    /// A piece of output: a coalescing buffer, or bytes queued as they are.
    private struct Chunk {
        var bytes: [UInt8]
        /// How many of ``bytes`` are output: all of them for bytes queued as they are; in a coalescing buffer written
        /// through a pointer (``endAppending(_:length:)``), the bytes after these are a sent answer's, stale.
        var length: Int
        /// Whether more small pieces may be appended to it (and it may be reused once sent).
        let isCoalescing: Bool
    }

    private var chunks: [Chunk] = []
    /// Bytes of `chunks[0]` already sent.
    private var sentOfFirst = 0
    /// Whether the last chunk is a coalescing buffer (kept apart so that asking costs no copy of the chunk).
    private var lastIsCoalescing = false
    /// Emptied coalescing buffers kept for reuse, so a keep-alive connection does not allocate per response.
    private var spares: [[UInt8]] = []
    /// The most capacity ``spares`` hold together: ``maximumSpareBytes``, or the connection's output window if
    /// smaller.
    let spareLimit: Int
    /// The number of bytes not yet sent.
    private(set) var count = 0

    /// The capacity of the emptied buffers kept for the next answers.
    var keptBytes: Int { self.spares.reduce(0) { $0 + $1.capacity } }

    /// An empty queue whose kept buffers hold at most `window` bytes, and never more than ``maximumSpareBytes``.
    init(window: Int = OutputQueue.maximumSpareBytes) {
        self.spareLimit = Swift.min(window, Self.maximumSpareBytes)
    }

    /// Appends small output through `write`, which appends to the coalescing buffer.
    mutating func append(_ write: (inout [UInt8]) -> Void) {
        var buffer = self.beginAppending()
        write(&buffer)
        self.endAppending(consume buffer)
    }

    /// Moves the coalescing buffer out of the queue (a new one, from the spares, when the last piece is not one) for
    /// the caller to append small output to; give it back with ``endAppending(_:)`` before the queue is used again.
    ///
    /// ``append(_:)`` without a closure: a closure that writes an answer captures it, and a captured `Response` was
    /// copied field by field and destroyed again (about 230 instructions a request, callgrind).
    ///
    /// A new buffer joins the queue only in ``endAppending(_:)``, with what was written: not appended empty here and
    /// swapped out again.
    mutating func beginAppending() -> [UInt8] {
        var (buffer, queued) = self.beginOverwriting()
        // A spare's bytes were sent: emptied, keeping its capacity.
        buffer.removeLast(buffer.count - queued)
        return buffer
    }

    /// ``beginAppending()`` without emptying a reused buffer: the buffer, and how many of its first bytes are queued
    /// output. The bytes after those are a sent answer's, for the caller to overwrite (``ResponseWriter``'s
    /// `overwritingFrom:`): emptying the buffer and appending to it cost about 110 instructions an answer more than
    /// replacing its bytes in one call (callgrind).
    mutating func beginOverwriting() -> (buffer: [UInt8], queued: Int) {
        guard self.lastIsCoalescing else { return (self.spares.popLast() ?? [], 0) }
        var buffer: [UInt8] = []
        swap(&buffer, &self.chunks[self.chunks.count - 1].bytes)
        let queued = self.chunks[self.chunks.count - 1].length
        self.count -= queued
        return (buffer, queued)
    }

    /// Puts back the buffer ``beginAppending()`` or ``beginOverwriting()`` moved out, with what was written to it:
    /// every byte of it is output.
    mutating func endAppending(_ buffer: consuming [UInt8]) {
        let length = buffer.count
        self.endAppending(buffer, length: length)
    }

    /// Puts back the buffer ``beginOverwriting()`` moved out, of which the first `length` bytes are output: the bytes
    /// after them are stale, kept so that the buffer's count need not be cut (a `removeSubrange`) when the caller
    /// wrote through a pointer into bytes it already had.
    mutating func endAppending(_ buffer: consuming [UInt8], length: Int) {
        precondition(length <= buffer.count, "more output than bytes")
        self.count += length
        if self.lastIsCoalescing {
            self.chunks[self.chunks.count - 1].bytes = buffer
            self.chunks[self.chunks.count - 1].length = length
        } else {
            self.chunks.append(Chunk(bytes: buffer, length: length, isCoalescing: true))
            self.lastIsCoalescing = true
        }
    }

    /// Queues bytes as they are, without copying them.
    mutating func append(bytes: [UInt8]) {
        guard !bytes.isEmpty else { return }
        self.chunks.append(Chunk(bytes: bytes, length: bytes.count, isCoalescing: false))
        self.lastIsCoalescing = false
        self.count += bytes.count
    }

    /// Sends until everything is sent or the socket would block.
    ///
    /// - Throws: ``SystemCallError`` when `send` fails (the client reset or went away).
    mutating func send(to fd: Int32) throws(SystemCallError) {
        while self.count > 0 {
            while self.chunks[0].length == self.sentOfFirst { self.dropFirst() }
            let result: Result<Int?, SystemCallError>
            if self.chunks.count == 1 {
                // One piece (a small answer, or a batch coalesced): a plain `send`, without gathering.
                let offset = self.sentOfFirst
                let length = self.chunks[0].length
                result = self.chunks[0].bytes.withUnsafeBytes { bytes in
                    Result { () throws(SystemCallError) -> Int? in
                        try nonBlockingSyscall("send") {
                            Glibc.send(fd, bytes.baseAddress! + offset, length - offset, Int32(MSG_NOSIGNAL))
                        }
                    }
                }
            } else if self.chunks.count == 2 {
                result = self.sendTwo(to: fd)
            } else {
                result = self.withVectors { vectors in
                    Result { () throws(SystemCallError) -> Int? in
                        try nonBlockingSyscall("sendmsg") {
                            var message = msghdr()
                            message.msg_iov = UnsafeMutablePointer(mutating: vectors.baseAddress)
                            message.msg_iovlen = vectors.count
                            return Glibc.sendmsg(fd, &message, Int32(MSG_NOSIGNAL))
                        }
                    }
                }
            }
            guard let sent = try result.get() else { return }
            self.consume(sent)
        }
        self.dropAll()
    }

    /// Sends the two pieces of a queue that holds two (a head, and the body queued after it as it is: the usual
    /// answer of 1 KiB or more) in one `sendmsg`, their vectors made in place: ``withVectors(_:)``'s recursion over
    /// any number of pieces, through a generic nested function, cost about 150 instructions more an answer
    /// (callgrind). Each piece's pointer is valid only inside its `withUnsafeBytes`, so the two are nested.
    private func sendTwo(to fd: Int32) -> Result<Int?, SystemCallError> {
        let skip = self.sentOfFirst
        let firstLength = self.chunks[0].length
        let secondLength = self.chunks[1].length
        return self.chunks[0].bytes.withUnsafeBytes { first in
            self.chunks[1].bytes.withUnsafeBytes { second in
                var vectors = (
                    iovec(
                        iov_base: first.baseAddress.map { UnsafeMutableRawPointer(mutating: $0 + skip) },
                        iov_len: firstLength - skip
                    ),
                    iovec(
                        iov_base: second.baseAddress.map { UnsafeMutableRawPointer(mutating: $0) },
                        iov_len: secondLength
                    )
                )
                return withUnsafeMutableBytes(of: &vectors) { raw in
                    Result { () throws(SystemCallError) -> Int? in
                        try nonBlockingSyscall("sendmsg") {
                            var message = msghdr()
                            message.msg_iov = raw.baseAddress?.assumingMemoryBound(to: iovec.self)
                            message.msg_iovlen = 2
                            return Glibc.sendmsg(fd, &message, Int32(MSG_NOSIGNAL))
                        }
                    }
                }
            }
        }
    }

    /// Calls `body` with one vector per unsent piece (at most ``maximumVectors``), all valid during the call.
    private func withVectors<R>(_ body: (UnsafeBufferPointer<iovec>) -> R) -> R {
        let count = min(self.chunks.count, Self.maximumVectors)
        return withUnsafeTemporaryAllocation(of: iovec.self, capacity: count) { vectors in
            // Each piece's pointer is valid only inside its `withUnsafeBytes`: nest them, one per piece.
            func fill(from index: Int) -> R {
                guard index < count else { return body(UnsafeBufferPointer(vectors)) }
                let length = self.chunks[index].length
                return self.chunks[index].bytes.withUnsafeBytes { bytes in
                    let skip = index == 0 ? self.sentOfFirst : 0
                    vectors[index] = iovec(
                        iov_base: bytes.baseAddress.map { UnsafeMutableRawPointer(mutating: $0 + skip) },
                        iov_len: length - skip
                    )
                    return fill(from: index + 1)
                }
            }
            return fill(from: 0)
        }
    }

    /// Marks `sent` bytes from the front as sent.
    private mutating func consume(_ sent: Int) {
        guard sent < self.count else {
            self.dropAll()
            return
        }
        self.count -= sent
        var rest = sent
        while rest > 0 {
            let unsent = self.chunks[0].length - self.sentOfFirst
            guard rest >= unsent else {
                self.sentOfFirst += rest
                return
            }
            rest -= unsent
            self.dropFirst()
        }
    }

    /// Forgets the first piece, keeping modest coalescing buffers for the next responses (a huge one goes).
    private mutating func dropFirst() {
        // The usual queue is one piece: `removeLast` takes it without `removeFirst`'s range replacement.
        let done = self.chunks.count == 1 ? self.chunks.removeLast() : self.chunks.removeFirst()
        self.sentOfFirst = 0
        if self.chunks.isEmpty { self.lastIsCoalescing = false }
        self.keep(done)
    }

    /// Forgets every piece, all sent, from the back: a head and the body queued after it went with a `removeFirst`
    /// each (about 160 instructions an answer, callgrind), a `removeLast` costs a few.
    private mutating func dropAll() {
        while !self.chunks.isEmpty { self.keep(self.chunks.removeLast()) }
        self.count = 0
        self.sentOfFirst = 0
        self.lastIsCoalescing = false
    }

    /// Keeps a sent piece's buffer for reuse if it is a coalescing one and the spares have room for it.
    private mutating func keep(_ done: consuming Chunk) {
        if done.isCoalescing, self.spares.count < Self.maximumSpares,
            self.keptBytes + done.bytes.capacity <= self.spareLimit
        {
            self.spares.append(done.bytes)
        }
    }
}
