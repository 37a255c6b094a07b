extension LayoutdOptions {
    /// ``drainTimeout`` in seconds, as the drain's log line gives it.
    public var drainSeconds: Double {
        let (seconds, attoseconds) = self.drainTimeout.components
        return Double(seconds) + Double(attoseconds) * 1e-18
    }

    /// The fields of the start-up line: what runs, where, and with which limits.
    ///
    /// - Parameter eventLoops: The number of event loops the server started.
    /// - Returns: `version`, `commit`, `event_loops`, `max_connections`, `max_sessions` and `log_level`.
    public func startFields(eventLoops: Int) -> [(String, LogValue)] {
        [
            ("version", .string(BuildInfo.version)),
            ("commit", .string(BuildInfo.commit)),
            ("event_loops", .integer(eventLoops)),
            ("max_connections", .integer(self.maxConnections)),
            ("max_sessions", .integer(self.service.maxSessions)),
            ("log_level", .string(self.service.logLevel.rawValue)),
        ]
    }
}
