import CSystem
import Glibc

/// Creating the listening socket.
enum Listener {
    /// Copies a socket address into `storage` and returns its length.
    private static func store<Address>(_ address: Address, in storage: inout sockaddr_storage) -> socklen_t {
        withUnsafeBytes(of: address) { bytes in
            withUnsafeMutableBytes(of: &storage) { $0.copyMemory(from: bytes) }
        }
        return socklen_t(MemoryLayout<Address>.size)
    }

    /// Creates a non-blocking TCP socket bound to `host:port` and listening.
    ///
    /// - Returns: The descriptor and the port actually bound (useful when `port` is `0`).
    /// - Throws: ``SystemCallError`` naming the call that failed; `inet_pton` with `EINVAL` for a bad host, `port`
    ///   with `EINVAL` for a port outside 0…65535.
    static func make(host: String, port: Int, backlog: Int) throws(SystemCallError) -> (fd: Int32, port: Int) {
        guard (0...65535).contains(port) else { throw SystemCallError(call: "port \(port)", errno: EINVAL) }
        var storage = sockaddr_storage()
        let length: socklen_t
        let family: Int32
        var v4 = sockaddr_in()
        var v6 = sockaddr_in6()
        let networkPort = UInt16(truncatingIfNeeded: port).bigEndian
        if inet_pton(AF_INET, host, &v4.sin_addr) == 1 {
            v4.sin_family = sa_family_t(AF_INET)
            v4.sin_port = networkPort
            (family, length) = (AF_INET, Self.store(v4, in: &storage))
        } else if inet_pton(AF_INET6, host, &v6.sin6_addr) == 1 {
            v6.sin6_family = sa_family_t(AF_INET6)
            v6.sin6_port = networkPort
            (family, length) = (AF_INET6, Self.store(v6, in: &storage))
        } else {
            throw SystemCallError(call: "inet_pton(\(host))", errno: EINVAL)
        }
        let fd = try retryingSyscall("socket") {
            socket(family, Int32(SOCK_STREAM.rawValue | SOCK_NONBLOCK.rawValue | SOCK_CLOEXEC.rawValue), 0)
        }
        do throws(SystemCallError) {
            var one: Int32 = 1
            _ = try retryingSyscall("setsockopt(SO_REUSEADDR)") {
                setsockopt(fd, SOL_SOCKET, SO_REUSEADDR, &one, socklen_t(MemoryLayout<Int32>.size))
            }
            _ = try retryingSyscall("bind") {
                withUnsafePointer(to: &storage) {
                    $0.withMemoryRebound(to: sockaddr.self, capacity: 1) { bind(fd, $0, length) }
                }
            }
            _ = try retryingSyscall("listen") { listen(fd, Int32(clamping: backlog)) }
            var bound = sockaddr_storage()
            var boundLength = socklen_t(MemoryLayout<sockaddr_storage>.size)
            _ = try retryingSyscall("getsockname") {
                withUnsafeMutablePointer(to: &bound) {
                    $0.withMemoryRebound(to: sockaddr.self, capacity: 1) { getsockname(fd, $0, &boundLength) }
                }
            }
            let port = withUnsafeBytes(of: bound) { bytes in
                // sin_port and sin6_port sit at the same offset, right after the family.
                UInt16(bigEndian: bytes.load(fromByteOffset: 2, as: UInt16.self))
            }
            return (fd, Int(port))
        } catch {
            close(fd)
            throw error
        }
    }
}

/// A one-shot flag threads can block on: an eventfd that becomes readable once and stays so.
final class Latch: Sendable {
    private let fd: Int32

    init() throws(SystemCallError) {
        self.fd = try retryingSyscall("eventfd") { eventfd(0, Int32(EFD_CLOEXEC)) }
    }

    deinit { close(self.fd) }

    /// Opens the latch; every present and future ``wait()`` returns.
    func open() {
        var one: UInt64 = 1
        _ = try? retryingSyscall("write(latch)") { write(self.fd, &one, 8) }
    }

    /// Blocks until ``open()`` was called.
    func wait() {
        var pollFD = pollfd(fd: self.fd, events: Int16(POLLIN), revents: 0)
        while true {
            let result = poll(&pollFD, 1, -1)
            if result > 0 { return }
            // EINTR: retry; any other failure cannot happen with one valid descriptor, so retrying is safe too.
        }
    }
}
