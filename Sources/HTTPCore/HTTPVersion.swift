/// The protocol version of a request or response line.
public struct HTTPVersion: Hashable, Sendable, CustomStringConvertible {
    /// The major version, `1` for every version layoutd speaks.
    public var major: Int
    /// The minor version, `0` or `1`.
    public var minor: Int

    /// Creates a version from its two numbers.
    public init(major: Int, minor: Int) {
        self.major = major
        self.minor = minor
    }

    /// HTTP/1.0: keep-alive only on request.
    public static let http1_0 = HTTPVersion(major: 1, minor: 0)
    /// HTTP/1.1: keep-alive by default.
    public static let http1_1 = HTTPVersion(major: 1, minor: 1)

    /// The version as on the wire, e.g. `HTTP/1.1`.
    public var description: String { "HTTP/\(self.major).\(self.minor)" }
}
