import HTTPCore
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
    static let sizeBuckets: [Double] = (0..<Histogram.sizeBucketCount).map { Double(64 << (2 * $0)) }

    struct RequestKey: Hashable {
        var route: String
        var method: String
        var status: Int
    }

    /// What one route template has seen: its durations by status class, and its body and answer sizes. Kept
    /// together so that a request costs one lookup by route beside the request count's.
    struct RouteStatistics {
        /// Indexed by the status divided by 100 (`2` for `2xx`): a class rather than the status, so that the
        /// histogram's series stay few. Held in place, all six made up front, rather than as an array of optionals
        /// made on first use: recording a sample then checks no array's uniqueness and unwraps no optional; a class
        /// no request has had is a histogram with no sample (``durations`` leaves it out).
        private var durationsByClass = InlineArray<6, Histogram>(
            repeating: Histogram(bucketCount: Metrics.latencyBuckets.count)
        )
        var requestSizes = Histogram(bucketCount: Metrics.sizeBuckets.count)
        var responseSizes = Histogram(bucketCount: Metrics.sizeBuckets.count)

        /// The durations by status class (index `2` for `2xx`), `nil` for a class no request has had.
        var durations: [Histogram?] {
            (0..<self.durationsByClass.count).map { statusClass in
                let histogram = self.durationsByClass[statusClass]
                return histogram.total > 0 ? histogram : nil
            }
        }

        mutating func record(statusClass: Int, seconds: Double, requestBytes: Int, responseBytes: Int?) {
            self.durationsByClass[statusClass].record(seconds, bounds: Metrics.latencyBuckets)
            self.requestSizes.record(bytes: requestBytes)
            if let responseBytes { self.responseSizes.record(bytes: responseBytes) }
        }
    }

    /// A Prometheus histogram's state: per-bucket (not yet cumulative) counts, the sum and the total.
    struct Histogram {
        /// The most buckets a histogram has: room for ``Metrics/latencyBuckets`` and ``Metrics/sizeBuckets``.
        static let maximumBucketCount = 16
        /// The per-bucket counts, the first ``bucketCount`` of them used. Stored inline rather than as an array, so
        /// that counting a sample checks no array's uniqueness (about 40 instructions a histogram, three a request;
        /// issue 21).
        private var bucketCounts = InlineArray<16, Int>(repeating: 0)
        /// How many buckets the histogram has.
        let bucketCount: Int
        var sum = 0.0
        var total = 0

        /// The per-bucket counts.
        var counts: [Int] { (0..<self.bucketCount).map { self.bucketCounts[$0] } }

        init(bucketCount: Int) {
            precondition(bucketCount <= Self.maximumBucketCount, "more buckets than a histogram holds")
            self.bucketCount = bucketCount
        }

        /// Counts one sample in the first bucket whose bound it does not exceed (none past the last bound: `+Inf`
        /// is `total`).
        mutating func record(_ value: Double, bounds: [Double]) {
            if let bucket = bounds.firstIndex(where: { value <= $0 }) { self.bucketCounts[bucket] += 1 }
            self.sum += value
            self.total += 1
        }

        /// ``record(_:bounds:)`` of a byte count with ``Metrics/sizeBuckets``, its bucket found by arithmetic:
        /// the bounds are 64 × 4ᵏ, so a count above 64 belongs to bucket ⌈log₄(count / 64)⌉, which the bit width
        /// of `count − 1` gives without a search (the same bucket as the search's, for every count).
        ///
        /// - Complexity: O(1).
        mutating func record(bytes: Int) {
            if let bucket = Self.sizeBucket(of: bytes) { self.bucketCounts[bucket] += 1 }
            self.sum += Double(bytes)
            self.total += 1
        }

        /// The index of the first of ``Metrics/sizeBuckets`` that `bytes` does not exceed, or `nil` when it
        /// exceeds them all (it counts only towards `+Inf`).
        static func sizeBucket(of bytes: Int) -> Int? {
            guard bytes > 64 else { return 0 }
            // 65…256 → 1, 257…1024 → 2, …: the bit width of `bytes − 1`, less 6, halved, rounded up.
            let width = Int.bitWidth - (bytes - 1).leadingZeroBitCount
            let bucket = (width - 6 + 1) / 2
            return bucket < Self.sizeBucketCount ? bucket : nil
        }

        /// ``Metrics/sizeBuckets``'s count, as a constant: read through the global array, it cost a lazy
        /// initialization check and the array's retain and release on every sample.
        static let sizeBucketCount = 11
    }

    /// One route template's statistics and its request counts by method and status.
    struct RouteEntry {
        var route: String
        /// The first byte of the literal the service records this template under
        /// (``Metrics/record(template:method:status:seconds:elements:requestBytes:responseBytes:)``), once it has:
        /// the same literal is found again by this address alone, with no string compared. `nil` before then.
        var literal: UnsafePointer<UInt8>?
        var statistics = RouteStatistics()
        var counts: [(method: String, status: Int, count: Int)] = []
        /// Each of ``counts``' methods as an ``HTTPMethod``, `nil` for a name that is none: a request's method is
        /// found by an enum comparison, not by its name.
        var countedMethods: [HTTPMethod?] = []

        /// Counts one request of `method` answered with `status`.
        ///
        /// - Complexity: O(methods and statuses seen on this route), a handful: compared by length first, and a
        ///   method's name is the same literal every time, so equal names compare by their bits.
        mutating func count(method: String, status: Int) {
            for index in self.counts.indices
            where self.counts[index].status == status && self.counts[index].method.utf8.count == method.utf8.count
                && self.counts[index].method == method
            {
                self.counts[index].count += 1
                return
            }
            self.counts.append((method: method, status: status, count: 1))
            self.countedMethods.append(HTTPMethod(rawValue: method))
        }

        /// ``count(method:status:)`` of a request's method, found by the enum: no name is made or compared unless
        /// the pair is new.
        ///
        /// - Complexity: O(methods and statuses seen on this route), a handful.
        mutating func count(method: HTTPMethod, status: Int) {
            for index in self.counts.indices where self.counts[index].status == status {
                guard self.countedMethods[index] == method else { continue }
                self.counts[index].count += 1
                return
            }
            self.count(method: method.rawValue, status: status)
        }
    }

    struct State {
        /// Every route template seen, in the order first seen: a request finds its own by a short scan instead of
        /// hashing its strings into two dictionaries (about 1,000 instructions a request, issue 21).
        var routeEntries: [RouteEntry] = []
        var elementsLaidOut = 0

        /// The request counts by route, method and status.
        var requests: [RequestKey: Int] {
            var requests: [RequestKey: Int] = [:]
            for entry in self.routeEntries {
                for count in entry.counts {
                    requests[RequestKey(route: entry.route, method: count.method, status: count.status)] = count.count
                }
            }
            return requests
        }

        /// Each route template's statistics.
        var routes: [String: RouteStatistics] {
            Dictionary(self.routeEntries.map { ($0.route, $0.statistics) }, uniquingKeysWith: { first, _ in first })
        }

        /// The index of the entry of the template `literal` spells, made if it is new.
        ///
        /// - Complexity: O(route templates seen), each compared by the literal's address; a template first seen
        ///   under another spelling (a `String`) is found by its text once, then by the address.
        mutating func entry(forLiteral literal: StaticString) -> Int {
            let start = literal.utf8Start
            for index in self.routeEntries.indices where self.routeEntries[index].literal == start { return index }
            let index = self.entry(for: literal.description)
            if self.routeEntries[index].literal == nil { self.routeEntries[index].literal = start }
            return index
        }

        /// The index of `route`'s entry, made if it is new.
        ///
        /// - Complexity: O(route templates seen), a few dozen at most (templates, never raw paths): compared by
        ///   length first, and a template is the same literal every time, so an equal one compares by its bits.
        mutating func entry(for route: String) -> Int {
            let length = route.utf8.count
            for index in self.routeEntries.indices
            where self.routeEntries[index].route.utf8.count == length && self.routeEntries[index].route == route {
                return index
            }
            self.routeEntries.append(RouteEntry(route: route))
            return self.routeEntries.count - 1
        }
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
    ///   - responseBytes: The response body's length, or `nil` for a streamed body, which the response size
    ///     histogram does not count (its length is known only once the connection has sent it).
    ///   - started: Whether ``requestStarted()`` counted this request in flight. Defaults to `false`.
    public func record(
        route: String,
        method: String,
        status: Int,
        seconds: Double,
        elements: Int,
        requestBytes: Int = 0,
        responseBytes: Int? = 0,
        started: Bool = false
    ) {
        let statusClass = min(max(status / 100, 1), 5)
        self.state.withLock { state in
            let entry = state.entry(for: route)
            state.routeEntries[entry].count(method: method, status: status)
            // Updated where they lie: a copy taken out and put back would copy its counts on every request.
            state.routeEntries[entry].statistics.record(
                statusClass: statusClass, seconds: seconds, requestBytes: requestBytes, responseBytes: responseBytes
            )
            state.elementsLaidOut += elements
        }
        if started { self.inFlight.subtract(1, ordering: .relaxed) }
    }

    /// ``record(route:method:status:seconds:elements:requestBytes:responseBytes:started:)`` for the service's own
    /// requests, always counted by ``requestStarted()``: the template is a literal and the method an enum, so that
    /// a request's entry and count are found by an address and an enum, with no string made, compared or released
    /// (issue 21). The same counts as the `String` form's.
    ///
    /// - Parameters:
    ///   - template: The route template, e.g. `/layout/{kind}`.
    ///   - method: The request method.
    ///   - status: The response status.
    ///   - seconds: The time from request to response.
    ///   - elements: The number of layout elements the answer carried.
    ///   - requestBytes: The request body's length.
    ///   - responseBytes: The response body's length, or `nil` for a streamed body.
    func record(
        template: StaticString,
        method: HTTPMethod,
        status: Int,
        seconds: Double,
        elements: Int,
        requestBytes: Int,
        responseBytes: Int?
    ) {
        let statusClass = min(max(status / 100, 1), 5)
        self.state.withLock { state in
            let entry = state.entry(forLiteral: template)
            state.routeEntries[entry].count(method: method, status: status)
            state.routeEntries[entry].statistics.record(
                statusClass: statusClass, seconds: seconds, requestBytes: requestBytes, responseBytes: responseBytes
            )
            state.elementsLaidOut += elements
        }
        self.inFlight.subtract(1, ordering: .relaxed)
    }

}
