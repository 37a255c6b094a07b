/// Produces a response body piece by piece, in order, until it is complete.
///
/// A producer belongs to one thread at a time (the event loop of the connection sending it); it need not be
/// `Sendable`. ``ResponseBodyStream`` makes a fresh one for each consumer.
public protocol ResponseBodyProducer {
    /// Appends the next part of the body to `output`: at least `count` bytes unless the body ends first (a little
    /// more is fine, one element's worth).
    ///
    /// - Parameters:
    ///   - output: Where to append.
    ///   - count: How many bytes the caller wants at least.
    /// - Returns: Whether the body is complete after this part.
    mutating func produce(into output: inout [UInt8], atLeast count: Int) -> Bool
}

/// A response body given as a way to produce it rather than as bytes (``Response/init(status:headers:bodyStream:)``).
///
/// The server asks for the body a window at a time as the client drains the socket: if the whole body fits in the
/// first window it is sent with `Content-Length`, exactly as a body given as bytes; otherwise with chunked transfer
/// coding (HTTP/1.1) so that no more than the window is held per connection. The bytes of the body are the same
/// either way.
public struct ResponseBodyStream: Sendable {
    /// Makes a producer positioned at the start of the body; called once per consumer.
    public let makeProducer: @Sendable () -> any ResponseBodyProducer

    /// Creates a stream.
    ///
    /// - Parameter makeProducer: Makes a producer at the start of the body; it may be called more than once, and
    ///   every producer must give the same bytes.
    public init(makeProducer: @escaping @Sendable () -> any ResponseBodyProducer) {
        self.makeProducer = makeProducer
    }

    /// Produces the whole body at once, for a consumer that does not stream.
    ///
    /// - Returns: The body's bytes.
    public func collect() -> [UInt8] {
        var producer = self.makeProducer()
        var output: [UInt8] = []
        while !producer.produce(into: &output, atLeast: 256 * 1024) {}
        return output
    }
}
