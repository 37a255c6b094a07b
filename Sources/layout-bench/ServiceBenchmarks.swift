import HTTPCore
import LayoutService

/// The service in process: whole requests through the responder, JSON in and out, no sockets.
///
/// `layout-bench service [--items N]` prints requests per second for a small layout (what a page asks while it
/// renders) and the time of one large layout split into its share per item, so the cost of the service layer over
/// the engine shows.
enum ServiceBenchmarks {
    static func run(arguments: [String]) {
        let items = Self.option("--items", in: arguments) ?? 1_000_000
        let service = LayoutService(configuration: Self.quietConfiguration())

        let small = Request(
            method: .POST,
            target: "/layout/flow",
            body: Array(#"{"viewport":{"width":375,"height":667},"sections":[{"count":20}]}"#.utf8)
        )
        let smallRuns = 50_000
        let smallSeconds = Self.time {
            for _ in 0..<smallRuns { precondition(service.respond(to: small).status == 200) }
        }

        let body = BenchmarkBodies.sizedItems(items)
        var answerBytes = 0
        var best = Double.infinity
        for kind in ["flow", "waterfall", "justified"] {
            let large = Request(method: .POST, target: "/layout/\(kind)", body: body)
            best = .infinity
            for _ in 0..<3 {
                best = min(best, Self.time {
                    let response = service.respond(to: large)
                    precondition(response.status == 200, String(decoding: response.body.prefix(300), as: UTF8.self))
                    answerBytes = response.body.count
                })
            }
            print("service \(kind): \(items) items in \(Self.format(best * 1000)) ms "
                + "(\(Self.format(best / Double(items) * 1e9)) ns per item; request \(body.count / 1_000_000) MB, "
                + "answer \(answerBytes / 1_000_000) MB)")
        }
        print("service flow, 20 items: \(Int(Double(smallRuns) / smallSeconds)) requests/s in one thread "
            + "(\(Self.format(smallSeconds / Double(smallRuns) * 1e6)) µs each)")
    }

    private static func quietConfiguration() -> ServiceConfiguration {
        var configuration = ServiceConfiguration()
        configuration.logsRequests = false
        // Laying out is what this measures: the small request repeats one body, which the answer cache would answer.
        configuration.answerCacheBytes = 0
        return configuration
    }

    private static func time(_ body: () -> Void) -> Double {
        let elapsed = ContinuousClock().measure(body)
        return Double(elapsed.components.seconds) + Double(elapsed.components.attoseconds) * 1e-18
    }

    private static func format(_ value: Double) -> String {
        String((value * 100).rounded() / 100)
    }

    private static func option(_ name: String, in arguments: [String]) -> Int? {
        guard let index = arguments.firstIndex(of: name), index + 1 < arguments.count else { return nil }
        return Int(arguments[index + 1])
    }
}
