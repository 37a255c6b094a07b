import CSystem
import Glibc
import HTTPCore
import Synchronization

extension EventLoop {
    /// Handles epoll events for one connection.
    func handle(events: UInt32, connectionID: UInt64) {
        self.assertOnLoopThread()
        guard let connection = self.connections[connectionID] else { return }
        if events & (EPOLLERR.rawValue | EPOLLHUP.rawValue) != 0 {
            self.perform(connection.machine.socketFailed(), on: connection)
            return
        }
        if events & EPOLLIN.rawValue != 0 {
            self.perform(self.readInput(connection, machine: &connection.machine), on: connection)
            guard !connection.machine.isClosed else { return }
        }
        if events & EPOLLOUT.rawValue != 0 {
            self.perform(connection.machine.writable(now: self.now), on: connection)
        }
    }

    /// Reads what the client sent into the parser (unless the connection is discarding input) and tells the
    /// machine what the read found.
    ///
    /// The machine is passed `inout` (it is `connection.machine`) so that a pass over many actions costs one
    /// exclusive access to the connection's property rather than one per call.
    ///
    /// A large fixed-length body is read straight into the request's body (``RequestParser/readsBodyDirectly``)
    /// rather than through the loop's buffer and the parser's: its bytes are copied once, by the kernel.
    func readInput(_ connection: Connection, machine: inout ConnectionStateMachine) -> ConnectionStateMachine.Action {
        let direct = machine.acceptsInput && connection.parser.readsBodyDirectly
        let buffer = self.readBufferForReads
        let count: Int?
        do {
            count = try nonBlockingSyscall("read") {
                guard direct else { return Glibc.read(connection.fd, buffer.baseAddress, buffer.count) }
                return connection.parser.readBodyDirectly { room in
                    Glibc.read(connection.fd, room.baseAddress, room.count)
                }
            }
        } catch {
            return machine.socketFailed()
        }
        guard let count else { return machine.wouldBlock() }
        if count == 0 { return machine.peerClosed(now: self.now) }
        if machine.acceptsInput, !direct {
            connection.parser.append(UnsafeRawBufferPointer(rebasing: buffer[0..<count]))
        }
        return machine.bytesRead(now: self.now, parserPhase: connection.parser.phase)
    }

    /// Performs the machine's actions, reporting each outcome, until it waits or closes.
    ///
    /// - Parameters:
    ///   - first: The action the event returned.
    ///   - connection: The connection.
    func perform(_ first: ConnectionStateMachine.Action, on connection: Connection) {
        self.perform(first, on: connection, machine: &connection.machine)
    }

    /// ``perform(_:on:)`` with the connection's machine held for the whole pass.
    ///
    /// An answer is written where it is had (``dispatch(_:on:machine:)``, or a worker's in ``handleWake()``), so
    /// that it is never parked in an optional here: `.writeResponse` does not reach this loop.
    private func perform(
        _ first: ConnectionStateMachine.Action, on connection: Connection, machine: inout ConnectionStateMachine
    ) {
        var action = first
        var parseError: HTTPParseError?
        while true {
            switch action {
            case .none:
                return
            case .read:
                action = self.readInput(connection, machine: &machine)
            case .parse:
                do {
                    switch try connection.parser.next() {
                    case nil:
                        self.startEarlyIfWanted(on: connection)
                        action = machine.parsed(.needsMoreBytes, parserPhase: connection.parser.phase)
                    case .continueExpected:
                        action = machine.parsed(.continueExpected, parserPhase: connection.parser.phase)
                    case .request(let parsed):
                        let head = ConnectionStateMachine.RequestHead(
                            method: parsed.method, version: parsed.version, keepsAlive: parsed.keepsAlive
                        )
                        action = machine.parsed(.request(head), parserPhase: connection.parser.phase)
                        // The usual next step at once: the request is never parked in an optional and taken out
                        // again (each costing a copy or a destroy of every part of it and of its answer). Parked, it
                        // waits on the connection: a local optional here was destroyed, `nil`, on every pass (through
                        // a generic call, about 60 instructions a request).
                        if case .dispatch = action {
                            action = self.dispatch(parsed, on: connection, machine: &machine)
                        } else {
                            connection.parkedRequest = parsed
                        }
                    }
                } catch {
                    parseError = error
                    action = machine.parsed(.failed, parserPhase: connection.parser.phase)
                }
            case .dispatch:
                guard let dispatched = connection.parkedRequest.take() else {
                    preconditionFailure("dispatch without a parsed request")
                }
                action = self.dispatch(dispatched, on: connection, machine: &machine)
            case .writeResponse:
                preconditionFailure("a write without a response")
            case .writeContinue:
                connection.output.append { $0.append(contentsOf: ResponseWriter.continueResponse) }
                action = machine.outputQueued(pendingOutputBytes: self.pendingOutputBytes(of: connection))
            case .writeError(let answer):
                let problem: Response
                switch answer {
                case .parseError:
                    guard let error = parseError else { preconditionFailure("a parse error answer without an error") }
                    problem = Response(parseError: error)
                case .requestTimeout:
                    problem = Self.requestTimeout
                }
                connection.parser.releaseBodyMemory()
                self.emit(problem, method: nil, version: .http1_1, closing: true, on: connection)
                action = machine.outputQueued(pendingOutputBytes: self.pendingOutputBytes(of: connection))
            case .flush:
                do {
                    try connection.output.send(to: connection.fd)
                    if connection.isStreaming { try self.continueStream(on: connection) }
                    action = machine.flushed(pendingOutputBytes: self.pendingOutputBytes(of: connection))
                } catch {
                    action = machine.socketFailed()
                }
            case .shutdownWrite:
                shutdown(connection.fd, Int32(SHUT_WR))
                action = machine.writeSideShutDown()
            case .wait(let wait):
                guard self.updateInterest(connection, for: wait) else {
                    action = machine.socketFailed()
                    continue
                }
                return
            case .close:
                self.close(connection)
                return
            }
        }
    }

    /// Hands a parsed request to the responder: answered on the loop, its answer is queued at once; deferred, it
    /// goes to the worker pool. Returns the machine's next action.
    private func dispatch(
        _ request: consuming Request, on connection: Connection, machine: inout ConnectionStateMachine
    ) -> ConnectionStateMachine.Action {
        request.clientAddress = connection.clientAddress
        var deferred: Dispatcher.Deferred?
        let answered = self.dispatcher.handle(
            request, self.context.configuration.workerPoolBodyThreshold, &deferred
        )
        // The request's storage goes back to the parser for the next one (shared, if a worker holds it still).
        connection.parser.recycle(consume request)
        if let deferred {
            // The body goes with the job, which may outlive the connection: so does its reservation.
            let reserved = connection.parser.takeBodyReservation()
            let budget = self.context.status.bodyMemory
            let answer = deferred.answer
            let job: @Sendable () -> Response = {
                defer { budget.release(reserved) }
                return answer()
            }
            self.context.pool.submit(
                .init(loop: self, connectionID: connection.id, isHeavy: deferred.isHeavy, answer: job)
            )
            return machine.responseDeferred()
        }
        let next = machine.responseReady(
            now: self.now, closesConnection: answered.closesConnection,
            serverIsDraining: self.context.drainRequested.load(ordering: .relaxed)
        )
        // Anything but a write means the connection is gone: the answer is dropped.
        guard case .writeResponse(let head) = next else { return next }
        return self.queue(answered, head: head, on: connection, machine: &machine)
    }

    /// Queues an answer the machine said to write, and returns the machine's next action.
    func queue(
        _ answer: Response, head: ConnectionStateMachine.ResponseHead, on connection: Connection,
        machine: inout ConnectionStateMachine
    ) -> ConnectionStateMachine.Action {
        // The request's body was dropped with its answer: its reservation is free for others.
        connection.parser.releaseBodyMemory()
        self.emit(answer, method: head.method, version: head.version, closing: head.isClosing, on: connection)
        return machine.outputQueued(pendingOutputBytes: self.pendingOutputBytes(of: connection))
    }

    /// Serializes a response; a large body, or any but a tiny one when nothing else waits to be sent, is queued
    /// without a copy (it leaves with its head in one `sendmsg`).
    func emit(
        _ response: Response, method: HTTPMethod?, version: HTTPVersion, closing: Bool, on connection: Connection
    ) {
        let epochSeconds = self.epochSeconds
        if let stream = response.bodyStream {
            self.emit(response, stream: stream, method: method, version: version, closing: closing, on: connection)
            return
        }
        let bodyBytes = response.body.count
        // Behind other output (pipelined answers) a body is copied, so a batch stays one buffer and one vector.
        let copiesBody =
            bodyBytes < OutputQueue.directBodyBytes
            && (bodyBytes < Self.smallestUncopiedBody || connection.output.count > 0)
        // Written straight into the coalescing buffer's bytes, with no temporary copy and no `replaceSubrange` of a
        // reused buffer's stale bytes, which stay past the output's length (``OutputQueue/endAppending(_:length:)``).
        // The buffer is taken out and put back rather than written in a closure, which would capture the response.
        var (output, queued) = connection.output.beginOverwriting()
        let (end, sendsBody) = self.writer.write(
            response, method: method, version: version, closing: closing, epochSeconds: epochSeconds,
            copyingBody: copiesBody, over: &output, from: queued
        )
        connection.output.endAppending(consume output, length: end)
        if sendsBody { connection.output.append(bytes: response.body) }
    }

    /// Registers the interest the machine asked for, if it changed. Returns `false` if `epoll_ctl` failed.
    private func updateInterest(_ connection: Connection, for wait: ConnectionStateMachine.Wait) -> Bool {
        var events: UInt32 = 0
        if wait.isReading { events |= EPOLLIN.rawValue }
        if wait.isWriting { events |= EPOLLOUT.rawValue }
        guard events != connection.registeredEvents else { return true }
        var event = epoll_event()
        event.events = events
        event.data.u64 = connection.id
        guard epoll_ctl(self.epollFD, EPOLL_CTL_MOD, connection.fd, &event) == 0 else { return false }
        connection.registeredEvents = events
        return true
    }

    /// Closes the socket and forgets the connection; a worker's late answer for it is dropped.
    func close(_ connection: Connection) {
        guard self.connections.remove(id: connection.id) else { return }
        // Closing the descriptor also removes it from the epoll set.
        Glibc.close(connection.fd)
        self.context.status.connectionClosed()
    }

    /// Bodies smaller than this are copied after their head: a second vector costs more than the copy.
    static let smallestUncopiedBody = 1024

    /// The answer to a request whose head or body did not arrive within its timeout.
    static let requestTimeout = Response.problem(
        status: 408, type: "/problems/request-timeout",
        detail: "The request did not arrive within the server's timeout."
    )
}
