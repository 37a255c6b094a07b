import Glibc
import HTTPCore
import JSON
import LayoutEngine

/// Grants a reader the bytes of a body still arriving (``BodyArrival``) and remembers how many it granted, so that
/// the early reader knows whether an error it met was the body's or only the end of the bytes received so far.
final class EarlyBodyGate: @unchecked Sendable {
    let arrival: BodyArrival
    /// The most bytes granted; only the reader that holds the gate changes it.
    private(set) var granted: Int

    /// Creates the gate, waiting first for the body's first ``startBytes`` (all of a shorter body).
    ///
    /// The reader reads the members before the items (the viewport, the configuration) only from bytes granted, so
    /// a gate that granted none would make its first read fail and leave the body to be read once whole: a client
    /// that sends `Expect: 100-continue` (curl does for bodies over 1 MiB) sends the head alone, so the early
    /// reader starts before any byte of the body is in.
    init(_ arrival: BodyArrival) {
        self.arrival = arrival
        self.granted = arrival.waitForBytes(atLeast: Swift.min(arrival.count, Self.startBytes))
    }

    /// How many bytes of the body a reader waits for before it reads: 64 KiB, the loop's first read, far more than
    /// the members before the items take in a large body. (When they take more, the read fails at the end of the
    /// bytes granted and the body is read again once whole, as without the wait.)
    static let startBytes = 1 << 16

    /// A reader of `body` that waits for its bytes through this gate.
    ///
    /// A reader that caught up with the body waits for ``batchBytes`` more than it needs: each wait costs the loop
    /// a wake-up (a `futex` call) and the reader a sleep, and a reader faster than the socket would otherwise
    /// sleep once per run of compact pairs (64 KiB), 400 times for 26 MB; this way about 26 times. A reader that is
    /// behind never waits, and takes every byte received so far.
    func makeReader(_ body: [UInt8], maxDepth: Int) -> JSONReader {
        JSONReader(arriving: body, available: self.granted, maxDepth: maxDepth) { needed in
            let received = self.arrival.receivedCount
            let wanted = received >= needed || needed >= self.arrival.count ? needed : needed + Self.batchBytes
            self.granted = max(self.granted, self.arrival.waitForBytes(atLeast: wanted))
            return self.granted
        }
    }

    /// How many bytes past what it needs a reader that caught up waits for. 1 MiB.
    static let batchBytes = 1 << 20

    /// Whether every byte of the body was granted.
    var isWhole: Bool { self.granted == self.arrival.count }
}

extension LayoutService {
    /// `POST /layout/{kind}` with a large body is read while it arrives, when the request would be read at all: a
    /// known kind and, with a token configured, the right one (a request refused before reading costs no reading).
    public func readsEarly(_ request: Request, plan: RequestPlan) -> Bool {
        guard request.method == .POST, case .layout(let name)? = plan.route, LayoutKind(rawValue: name) != nil
        else { return false }
        if let token = self.configuration.apiToken {
            return BearerToken.matches(request.headers["Authorization"], token: token)
        }
        return true
    }

    /// Reads the layout request while its body arrives and leaves the result for ``respond(to:plan:)``, whose
    /// ``LayoutRequest/decode(_:kind:configuration:takesKindMember:arrival:gate:)`` takes it.
    public func readEarly(_ request: Request, plan: RequestPlan) {
        guard let arrival = request.bodyArrival, case .layout(let name)? = plan.route,
            let kind = LayoutKind(rawValue: name)
        else { return }
        let configuration = self.configuration
        arrival.runEarly {
            LayoutRequest.decodeEarly(request.body, arrival: arrival, kind: kind, configuration: configuration)
        }
    }
}

extension LayoutRequest {
    /// Reads a layout request from a body still arriving: the same value or error as
    /// ``decode(_:kind:configuration:takesKindMember:arrival:gate:)`` on the whole body, or `nil` when the body
    /// stopped arriving (abandoned, stalled past ``BodyArrival/stallLimit`` or slower in all than
    /// ``BodyArrival/waitBudget``).
    ///
    /// An error met before every byte was granted may be the end of the bytes received rather than the body's: the
    /// body is then read again once whole, and that reading's result is the answer.
    static func decodeEarly(
        _ body: [UInt8], arrival: BodyArrival, kind: LayoutKind, configuration: ServiceConfiguration
    ) -> Result<LayoutRequest, any Error>? {
        let gate = EarlyBodyGate(arrival)
        do {
            return .success(try Self.decode(body, kind: kind, configuration: configuration, gate: gate))
        } catch {
            if gate.isWhole { return .failure(error) }
        }
        guard arrival.waitForBytes(atLeast: body.count) == body.count else { return nil }
        return Result { try Self.decode(body, kind: kind, configuration: configuration) }
    }
}

/// Starts the early reader's ``WaterfallSectionStream`` when the first section's items begin, from the viewport and
/// configuration read before the sections, and keeps it for the request.
final class WaterfallStreamStart {
    let viewport: Size
    let configuration: LayoutConfiguration
    /// Where the stream is offered to the request's answer (``SharedSectionStream/help()``), or `nil`.
    let arrival: BodyArrival?
    /// The stream started, once the first section's items began and its parameters allowed one.
    private(set) var stream: WaterfallSectionStream?

    /// The most items a request may hold (`--max-items`): a list past it is answered 413, so not placed on.
    let maxItems: Int

    init(viewport: Size, configuration: LayoutConfiguration, maxItems: Int = .max, arrival: BodyArrival? = nil) {
        self.viewport = viewport
        self.configuration = configuration
        self.maxItems = maxItems
        self.arrival = arrival
    }

    /// A stream for the items of `section` (holding what was read before them), or `nil` when its parameters
    /// allow none; at most one per request. Offered to the request's answer through ``arrival``.
    ///
    /// The engine's limits are the defaults: they only bound the column count, and a stream whose builder differs
    /// from the request's own in any way is not used (``WaterfallSectionStream``). The item limit is the service's:
    /// the stream stops placing past it (such a request is answered 413 once read).
    func start(_ section: SectionInput) -> SharedSectionStream? {
        guard self.stream == nil else { return nil }
        let input = LayoutInput(viewport: self.viewport, sections: [section])
        guard let stream = WaterfallSectionStream(
            input, configuration: self.configuration, section: 0, limits: LayoutLimits())
        else { return nil }
        self.stream = stream
        let shared = SharedSectionStream(stream, maxItems: self.maxItems)
        self.arrival?.offer(shared)
        return shared
    }
}

/// A ``WaterfallSectionStream`` fed by the early reader and placed by the reader or, once the body is whole, by the
/// request's own answer beside it (issue 21: after the body's last byte, reading and placing on two cores, not one
/// after the other).
///
/// The reader publishes the checked list after each run (``add(_:)``): where its items are and how many. Whoever
/// places holds ``placing``; the reader places a run itself unless the request's answer has come to help
/// (``help()``), which then places the published blocks while the reader reads on. The list's storage must not move
/// or go while the helper reads it: the reader calls ``detach()`` before anything that may move it (growing the
/// array, leaving the run of compact items) and ``end()`` when it leaves the list, each waiting for a batch being
/// placed; the helper places again only from a list published after.
final class SharedSectionStream: @unchecked Sendable {
    let stream: WaterfallSectionStream
    private let mutex: UnsafeMutablePointer<pthread_mutex_t>
    private let condition: UnsafeMutablePointer<pthread_cond_t>
    /// The list's first item, while the helper may read it.
    private var base: UnsafePointer<Size>?
    /// The list's checked items and its reserved length.
    private var published = (count: 0, capacity: 0)
    /// Whether a thread places blocks now.
    private var placing = false
    /// Whether the request's answer helps: the reader then only publishes.
    private var helped = false
    /// Whether the reader left the list (or met an invalid item): nothing more is placed until the prepare.
    private var ended = false
    /// The items the helper placed.
    private var helperPlaced = 0
    /// How many published items a sleeping helper waits for; `Int.max` when none sleeps.
    private var helperWants = Int.max

    /// The most items the helper places at a time, and how many more it waits for once it caught up: a reader
    /// that must move the list waits for at most that many.
    static let batchItems = 8_192

    /// The most items placed: a longer list is refused (413) once read, so the stream stops there.
    let maxItems: Int

    init(_ stream: WaterfallSectionStream, maxItems: Int = .max) {
        self.stream = stream
        self.maxItems = maxItems
        self.mutex = .allocate(capacity: 1)
        self.condition = .allocate(capacity: 1)
        pthread_mutex_init(self.mutex, nil)
        pthread_cond_init(self.condition, nil)
    }

    deinit {
        pthread_cond_destroy(self.condition)
        pthread_mutex_destroy(self.mutex)
        self.condition.deallocate()
        self.mutex.deallocate()
    }

    /// The reader's side: checks the list's new items and places its whole blocks, or leaves them to the helper.
    func add(_ sizes: [Size]) {
        sizes.withUnsafeBufferPointer { buffer in
            guard buffer.count <= self.maxItems, self.stream.check(buffer) else { return self.end() }
            pthread_mutex_lock(self.mutex)
            self.base = buffer.baseAddress
            self.published = (buffer.count, sizes.capacity)
            guard !self.helped, !self.placing else {
                // A sleeping helper is woken only once a batch is there: each wake-up is a system call here and a
                // sleep there, which once per run of 512 items cost more than placing beside the reader saved.
                if buffer.count >= self.helperWants { pthread_cond_broadcast(self.condition) }
                pthread_mutex_unlock(self.mutex)
                return
            }
            self.placing = true
            pthread_mutex_unlock(self.mutex)
            self.stream.placeBlocks(buffer, capacity: sizes.capacity, atMost: .max)
            pthread_mutex_lock(self.mutex)
            self.placing = false
            pthread_cond_broadcast(self.condition)
            pthread_mutex_unlock(self.mutex)
        }
    }

    /// The reader's side, before the list may move: waits for a batch being placed; nothing is placed again until
    /// the next ``add(_:)``.
    func detach() { self.stop(ending: false) }

    /// The reader's side, leaving the list (read whole, cut short by an error, or an invalid item met): waits for
    /// a batch being placed and releases the helper.
    func end() { self.stop(ending: true) }

    private func stop(ending: Bool) {
        pthread_mutex_lock(self.mutex)
        while self.placing { pthread_cond_wait(self.condition, self.mutex) }
        self.base = nil
        if ending {
            self.ended = true
            pthread_cond_broadcast(self.condition)
        }
        pthread_mutex_unlock(self.mutex)
    }

    /// Whether a helper came, and how many items it placed. For tests.
    var helpGiven: (isHelped: Bool, placed: Int) {
        pthread_mutex_lock(self.mutex)
        defer { pthread_mutex_unlock(self.mutex) }
        return (self.helped, self.helperPlaced)
    }

    /// The request's side, once the body is whole and while the early reader still reads the list: places the
    /// blocks the reader published until it leaves the list.
    func help() {
        pthread_mutex_lock(self.mutex)
        defer { pthread_mutex_unlock(self.mutex) }
        self.helped = true
        var tried = -1
        while !self.ended {
            guard !self.placing, let base = self.base, self.published.count != tried else {
                self.helperWants = self.published.count + Self.batchItems
                pthread_cond_wait(self.condition, self.mutex)
                self.helperWants = .max
                continue
            }
            let published = self.published
            self.placing = true
            pthread_mutex_unlock(self.mutex)
            let placed = self.stream.placeBlocks(
                UnsafeBufferPointer(start: base, count: published.count), capacity: published.capacity,
                atMost: Self.batchItems)
            pthread_mutex_lock(self.mutex)
            self.placing = false
            self.helperPlaced += placed
            // Nothing whole was left to place: wait for the reader to publish more.
            if placed == 0 { tried = published.count }
            pthread_cond_broadcast(self.condition)
        }
    }
}
