import HTTPCore

extension Metrics {
    /// The capacity gauges and counters of issue 19 (request bodies in memory, refusals), in Prometheus text format,
    /// sorted by family name.
    ///
    /// - Parameter status: The server's published state.
    /// - Returns: The families' text, each with its `HELP` and `TYPE` lines.
    static func capacityText(status: ServerStatus) -> String {
        let bodies = status.bodyMemory
        var text = ""
        Self.gauge(
            &text, "layoutd_request_body_bytes", "Bytes of request bodies reserved now, over all connections.",
            bodies.bytesInUse
        )
        Self.gauge(
            &text, "layoutd_request_body_limit_bytes", "The budget of request bodies in memory (--max-body-memory).",
            bodies.limit
        )
        Self.gauge(
            &text, "layoutd_request_body_pool_bytes",
            "Bytes of large bodies' storage kept for later requests (--max-body-pool).", bodies.storage.bytesHeld
        )
        Self.counter(
            &text, "layoutd_request_body_pool_reuses_total",
            "Large bodies read into storage kept from an earlier request.", bodies.storage.reuseCount
        )
        Self.counter(
            &text, "layoutd_request_body_refusals_total",
            "Requests refused with 503 because their body would pass the budget.", bodies.refusedCount
        )
        return text
    }
}
