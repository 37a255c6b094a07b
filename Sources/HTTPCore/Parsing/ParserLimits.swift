/// The sizes past which ``RequestParser`` refuses a request.
///
/// The defaults follow common servers: nginx refuses request lines past 8 KiB, and 100 fields is NIO's default.
public struct ParserLimits: Hashable, Sendable {
    /// The longest request line accepted, in bytes, without its CRLF; longer is answered with 414.
    /// Defaults to 8 KiB.
    public var maxRequestLineBytes: Int = 8 * 1024
    /// The largest header section accepted, in bytes, from the first field line to the empty line; larger is
    /// answered with 431. Defaults to 32 KiB.
    public var maxHeaderSectionBytes: Int = 32 * 1024
    /// The most header fields accepted; more is answered with 431. Defaults to 100.
    public var maxHeaderFields: Int = 100
    /// The largest body accepted after chunked framing is removed, in bytes; larger is answered with 413.
    /// Defaults to 64 MiB.
    public var maxBodyBytes: Int = 64 * 1024 * 1024
    /// The longest chunk-size line accepted (size plus extensions), in bytes; longer is answered with 400.
    /// Defaults to 1 KiB.
    public var maxChunkLineBytes: Int = 1024
    /// The largest trailer section of a chunked body accepted, in bytes; larger is answered with 400.
    /// Defaults to 8 KiB.
    public var maxTrailerBytes: Int = 8 * 1024

    /// Creates the default limits.
    public init() {}
}
