import HTTPCore

/// Cross-origin access for browsers, as configured by ``ServiceConfiguration/corsOrigins``.
///
/// With no origins configured the service sends no CORS headers at all. Otherwise an allowed `Origin` is echoed in
/// `Access-Control-Allow-Origin`, `Vary: Origin` tells caches the answer depends on it, and a preflight (`OPTIONS`
/// with `Access-Control-Request-Method`) gets the route's methods and the headers the API reads.
struct CORSPolicy {
    /// The allowed origins; `*` allows any.
    var origins: [String]

    /// The request headers a browser may send cross-origin.
    static let allowedHeaders = "Authorization, Content-Type, Idempotency-Key, If-Match, X-Request-Id"
    /// The response headers a browser script may read.
    static let exposedHeaders = "Location, ETag, X-Request-Id"

    /// Whether `request` is a CORS preflight: `OPTIONS` with `Origin` and `Access-Control-Request-Method`.
    static func isPreflight(_ request: Request) -> Bool {
        request.method == .OPTIONS && request.headers.contains("Origin")
            && request.headers.contains("Access-Control-Request-Method")
    }

    /// Adds the CORS headers `request` calls for to `response`.
    func decorate(_ response: inout Response, for request: Request, route: Route?) {
        guard !self.origins.isEmpty else { return }
        response.headers.add(name: "Vary", value: "Origin")
        guard let origin = request.headers["Origin"], self.origins.contains("*") || self.origins.contains(origin) else {
            return
        }
        response.headers.replaceOrAdd(name: "Access-Control-Allow-Origin", value: origin)
        response.headers.replaceOrAdd(name: "Access-Control-Expose-Headers", value: Self.exposedHeaders)
        if Self.isPreflight(request), let route {
            let methods = route.methods.map(\.rawValue).joined(separator: ", ")
            response.headers.replaceOrAdd(name: "Access-Control-Allow-Methods", value: methods)
            response.headers.replaceOrAdd(name: "Access-Control-Allow-Headers", value: Self.allowedHeaders)
            response.headers.replaceOrAdd(name: "Access-Control-Max-Age", value: "600")
        }
    }
}
