import CSystem
import Glibc
import Synchronization

extension HTTPServer {
    /// Turns SIGTERM and SIGINT into a graceful drain; a second signal ends the drain at once.
    ///
    /// Blocks both signals in the calling thread and reads them from a `signalfd` on a thread of its own, so no
    /// signal handler and no global state is involved. Call it from the main thread before ``start()`` and before
    /// starting any other thread, so that every thread inherits the blocked mask (the server's own threads block
    /// the signals anyway).
    ///
    /// Calling it again does nothing.
    ///
    /// - Throws: ``SystemCallError`` when the mask, the signalfd or the thread cannot be set up.
    public func installSignalHandlers() throws(SystemCallError) {
        guard !self.signalThreadStarted.exchange(true, ordering: .relaxed) else { return }
        var signals = sigset_t()
        sigemptyset(&signals)
        sigaddset(&signals, SIGTERM)
        sigaddset(&signals, SIGINT)
        let result = pthread_sigmask(SIG_BLOCK, &signals, nil)
        guard result == 0 else { throw SystemCallError(call: "pthread_sigmask", errno: result) }
        let fd = try retryingSyscall("signalfd") { signalfd(-1, &signals, Int32(SFD_CLOEXEC)) }
        try startThread(name: "http-signals") {
            var info = signalfd_siginfo()
            var received = 0
            while true {
                let count = try? retryingSyscall("read(signalfd)") {
                    read(fd, &info, MemoryLayout<signalfd_siginfo>.size)
                }
                guard count == MemoryLayout<signalfd_siginfo>.size else { return }
                received += 1
                if received == 1 { self.beginShutdown() } else { self.shutdownNow() }
            }
        }
    }
}
