/// The settings of the service layer: limits on what a request may ask, access control and logging.
public struct ServiceConfiguration: Hashable, Sendable {
    /// The most items one layout request may hold, over all its sections. Defaults to 2,000,000.
    public var maxItems = 2_000_000
    /// The deepest nesting of JSON arrays and objects accepted. Defaults to 64.
    public var maxJSONDepth = 64
    /// When set, every route but `/healthz` and `/readyz` needs `Authorization: Bearer <token>`. Defaults to none.
    public var apiToken: String?
    /// Origins allowed to call the API from a browser (`*` allows any). Defaults to none: no CORS headers are sent.
    public var corsOrigins: [String] = []
    /// Whether one line per request is logged. Defaults to `true`.
    public var logsRequests = true

    /// Creates the default configuration.
    public init() {}
}
