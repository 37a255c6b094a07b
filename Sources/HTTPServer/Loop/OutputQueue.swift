import CSystem
import Glibc

/// A connection's output waiting to be sent, in order.
///
/// Small pieces (response heads, small bodies) are coalesced into one buffer so that a batch of pipelined answers
/// leaves in one `send`; a large body is queued as its own array, without a copy, so that a million-item answer
/// costs no memcpy on the loop and no second copy in memory.
struct OutputQueue {
    /// Bodies at least this large are queued as they are instead of being copied.
    static let directBodyBytes = 64 * 1024

    private var chunks: [[UInt8]] = []
    /// Bytes of `chunks[0]` already sent.
    private var sentOfFirst = 0
    /// Whether the last chunk is a coalescing buffer that more small pieces may be appended to.
    private var lastIsCoalescing = false
    /// An emptied coalescing buffer kept for reuse, so a keep-alive connection does not allocate per response.
    private var spare: [UInt8] = []
    /// The number of bytes not yet sent.
    private(set) var count = 0

    /// Appends small output through `write`, which appends to the coalescing buffer.
    mutating func append(_ write: (inout [UInt8]) -> Void) {
        if !self.lastIsCoalescing {
            var buffer = self.spare
            self.spare = []
            buffer.removeAll(keepingCapacity: true)
            self.chunks.append(buffer)
            self.lastIsCoalescing = true
        }
        let last = self.chunks.count - 1
        let before = self.chunks[last].count
        write(&self.chunks[last])
        self.count += self.chunks[last].count - before
    }

    /// Queues bytes as they are, without copying them.
    mutating func append(bytes: [UInt8]) {
        guard !bytes.isEmpty else { return }
        self.chunks.append(bytes)
        self.lastIsCoalescing = false
        self.count += bytes.count
    }

    /// Sends until everything is sent or the socket would block.
    ///
    /// - Throws: ``SystemCallError`` when `send` fails (the client reset or went away).
    mutating func send(to fd: Int32) throws(SystemCallError) {
        while !self.chunks.isEmpty {
            if self.chunks[0].isEmpty {
                self.chunks.removeFirst()
                if self.chunks.isEmpty { self.lastIsCoalescing = false }
                continue
            }
            let offset = self.sentOfFirst
            let result = self.chunks[0].withUnsafeBytes { bytes in
                Result { () throws(SystemCallError) -> Int? in
                    try nonBlockingSyscall("send") {
                        Glibc.send(fd, bytes.baseAddress! + offset, bytes.count - offset, Int32(MSG_NOSIGNAL))
                    }
                }
            }
            let sent = try result.get()
            guard let sent else { return }
            self.sentOfFirst += sent
            self.count -= sent
            guard self.sentOfFirst == self.chunks[0].count else { continue }
            let done = self.chunks.removeFirst()
            self.sentOfFirst = 0
            if self.chunks.isEmpty {
                // Keep a modest buffer for the next responses; let a huge one go.
                if self.lastIsCoalescing, done.capacity <= 1024 * 1024 { self.spare = done }
                self.lastIsCoalescing = false
            }
        }
    }
}
