import Synchronization

extension Metrics {
    /// The exposition text.
    ///
    /// Families come sorted by name and samples by label. A process figure that cannot be read (outside Linux) is
    /// left out rather than reported as 0.
    ///
    /// - Parameters:
    ///   - openConnections: The server's open connections now.
    ///   - sessions: The session store's holdings now and its evictions and expiries so far.
    ///   - queuedWork: Requests waiting for a thread of the worker pool now. Defaults to 0.
    ///   - process: The process's memory, CPU time, descriptors and start. Defaults to reading them now.
    /// - Returns: Prometheus text format 0.0.4.
    public func render(
        openConnections: Int,
        sessions: SessionStatistics,
        queuedWork: Int = 0,
        process: ProcessSnapshot = ProcessSnapshot.current()
    ) -> String {
        let state = self.state.withLock { $0 }
        var text = BuildInfo.metricsText
        Self.family(&text, "layoutd_elements_laid_out_total", .counter, "Layout elements written into answers.")
        text += "layoutd_elements_laid_out_total \(state.elementsLaidOut)\n"

        Self.family(
            &text, "layoutd_http_request_duration_seconds", .histogram,
            "Time from a parsed request to its response, by route template and status class."
        )
        let routes = state.routes.sorted { $0.key < $1.key }
        for (route, statistics) in routes {
            for (statusClass, histogram) in statistics.durations.enumerated() {
                guard let histogram else { continue }
                let labels = "route=\"\(Self.escape(route))\",status_class=\"\(statusClass)xx\""
                Self.histogram(&text, "layoutd_http_request_duration_seconds", labels, histogram, Self.latencyBuckets)
            }
        }
        Self.family(
            &text, "layoutd_http_request_size_bytes", .histogram, "Request body sizes, by route template."
        )
        for (route, statistics) in routes {
            let labels = "route=\"\(Self.escape(route))\""
            Self.histogram(&text, "layoutd_http_request_size_bytes", labels, statistics.requestSizes, Self.sizeBuckets)
        }

        Self.family(
            &text, "layoutd_http_requests_total", .counter, "Requests answered, by route template, method and status."
        )
        let requests = state.requests.sorted {
            ($0.key.route, $0.key.method, $0.key.status) < ($1.key.route, $1.key.method, $1.key.status)
        }
        for (key, count) in requests {
            let labels = "route=\"\(Self.escape(key.route))\",method=\"\(key.method)\",status=\"\(key.status)\""
            text += "layoutd_http_requests_total{\(labels)} \(count)\n"
        }
        Self.family(
            &text, "layoutd_http_response_size_bytes", .histogram, "Response body sizes, by route template."
        )
        for (route, statistics) in routes {
            let labels = "route=\"\(Self.escape(route))\""
            Self.histogram(
                &text, "layoutd_http_response_size_bytes", labels, statistics.responseSizes, Self.sizeBuckets
            )
        }

        Self.gauge(&text, "layoutd_open_connections", "Client connections open now.", openConnections)
        Self.gauge(
            &text, "layoutd_requests_in_flight", "Requests being answered now, this scrape included.",
            self.requestsInFlight
        )
        Self.gauge(
            &text, "layoutd_session_bytes", "Bytes the sessions hold now, as the store budgets them.", sessions.bytes
        )
        Self.gauge(
            &text, "layoutd_session_items", "Items the sessions hold now, each section counting as a few more.",
            sessions.items
        )
        Self.gauge(&text, "layoutd_sessions", "Sessions held now.", sessions.sessions)
        Self.family(
            &text, "layoutd_sessions_evicted_total", .counter, "Sessions evicted for memory or count, or expired."
        )
        text += "layoutd_sessions_evicted_total{reason=\"count\"} \(sessions.evictedForCount)\n"
        text += "layoutd_sessions_evicted_total{reason=\"expired\"} \(sessions.expired)\n"
        text += "layoutd_sessions_evicted_total{reason=\"memory\"} \(sessions.evictedForMemory)\n"
        Self.gauge(
            &text, "layoutd_worker_queue_length", "Requests waiting for a thread of the worker pool now.", queuedWork
        )
        text += process.metricsText
        return text
    }

    enum FamilyType: String {
        case counter, gauge, histogram
    }

    /// Appends a family's `HELP` and `TYPE` lines.
    static func family(_ text: inout String, _ name: String, _ type: FamilyType, _ help: String) {
        text += "# HELP \(name) \(help)\n# TYPE \(name) \(type.rawValue)\n"
    }

    /// Appends a gauge family of one sample.
    static func gauge(_ text: inout String, _ name: String, _ help: String, _ value: some CustomStringConvertible) {
        Self.family(&text, name, .gauge, help)
        text += "\(name) \(value)\n"
    }

    /// Appends a counter family of one sample.
    static func counter(_ text: inout String, _ name: String, _ help: String, _ value: some CustomStringConvertible) {
        Self.family(&text, name, .counter, help)
        text += "\(name) \(value)\n"
    }

    /// Appends one labelled histogram's cumulative buckets, sum and count.
    private static func histogram(
        _ text: inout String,
        _ name: String,
        _ labels: String,
        _ histogram: Histogram,
        _ bounds: [Double]
    ) {
        var cumulative = 0
        for (bound, count) in zip(bounds, histogram.counts) {
            cumulative += count
            text += "\(name)_bucket{\(labels),le=\"\(Self.number(bound))\"} \(cumulative)\n"
        }
        text += "\(name)_bucket{\(labels),le=\"+Inf\"} \(histogram.total)\n"
        text += "\(name)_sum{\(labels)} \(Self.number(histogram.sum))\n"
        text += "\(name)_count{\(labels)} \(histogram.total)\n"
    }

    /// A number as the text format writes it: integers without a fraction.
    static func number(_ value: Double) -> String {
        value.rounded() == value && abs(value) < 1e15 ? String(Int(value)) : "\(value)"
    }

    /// Escapes a label value as the text format requires: backslash, double quote and newline.
    static func escape(_ value: String) -> String {
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
