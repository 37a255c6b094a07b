import HTTPCore
import LayoutService
import Testing

@Suite struct RoutingTests {
    let service = LayoutService()

    func body(_ response: Response) -> String { String(decoding: response.body, as: UTF8.self) }

    @Test func healthAnswersOK() {
        let response = self.service.respond(to: Request(method: .GET, target: "/healthz"))
        #expect(response.status == 200)
        let expected = #"{"status":"ok","version":"\#(BuildInfo.version)","commit":"\#(BuildInfo.commit)"}"#
        #expect(self.body(response) == expected)
        #expect(response.headers["Content-Type"] == "application/json")
    }

    @Test func readinessFollowsTheServerStatus() {
        let status = ServerStatus()
        let service = LayoutService(serverStatus: status)
        #expect(service.respond(to: Request(method: .GET, target: "/readyz")).status == 200)
        status.isReady = false
        let draining = service.respond(to: Request(method: .GET, target: "/readyz"))
        #expect(draining.status == 503)
        #expect(draining.headers["Content-Type"] == "application/problem+json")
    }

    @Test(arguments: [
        "/nothing", "/layout", "/layout/", "/layout/flow/extra", "//healthz", "/healthz/", "/../etc/passwd", "/HEALTHZ",
        "/heal%74hz", "/sessions//query", "/sessions/a/items/0/0/extra", "/sessions/a/supplementary/header/0/0/x/y",
        "/sessions/a/items/-1/0", "/sessions/a/items/0/1234567890", "/sessions/a/move/begin",
    ])
    func unknownPathsAreNotFoundProblems(path: String) {
        let response = self.service.respond(to: Request(method: .GET, target: path))
        #expect(response.status == 404)
        #expect(response.headers["Content-Type"] == "application/problem+json")
        #expect(self.body(response).contains(#""type":"/problems/not-found""#))
    }

    /// Paths compare as bytes: a session id or a query string never changes which route a path takes.
    @Test func routesMatchWholeSegmentsWhateverTheBytesAround() {
        #expect(self.service.respond(to: Request(method: .GET, target: "/healthz?probe=1")).status == 200)
        #expect(self.service.respond(to: Request(method: .GET, target: "/kinds?a/b/c/d/e/f/g")).status == 200)
        for target in ["/sessions/é/query", "/sessions/%2F/snap", "/sessions/x/items/0/0", "/sessions/x"] {
            let method: HTTPMethod = target.hasSuffix("query") || target.hasSuffix("snap") ? .POST : .GET
            let response = self.service.respond(to: Request(method: method, target: target, body: Array("{}".utf8)))
            #expect(response.status == 404, "\(target)")
            #expect(self.body(response).contains(#""type":"/problems/session-gone""#), "\(target)")
        }
    }

    @Test func aWrongMethodGets405WithAllow() {
        let response = self.service.respond(to: Request(method: .DELETE, target: "/kinds"))
        #expect(response.status == 405)
        #expect(response.headers["Allow"] == "GET, HEAD, OPTIONS")
        let post = self.service.respond(to: Request(method: .GET, target: "/layout/flow"))
        #expect(post.status == 405)
        #expect(post.headers["Allow"] == "POST, OPTIONS")
    }

    @Test func everyAnswerCarriesARequestID() {
        let echoed = self.service.respond(
            to: Request(method: .GET, target: "/healthz", headers: ["X-Request-Id": "abc-123"])
        )
        #expect(echoed.requestID?.text == "abc-123")
        let replaced = self.service.respond(
            to: Request(method: .GET, target: "/healthz", headers: ["X-Request-Id": "bad id\u{7}"])
        )
        let generated = replaced.requestID?.text ?? ""
        #expect(generated.utf8.count == 16)
        #expect(generated != "bad id\u{7}")
    }

    @Test func aTokenGuardsEveryRouteButHealth() {
        var configuration = ServiceConfiguration()
        configuration.apiToken = "s3cret"
        let service = LayoutService(configuration: configuration)
        let denied = service.respond(to: Request(method: .GET, target: "/kinds"))
        #expect(denied.status == 401)
        #expect(denied.headers["WWW-Authenticate"]?.hasPrefix("Bearer") == true)
        let wrong = service.respond(
            to: Request(method: .GET, target: "/kinds", headers: ["Authorization": "Bearer s3cres"])
        )
        #expect(wrong.status == 401)
        let allowed = service.respond(
            to: Request(method: .GET, target: "/kinds", headers: ["Authorization": "Bearer s3cret"])
        )
        #expect(allowed.status == 200)
        #expect(service.respond(to: Request(method: .GET, target: "/healthz")).status == 200)
        #expect(service.respond(to: Request(method: .GET, target: "/readyz")).status == 200)
    }

    @Test func withATokenARequestWithoutItLearnsNoPathsOrMethods() {
        var configuration = ServiceConfiguration()
        configuration.apiToken = "s3cret"
        configuration.corsOrigins = ["https://app.example"]
        let service = LayoutService(configuration: configuration)
        let token: HTTPHeaders = ["Authorization": "Bearer s3cret"]
        for (method, target) in [(HTTPMethod.GET, "/nowhere"), (.PUT, "/kinds"), (.OPTIONS, "/kinds"), (.DELETE, "/sessions")] {
            #expect(service.respond(to: Request(method: method, target: target)).status == 401, "\(method) \(target)")
        }
        #expect(service.respond(to: Request(method: .GET, target: "/nowhere", headers: token)).status == 404)
        #expect(service.respond(to: Request(method: .PUT, target: "/kinds", headers: token)).status == 405)
        // Browsers send no credentials with a preflight, so it must answer without the token.
        let preflight = service.respond(
            to: Request(
                method: .OPTIONS,
                target: "/layout/flow",
                headers: ["Origin": "https://app.example", "Access-Control-Request-Method": "POST"]
            )
        )
        #expect(preflight.status == 204)
        #expect(preflight.headers["Access-Control-Allow-Methods"] == "POST, OPTIONS")
    }

    @Test func corsEchoesAnAllowedOriginAndAnswersPreflights() {
        var configuration = ServiceConfiguration()
        configuration.corsOrigins = ["https://app.example"]
        let service = LayoutService(configuration: configuration)
        let preflight = service.respond(
            to: Request(
                method: .OPTIONS,
                target: "/layout/flow",
                headers: ["Origin": "https://app.example", "Access-Control-Request-Method": "POST"]
            )
        )
        #expect(preflight.status == 204)
        #expect(preflight.headers["Access-Control-Allow-Origin"] == "https://app.example")
        #expect(preflight.headers["Access-Control-Allow-Methods"] == "POST, OPTIONS")
        #expect(preflight.headers["Vary"] == "Origin")
        // Every request header the API reads must pass a browser's preflight, or a cross-origin mutation fails.
        let allowed = Set(
            (preflight.headers["Access-Control-Allow-Headers"] ?? "").split(separator: ",").map {
                $0.filter { $0 != " " }.lowercased()
            }
        )
        for header in ["Authorization", "Content-Type", "Idempotency-Key", "If-Match", "X-Request-Id"] {
            #expect(allowed.contains(header.lowercased()), "\(header) is not allowed cross-origin")
        }
        let foreign = service.respond(
            to: Request(method: .GET, target: "/kinds", headers: ["Origin": "https://evil.example"])
        )
        #expect(foreign.headers["Access-Control-Allow-Origin"] == nil)
        #expect(foreign.headers["Vary"] == "Origin")
    }

    @Test func metricsCountRequestsByRouteTemplate() {
        _ = self.service.respond(to: Request(method: .GET, target: "/healthz"))
        _ = self.service.respond(to: Request(method: .GET, target: "/nope"))
        let text = self.body(self.service.respond(to: Request(method: .GET, target: "/metrics")))
        #expect(text.contains(#"layoutd_http_requests_total{route="/healthz",method="GET",status="200"} 1"#))
        #expect(text.contains(#"layoutd_http_requests_total{route="unmatched",method="GET",status="404"} 1"#))
        #expect(text.contains("# TYPE layoutd_http_request_duration_seconds histogram"))
        let bucket = #"layoutd_http_request_duration_seconds_bucket{route="/healthz",status_class="2xx",le="+Inf"} 1"#
        #expect(text.contains(bucket))
        #expect(text.contains("layoutd_open_connections 0"))
    }
}
