import HTTPCore
import Synchronization

extension LayoutService {
    /// The worker pool's queue length from which it counts as saturated (logged once, at `warn`, until the queue is
    /// empty again, which is logged at `info`).
    static let saturatedQueueLength = 8

    /// Logs the sessions `POST /sessions` evicted (for memory or for the count) or found expired, one line per
    /// reason, by comparing the store's counters with those read before the request.
    func logSessionsGone(since before: SessionStatistics) {
        let after = self.sessions.statistics
        let gone = [
            ("memory", after.evictedForMemory - before.evictedForMemory),
            ("count", after.evictedForCount - before.evictedForCount),
            ("expired", after.expired - before.expired),
        ]
        for (reason, count) in gone where count > 0 {
            let message = reason == "expired" ? "sessions expired" : "sessions evicted"
            self.logger.log(
                .info, message,
                [("reason", .string(reason)), ("count", .integer(count)), ("sessions", .integer(after.sessions)),
                 ("session_bytes", .integer(after.bytes))]
            )
        }
    }

    /// Logs the worker pool turning saturated (its queue at ``saturatedQueueLength`` or more) and catching up
    /// (its queue empty), each once per change.
    func noteWorkerQueue() {
        let queued = self.serverStatus.queuedWork
        if queued >= Self.saturatedQueueLength {
            if !self.metrics.isWorkerPoolSaturated.exchange(true, ordering: .relaxed) {
                self.logger.log(.warning, "worker pool saturated", [("queued", .integer(queued))])
            }
        } else if queued == 0, self.metrics.isWorkerPoolSaturated.load(ordering: .relaxed),
            self.metrics.isWorkerPoolSaturated.exchange(false, ordering: .relaxed)
        {
            // Loaded first: an exchange on every request wrote the flag's cache line from every loop.
            self.logger.log(.info, "worker pool caught up", [("queued", .integer(0))])
        }
    }
}
