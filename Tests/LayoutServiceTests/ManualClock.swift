import Synchronization

/// A clock that moves only when a test says so.
final class ManualClock: Clock, Sendable {
    struct Instant: InstantProtocol {
        var offset: Duration

        func advanced(by duration: Duration) -> Instant { Instant(offset: self.offset + duration) }
        func duration(to other: Instant) -> Duration { other.offset - self.offset }
        static func < (lhs: Instant, rhs: Instant) -> Bool { lhs.offset < rhs.offset }
    }

    private let current = Mutex(Instant(offset: .zero))

    var now: Instant { self.current.withLock { $0 } }
    var minimumResolution: Duration { .nanoseconds(1) }

    /// Moves time forward.
    func advance(by duration: Duration) {
        self.current.withLock { $0 = $0.advanced(by: duration) }
    }

    func sleep(until deadline: Instant, tolerance: Duration?) async throws {
        precondition(deadline <= self.now, "ManualClock never sleeps; advance it instead")
    }
}
