import CSystem
import Glibc
import HTTPCore
import Synchronization

/// A few threads that run the responder for requests with large bodies or costly work, off the event loops.
///
/// Jobs wait in two mutex-protected queues, light and heavy (``Responder/isHeavy(_:plan:)``); an eventfd in
/// semaphore mode counts them, so an idle worker blocks in `read` and wakes for one job. A worker takes a light job
/// first; it takes a heavy one only while fewer than ``maxHeavyRunning`` heavy jobs run (all workers but one, at
/// least one), so one worker is always free for light jobs when there are several, and a light job never waits
/// behind more than one heavy one. A connection has at most one request in flight, so a client connection never
/// holds more than one worker. The answer goes back to the loop that owns the connection.
final class WorkerPool: Sendable {
    /// One request to answer for a connection of a loop.
    struct Job: Sendable {
        var loop: EventLoop
        var connectionID: UInt64
        /// Whether the job is heavy: it runs only on a worker that leaves another free for light jobs.
        var isHeavy = false
        /// Computes the answer: the responder with the request and its plan.
        var answer: @Sendable () -> Response
        /// Whether the answer goes to the connection; `false` for a body read early, which answers nothing.
        var deliversAnswer = true
    }

    private struct Queues {
        var light: [Job] = []
        var lightHead = 0
        var heavy: [Job] = []
        var heavyHead = 0
        var heavyRunning = 0

        /// Takes the next job a worker may run now, if any.
        mutating func take(maxHeavyRunning: Int) -> Job? {
            if self.lightHead < self.light.count {
                return Self.pop(&self.light, head: &self.lightHead)
            }
            if self.heavyHead < self.heavy.count, self.heavyRunning < maxHeavyRunning {
                self.heavyRunning += 1
                return Self.pop(&self.heavy, head: &self.heavyHead)
            }
            return nil
        }

        /// Removes the first job in O(1) amortised: the array is compacted when half of it is taken.
        private static func pop(_ jobs: inout [Job], head: inout Int) -> Job {
            let job = jobs[head]
            head += 1
            if head == jobs.count {
                jobs.removeAll(keepingCapacity: true)
                head = 0
            } else if head >= 64, head * 2 >= jobs.count {
                jobs.removeSubrange(0..<head)
                head = 0
            }
            return job
        }

        var hasHeavyWaiting: Bool { self.heavyHead < self.heavy.count }
    }

    private let queues = Mutex(Queues())
    private let isStopped = Atomic<Bool>(false)
    private let semaphore: Int32
    /// The most heavy jobs running at once: all workers but one, at least one.
    let maxHeavyRunning: Int
    /// Where the queue's length is published for `/metrics`.
    private let status: ServerStatus

    init(workerCount: Int = 2, status: ServerStatus = ServerStatus()) throws(SystemCallError) {
        self.status = status
        self.semaphore = try retryingSyscall("eventfd") { eventfd(0, Int32(EFD_SEMAPHORE | EFD_CLOEXEC)) }
        self.maxHeavyRunning = max(1, workerCount - 1)
    }

    deinit { close(self.semaphore) }

    /// Starts `count` worker threads.
    func start(count: Int) throws(SystemCallError) {
        for index in 0..<max(1, count) {
            try startThread(name: "http-worker-\(index)") { self.work() }
        }
    }

    /// Queues a job.
    func submit(_ job: Job) {
        self.queues.withLock { queues in
            if job.isHeavy { queues.heavy.append(job) } else { queues.light.append(job) }
        }
        self.status.workQueueChanged(by: 1)
        self.signal(1)
    }

    /// Stops the workers once they finish their current job; queued jobs are dropped.
    func stop(workerCount: Int) {
        self.isStopped.store(true, ordering: .releasing)
        self.signal(UInt64(max(1, workerCount)))
    }

    private func signal(_ count: UInt64) {
        var value = count
        _ = try? retryingSyscall("write(worker semaphore)") { write(self.semaphore, &value, 8) }
    }

    private func work() {
        var token: UInt64 = 0
        while true {
            guard (try? retryingSyscall("read(worker semaphore)") { read(self.semaphore, &token, 8) }) != nil else {
                return
            }
            if self.isStopped.load(ordering: .acquiring) { return }
            // A heavy job left waiting because enough heavy jobs run consumed its token: the heavy job that
            // finishes signals again for it below.
            guard let job = self.queues.withLock({ $0.take(maxHeavyRunning: self.maxHeavyRunning) }) else { continue }
            self.status.workQueueChanged(by: -1)
            let response = job.answer()
            if job.deliversAnswer {
                job.loop.post(.workerAnswered(connectionID: job.connectionID, response: response))
            }
            if job.isHeavy {
                let isWaiting = self.queues.withLock { queues in
                    queues.heavyRunning -= 1
                    return queues.hasHeavyWaiting
                }
                if isWaiting { self.signal(1) }
            }
        }
    }
}
