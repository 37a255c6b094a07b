import CSystem
import Glibc

/// Carries a thread's body through `pthread_create`'s untyped argument.
private final class ThreadBody {
    let run: @Sendable () -> Void
    init(_ run: @escaping @Sendable () -> Void) { self.run = run }
}

/// Starts a detached thread that the server owns, with SIGTERM, SIGINT and SIGPIPE blocked in it so that those
/// signals reach the signalfd (or the main thread) rather than a loop.
///
/// - Parameters:
///   - name: The thread's name as `top` shows it (at most 15 bytes).
///   - body: What the thread runs.
/// - Throws: ``SystemCallError`` when the thread cannot be created.
func startThread(name: String, _ body: @escaping @Sendable () -> Void) throws(SystemCallError) {
    let argument = Unmanaged.passRetained(ThreadBody(body)).toOpaque()
    var thread = pthread_t()
    let result = pthread_create(
        &thread,
        nil,
        { argument in
            var signals = sigset_t()
            sigemptyset(&signals)
            sigaddset(&signals, SIGTERM)
            sigaddset(&signals, SIGINT)
            sigaddset(&signals, SIGPIPE)
            pthread_sigmask(SIG_BLOCK, &signals, nil)
            Unmanaged<ThreadBody>.fromOpaque(argument!).takeRetainedValue().run()
            return nil
        },
        argument
    )
    guard result == 0 else {
        Unmanaged<ThreadBody>.fromOpaque(argument).release()
        throw SystemCallError(call: "pthread_create", errno: result)
    }
    _ = csystem_set_thread_name(thread, String(name.prefix(15)))
    pthread_detach(thread)
}

/// The monotonic clock in nanoseconds.
func monotonicNanoseconds() -> UInt64 {
    var time = timespec()
    clock_gettime(CLOCK_MONOTONIC, &time)
    return UInt64(time.tv_sec) * 1_000_000_000 + UInt64(time.tv_nsec)
}

extension Duration {
    /// The duration in whole nanoseconds, clamped to 0…about 95 years, so that adding it to a monotonic time can
    /// never overflow.
    var nanoseconds: UInt64 {
        let (seconds, attoseconds) = self.components
        guard seconds >= 0 else { return 0 }
        let clamped = UInt64(min(seconds, 3_000_000_000))
        return clamped * 1_000_000_000 + UInt64(max(0, attoseconds) / 1_000_000_000)
    }
}
