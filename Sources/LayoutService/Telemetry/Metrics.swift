import Synchronization

/// Counters and histograms for `GET /metrics`, in Prometheus text format 0.0.4.
///
/// Every request records one sample under its route template (`/layout/{kind}`, never the raw path, so a client
/// cannot grow the label set), its method and its status: a count, its duration by route and status class, and
/// the sizes of its body and of its answer's body by route. One mutex guards the state; a request holds it for a
/// few dictionary updates, well under a microsecond. Requests in flight are one atomic counter.
public final class Metrics: Sendable {
    /// The upper bounds of the latency histogram's buckets, in seconds.
    static let latencyBuckets: [Double] = [
        0.0005, 0.001, 0.0025, 0.005, 0.01, 0.025, 0.05, 0.1, 0.25, 0.5, 1, 2.5, 5, 10,
    ]
    /// The upper bounds of the request and answer size histograms' buckets, in bytes: powers of four from 64 bytes
    /// to 64 MiB, the largest body layoutd takes by default.
    static let sizeBuckets: [Double] = (0...10).map { Double(64 << (2 * $0)) }

    struct RequestKey: Hashable {
        var route: String
        var method: String
        var status: Int
    }

    /// What one route template has seen: its durations by status class, and its body and answer sizes. Kept
    /// together so that a request costs one lookup by route beside the request count's.
    struct RouteStatistics {
        /// Indexed by the status divided by 100 (`2` for `2xx`): a class rather than the status, so that the
        /// histogram's series stay few.
        var durations = [Histogram?](repeating: nil, count: 6)
        var requestSizes = Histogram(bucketCount: Metrics.sizeBuckets.count)
        var responseSizes = Histogram(bucketCount: Metrics.sizeBuckets.count)

        mutating func record(statusClass: Int, seconds: Double, requestBytes: Int, responseBytes: Int) {
            if self.durations[statusClass] == nil {
                self.durations[statusClass] = Histogram(bucketCount: Metrics.latencyBuckets.count)
            }
            self.durations[statusClass]!.record(seconds, bounds: Metrics.latencyBuckets)
            self.requestSizes.record(Double(requestBytes), bounds: Metrics.sizeBuckets)
            self.responseSizes.record(Double(responseBytes), bounds: Metrics.sizeBuckets)
        }
    }

    /// A Prometheus histogram's state: per-bucket (not yet cumulative) counts, the sum and the total.
    struct Histogram {
        var counts: [Int]
        var sum = 0.0
        var total = 0

        init(bucketCount: Int) {
            self.counts = [Int](repeating: 0, count: bucketCount)
        }

        /// Counts one sample in the first bucket whose bound it does not exceed (none past the last bound: `+Inf`
        /// is `total`).
        mutating func record(_ value: Double, bounds: [Double]) {
            if let bucket = bounds.firstIndex(where: { value <= $0 }) { self.counts[bucket] += 1 }
            self.sum += value
            self.total += 1
        }
    }

    struct State {
        var requests: [RequestKey: Int] = [:]
        var routes: [String: RouteStatistics] = [:]
        var elementsLaidOut = 0
    }

    let state = Mutex(State())
    private let inFlight = Atomic<Int>(0)
    /// Whether the service last logged the worker pool as saturated.
    let isWorkerPoolSaturated = Atomic<Bool>(false)

    /// Creates empty metrics.
    public init() {}

    /// Requests the service has begun and not yet answered.
    public var requestsInFlight: Int { self.inFlight.load(ordering: .relaxed) }

    /// Records that the service began answering a request; ``record(route:method:status:seconds:elements:``
    /// with `started: true` ends it.
    public func requestStarted() {
        self.inFlight.add(1, ordering: .relaxed)
    }

    /// Records one answered request, which ends one ``requestStarted()`` when `started` is `true`.
    ///
    /// - Parameters:
    ///   - route: The route template, e.g. `/layout/{kind}`.
    ///   - method: The request method.
    ///   - status: The response status.
    ///   - seconds: The time from request to response.
    ///   - elements: The number of layout elements the answer carried.
    ///   - requestBytes: The request body's length.
    ///   - responseBytes: The response body's length.
    ///   - started: Whether ``requestStarted()`` counted this request in flight. Defaults to `false`.
    public func record(
        route: String,
        method: String,
        status: Int,
        seconds: Double,
        elements: Int,
        requestBytes: Int = 0,
        responseBytes: Int = 0,
        started: Bool = false
    ) {
        let statusClass = min(max(status / 100, 1), 5)
        self.state.withLock { state in
            state.requests[RequestKey(route: route, method: method, status: status), default: 0] += 1
            // Updated where they lie: a copy taken out and put back would copy its counts on every request.
            state.routes[route, default: RouteStatistics()].record(
                statusClass: statusClass, seconds: seconds, requestBytes: requestBytes, responseBytes: responseBytes
            )
            state.elementsLaidOut += elements
        }
        if started { self.inFlight.subtract(1, ordering: .relaxed) }
    }

}
