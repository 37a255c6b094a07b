extension Metrics {
    /// The shared session store's lines for `/metrics`, empty without `--session-store`: whether Redis answers
    /// (`layoutd_session_store_up`, 0 while the service runs degraded on its local sessions), the exchanges that
    /// failed, the sessions changed while it was down and not yet written, and the sessions rebuilt from it.
    static func sessionStoreText(_ store: SharedSessionStore?) -> String {
        guard let store else { return "" }
        var text = "# HELP layoutd_session_store_up Whether the session store (Redis) answered the last exchange.\n"
        text += "# TYPE layoutd_session_store_up gauge\n"
        text += "layoutd_session_store_up \(store.isUp ? 1 : 0)\n"
        text += "# HELP layoutd_session_store_failures_total Exchanges with the session store that failed.\n"
        text += "# TYPE layoutd_session_store_failures_total counter\n"
        text += "layoutd_session_store_failures_total \(store.failureCount)\n"
        text += "# HELP layoutd_session_store_pending Sessions changed while the store was down, not yet written.\n"
        text += "# TYPE layoutd_session_store_pending gauge\n"
        text += "layoutd_session_store_pending \(store.pendingCount)\n"
        text += "# HELP layoutd_session_store_rebuilds_total Sessions this replica rebuilt from the store.\n"
        text += "# TYPE layoutd_session_store_rebuilds_total counter\n"
        text += "layoutd_session_store_rebuilds_total \(store.rebuildCount)\n"
        return text
    }
}
