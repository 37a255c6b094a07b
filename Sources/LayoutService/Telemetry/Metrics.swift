import Synchronization

/// Counters and histograms for `GET /metrics`, in Prometheus text format 0.0.4.
///
/// Every request records one sample under its route template (`/layout/{kind}`, never the raw path, so a client
/// cannot grow the label set), its method and its status. One mutex guards the state; a request holds it for a few
/// dictionary updates, well under a microsecond.
public final class Metrics: Sendable {
    /// The upper bounds of the latency histogram's buckets, in seconds.
    static let latencyBuckets: [Double] = [0.0005, 0.001, 0.0025, 0.005, 0.01, 0.025, 0.05, 0.1, 0.25, 0.5, 1, 2.5, 5, 10]

    private struct RequestKey: Hashable {
        var route: String
        var method: String
        var status: Int
    }

    private struct Histogram {
        var counts = [Int](repeating: 0, count: Metrics.latencyBuckets.count)
        var sum = 0.0
        var total = 0

        /// Counts one sample in the first bucket whose bound it does not exceed (none past the last bound: `+Inf`
        /// is `total`).
        mutating func record(_ seconds: Double) {
            if let bucket = Metrics.latencyBuckets.firstIndex(where: { seconds <= $0 }) { self.counts[bucket] += 1 }
            self.sum += seconds
            self.total += 1
        }
    }

    private struct State {
        var requests: [RequestKey: Int] = [:]
        var latency: [String: Histogram] = [:]
        var elementsLaidOut = 0
    }

    private let state = Mutex(State())

    /// Creates empty metrics.
    public init() {}

    /// Records one answered request.
    ///
    /// - Parameters:
    ///   - route: The route template, e.g. `/layout/{kind}`.
    ///   - method: The request method.
    ///   - status: The response status.
    ///   - seconds: The time from request to response.
    ///   - elements: The number of layout elements the answer carried.
    public func record(route: String, method: String, status: Int, seconds: Double, elements: Int) {
        self.state.withLock { state in
            state.requests[RequestKey(route: route, method: method, status: status), default: 0] += 1
            // Updated where it lies: a copy taken out and put back would copy its counts on every request.
            state.latency[route, default: Histogram()].record(seconds)
            state.elementsLaidOut += elements
        }
    }

    /// The exposition text.
    ///
    /// - Parameters:
    ///   - openConnections: The server's open connections now.
    ///   - sessions: The session store's holdings now and its evictions and expiries so far.
    /// - Returns: Prometheus text format 0.0.4, families sorted by name and samples by label.
    public func render(openConnections: Int, sessions: SessionStatistics) -> String {
        let state = self.state.withLock { $0 }
        var text = BuildInfo.metricsText
        text += "# HELP layoutd_elements_laid_out_total Layout elements written into answers.\n"
        text += "# TYPE layoutd_elements_laid_out_total counter\n"
        text += "layoutd_elements_laid_out_total \(state.elementsLaidOut)\n"

        text += "# HELP layoutd_http_request_duration_seconds Time from a parsed request to its response.\n"
        text += "# TYPE layoutd_http_request_duration_seconds histogram\n"
        for (route, histogram) in state.latency.sorted(by: { $0.key < $1.key }) {
            let label = "route=\"\(Self.escape(route))\""
            var cumulative = 0
            for (bound, count) in zip(Self.latencyBuckets, histogram.counts) {
                cumulative += count
                text += "layoutd_http_request_duration_seconds_bucket{\(label),le=\"\(bound)\"} \(cumulative)\n"
            }
            text += "layoutd_http_request_duration_seconds_bucket{\(label),le=\"+Inf\"} \(histogram.total)\n"
            text += "layoutd_http_request_duration_seconds_sum{\(label)} \(histogram.sum)\n"
            text += "layoutd_http_request_duration_seconds_count{\(label)} \(histogram.total)\n"
        }

        text += "# HELP layoutd_http_requests_total Requests answered, by route template, method and status.\n"
        text += "# TYPE layoutd_http_requests_total counter\n"
        let requests = state.requests.sorted {
            ($0.key.route, $0.key.method, $0.key.status) < ($1.key.route, $1.key.method, $1.key.status)
        }
        for (key, count) in requests {
            let labels = "route=\"\(Self.escape(key.route))\",method=\"\(key.method)\",status=\"\(key.status)\""
            text += "layoutd_http_requests_total{\(labels)} \(count)\n"
        }

        text += "# HELP layoutd_open_connections Client connections open now.\n"
        text += "# TYPE layoutd_open_connections gauge\n"
        text += "layoutd_open_connections \(openConnections)\n"
        text += "# HELP layoutd_session_bytes Bytes the sessions hold now, as the store budgets them.\n"
        text += "# TYPE layoutd_session_bytes gauge\n"
        text += "layoutd_session_bytes \(sessions.bytes)\n"
        text += "# HELP layoutd_session_items Items the sessions hold now, each section counting as a few more.\n"
        text += "# TYPE layoutd_session_items gauge\n"
        text += "layoutd_session_items \(sessions.items)\n"
        text += "# HELP layoutd_sessions Sessions held now.\n"
        text += "# TYPE layoutd_sessions gauge\n"
        text += "layoutd_sessions \(sessions.sessions)\n"
        text += "# HELP layoutd_sessions_evicted_total Sessions evicted for memory or count, or expired.\n"
        text += "# TYPE layoutd_sessions_evicted_total counter\n"
        text += "layoutd_sessions_evicted_total{reason=\"count\"} \(sessions.evictedForCount)\n"
        text += "layoutd_sessions_evicted_total{reason=\"expired\"} \(sessions.expired)\n"
        text += "layoutd_sessions_evicted_total{reason=\"memory\"} \(sessions.evictedForMemory)\n"
        return text
    }

    /// Escapes a label value as the text format requires: backslash, double quote and newline.
    private static func escape(_ value: String) -> String {
        var escaped = ""
        for character in value {
            switch character {
            case "\\": escaped += "\\\\"
            case "\"": escaped += "\\\""
            case "\n": escaped += "\\n"
            default: escaped.append(character)
            }
        }
        return escaped
    }
}
