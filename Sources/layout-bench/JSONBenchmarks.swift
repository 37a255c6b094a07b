import Foundation
import HTTPCore
import JSON
import LayoutEngine
import LayoutService

/// Measures the service's JSON reader and writer on a 1,000,000-item request and answer, against Foundation's
/// `JSONDecoder`/`JSONEncoder` on the same bytes in the same run.
///
/// Run with `swift run -c release layout-bench json [--items N] [--runs N] [--no-foundation]`.
enum JSONBenchmarks {
    /// A size, as the request carries it.
    struct Size: Codable {
        var width: Double
        var height: Double
    }

    /// The request's shape, for Foundation.
    struct Request: Codable {
        struct Section: Codable { var items: [Size] }
        var viewport: Size
        var sections: [Section]
    }

    /// One element of the answer, for Foundation.
    struct Attribute: Codable {
        struct Frame: Codable { var x, y, width, height: Double }
        var category: String, indexPath: [Int], frame: Frame, zIndex: Int, alpha: Double, hidden: Bool
    }

    /// The answer's shape, for Foundation.
    struct Answer: Codable {
        var kind: String
        var contentSize: Size
        var attributes: [Attribute]
    }

    /// Runs the benchmarks and prints a table.
    ///
    /// - Parameter arguments: `--items N` (default 1,000,000), `--runs N` (best of N for our coders, default 5).
    static func run(arguments: [String]) {
        let items = Self.option("--items", in: arguments) ?? 1_000_000
        let runs = Self.option("--runs", in: arguments) ?? 5
        let sizes = (0..<items).map { index in
            // Mostly integral sizes, every fourth with a fraction, as clients send them.
            let width = Double(40 + (index &* 37) % 200) + (index % 4 == 0 ? 0.5 : 0)
            let height = Double(30 + (index &* 53) % 170) + (index % 7 == 0 ? 0.25 : 0)
            return Size(width: width, height: height)
        }
        let body = Self.requestBody(sizes)
        let frames = Self.frames(for: sizes)

        var pairs: [(Double, Double)] = []
        let readSeconds = Self.best(of: runs) {
            pairs = Self.succeeding { () throws(JSONError) in try Self.readRequest(body, compactly: false) }
        }
        precondition(pairs.count == items && pairs[items - 1].0 == sizes[items - 1].width, "read the wrong values")
        let compactSeconds = Self.best(of: runs) {
            pairs = Self.succeeding { () throws(JSONError) in try Self.readRequest(body, compactly: true) }
        }
        precondition(pairs.count == items && pairs[items - 1].1 == sizes[items - 1].height, "read the wrong values")
        var answer: [UInt8] = []
        let writeSeconds = Self.best(of: runs) { answer = Self.writeAnswer(frames) }
        let post = Self.waterfallPost(items: items, runs: runs)

        let (readMB, writeMB) = (Double(body.count) / 1e6, Double(answer.count) / 1e6)
        print(
            "read \(Int(readMB / readSeconds.wall)) MB/s wall, \(Int(readMB / readSeconds.cpu)) MB/s CPU;"
                + " read compactly \(Int(readMB / compactSeconds.wall)) MB/s wall,"
                + " \(Int(readMB / compactSeconds.cpu)) MB/s CPU;"
                + " write \(Int(writeMB / writeSeconds.wall)) MB/s wall, \(Int(writeMB / writeSeconds.cpu)) MB/s CPU"
        )
        print(
            "POST /layout/waterfall, \(items) items with a rect, \(post.megabytes) MB, in process:"
                + " \(String(format: "%.1f", post.timing.wall * 1000)) ms wall,"
                + " \(String(format: "%.1f", post.timing.cpu * 1000)) ms CPU"
        )
        guard !arguments.contains("--no-foundation") else { return }
        let data = Data(body)
        var decoded: Request?
        let foundationReadSeconds = Self.best(of: 1) {
            decoded = Self.succeeding { try JSONDecoder().decode(Request.self, from: data) }
        }
        precondition(decoded?.sections[0].items.count == items)
        let codableAnswer = Answer(
            kind: "flow",
            contentSize: Size(width: 375, height: frames.last.map { $0.y + $0.height } ?? 0),
            attributes: frames.enumerated().map { index, frame in
                Attribute(
                    category: "cell",
                    indexPath: [0, index],
                    frame: .init(x: frame.x, y: frame.y, width: frame.width, height: frame.height),
                    zIndex: 0,
                    alpha: 1,
                    hidden: false
                )
            }
        )
        var encoded = Data()
        let foundationWriteSeconds = Self.best(of: 1) {
            encoded = Self.succeeding { try JSONEncoder().encode(codableAnswer) }
        }

        print(
            "JSON, \(items) items: request \(String(format: "%.1f", readMB)) MB, answer \(String(format: "%.1f", writeMB)) MB"
                + " (Foundation's answer \(String(format: "%.1f", Double(encoded.count) / 1e6)) MB)"
        )
        print(
            "| operation | layoutd MB/s (wall) | layoutd MB/s (CPU) | Foundation MB/s (wall) | Foundation MB/s (CPU)"
                + " | ratio (wall) | ratio (CPU) |"
        )
        print("|---|---:|---:|---:|---:|---:|---:|")
        Self.row("read request", megabytes: readMB, ours: readSeconds, foundation: foundationReadSeconds)
        Self.row("read request compactly", megabytes: readMB, ours: compactSeconds, foundation: foundationReadSeconds)
        Self.row("write answer", megabytes: writeMB, ours: writeSeconds, foundation: foundationWriteSeconds)
    }

    /// Builds `{"viewport":…,"sections":[{"items":[{"width":…,"height":…},…]}]}`.
    static func requestBody(_ sizes: [Size]) -> [UInt8] {
        var writer = JSONWriter(capacity: sizes.count * 32 + 100)
        writer.beginArray()
        for size in sizes { LayoutEngine.Size(width: size.width, height: size.height).write(to: &writer) }
        writer.endArray()
        let prefix = #"{"viewport":{"width":375,"height":667},"sections":[{"items":"#
        return Array(prefix.utf8) + writer.bytes + Array("}]}".utf8)
    }

    /// Reads the request: every size into an array of pairs, through the general path (``JSONReader/nextKey()``,
    /// ``JSONReader/readDouble()``) or, `compactly`, as the service reads item arrays (runs of
    /// ``JSONReader/readCompactPairElements(_:in:_:_:)``, the general path for the rest).
    static func readRequest(_ body: [UInt8], compactly: Bool) throws(JSONError) -> [(Double, Double)] {
        var reader = JSONReader(bytes: body)
        var pairs: [(Double, Double)] = []
        pairs.reserveCapacity(body.count / 28)
        try reader.beginObject()
        while let key = try reader.nextKey() {
            switch key {
            case "sections":
                try reader.beginArray()
                while try reader.nextElement() {
                    try reader.beginObject()
                    while let key = try reader.nextKey() {
                        guard key == "items" else { throw reader.unknownField(key) }
                        try reader.beginArray()
                        while true {
                            if compactly {
                                _ = reader.readCompactPairElements(Self.sizeMembers, in: 0...1e300, 0...1e300) {
                                    pairs.append(($0, $1))
                                }
                            }
                            guard try reader.nextElement() else { break }
                            pairs.append(try Self.readSize(&reader))
                        }
                    }
                }
            case "viewport": _ = try Self.readSize(&reader)
            default: throw reader.unknownField(key)
            }
        }
        try reader.finish()
        return pairs
    }

    /// `{"width":…,"height":…}`.
    private static let sizeMembers = JSONCompactPair("width", "height")

    /// The best timing of `POST /layout/waterfall` through the service in process (no sockets), with the body
    /// `scripts/bench-http.sh` sends: `items` integral sizes and a rect, which keeps the answer small.
    private static func waterfallPost(items: Int, runs: Int) -> (timing: Timing, megabytes: Int) {
        var body = BenchmarkBodies.sizedItems(items)
        body.removeLast()
        body.append(contentsOf: #","rect":{"x":0,"y":200000,"width":375,"height":812}}"#.utf8)
        var configuration = ServiceConfiguration()
        configuration.logsRequests = false
        let service = LayoutService(configuration: configuration)
        let request = HTTPCore.Request(method: .POST, target: "/layout/waterfall", body: body)
        let timing = Self.best(of: runs) { precondition(service.respond(to: request).status == 200) }
        return (timing, body.count / 1_000_000)
    }

    private static func readSize(_ reader: inout JSONReader) throws(JSONError) -> (Double, Double) {
        var width: Double?
        var height: Double?
        try reader.beginObject()
        while let key = try reader.nextKey() {
            switch key {
            case "width": width = try reader.readDouble()
            case "height": height = try reader.readDouble()
            default: throw reader.unknownField(key)
            }
        }
        guard let width else { throw reader.missingField("width") }
        guard let height else { throw reader.missingField("height") }
        return (width, height)
    }

    /// A flow of the sizes into rows of three in a 375-point-wide view.
    static func frames(for sizes: [Size]) -> [(x: Double, y: Double, width: Double, height: Double)] {
        var y = 0.0
        return sizes.enumerated().map { index, size in
            if index > 0 && index % 3 == 0 { y += 210.5 }
            return (x: Double(index % 3) * 125.0 + 0.5, y: y, width: size.width / 2, height: size.height)
        }
    }

    /// Writes the answer of DESIGN.md's shape.
    static func writeAnswer(_ frames: [(x: Double, y: Double, width: Double, height: Double)]) -> [UInt8] {
        var writer = JSONWriter(capacity: frames.count * 160 + 100)
        writer.beginObject()
        writer.key("kind")
        writer.value("flow")
        writer.key("contentSize")
        writer.beginObject()
        writer.key("width")
        writer.value(375.0)
        writer.key("height")
        writer.value(frames.last.map { $0.y + $0.height } ?? 0)
        writer.endObject()
        writer.key("attributes")
        writer.beginArray()
        for (index, frame) in frames.enumerated() {
            writer.beginObject()
            writer.member("category", "cell")
            writer.member("indexPath", IndexPath(section: 0, item: index))
            writer.member("frame", Rect(x: frame.x, y: frame.y, width: frame.width, height: frame.height))
            writer.member("zIndex", 0)
            writer.member("alpha", 1.0)
            writer.member("hidden", false)
            writer.endObject()
        }
        writer.endArray()
        writer.endObject()
        return writer.bytes
    }

    private static func row(_ name: String, megabytes: Double, ours: Timing, foundation: Timing) {
        func rate(_ seconds: Double) -> String { String(format: "%.0f", megabytes / seconds) }
        func ratio(_ ours: Double, _ theirs: Double) -> String { String(format: "%.0f×", theirs / ours) }
        print(
            "| \(name) | \(rate(ours.wall)) | \(rate(ours.cpu)) | \(String(format: "%.1f", megabytes / foundation.wall))"
                + " | \(String(format: "%.1f", megabytes / foundation.cpu)) | \(ratio(ours.wall, foundation.wall))"
                + " | \(ratio(ours.cpu, foundation.cpu)) |"
        )
    }

    /// The best of `runs` timings of `body`: wall-clock seconds and this thread's CPU seconds.
    ///
    /// CPU time is reported too because this machine is shared: wall-clock time also counts the moments another
    /// process held the core.
    private static func best(of runs: Int, _ body: () -> Void) -> Timing {
        var best = Timing(wall: .infinity, cpu: .infinity)
        for _ in 0..<max(runs, 1) {
            let cpuStart = Self.threadCPUSeconds()
            let start = ContinuousClock.now
            body()
            let elapsed = ContinuousClock.now - start
            let cpu = Self.threadCPUSeconds() - cpuStart
            let wall = Double(elapsed.components.seconds) + Double(elapsed.components.attoseconds) / 1e18
            best = Timing(wall: min(best.wall, wall), cpu: min(best.cpu, cpu))
        }
        return best
    }

    /// Seconds of wall-clock and of CPU time.
    struct Timing {
        var wall: Double
        var cpu: Double
    }

    private static func threadCPUSeconds() -> Double {
        var time = timespec()
        clock_gettime(CLOCK_THREAD_CPUTIME_ID, &time)
        return Double(time.tv_sec) + Double(time.tv_nsec) / 1e9
    }

    /// The result of `body`, which must not fail: the benchmark made its own input, so a failure is a bug.
    private static func succeeding<Result, Failure: Error>(_ body: () throws(Failure) -> Result) -> Result {
        do {
            return try body()
        } catch {
            fatalError("benchmark input was rejected: \(error)")
        }
    }

    private static func option(_ name: String, in arguments: [String]) -> Int? {
        guard let index = arguments.firstIndex(of: name), index + 1 < arguments.count else { return nil }
        return Int(arguments[index + 1])
    }
}
