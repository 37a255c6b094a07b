import Glibc

/// A thread for tests that need one blocked while the test wakes it (a worker waiting for a body's bytes).
struct TestThread {
    private final class Box {
        let body: () -> Void
        init(_ body: @escaping () -> Void) { self.body = body }
    }

    private let thread: pthread_t

    /// Starts `body` on a new thread.
    init(_ body: @escaping @Sendable () -> Void) {
        let box = Unmanaged.passRetained(Box(body)).toOpaque()
        var thread = pthread_t()
        let started = pthread_create(&thread, nil, { raw in
            Unmanaged<Box>.fromOpaque(raw!).takeRetainedValue().body()
            return nil
        }, box)
        precondition(started == 0, "pthread_create failed")
        self.thread = thread
    }

    /// Waits for the thread to end.
    func join() { pthread_join(self.thread, nil) }

    /// Yields until `condition` holds (no sleeping: the other thread is running or about to).
    static func yield(until condition: () -> Bool) {
        while !condition() { sched_yield() }
    }
}
