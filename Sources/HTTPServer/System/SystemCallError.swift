import Glibc

/// A failed system call: which call, and the `errno` it left.
public struct SystemCallError: Error, Hashable, Sendable, CustomStringConvertible {
    /// The call's name, e.g. `bind`.
    public var call: String
    /// The `errno` read right after the call returned.
    public var errno: Int32

    /// Creates an error.
    ///
    /// - Parameters:
    ///   - call: The call's name.
    ///   - errno: The `errno` it left.
    public init(call: String, errno: Int32) {
        self.call = call
        self.errno = errno
    }

    /// The call, the error's text and its number, e.g. `bind failed: Address already in use (errno 98)`.
    public var description: String {
        "\(self.call) failed: \(String(cString: strerror(self.errno))) (errno \(self.errno))"
    }
}

/// Runs a system call that returns `-1` on failure, retrying on `EINTR`.
///
/// `errno` is read right after the call returned `-1`, before anything else can change it (only a comparison
/// comes between): not after every call, as a call that succeeded leaves nothing to read (reading it is a call
/// into the C library, about 10 instructions, on every read, send and wait; callgrind).
@inline(__always)
func retryingSyscall<Result: BinaryInteger>(
    _ call: StaticString,
    _ body: () -> Result
) throws(SystemCallError) -> Result {
    while true {
        let result = body()
        if result != -1 { return result }
        let code = Glibc.errno
        if code == EINTR { continue }
        throw SystemCallError(call: "\(call)", errno: code)
    }
}

/// Runs a non-blocking system call, retrying on `EINTR`; returns `nil` when it would block.
@inline(__always)
func nonBlockingSyscall<Result: BinaryInteger>(
    _ call: StaticString,
    _ body: () -> Result
) throws(SystemCallError) -> Result? {
    while true {
        let result = body()
        if result != -1 { return result }
        let code = Glibc.errno
        if code == EINTR { continue }
        if code == EAGAIN || code == EWOULDBLOCK { return nil }
        throw SystemCallError(call: "\(call)", errno: code)
    }
}
