import LayoutEngine

/// In-process benchmark of the waterfall's items: aspect ratios, exact heights, spanning items, responsive columns.
///
/// `layout-bench waterfall [--items N] [--queries Q] [--runs R]`: for each case, N items in one section, prepared R
/// times (median), then Q viewport queries at random offsets (a jump, cold caches) and Q while scrolling 16 points a
/// query (medians). The spanning cases give one item in ten `columnSpan` 2 or `"full"`.
enum WaterfallBenchmarks {
    /// Runs the benchmark with command-line style arguments (without the `waterfall` word).
    static func run(arguments: [String]) {
        let itemCount = BenchmarkArguments.integer("--items", in: arguments) ?? 1_000_000
        let queryCount = BenchmarkArguments.integer("--queries", in: arguments) ?? 20_000
        let runs = BenchmarkArguments.integer("--runs", in: arguments) ?? 5
        print("waterfall benchmark: \(itemCount) items, \(queryCount) queries, medians of \(runs) prepares")
        print("case | viewport | prepare items/s | prepare ms | jump query µs | scroll query µs | elements/query")
        for (name, viewport, configuration, sizes) in Self.cases(itemCount: itemCount) {
            let input = LayoutInput(viewport: viewport, sections: [SectionInput(items: .sizes(sizes))])
            var times: [Duration] = []
            var prepared: PreparedLayout?
            for _ in 0..<runs {
                let start = ContinuousClock.now
                prepared = try? prepareLayout(input, configuration: .waterfall(configuration))
                times.append(ContinuousClock.now - start)
            }
            guard let layout = prepared else {
                print("\(name): failed to prepare")
                continue
            }
            let prepare = ViewportQueries.seconds(ViewportQueries.median(times))
            let (jump, elements) = ViewportQueries.jumping(layout, viewport: viewport, count: queryCount)
            let scroll = ViewportQueries.scrolling(layout, viewport: viewport, count: queryCount)
            print(
                "\(name) | \(Int(viewport.width))×\(Int(viewport.height)) | "
                    + "\(Self.format(Double(itemCount) / prepare / 1e6, digits: 1)) M | "
                    + "\(Self.format(prepare * 1e3, digits: 1)) | \(Self.format(jump * 1e6, digits: 3)) | "
                    + "\(Self.format(scroll * 1e6, digits: 3)) | \(Self.format(elements, digits: 1))"
            )
        }
    }

    /// The cases: plain aspect ratios (the engine benchmark's), the same with 10% spanning items, exact heights with
    /// 10% spanning items, and responsive columns on a wide viewport.
    private static func cases(
        itemCount: Int
    ) -> [(String, Size, WaterfallLayout.Configuration, [Size])] {
        var generator = BenchmarkGenerator(seed: 0x5EED)
        var aspects: [Size] = []
        var spanning: [Size] = []
        var exact: [Size] = []
        aspects.reserveCapacity(itemCount)
        spanning.reserveCapacity(itemCount)
        exact.reserveCapacity(itemCount)
        for _ in 0..<itemCount {
            let aspect = Size(width: Double(100 + generator.next() % 101), height: Double(50 + generator.next() % 251))
            let height = Double(40 + generator.next() % 200)
            let spans = generator.next() % 10 == 0
            let span = generator.next() % 2 == 0 ? 2 : WaterfallLayout.Item.fullSpan
            aspects.append(aspect)
            spanning.append(spans ? WaterfallLayout.Item.aspect(aspect, columnSpan: span) : aspect)
            exact.append(WaterfallLayout.Item.exactHeight(height, columnSpan: spans ? span : 1))
        }
        let phone = Size(width: 375, height: 812)
        let tablet = Size(width: 1024, height: 768)
        var responsive = WaterfallLayout.Configuration()
        responsive.minColumnWidth = 180
        return [
            ("aspect ratios", phone, WaterfallLayout.Configuration(), aspects),
            ("aspect ratios, 10% spanning", phone, WaterfallLayout.Configuration(), spanning),
            ("exact heights, 10% spanning", phone, WaterfallLayout.Configuration(), exact),
            ("minColumnWidth 180, 10% spanning", tablet, responsive, spanning),
        ]
    }

    private static func format(_ value: Double, digits: Int) -> String {
        var scale = 1.0
        for _ in 0..<digits { scale *= 10 }
        return String((value * scale).rounded() / scale)
    }
}
