import Foundation
import HTTPCore
import LayoutService
import Testing

/// The demo page's routes: `GET /` and its files, public, byte for byte the files in `web/`.
@Suite struct WebRouteTests {
    let service = LayoutService()

    /// The repository's `web/` directory, found from this file's path.
    static let webDirectory = URL(fileURLWithPath: #filePath)
        .deletingLastPathComponent().deletingLastPathComponent().deletingLastPathComponent()
        .appendingPathComponent("web")

    static func file(_ name: String) throws -> [UInt8] {
        Array(try Data(contentsOf: webDirectory.appendingPathComponent(name)))
    }

    @Test(arguments: [
        ("/", "index.html", "text/html; charset=utf-8"),
        ("/layout-client.js", "layout-client.js", "text/javascript; charset=utf-8"),
        ("/app.js", "app.js", "text/javascript; charset=utf-8"),
        ("/style.css", "style.css", "text/css; charset=utf-8"),
        ("/demo-content.js", "demo-content.js", "text/javascript; charset=utf-8"),
        ("/layout-client.d.ts", "layout-client.d.ts", "application/typescript; charset=utf-8"),
    ])
    func servesEachFileAsInWeb(path: String, file: String, contentType: String) throws {
        let response = self.service.respond(to: Request(method: .GET, target: path))
        #expect(response.status == 200)
        #expect(response.headers["Content-Type"] == contentType)
        #expect(response.body == (try Self.file(file)), "\(file) differs from web/\(file): run scripts/embed-web")
        let head = self.service.respond(to: Request(method: .HEAD, target: path))
        #expect(head.status == 200)
        #expect(head.headers["Content-Type"] == contentType)
    }

    /// Every file in `web/` but `package.json` (which lets node import the client by path) is served.
    @Test func everyFileInWebIsServed() throws {
        let names = try FileManager.default.contentsOfDirectory(atPath: Self.webDirectory.path).sorted()
        #expect(
            names == [
                "app.js", "demo-content.js", "index.html", "layout-client.d.ts", "layout-client.js", "package.json",
                "style.css",
            ]
        )
        for name in names where name != "package.json" {
            let path = name == "index.html" ? "/" : "/\(name)"
            #expect(self.service.respond(to: Request(method: .GET, target: path)).status == 200, "\(name)")
        }
    }

    @Test(arguments: [
        "/index.html", "/nothing.js", "/web/app.js", "/app.js/", "/../web/app.js", "/App.js", "/package.json",
        "/layout-client.ts",
    ])
    func otherPathsAreNotFoundProblems(path: String) {
        let response = self.service.respond(to: Request(method: .GET, target: path))
        #expect(response.status == 404)
        #expect(response.headers["Content-Type"] == "application/problem+json")
    }

    @Test func thePageIsPublicButItsAPICallsAreNot() {
        var configuration = ServiceConfiguration()
        configuration.apiToken = "s3cret"
        let service = LayoutService(configuration: configuration)
        #expect(service.respond(to: Request(method: .GET, target: "/")).status == 200)
        #expect(service.respond(to: Request(method: .GET, target: "/layout-client.js")).status == 200)
        #expect(service.respond(to: Request(method: .GET, target: "/kinds")).status == 401)
    }

    @Test func onlyReadMethodsAreAllowed() {
        let response = self.service.respond(to: Request(method: .POST, target: "/"))
        #expect(response.status == 405)
        #expect(response.headers["Allow"] == "GET, HEAD, OPTIONS")
    }

    @Test func metricsLabelThePageRoutes() {
        _ = self.service.respond(to: Request(method: .GET, target: "/"))
        _ = self.service.respond(to: Request(method: .GET, target: "/app.js"))
        let metrics = self.service.respond(to: Request(method: .GET, target: "/metrics"))
        let text = String(decoding: metrics.body, as: UTF8.self)
        #expect(text.contains(#"layoutd_http_requests_total{route="/",method="GET",status="200"} 1"#))
        #expect(text.contains(#"layoutd_http_requests_total{route="/{asset}",method="GET",status="200"} 1"#))
    }
}
