import CSystem
import Glibc
import HTTPCore
import Synchronization

/// A few threads that run the responder for requests with large bodies, off the event loops.
///
/// Jobs wait in a mutex-protected queue; an eventfd in semaphore mode counts them, so an idle worker blocks in
/// `read` and wakes for exactly one job. The answer goes back to the loop that owns the connection.
final class WorkerPool: Sendable {
    /// One request to answer for a connection of a loop.
    struct Job: Sendable {
        var loop: EventLoop
        var connectionID: UInt64
        /// Computes the answer: the responder with the request and its plan.
        var answer: @Sendable () -> Response
    }

    private let jobs = Mutex<[Job]>([])
    private let isStopped = Atomic<Bool>(false)
    private let semaphore: Int32
    /// Where the queue's length is published for `/metrics`.
    private let status: ServerStatus

    init(status: ServerStatus = ServerStatus()) throws(SystemCallError) {
        self.status = status
        self.semaphore = try retryingSyscall("eventfd") { eventfd(0, Int32(EFD_SEMAPHORE | EFD_CLOEXEC)) }
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
        self.jobs.withLock { $0.append(job) }
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
            guard let job = self.jobs.withLock({ $0.isEmpty ? nil : $0.removeFirst() }) else { continue }
            self.status.workQueueChanged(by: -1)
            let response = job.answer()
            job.loop.post(.workerAnswered(connectionID: job.connectionID, response: response))
        }
    }
}
