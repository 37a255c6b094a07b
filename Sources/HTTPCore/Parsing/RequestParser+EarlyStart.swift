extension RequestParser {
    /// Fixed-length bodies at least this large may be read by a worker while they arrive
    /// (``considerEarlyStart()``). 1 MiB: below it, the overlap saves less than a hand-off costs.
    public static let earlyStartBodyBytes = 1 << 20

    /// The head of the pending request (its body left empty: nothing of it may be read yet), the first time it is
    /// asked for once the head of a request with a large fixed-length body is parsed; `nil` otherwise.
    ///
    /// If the caller starts reading the body early, it calls ``beginEarlyStart()`` next.
    ///
    /// - Parameter minimum: The smallest body offered. Defaults to ``earlyStartBodyBytes``, the least it can be.
    public mutating func considerEarlyStart(atLeast minimum: Int = Self.earlyStartBodyBytes) -> Request? {
        guard !self.isEarlyStartConsidered, self.arrivalWriter == nil, self.presizedBodyFilled != nil,
            case .fixedBody(let remaining) = self.state, remaining > 0, let pending = self.pending,
            pending.body.count >= max(minimum, Self.earlyStartBodyBytes)
        else { return nil }
        self.isEarlyStartConsidered = true
        var head = pending
        head.body = []
        return head
    }

    /// Lends the pending request's body to an early reader: returns the request whose body is the one being
    /// written, with its ``Request/bodyArrival`` to read it by. Call right after ``considerEarlyStart()`` gave a
    /// head.
    ///
    /// From here the parser writes the body through its storage's address (the array is shared, so writing
    /// through it would copy it) and publishes each write; the request it hands out later carries the same
    /// arrival, complete. Should the parser be dropped first (the connection closed or timed out), the arrival is
    /// abandoned.
    public mutating func beginEarlyStart() -> Request {
        precondition(self.isEarlyStartConsidered && self.arrivalWriter == nil, "no early start was offered")
        guard let filled = self.presizedBodyFilled else { preconditionFailure("the body is not presized") }
        // Still uniquely referenced here: no copy, and the address stays the storage's while the request holds it.
        let base = self.pending!.body.withUnsafeMutableBytes { $0.baseAddress! }
        let arrival = BodyArrival(count: self.pending!.body.count, received: filled)
        self.arrivalWriter = BodyArrivalWriter(arrival: arrival, base: base)
        self.pending!.bodyArrival = arrival
        return self.pending!
    }
}
