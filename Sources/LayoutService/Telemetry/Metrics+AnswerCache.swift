extension Metrics {
    /// The answer cache's gauges and counters (`--answer-cache-bytes`), in Prometheus text format, sorted by family
    /// name.
    ///
    /// - Parameter statistics: The cache's holdings now and its counts so far.
    /// - Returns: The families' text, each with its `HELP` and `TYPE` lines.
    static func answerCacheText(_ statistics: AnswerCache.Statistics) -> String {
        var text = ""
        Self.gauge(
            &text, "layoutd_answer_cache_bytes",
            "Bytes the answer cache holds now: kept bodies, answers and each entry's overhead.", statistics.bytes
        )
        Self.gauge(&text, "layoutd_answer_cache_entries", "Answers the answer cache holds now.", statistics.entries)
        Self.counter(
            &text, "layoutd_answer_cache_evictions_total",
            "Answers evicted from the answer cache, least recently used first, to make room.", statistics.evictions
        )
        Self.counter(
            &text, "layoutd_answer_cache_hits_total",
            "POST /layout requests answered with a kept answer.", statistics.hits
        )
        Self.gauge(
            &text, "layoutd_answer_cache_limit_bytes", "The answer cache's budget (--answer-cache-bytes).",
            statistics.limit
        )
        Self.counter(
            &text, "layoutd_answer_cache_misses_total",
            "POST /layout requests looked up in the answer cache and computed.", statistics.misses
        )
        return text
    }
}
