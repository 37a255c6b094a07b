import Glibc
import HTTPCore
import LayoutService

/// The session store under load, in process: creates at the count cap, and what sessions hold.
///
/// `layout-bench sessions [--sessions N] [--creates M]` fills a service's store to its cap of N sessions (default
/// 10,000) with small flow sessions, then times M more creates (default 5,000), each of which evicts the least
/// recently used, and prints their p50 and p99 beside M creates into a store growing from empty, which evict
/// nothing (mostly the layout's own cost). With `--memory [--hold K] [--kind flow]`, it also holds K sessions
/// (default 20) of 200,000 items given by sizes and prints the bytes the store counts for them beside the growth
/// of the process's resident memory (one kind per process: memory another kind's sessions freed would be reused
/// without growing the resident set).
///
/// Only the service's public API is used (`POST /sessions` through the responder), so the same file measures an
/// older store.
enum SessionBenchmarks {
    static func run(arguments: [String]) {
        let cap = Self.option("--sessions", in: arguments) ?? 10_000
        let creates = Self.option("--creates", in: arguments) ?? 5_000
        let body = Array(#"{"kind":"flow","viewport":{"width":375,"height":667},"sections":[{"count":20}]}"#.utf8)
        let request = Request(method: .POST, target: "/sessions", body: body)

        let empty = Self.service(maxSessions: creates + 1)
        let baseline = Self.samples(creates) { precondition(empty.respond(to: request).status == 201) }

        let full = Self.service(maxSessions: cap)
        for _ in 0..<cap { precondition(full.respond(to: request).status == 201) }
        let atCap = Self.samples(creates) { precondition(full.respond(to: request).status == 201) }
        let read = Request(method: .GET, target: "/metrics")
        let metrics = String(decoding: full.respond(to: read).body, as: UTF8.self)
        let sessions = metrics.split(separator: "\n").first { $0.hasPrefix("layoutd_sessions ") } ?? "?"

        print("sessions: create, store growing from 0 to \(creates), none evicted: "
            + "p50 \(Self.format(baseline.p50)) µs, p99 \(Self.format(baseline.p99)) µs (\(creates) creates)")
        print("sessions: create at the cap of \(cap) (each evicts one): p50 \(Self.format(atCap.p50)) µs, "
            + "p99 \(Self.format(atCap.p99)) µs (\(creates) creates; \(sessions))")
        if arguments.contains("--memory") {
            let kind = arguments.firstIndex(of: "--kind").flatMap { arguments.dropFirst($0 + 1).first } ?? "flow"
            Self.memory(holding: Self.option("--hold", in: arguments) ?? 20, kind: kind)
        }
    }

    /// Holds `count` sessions of 200,000 items by sizes; compares the store's count with the resident memory's growth.
    private static func memory(holding count: Int, kind: String) {
        var configuration = ServiceConfiguration()
        configuration.logsRequests = false
        let items = 200_000
        let body = BenchmarkBodies.sizedItems(items)
        do {
            let service = LayoutService(configuration: configuration)
            var kindBody = Array(#"{"kind":"\#(kind)","#.utf8)
            kindBody.append(contentsOf: body.dropFirst())
            let request = Request(method: .POST, target: "/sessions", body: kindBody)
            precondition(service.respond(to: request).status == 201)  // warm the allocator's arenas
            let before = Self.residentBytes()
            let bytesBefore = Self.gauge("layoutd_session_bytes", service)
            for _ in 0..<count { precondition(service.respond(to: request).status == 201) }
            let grown = Self.residentBytes() - before
            let counted = Self.gauge("layoutd_session_bytes", service) - bytesBefore
            print("sessions \(kind), \(count) × \(items) items by sizes: store counts "
                + "\(Self.format(Double(counted) / Double(count * items))) B/item, resident memory grew "
                + "\(Self.format(Double(grown) / Double(count * items))) B/item "
                + "(ratio \(Self.format(Double(counted) / Double(grown))))")
        }
    }

    private static func gauge(_ name: String, _ service: LayoutService) -> Int {
        let text = String(decoding: service.respond(to: Request(method: .GET, target: "/metrics")).body, as: UTF8.self)
        let line = text.split(separator: "\n").first { $0.hasPrefix(name + " ") }
        return line.flatMap { Int($0.split(separator: " ")[1]) } ?? -1
    }

    /// The process's resident set, from `/proc/self/statm`.
    private static func residentBytes() -> Int {
        let descriptor = open("/proc/self/statm", O_RDONLY)
        guard descriptor >= 0 else { return 0 }
        defer { close(descriptor) }
        var buffer = [UInt8](repeating: 0, count: 256)
        let count = buffer.withUnsafeMutableBytes { read(descriptor, $0.baseAddress, $0.count) }
        guard count > 0 else { return 0 }
        let fields = String(decoding: buffer[..<count], as: UTF8.self).split(separator: " ")
        return (fields.count > 1 ? Int(fields[1]) ?? 0 : 0) * Int(sysconf(Int32(_SC_PAGESIZE)))
    }

    private static func service(maxSessions: Int) -> LayoutService {
        var configuration = ServiceConfiguration()
        configuration.logsRequests = false
        configuration.maxSessions = maxSessions
        return LayoutService(configuration: configuration)
    }

    /// Runs `body` `count` times and returns the median and 99th percentile of its time, in microseconds.
    private static func samples(_ count: Int, _ body: () -> Void) -> (p50: Double, p99: Double) {
        let clock = ContinuousClock()
        var times: [Double] = []
        times.reserveCapacity(count)
        for _ in 0..<count {
            let elapsed = clock.measure(body)
            times.append(Double(elapsed.components.seconds) * 1e6 + Double(elapsed.components.attoseconds) * 1e-12)
        }
        times.sort()
        return (times[count / 2], times[min(count - 1, count * 99 / 100)])
    }

    private static func format(_ value: Double) -> String {
        let rounded = (value * 10).rounded() / 10
        return rounded == rounded.rounded() ? String(Int(rounded)) : String(rounded)
    }

    private static func option(_ name: String, in arguments: [String]) -> Int? {
        guard let index = arguments.firstIndex(of: name), index + 1 < arguments.count else { return nil }
        return Int(arguments[index + 1])
    }
}
