import LayoutEngine

/// In-process benchmarks of a session's mutations: resizing one item (self-sizing invalidation) near the end and
/// near the start of a 1,000,000-item section, against a full prepare, and a batch deleting one item near the end and
/// in the middle.
///
/// `layout-bench invalidate [--items N] [--runs R]` prints one row per kind (waterfall, flow and justified, listed
/// sizes), then a `compositional` list of the same items in 1,000 sections (see
/// ``runCompositional(itemCount:runs:)``), and one of them all in one section
/// (``runCompositionalList(itemCount:runs:)``). Mutations are applied in place to a value nothing else holds, so
/// that the touched section's frames are rewritten without a copy (over HTTP the session store also copies them,
/// so that queries meanwhile read the previous version). Medians of R runs.
enum InvalidationBenchmarks {
    /// Runs the benchmarks with command-line style arguments (without the `invalidate` word).
    static func run(arguments: [String]) {
        let itemCount = BenchmarkArguments.integer("--items", in: arguments) ?? 1_000_000
        let runs = Swift.max(1, BenchmarkArguments.integer("--runs", in: arguments) ?? 9)
        let viewport = Size(width: 375, height: 812)
        print("invalidation benchmarks: \(itemCount) items in one section, viewport 375×812, medians of \(runs) runs")
        let columns = ["prepare µs", "resize end µs", "resize start µs", "delete end µs", "delete middle µs"]
        print(Self.row(["kind"] + columns + ["relaid end/start"]))
        var generator = BenchmarkGenerator(seed: 0x1417)
        let flowSizes = generator.cellSizes(itemCount)
        let aspects = (0..<itemCount).map { _ in
            Size(width: Double(100 + generator.next() % 101), height: Double(50 + generator.next() % 251))
        }
        let cases: [(LayoutConfiguration, [Size])] = [
            (.waterfall(.init()), aspects), (.flow(.init()), flowSizes), (.justified(.init()), aspects),
        ]
        for (configuration, sizes) in cases {
            let input = LayoutInput(viewport: viewport, sections: [SectionInput(items: .sizes(sizes))])
            guard var live = try? LiveLayout(input: input, configuration: configuration) else {
                print("\(configuration.kind.rawValue): failed to prepare")
                continue
            }
            let prepare = Self.median(runs) {
                _ = try? prepareLayout(input, configuration: configuration)
            }
            var relaid = (end: 0, start: 0)
            var flip = false
            func resize(_ item: Int) -> Int {
                flip.toggle()
                let size = flip ? Size(width: 150, height: 260) : Size(width: 120, height: 90)
                let context = InvalidationContext(itemSizes: [IndexPath(section: 0, item: item): size])
                return (try? live.invalidate(context))?.recomputedItemCount ?? -1
            }
            let end = Self.median(runs) { relaid.end = resize(itemCount - 10) }
            let start = Self.median(runs) { relaid.start = resize(10) }
            func delete(_ item: Int) {
                _ = try? live.performBatchUpdates(BatchUpdates(deleteItems: [IndexPath(section: 0, item: item)]))
            }
            let deleteEnd = Self.median(runs) { delete(live.prepared.numberOfItems(inSection: 0) - 20) }
            let deleteMiddle = Self.median(runs) { delete(live.prepared.numberOfItems(inSection: 0) / 2) }
            let figures = [prepare, end, start, deleteEnd, deleteMiddle].map(Self.format)
            print(Self.row([configuration.kind.rawValue] + figures + ["\(relaid.end)/\(relaid.start)"]))
        }
        Self.runFlowCount(itemCount: itemCount, runs: runs, viewport: viewport)
        Self.runCompositional(itemCount: itemCount, runs: runs)
        Self.runCompositionalList(itemCount: itemCount, runs: runs)
    }

    /// A flow section given by `count` (a grid): deleting one item near the end and in the middle (the count
    /// changes, the section stays a grid); no resize column (a resize lists the sizes).
    static func runFlowCount(itemCount: Int, runs: Int, viewport: Size) {
        let input = LayoutInput(viewport: viewport, sections: [SectionInput(count: itemCount)])
        guard var live = try? LiveLayout(input: input, configuration: .flow(.init())) else { return }
        let prepare = Self.median(runs) { _ = try? prepareLayout(input, configuration: .flow(.init())) }
        func delete(_ item: Int) {
            _ = try? live.performBatchUpdates(BatchUpdates(deleteItems: [IndexPath(section: 0, item: item)]))
        }
        let deleteEnd = Self.median(runs) { delete(live.prepared.numberOfItems(inSection: 0) - 20) }
        let deleteMiddle = Self.median(runs) { delete(live.prepared.numberOfItems(inSection: 0) / 2) }
        print(Self.row(["flow by count", Self.format(prepare), "-", "-", Self.format(deleteEnd),
            Self.format(deleteMiddle), "-"]))
    }

    /// The median duration of `runs` calls of `body`, in microseconds.
    static func median(_ runs: Int, _ body: () -> Void) -> Double {
        var times: [Double] = []
        for _ in 0..<runs {
            let start = ContinuousClock.now
            body()
            let (seconds, attoseconds) = (ContinuousClock.now - start).components
            times.append(Double(seconds) * 1e6 + Double(attoseconds) * 1e-12)
        }
        times.sort()
        return times[times.count / 2]
    }


    static func format(_ microseconds: Double) -> String {
        microseconds >= 100 ? "\(Int(microseconds.rounded()))" : "\((microseconds * 10).rounded() / 10)"
    }

    static func row(_ columns: [String]) -> String {
        columns.map { $0.count >= 17 ? $0 + " " : $0 + String(repeating: " ", count: 17 - $0.count) }.joined()
    }
}
