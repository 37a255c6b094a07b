#if canImport(Glibc)
import Glibc
#endif

/// The small kernel files the service reads about itself and its machine (`/proc`, `/sys/fs/cgroup`).
enum SystemFile {
    /// A file's text, read with plain `read` calls (procfs files report no size), up to `limit` bytes; `nil` when
    /// it cannot be opened, and always `nil` off Linux.
    static func readText(_ path: String, limit: Int = 64 * 1024) -> String? {
        #if canImport(Glibc)
        let descriptor = open(path, O_RDONLY | O_CLOEXEC)
        guard descriptor >= 0 else { return nil }
        defer { close(descriptor) }
        var bytes = [UInt8](repeating: 0, count: limit)
        var filled = 0
        while filled < bytes.count {
            let count = bytes.withUnsafeMutableBytes {
                Glibc.read(descriptor, $0.baseAddress! + filled, $0.count - filled)
            }
            if count < 0 && errno == EINTR { continue }
            guard count > 0 else { break }
            filled += count
        }
        return String(decoding: bytes[..<filled], as: UTF8.self)
        #else
        return nil
        #endif
    }
}
