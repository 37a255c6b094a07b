import LayoutEngine

/// In-process benchmark of scrolling to an element: what `POST /sessions/{id}/scroll-to` computes.
///
/// `layout-bench scroll-to [--items N] [--calls C] [--runs R]`: for a `flow` session of N items by `count` and a
/// `waterfall` of N listed sizes, C scroll-tos to items spread over the content, cycling through the positions
/// (`top`, `centeredVertically`, `bottom`, `nearest`): the element's attributes by index path, then the offset
/// that shows it. Prints the median time per call over R runs.
enum NavigationBenchmarks {
    /// Runs the benchmark with command-line style arguments (without the `scroll-to` word).
    static func run(arguments: [String]) {
        let itemCount = BenchmarkArguments.integer("--items", in: arguments) ?? 1_000_000
        let calls = BenchmarkArguments.integer("--calls", in: arguments) ?? 100_000
        let runs = BenchmarkArguments.integer("--runs", in: arguments) ?? 7
        let viewport = Size(width: 375, height: 812)
        var generator = BenchmarkGenerator(seed: 0x5C70)
        let sizes = (0..<itemCount).map { _ in
            Size(width: Double(40 + generator.next() % 81), height: Double(40 + generator.next() % 81))
        }
        let layouts: [(String, LayoutInput, LayoutConfiguration)] = [
            ("flow by count", LayoutInput(viewport: viewport, sections: [SectionInput(items: .count(itemCount))]),
                .flow(.init())),
            ("waterfall by sizes", LayoutInput(viewport: viewport, sections: [SectionInput(items: .sizes(sizes))]),
                .waterfall(.init())),
        ]
        print("scroll-to benchmark: \(itemCount) items, \(calls) calls a run, medians of \(runs) runs")
        let positions: [ScrollPosition] = [
            ScrollPosition(vertical: .leading), ScrollPosition(vertical: .center),
            ScrollPosition(vertical: .trailing), ScrollPosition(vertical: .nearest, horizontal: .nearest),
        ]
        for (name, input, configuration) in layouts {
            guard let layout = try? prepareLayout(input, configuration: configuration) else {
                print("\(name): failed to prepare")
                continue
            }
            let clock = ContinuousClock()
            var times: [Duration] = []
            var checksum = 0.0
            for _ in 0..<runs {
                var current = Point.zero
                let start = clock.now
                for call in 0..<calls {
                    let item = (call &* 7_919) % itemCount
                    let indexPath = IndexPath(section: 0, item: item)
                    guard let attributes = layout.attributesForItem(at: indexPath, contentOffset: current) else {
                        continue
                    }
                    current = layout.contentOffset(showing: attributes.frame, at: positions[call & 3], from: current)
                    checksum += current.y
                }
                times.append(clock.now - start)
            }
            let median = times.sorted()[times.count / 2]
            let perCall = Double(median.components.attoseconds) * 1e-9 / Double(calls)
                + Double(median.components.seconds) * 1e9 / Double(calls)
            print("\(name): \(String(format: perCall)) ns per scroll-to (checksum \(checksum > 0 ? "ok" : "zero"))")
        }
    }
}

extension String {
    /// `value` with one decimal.
    fileprivate init(format value: Double) {
        self = String(Double((value * 10).rounded()) / 10)
    }
}
