import Glibc
import Synchronization

/// A large fixed-length body that is still arriving, shared by the event loop that reads it into place and a worker
/// that reads it meanwhile (issue 21: the 29 MB `POST` is decoded while it is received, not after).
///
/// The loop writes the body's bytes in order and publishes how many it wrote (``publish(received:)``, a
/// sequentially consistent store after each `read`); a reader never touches a byte at or past what it was last
/// granted (``waitForBytes(atLeast:)``, whose load is an acquire), so the bytes it reads were written before it
/// looks. When the reader catches up it sleeps on a condition variable, and the loop signals it only when the bytes
/// it asked for are in: a loop never takes the lock otherwise. The body ends either complete (``complete()``,
/// once the request is parsed) or abandoned (``abandon()``: the client closed, a timeout, the connection went),
/// which wakes the reader to give up.
///
/// A reader waits at most ``stallLimit`` at a time and ``waitBudget`` in all, so a slow or stalled client never
/// holds a worker for long: past either, the reader gives up as on an abandoned body and the request is read whole
/// after it arrives, as without an early start. The early reader's result (``runEarly(_:)``) is handed to the
/// request's own answer once (``takeEarlyResult()``), which either finds it, waits for it (the early reader is
/// running), or claims the work so that an early reader not yet started does nothing.
public final class BodyArrival: @unchecked Sendable {
    /// The body's full length.
    public let count: Int
    /// The bytes written so far; `count` once complete.
    private let received: Atomic<Int>
    /// The most bytes a sleeping reader waits for, `Int.max` when none sleeps.
    private let wanted = Atomic<Int>(.max)
    /// 0 while bytes arrive, 1 complete, 2 abandoned.
    private let ending = Atomic<Int>(0)
    /// 0 nobody ran the early work, 1 the early reader runs it, 2 the request's answer claimed it (so it never
    /// runs), 3 its result is published.
    private let early = Atomic<Int>(0)
    /// The early work's result, written once before ``early`` becomes 3.
    private var earlyResult: (any Sendable)?
    /// Nanoseconds a reader waited so far, against ``waitBudget``.
    private var waited: Int64 = 0
    private let mutex: UnsafeMutablePointer<pthread_mutex_t>
    private let condition: UnsafeMutablePointer<pthread_cond_t>

    /// The longest a reader waits for bytes in all. 1 s.
    public static let waitBudget: Int64 = 1_000_000_000

    /// The longest one wait lasts: a body that stalls this long (or arrives slower than what the reader asks for
    /// per wait, over this time) is left to be read once complete. 100 ms.
    public static let stallLimit: Int64 = 100_000_000

    /// This arrival's ``stallLimit`` and ``waitBudget``, in nanoseconds.
    private let limits: (stall: Int64, budget: Int64)

    /// Creates the arrival of a body of `count` bytes of which `received` are already written.
    ///
    /// - Parameters:
    ///   - stallLimit: The longest one wait of a reader lasts, in nanoseconds; ``stallLimit`` unless a test wants
    ///     a reader that never gives up on a body that is merely slow.
    ///   - waitBudget: The longest a reader waits in all, in nanoseconds; ``waitBudget`` by default.
    public init(
        count: Int,
        received: Int,
        stallLimit: Int64 = BodyArrival.stallLimit,
        waitBudget: Int64 = BodyArrival.waitBudget
    ) {
        self.count = count
        self.received = Atomic(received)
        self.limits = (stallLimit, waitBudget)
        self.mutex = .allocate(capacity: 1)
        self.condition = .allocate(capacity: 1)
        pthread_mutex_init(self.mutex, nil)
        var attributes = pthread_condattr_t()
        pthread_condattr_init(&attributes)
        pthread_condattr_setclock(&attributes, CLOCK_MONOTONIC)
        pthread_cond_init(self.condition, &attributes)
        pthread_condattr_destroy(&attributes)
    }

    deinit {
        pthread_cond_destroy(self.condition)
        pthread_mutex_destroy(self.mutex)
        self.condition.deallocate()
        self.mutex.deallocate()
    }

    /// How many bytes are written (an acquire: they may be read once this is seen).
    public var receivedCount: Int { self.received.load(ordering: .sequentiallyConsistent) }

    /// Whether every byte is written.
    public var isComplete: Bool { self.ending.load(ordering: .acquiring) == 1 }

    /// Whether the body will not be completed.
    public var isAbandoned: Bool { self.ending.load(ordering: .acquiring) == 2 }

    /// Whether an early reader has taken the work (``runEarly(_:)``) or the answer has claimed it. For tests,
    /// which wait for the reader to start before they feed the body.
    var isEarlyWorkTaken: Bool { self.early.load(ordering: .acquiring) != 0 }

    /// How many bytes a sleeping reader waits for; `nil` when none sleeps. For tests, which wait for a reader to
    /// be asleep before they wake it.
    var awaitedCount: Int? {
        let wanted = self.wanted.load(ordering: .sequentiallyConsistent)
        return wanted == .max ? nil : wanted
    }

    /// The loop's side: `received` bytes are written. Wakes a reader waiting for no more than that.
    public func publish(received: Int) {
        self.received.store(received, ordering: .sequentiallyConsistent)
        if received >= self.wanted.load(ordering: .sequentiallyConsistent) { self.broadcast() }
    }

    /// The loop's side: the whole body is written.
    public func complete() {
        self.received.store(self.count, ordering: .sequentiallyConsistent)
        self.end(1)
    }

    /// The loop's side: the body will not be completed. Does nothing once complete.
    public func abandon() { self.end(2) }

    private func end(_ value: Int) {
        pthread_mutex_lock(self.mutex)
        if self.ending.load(ordering: .relaxed) == 0 { self.ending.store(value, ordering: .releasing) }
        pthread_cond_broadcast(self.condition)
        pthread_mutex_unlock(self.mutex)
    }

    private func broadcast() {
        pthread_mutex_lock(self.mutex)
        pthread_cond_broadcast(self.condition)
        pthread_mutex_unlock(self.mutex)
    }

    /// The reader's side: waits until at least `needed` bytes (at most ``count``) are written, the body is
    /// abandoned, this wait lasted ``stallLimit`` or the reader has waited ``waitBudget`` in all.
    ///
    /// - Returns: How many bytes may be read: at least `min(needed, count)` unless it gave up.
    public func waitForBytes(atLeast needed: Int) -> Int {
        let needed = min(needed, self.count)
        var now = self.receivedCount
        if now >= needed { return now }
        pthread_mutex_lock(self.mutex)
        defer { pthread_mutex_unlock(self.mutex) }
        self.wanted.store(needed, ordering: .sequentiallyConsistent)
        defer { self.wanted.store(.max, ordering: .sequentiallyConsistent) }
        let start = Self.monotonicNanoseconds()
        let end = start + min(self.limits.budget - self.waited, self.limits.stall)
        var deadline = timespec()
        deadline.tv_sec = Int(end / 1_000_000_000)
        deadline.tv_nsec = Int(end % 1_000_000_000)
        defer { self.waited += Self.monotonicNanoseconds() - start }
        while true {
            now = self.receivedCount
            if now >= needed || self.ending.load(ordering: .acquiring) != 0 || self.waited >= self.limits.budget
                || Self.monotonicNanoseconds() >= end
            {
                return now
            }
            pthread_cond_timedwait(self.condition, self.mutex, &deadline)
        }
    }

    private static func monotonicNanoseconds() -> Int64 {
        var time = timespec()
        clock_gettime(CLOCK_MONOTONIC, &time)
        return Int64(time.tv_sec) * 1_000_000_000 + Int64(time.tv_nsec)
    }

    /// The early reader's side: runs `work` unless the request's answer claimed it first, and publishes its result.
    ///
    /// - Parameter work: Reads the body as it arrives; returns `nil` when it gave up.
    public func runEarly(_ work: () -> (any Sendable)?) {
        guard self.early.compareExchange(expected: 0, desired: 1, ordering: .acquiringAndReleasing).exchanged
        else { return }
        let result = work()
        pthread_mutex_lock(self.mutex)
        self.earlyResult = result
        self.early.store(3, ordering: .releasing)
        pthread_cond_broadcast(self.condition)
        pthread_mutex_unlock(self.mutex)
    }

    /// The request's side, once the body is complete: the early reader's result, waiting for it if it runs, or
    /// `nil` when it gave up or never ran (it then never will).
    public func takeEarlyResult() -> (any Sendable)? {
        if self.early.compareExchange(expected: 0, desired: 2, ordering: .acquiringAndReleasing).exchanged {
            return nil
        }
        pthread_mutex_lock(self.mutex)
        defer { pthread_mutex_unlock(self.mutex) }
        while self.early.load(ordering: .acquiring) == 1 { pthread_cond_wait(self.condition, self.mutex) }
        return self.earlyResult
    }
}

/// The parser's hold on a body it lent to an early reader: where the loop writes the bytes (the array's storage,
/// shared, so never through the array) and, when the parser lets go of it unfinished, the abandoning of the body.
final class BodyArrivalWriter: @unchecked Sendable {
    let arrival: BodyArrival
    /// The body's first byte; the storage lives while the parser's pending request holds it.
    let base: UnsafeMutableRawPointer

    init(arrival: BodyArrival, base: UnsafeMutableRawPointer) {
        self.arrival = arrival
        self.base = base
    }

    deinit { self.arrival.abandon() }
}
