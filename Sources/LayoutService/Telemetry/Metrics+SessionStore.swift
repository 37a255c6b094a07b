extension Metrics {
    /// The shared session store's lines for `/metrics`, empty without `--session-store`: whether Redis answers
    /// (`layoutd_session_store_up`, 0 while the service runs degraded on its local sessions), the exchanges that
    /// failed, the sessions changed while it was down and not yet written (with their bound and what passed it),
    /// the sessions rebuilt from it, and the idempotency keys kept per session with the retries answered from them.
    static func sessionStoreText(_ store: SharedSessionStore?) -> String {
        guard let store else { return "" }
        var text = ""
        Self.gauge(
            &text, "layoutd_session_store_up", "Whether the session store (Redis) answered the last exchange.",
            store.isUp ? 1 : 0
        )
        Self.counter(
            &text, "layoutd_session_store_failures_total", "Exchanges with the session store that failed.",
            store.failureCount
        )
        Self.gauge(
            &text, "layoutd_session_store_pending", "Sessions changed while the store was down, not yet written.",
            store.pendingCount
        )
        Self.gauge(
            &text, "layoutd_session_store_pending_limit", "The most sessions remembered while the store is down: twice --max-sessions.",
            store.configuration.maxPending
        )
        Self.counter(
            &text, "layoutd_session_store_pending_dropped_total",
            "Deletes not written to the store because the pending limit was reached.", store.droppedCount
        )
        Self.counter(
            &text, "layoutd_session_store_rebuilds_total", "Sessions this replica rebuilt from the store.",
            store.rebuildCount
        )
        Self.gauge(
            &text, "layoutd_session_store_idempotency_keys",
            "The most idempotency keys kept per session in the store (--idempotency-keys).",
            store.configuration.idempotencyKeys
        )
        Self.counter(
            &text, "layoutd_session_store_replays_total",
            "Retried mutations (a known Idempotency-Key) answered again instead of applied twice.", store.replayCount
        )
        return text
    }
}
