import Glibc

/// The numeric address of a connected socket's peer (`203.0.113.7`, `2001:db8::1`), or `nil` when it cannot be
/// read (the peer already gone, or not an IP socket).
func peerAddress(of fd: Int32) -> String? {
    var storage = sockaddr_storage()
    var length = socklen_t(MemoryLayout<sockaddr_storage>.size)
    let result = withUnsafeMutablePointer(to: &storage) {
        $0.withMemoryRebound(to: sockaddr.self, capacity: 1) { getpeername(fd, $0, &length) }
    }
    guard result == 0 else { return nil }
    var text = [CChar](repeating: 0, count: Int(INET6_ADDRSTRLEN))
    let written: UnsafePointer<CChar>?
    switch Int32(storage.ss_family) {
    case AF_INET:
        written = withUnsafePointer(to: &storage) {
            $0.withMemoryRebound(to: sockaddr_in.self, capacity: 1) { address in
                var bytes = address.pointee.sin_addr
                return inet_ntop(AF_INET, &bytes, &text, socklen_t(text.count))
            }
        }
    case AF_INET6:
        written = withUnsafePointer(to: &storage) {
            $0.withMemoryRebound(to: sockaddr_in6.self, capacity: 1) { address in
                var bytes = address.pointee.sin6_addr
                return inet_ntop(AF_INET6, &bytes, &text, socklen_t(text.count))
            }
        }
    default:
        return nil
    }
    guard written != nil else { return nil }
    return String(decoding: text.prefix { $0 != 0 }.map { UInt8(bitPattern: $0) }, as: UTF8.self)
}
