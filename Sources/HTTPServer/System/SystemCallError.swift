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
/// `errno` is read on the line right after the call, before anything else can change it.
@inline(__always)
func retryingSyscall<Result: BinaryInteger>(
    _ call: StaticString,
    _ body: () -> Result
) throws(SystemCallError) -> Result {
    while true {
        let result = body()
        let code = Glibc.errno
        if result != -1 { return result }
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
        let code = Glibc.errno
        if result != -1 { return result }
        if code == EINTR { continue }
        if code == EAGAIN || code == EWOULDBLOCK { return nil }
        throw SystemCallError(call: "\(call)", errno: code)
    }
}
