import HTTPCore

extension EventLoop {
    /// Starts reading a large body on a worker while it arrives, if the responder wants to
    /// (``Responder/readsEarly(_:plan:)``) and the pool has a worker to spare for it (issue 21).
    ///
    /// The early reader runs as a heavy job that answers nothing: the request is still dispatched as usual once its
    /// last byte is in, and its answer takes what the early reader left (``BodyArrival/takeEarlyResult()``). Being
    /// heavy, it never holds up a lighter request; the request's own heavy job, queued after it, runs once it is
    /// done. Should the body never complete, the parser abandons the arrival and the reader gives up.
    func startEarlyIfWanted(on connection: Connection) {
        // Only a body being read can be started early: between requests (the pass after every answer) nothing is
        // asked of the parser or the configuration (about 40 instructions a request, callgrind).
        guard connection.parser.phase == .body else { return }
        // Only bodies that go to the pool anyway: a request answered on the loop must never wait for a worker.
        let configuration = self.context.configuration
        guard configuration.workerCount >= 2,
            let head = connection.parser.considerEarlyStart(atLeast: configuration.workerPoolBodyThreshold),
            let read = self.context.dispatcher.early(head)
        else { return }
        let request = connection.parser.beginEarlyStart()
        let job: @Sendable () -> Response = {
            read(request)
            return Self.earlyReadDone
        }
        self.context.pool.submit(
            .init(loop: self, connectionID: connection.id, isHeavy: true, answer: job, deliversAnswer: false)
        )
    }

    /// What an early reader's job returns; never sent.
    static let earlyReadDone = Response(status: 204)
}
