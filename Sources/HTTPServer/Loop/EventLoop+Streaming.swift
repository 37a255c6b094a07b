import HTTPCore

/// Answers produced as the client takes them (issue 19.4): a connection holds at most about one window
/// (``ServerConfiguration/maxPendingOutputBytes``) of a streamed answer, however large the answer is.
extension EventLoop {
    /// The most a streamed answer adds to a connection's output per step, so that one connection's answer is
    /// produced in slices between the other connections' events.
    static let streamStepBytes = 256 * 1024

    /// The window: the output a connection may hold unsent.
    var outputWindow: Int { self.context.configuration.maxPendingOutputBytes }

    /// The pending output the state machine is told of (see ``Connection/pendingOutputBytes(window:)``).
    func pendingOutputBytes(of connection: Connection) -> Int {
        connection.pendingOutputBytes(window: self.outputWindow)
    }

    /// Serializes a response whose body is a stream.
    ///
    /// The first window is produced at once: a body that ends within it is sent with `Content-Length`, byte for
    /// byte as if it had been given as bytes. A longer one is sent with chunked transfer coding, the rest produced
    /// as the socket drains (``continueStream(on:)``). HEAD, HTTP/1.0 (which has no chunked coding) and statuses
    /// without a body get the whole body counted or produced at once, as before.
    func emit(
        _ response: Response, stream: ResponseBodyStream, method: HTTPMethod?, version: HTTPVersion, closing: Bool,
        on connection: Connection
    ) {
        let epochSeconds = self.epochSeconds
        let mayHaveBody = response.status >= 200 && response.status != 204 && response.status != 304
        guard mayHaveBody, method != .HEAD, version == .http1_1 else {
            self.emit(Response(status: response.status, headers: response.headers, body: stream.collect()),
                      method: method, version: version, closing: closing, on: connection)
            return
        }
        var producer = stream.makeProducer()
        var first: [UInt8] = []
        first.reserveCapacity(self.outputWindow + 4096)
        let isComplete = producer.produce(into: &first, atLeast: self.outputWindow + 1)
        if isComplete {
            self.emit(Response(status: response.status, headers: response.headers, body: first),
                      method: method, version: version, closing: closing, on: connection)
            return
        }
        connection.output.append { output in
            _ = self.writer.writeHead(
                response, method: method, version: version, closing: closing, epochSeconds: epochSeconds,
                framing: .chunked, into: &output
            )
            ResponseWriter.appendChunkSize(first.count, to: &output)
        }
        connection.output.append(bytes: first)
        connection.output.append { $0.append(contentsOf: [UInt8(ascii: "\r"), UInt8(ascii: "\n")]) }
        connection.stream = producer
    }

    /// Produces more of the connection's streamed answer while its unsent output is under half the window, one
    /// step at a time, sending after each; ends the body when the producer is done.
    ///
    /// At most one window is produced per call; the machine then waits for the socket to be writable again, which
    /// (level-triggered) is at once when the client keeps up, after the loop served its other connections.
    ///
    /// - Throws: ``SystemCallError`` when `send` fails.
    func continueStream(on connection: Connection) throws(SystemCallError) {
        let window = self.outputWindow
        let step = min(Self.streamStepBytes, max(window / 2, 4096))
        var produced = 0
        while var producer = connection.stream, connection.output.count < window / 2, produced < window {
            connection.stream = nil
            var piece: [UInt8] = []
            piece.reserveCapacity(step + 4096)
            let isComplete = producer.produce(into: &piece, atLeast: step)
            // Counted as at least a step, so that a producer giving nothing cannot hold the loop here.
            produced += max(piece.count, step)
            if !piece.isEmpty {
                connection.output.append { ResponseWriter.appendChunkSize(piece.count, to: &$0) }
                connection.output.append(bytes: piece)
                connection.output.append { $0.append(contentsOf: [UInt8(ascii: "\r"), UInt8(ascii: "\n")]) }
            }
            if isComplete {
                connection.output.append { $0.append(contentsOf: ResponseWriter.lastChunk) }
            } else {
                connection.stream = producer
            }
            try connection.output.send(to: connection.fd)
        }
    }
}
