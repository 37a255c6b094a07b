import Synchronization

/// The memory all connections together may hold in request bodies: a global budget in bytes.
///
/// A ``RequestParser`` given a budget reserves a body's bytes before it reads them: the whole `Content-Length` when
/// the head is parsed, each chunk's size when its size line is. A reservation the budget cannot cover is refused
/// with ``HTTPParseError/bodyMemoryExhausted`` (503 with `Retry-After`), before any byte of that body is buffered
/// past the read that brought the head in; the parser releases its reservations once the request's answer is
/// ready (``RequestParser/releaseBodyMemory()``) and the connection's owner when it closes.
///
/// Refusing rather than waiting is deliberate: a request waiting for room would hold its connection, its timers and
/// the client's send buffer while it waited, and a slow client could keep room reserved for others it is not using.
/// A refused client retries after `Retry-After`.
///
/// The budget also owns the storage kept for later large bodies (``storage``): reservations and kept storage
/// together stay within ``limit``, unused storage being freed before a reservation would pass it.
///
/// Only atomics and the pool (behind its lock) are stored, so any thread may reserve and release.
public final class BodyMemoryBudget: Sendable {
    private let inUse = Atomic<Int>(0)
    private let refusals = Atomic<Int>(0)
    private let limitStorage: Atomic<Int>

    /// Creates a budget.
    ///
    /// - Parameter limit: The most bytes reserved at once. Defaults to 512 MiB.
    public init(limit: Int = 512 * 1024 * 1024) {
        self.limitStorage = Atomic(limit)
    }

    /// The storage of large bodies kept for later ones (its limit: `--body-storage-pool`).
    public let storage = BodyStoragePool()

    /// The most bytes reserved at once. Changing it affects later reservations only.
    public var limit: Int {
        get { self.limitStorage.load(ordering: .relaxed) }
        set { self.limitStorage.store(newValue, ordering: .relaxed) }
    }

    /// The bytes reserved now.
    public var bytesInUse: Int { self.inUse.load(ordering: .relaxed) }

    /// The reservations refused so far.
    public var refusedCount: Int { self.refusals.load(ordering: .relaxed) }

    /// Reserves `bytes` if the total stays within ``limit``.
    ///
    /// - Parameter bytes: The bytes to reserve; `0` always succeeds.
    /// - Returns: Whether they were reserved; a refusal is counted in ``refusedCount``.
    public func reserve(_ bytes: Int) -> Bool {
        guard bytes > 0 else { return true }
        let limit = self.limit
        var current = self.inUse.load(ordering: .relaxed)
        while true {
            let (total, overflow) = current.addingReportingOverflow(bytes)
            guard !overflow, total <= limit else {
                self.refusals.add(1, ordering: .relaxed)
                return false
            }
            let (exchanged, original) = self.inUse.compareExchange(
                expected: current, desired: total, ordering: .relaxed
            )
            if exchanged {
                // Kept storage gives way to bodies: together they stay within the limit.
                if total > limit - self.storage.bytesHeld { self.storage.trim(downTo: limit - total) }
                return true
            }
            current = original
        }
    }

    /// Returns `bytes` reserved earlier.
    ///
    /// - Parameter bytes: What was reserved and is no longer held.
    public func release(_ bytes: Int) {
        guard bytes > 0 else { return }
        self.inUse.subtract(bytes, ordering: .relaxed)
    }
}
