import Glibc
import Testing

@testable import HTTPServer

/// The output queue against a real socket pair: pieces coalesced and pieces queued as they are leave in order, in
/// one `sendmsg` each batch, and a send that stops part-way (a full socket buffer) resumes at the right byte.
@Suite struct OutputQueueTests {
    /// A connected pair of stream sockets, the sending end non-blocking with a small send buffer.
    private static func socketPair(sendBuffer: Int32? = nil) throws -> (sender: Int32, receiver: Int32) {
        var fds: [Int32] = [-1, -1]
        try #require(socketpair(AF_UNIX, Int32(SOCK_STREAM.rawValue), 0, &fds) == 0)
        _ = fcntl(fds[0], F_SETFL, fcntl(fds[0], F_GETFL) | O_NONBLOCK)
        _ = fcntl(fds[1], F_SETFL, fcntl(fds[1], F_GETFL) | O_NONBLOCK)
        if var size = sendBuffer {
            _ = setsockopt(fds[0], SOL_SOCKET, SO_SNDBUF, &size, socklen_t(MemoryLayout<Int32>.size))
        }
        return (fds[0], fds[1])
    }

    /// Reads whatever the receiving end holds now.
    private static func drain(_ fd: Int32, into received: inout [UInt8]) {
        var buffer = [UInt8](repeating: 0, count: 64 * 1024)
        while true {
            let count = buffer.withUnsafeMutableBytes { read(fd, $0.baseAddress, $0.count) }
            guard count > 0 else { return }
            received += buffer[0..<count]
        }
    }

    /// Piece `index` of a test's output: a few bytes that say where they belong.
    private static func piece(_ index: Int, length: Int) -> [UInt8] {
        (0..<length).map { UInt8(truncatingIfNeeded: index &* 31 &+ $0) }
    }

    @Test func aHeadAndItsBodyLeaveTogetherInOrder() throws {
        let (sender, receiver) = try Self.socketPair()
        defer { close(sender); close(receiver) }
        var queue = OutputQueue()
        let head = Self.piece(1, length: 120)
        let body = Self.piece(2, length: 3000)
        queue.append { $0 += head }
        queue.append(bytes: body)
        #expect(queue.count == 3120)
        try queue.send(to: sender)
        #expect(queue.count == 0)
        var received: [UInt8] = []
        Self.drain(receiver, into: &received)
        #expect(received == head + body)
    }

    @Test func outputAppendedToTheTakenBufferFollowsWhatWasCoalescedBefore() throws {
        let (sender, receiver) = try Self.socketPair()
        defer { close(sender); close(receiver) }
        var queue = OutputQueue()
        let first = Self.piece(1, length: 40)
        let second = Self.piece(2, length: 70)
        let body = Self.piece(3, length: 2000)
        queue.append { $0 += first }
        var buffer = queue.beginAppending()
        #expect(buffer == first)
        buffer += second
        queue.endAppending(buffer)
        queue.append(bytes: body)
        #expect(queue.count == 2110)
        try queue.send(to: sender)
        #expect(queue.count == 0)
        var received: [UInt8] = []
        Self.drain(receiver, into: &received)
        #expect(received == first + second + body)
    }

    @Test func moreDirectPiecesThanOneSendGathersAllLeaveInOrder() throws {
        let (sender, receiver) = try Self.socketPair()
        defer { close(sender); close(receiver) }
        var queue = OutputQueue()
        var expected: [UInt8] = []
        for index in 0..<(3 * OutputQueue.maximumVectors) {
            let bytes = Self.piece(index, length: 50 + index)
            expected += bytes
            if index % 3 == 0 { queue.append { $0 += bytes } } else { queue.append(bytes: bytes) }
        }
        try queue.send(to: sender)
        #expect(queue.count == 0)
        var received: [UInt8] = []
        Self.drain(receiver, into: &received)
        #expect(received == expected)
    }

    @Test func aSendStoppedByAFullBufferResumesAtTheRightByte() throws {
        let (sender, receiver) = try Self.socketPair(sendBuffer: 4096)
        defer { close(sender); close(receiver) }
        var queue = OutputQueue()
        var expected: [UInt8] = []
        for index in 0..<40 {
            let bytes = Self.piece(index, length: 700 + 97 * index)
            expected += bytes
            if index % 2 == 0 { queue.append { $0 += bytes } } else { queue.append(bytes: bytes) }
        }
        var received: [UInt8] = []
        var stops = 0
        while queue.count > 0 {
            try queue.send(to: sender)
            if queue.count > 0 { stops += 1 }
            Self.drain(receiver, into: &received)
        }
        #expect(stops > 0, "the small send buffer should have stopped a send part-way")
        #expect(received == expected)
    }

    @Test func anEmptyCoalescedPieceIsSkipped() throws {
        let (sender, receiver) = try Self.socketPair()
        defer { close(sender); close(receiver) }
        var queue = OutputQueue()
        queue.append { _ in }
        queue.append(bytes: Self.piece(3, length: 10))
        queue.append { $0 += Self.piece(4, length: 5) }
        try queue.send(to: sender)
        var received: [UInt8] = []
        Self.drain(receiver, into: &received)
        #expect(received == Self.piece(3, length: 10) + Self.piece(4, length: 5))
        #expect(queue.count == 0)
    }

    @Test func emptiedBuffersAreKeptWithinTheOutputWindow() throws {
        let (sender, receiver) = try Self.socketPair()
        defer { close(sender); close(receiver) }
        // A pipelined batch of 40 KB coalesced into one buffer, sent, then the next answer.
        func batch(_ queue: inout OutputQueue) throws {
            for index in 0..<40 { queue.append { $0 += Self.piece(index, length: 1_000) } }
            try queue.send(to: sender)
            var received: [UInt8] = []
            Self.drain(receiver, into: &received)
            #expect(received.count == 40_000)
        }
        var wide = OutputQueue(window: 1024 * 1024)
        try batch(&wide)
        #expect(wide.keptBytes >= 40_000)
        var narrow = OutputQueue(window: 16 * 1024)
        try batch(&narrow)
        #expect(narrow.keptBytes == 0)
        #expect(OutputQueue(window: 64 * 1024 * 1024).spareLimit == OutputQueue.maximumSpareBytes)
    }
}
