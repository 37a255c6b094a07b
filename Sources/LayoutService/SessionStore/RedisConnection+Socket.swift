import Glibc

extension RedisConnection {
    /// `IPPROTO_TCP`'s `TCP_NODELAY` from `netinet/tcp.h`, which Glibc's Swift module does not export (the server
    /// gets it from its C shim, which this module may not import): the pipeline goes out at once, never held back
    /// by Nagle's algorithm waiting for a delayed acknowledgement.
    private static let tcpNoDelay: Int32 = 1

    /// Resolves `endpoint` and connects a non-blocking socket to the first address that accepts before
    /// `deadline`.
    static func openSocket(to endpoint: RedisEndpoint, deadline: ContinuousClock.Instant) throws(RedisError)
        -> Int32
    {
        var hints = addrinfo()
        hints.ai_family = AF_UNSPEC
        hints.ai_socktype = Int32(SOCK_STREAM.rawValue)
        var list: UnsafeMutablePointer<addrinfo>?
        let status = getaddrinfo(endpoint.host, String(endpoint.port), &hints, &list)
        guard status == 0, let list else {
            throw .unreachable("\(endpoint): \(String(cString: gai_strerror(status)))")
        }
        defer { freeaddrinfo(list) }
        var lastError: RedisError = .unreachable("\(endpoint): no address")
        var entry: UnsafeMutablePointer<addrinfo>? = list
        while let address = entry {
            entry = address.pointee.ai_next
            do throws(RedisError) {
                return try Self.connect(address.pointee, deadline: deadline)
            } catch {
                lastError = error
            }
        }
        if case .system(let call, let code) = lastError {
            throw .unreachable("\(endpoint): \(call): \(String(cString: strerror(code)))")
        }
        throw lastError
    }

    private static func connect(_ address: addrinfo, deadline: ContinuousClock.Instant) throws(RedisError) -> Int32 {
        let kind = Int32(SOCK_STREAM.rawValue) | Int32(SOCK_NONBLOCK.rawValue) | Int32(SOCK_CLOEXEC.rawValue)
        let descriptor = socket(address.ai_family, kind, address.ai_protocol)
        let socketError = errno
        guard descriptor >= 0 else { throw .system(call: "socket", errno: socketError) }
        var isConnected = false
        defer { if !isConnected { Glibc.close(descriptor) } }
        var on: Int32 = 1
        _ = setsockopt(descriptor, Int32(IPPROTO_TCP), Self.tcpNoDelay, &on, socklen_t(MemoryLayout<Int32>.size))
        let result = Glibc.connect(descriptor, address.ai_addr, address.ai_addrlen)
        let connectError = errno
        if result != 0 {
            guard connectError == EINPROGRESS || connectError == EINTR else {
                throw .system(call: "connect", errno: connectError)
            }
            try Self.poll(descriptor, for: Int16(POLLOUT), until: deadline)
            var error: Int32 = 0
            var length = socklen_t(MemoryLayout<Int32>.size)
            guard getsockopt(descriptor, SOL_SOCKET, SO_ERROR, &error, &length) == 0, error == 0 else {
                throw .system(call: "connect", errno: error)
            }
        }
        isConnected = true
        return descriptor
    }

    /// A positive `poll` timeout in milliseconds, rounded up, for what is left until a deadline.
    static func milliseconds(_ duration: Duration) -> Int32 {
        let (seconds, attoseconds) = duration.components
        return Int32(clamping: seconds * 1_000 + attoseconds / 1_000_000_000_000_000 + 1)
    }

    /// Waits until `descriptor` is ready for one of `events` (or has an error or hang-up, which the next call on it
    /// reports).
    ///
    /// - Throws: ``RedisError/timedOut`` at `deadline`; ``RedisError/system(call:errno:)`` if `poll` fails.
    static func poll(
        _ descriptor: Int32,
        for events: Int16,
        until deadline: ContinuousClock.Instant
    ) throws(RedisError) {
        var pollDescriptor = pollfd(fd: descriptor, events: events, revents: 0)
        while true {
            let left = ContinuousClock.now.duration(to: deadline)
            guard left > .zero else { throw .timedOut }
            let ready = Glibc.poll(&pollDescriptor, 1, Self.milliseconds(left))
            let error = errno
            if ready > 0 { return }
            if ready < 0, error != EINTR { throw .system(call: "poll", errno: error) }
        }
    }
}
