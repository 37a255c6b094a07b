import Glibc
import HTTPCore
import Synchronization

/// What every loop of one server shares: configuration, the responder's dispatcher, status, worker pool and
/// listener.
///
/// Immutable after creation except for atomics, hence `Sendable`.
final class ServerContext: Sendable {
    let configuration: ServerConfiguration
    let dispatcher: Dispatcher
    let status: ServerStatus
    let pool: WorkerPool
    let listenerFD: Int32
    /// Opens once every loop has exited.
    let finished: Latch
    private let liveLoops = Atomic<Int>(0)
    /// Set the moment a drain is asked for, before the loops get the message, so that a response computed while its
    /// loop was busy still learns to close.
    let drainRequested = Atomic<Bool>(false)

    init(
        configuration: ServerConfiguration,
        responder: any Responder,
        status: ServerStatus,
        listenerFD: Int32
    ) throws(SystemCallError) {
        self.configuration = configuration
        self.dispatcher = Dispatcher(responder)
        self.status = status
        self.listenerFD = listenerFD
        self.pool = try WorkerPool(workerCount: configuration.workerCount, status: status)
        self.finished = try Latch()
    }

    /// Records that a loop started.
    func loopStarted() { self.liveLoops.add(1, ordering: .relaxed) }

    /// Records that a loop exited; the last one stops the workers, closes the listener and opens ``finished``.
    func loopExited() {
        if self.liveLoops.subtract(1, ordering: .acquiringAndReleasing).newValue == 0 {
            self.pool.stop(workerCount: self.configuration.workerCount)
            close(self.listenerFD)
            self.finished.open()
        }
    }
}
