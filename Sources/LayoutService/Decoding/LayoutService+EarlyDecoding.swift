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
        guard request.method == .POST, case .layout? = plan.route else { return false }
        if let token = self.configuration.apiToken {
            return BearerToken.matches(request.headers["Authorization"], token: token)
        }
        return true
    }

    /// Reads the layout request while its body arrives and leaves the result for ``respond(to:plan:)``, whose
    /// ``LayoutRequest/decode(_:kind:configuration:takesKindMember:arrival:gate:)`` takes it.
    public func readEarly(_ request: Request, plan: RequestPlan) {
        guard let arrival = request.bodyArrival, case .layout(let kind)? = plan.route else { return }
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
    /// The stream started, once the first section's items began and its parameters allowed one.
    private(set) var stream: WaterfallSectionStream?

    init(viewport: Size, configuration: LayoutConfiguration) {
        self.viewport = viewport
        self.configuration = configuration
    }

    /// A stream for the items of `section` (holding what was read before them), or `nil` when its parameters
    /// allow none; at most one per request.
    ///
    /// The limits are the defaults: they only bound the column count, and a stream whose builder differs from the
    /// request's own in any way is not used (``WaterfallSectionStream``).
    func start(_ section: SectionInput) -> WaterfallSectionStream? {
        guard self.stream == nil else { return nil }
        let input = LayoutInput(viewport: self.viewport, sections: [section])
        self.stream = WaterfallSectionStream(
            input, configuration: self.configuration, section: 0, limits: LayoutLimits())
        return self.stream
    }
}
