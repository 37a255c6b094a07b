import LayoutEngine

/// In-process benchmarks of flow's self-sizing and of section moves in a long session.
///
/// `layout-bench flow [--items N] [--sections S] [--runs R]`: a flow session of N items in S sections (each with a
/// header), seen at the middle of its content; the median time of R runs (each on a fresh session, prepared outside
/// the timing) of
/// - `moveSections` moving the first section to the end (every item of it moved, with its attributes to animate
///   from), through ``LiveLayout/performBatchUpdates(_:)``;
/// - measuring 20 cells laid out at `estimatedItemSize` in the middle section, through ``LiveLayout/invalidate(_:)``;
/// - measuring the middle section's header, through ``LiveLayout/invalidate(_:)``.
enum FlowBenchmarks {
    /// Runs the benchmarks with command-line style arguments (without the `flow` word).
    static func run(arguments: [String]) {
        let itemCount = BenchmarkArguments.integer("--items", in: arguments) ?? 100_000
        let sectionCount = Swift.max(2, BenchmarkArguments.integer("--sections", in: arguments) ?? 100)
        let runs = BenchmarkArguments.integer("--runs", in: arguments) ?? 15
        var flow = FlowLayout.Configuration()
        flow.estimatedItemSize = Size(width: 170, height: 44)
        flow.headerReferenceSize = Size(width: 0, height: 30)
        let perSection = itemCount / sectionCount
        let input = LayoutInput(
            viewport: Size(width: 375, height: 812),
            sections: Array(repeating: SectionInput(count: perSection), count: sectionCount)
        )
        let middle = sectionCount / 2
        let total = perSection * sectionCount
        print("flow benchmarks: \(total) items in \(sectionCount) sections, medians of \(runs) runs")
        Self.measure("moveSections [0, \(sectionCount - 1)]", input, flow, runs: runs) { live, offset in
            let updates = BatchUpdates(moveSections: [.init(from: 0, to: sectionCount - 1)], contentOffset: offset)
            let result = try? live.performBatchUpdates(updates)
            return "moved \(result?.moved.count ?? -1), movedFrom \(result?.movedFrom.count ?? -1)"
        }
        Self.measure("measure 20 estimated cells", input, flow, runs: runs) { live, offset in
            var sizes: [IndexPath: Size] = [:]
            for item in 0..<Swift.min(20, perSection) {
                sizes[IndexPath(section: middle, item: item)] = Size(width: 170, height: Double(30 + item * 3))
            }
            let result = try? live.invalidate(InvalidationContext(itemSizes: sizes, contentOffset: offset))
            return "size adjustment \(result?.contentSizeAdjustment.height ?? .nan), "
                + "offset adjustment \(result?.contentOffsetAdjustment.y ?? .nan)"
        }
        Self.measure("measure a header", input, flow, runs: runs) { live, offset in
            let header = SupplementaryIndexPath(kind: .header, indexPath: IndexPath(section: middle, item: 0))
            let context = InvalidationContext(
                supplementarySizes: [header: Size(width: 375, height: 72)],
                contentOffset: offset
            )
            let result = try? live.invalidate(context)
            return "size adjustment \(result?.contentSizeAdjustment.height ?? .nan)"
        }
    }

    private static func measure(
        _ name: String,
        _ input: LayoutInput,
        _ flow: FlowLayout.Configuration,
        runs: Int,
        _ body: (inout LiveLayout, Point) -> String
    ) {
        var times: [Duration] = []
        var outcome = ""
        for _ in 0..<runs {
            guard var live = try? LiveLayout(input: input, configuration: .flow(flow)) else {
                print("\(name): failed to prepare")
                return
            }
            let offset = Point(x: 0, y: (live.prepared.contentSize.height / 2).rounded())
            let start = ContinuousClock.now
            outcome = body(&live, offset)
            times.append(ContinuousClock.now - start)
        }
        times.sort()
        let median = times[times.count / 2]
        let microseconds = Double(median.components.seconds) * 1e6 + Double(median.components.attoseconds) / 1e12
        let milliseconds = microseconds / 1000
        print("\(name): \(milliseconds) ms, \(outcome)")
    }
}
