import LayoutEngine

/// In-process benchmarks of anchored batch updates: prepending items above the viewport of a long session.
///
/// `layout-bench anchoring [--items N] [--prepend P] [--runs R]`: for `flow`, `waterfall` and `compositional`, a
/// session of N items (sizes from a fixed seed) seen at the middle of its content gets P items inserted at the top,
/// with the client's `contentOffset`, through ``LiveLayout/performBatchUpdates(_:)``: the median time of R runs
/// (each on a fresh session, prepared outside the timing) and the offset adjustment it answered, which must be the
/// prepended items' length.
enum AnchoringBenchmarks {
    /// Runs the benchmarks with command-line style arguments (without the `anchoring` word).
    static func run(arguments: [String]) {
        let itemCount = BenchmarkArguments.integer("--items", in: arguments) ?? 100_000
        let prependCount = BenchmarkArguments.integer("--prepend", in: arguments) ?? 50
        let runs = BenchmarkArguments.integer("--runs", in: arguments) ?? 15
        var generator = BenchmarkGenerator(seed: 0xA4C4)
        let input = generator.phoneInput(cells: itemCount)
        print("anchoring benchmarks: \(itemCount) items, prepend \(prependCount) at the top, medians of \(runs) runs")
        let configurations: [(String, LayoutConfiguration)] = [
            ("flow", .flow(.init())),
            ("waterfall", .waterfall(.init())),
            ("compositional", .compositional(.init())),
        ]
        for (name, configuration) in configurations {
            Self.measurePrepend(
                input,
                configuration: configuration,
                name: name,
                prependCount: prependCount,
                runs: runs,
                size: Size(width: 60, height: 60)
            )
        }
    }

    private static func measurePrepend(
        _ input: LayoutInput,
        configuration: LayoutConfiguration,
        name: String,
        prependCount: Int,
        runs: Int,
        size: Size
    ) {
        var times: [Duration] = []
        var adjustment = Point.zero
        for _ in 0..<runs {
            guard var live = try? LiveLayout(input: input, configuration: configuration) else {
                print("\(name): failed to prepare")
                return
            }
            let offset = Point(x: 0, y: (live.prepared.contentSize.height / 2).rounded())
            let updates = BatchUpdates(
                insertItems: (0..<prependCount).map {
                    BatchUpdates.ItemChange(indexPath: IndexPath(section: 0, item: $0), size: size)
                },
                contentOffset: offset
            )
            let start = ContinuousClock.now
            let result = try? live.performBatchUpdates(updates)
            times.append(ContinuousClock.now - start)
            guard let result else {
                print("\(name): the batch failed")
                return
            }
            adjustment = result.contentOffsetAdjustment
        }
        times.sort()
        let median = times[times.count / 2]
        let microseconds = Double(median.components.seconds) * 1e6 + Double(median.components.attoseconds) / 1e12
        let milliseconds = microseconds / 1000
        print("\(name): prepend \(prependCount), anchored: \(milliseconds) ms, offset adjustment \(adjustment.y)")
    }
}
