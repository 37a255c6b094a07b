import Glibc

/// The clock a request's duration is measured with: the monotonic clock read directly, as whole nanoseconds.
///
/// `ContinuousClock.now` and a `Duration`'s `components` (an `Int128` division) had cost about 500 instructions a
/// request under callgrind; two `clock_gettime` calls and one subtraction cost a fraction of that (issue 21).
enum RequestClock {
    /// Now, in nanoseconds since an arbitrary point that never moves backwards.
    static func now() -> UInt64 {
        var time = timespec()
        clock_gettime(CLOCK_MONOTONIC, &time)
        return UInt64(time.tv_sec) &* 1_000_000_000 &+ UInt64(time.tv_nsec)
    }

    /// The seconds from `start`, a reading of ``now()``, to now; never negative.
    static func seconds(since start: UInt64) -> Double {
        let end = Self.now()
        return end > start ? Double(end - start) * 1e-9 : 0
    }
}
