import LayoutEngine

/// In-process benchmarks of the layout engine: prepare throughput, viewport-query latency and memory per item.
///
/// `layout-bench engine [--items N] [--queries Q]` prints one row per kind. Inputs are generated from a fixed seed,
/// so runs are comparable.
enum EngineBenchmarks {
    /// Runs the engine benchmarks with command-line style arguments (without the `engine` word).
    static func run(arguments: [String]) {
        let itemCount = BenchmarkArguments.integer("--items", in: arguments) ?? 1_000_000
        let queryCount = BenchmarkArguments.integer("--queries", in: arguments) ?? 20_000
        let viewport = Size(width: 375, height: 812)
        print(
            "engine benchmarks: \(itemCount) items, viewport 375×812, \(queryCount) queries per kind, medians "
                + "(jump: random offsets, cold caches; scroll: 16 points per query; array: jump with the array API)"
        )
        print(
            Self.row(
                "kind",
                "items",
                "prepare items/s",
                "prepare ms",
                "jump query µs",
                "scroll query µs",
                "array query µs",
                "elements/query",
                "bytes/item"
            )
        )
        let only = arguments.firstIndex(of: "--kind").flatMap { $0 + 1 < arguments.count ? arguments[$0 + 1] : nil }
        for (name, kind, input) in Self.cases(itemCount: itemCount, viewport: viewport)
        where only == nil || only == kind.rawValue {
            let configuration = LayoutConfiguration.defaults(for: kind)
            var durations: [Duration] = []
            var layout: PreparedLayout?
            for _ in 0..<5 {
                let start = ContinuousClock.now
                layout = try? prepareLayout(input, configuration: configuration)
                durations.append(ContinuousClock.now - start)
            }
            guard let layout else {
                print("\(name): failed to prepare")
                continue
            }
            let prepare = ViewportQueries.seconds(ViewportQueries.median(durations))
            let (visitor, array, elements) = Self.measureQueries(layout, viewport: viewport, count: queryCount)
            let scroll = ViewportQueries.scrolling(
                layout, viewport: viewport, count: queryCount, horizontally: Self.scrollsHorizontally(layout.kind)
            )
            let items = input.sections.reduce(0) { $0 + $1.itemCount }
            let bytes = Double(layout.heapBytes) / Double(items)
            print(
                Self.row(
                    kind.rawValue,
                    "\(items) \(name)",
                    Self.format(Double(items) / prepare / 1e6, digits: 1) + " M",
                    Self.format(prepare * 1e3, digits: 1),
                    Self.format(visitor * 1e6, digits: 3),
                    Self.format(scroll * 1e6, digits: 3),
                    Self.format(array * 1e6, digits: 3),
                    Self.format(elements, digits: 1),
                    Self.format(bytes, digits: 1)
                )
            )
        }
    }

    /// One input per kind: the kind's natural million items.
    private static func cases(itemCount: Int, viewport: Size) -> [(String, LayoutKind, LayoutInput)] {
        var generator = BenchmarkGenerator(seed: 0x5EED)
        let flowSizes = (0..<itemCount).map { _ in
            Size(width: Double(40 + generator.next() % 81), height: Double(40 + generator.next() % 81))
        }
        let aspects = (0..<itemCount).map { _ in
            Size(width: Double(100 + generator.next() % 101), height: Double(50 + generator.next() % 251))
        }
        func input(_ section: SectionInput) -> LayoutInput {
            LayoutInput(viewport: viewport, sections: [section])
        }
        return [
            ("sizes", .flow, input(SectionInput(items: .sizes(flowSizes)))),
            ("count", .flow, input(SectionInput(count: itemCount))),
            ("sizes", .waterfall, input(SectionInput(items: .sizes(aspects)))),
            ("count", .waterfall, input(SectionInput(count: itemCount))),
            ("count", .line, input(SectionInput(count: itemCount))),
            // Every stack and circle item overlaps the viewport, so a query returns all of them: these kinds are
            // measured at the scale they are used at (a photo pile, a ring), not a million.
            ("count", .stack, input(SectionInput(count: Swift.min(itemCount, 1_000)))),
            ("count", .circle, input(SectionInput(count: Swift.min(itemCount, 1_000)))),
            ("count", .cover, input(SectionInput(count: itemCount))),
            ("count", .rotary, input(SectionInput(count: itemCount))),
            ("count", .pagecover, input(SectionInput(count: itemCount))),
            ("sizes", .justified, input(SectionInput(items: .sizes(aspects)))),
            ("grid", .compositional, input(CompositionalBadgeBenchmarks.grid(itemCount: itemCount, badges: false))),
            ("self-sized list", .compositional, input(Self.compositionalList(heights: flowSizes))),
        ]
    }

    /// A list of full-width rows with estimated heights, every row measured (the sizes' heights): each repetition
    /// of the group is placed again with its measured size.
    private static func compositionalList(heights: [Size]) -> SectionInput {
        let item = CompositionalLayout.Item(size: .init(width: .fractionalWidth(1), height: .estimated(44)))
        let group = CompositionalLayout.Group(
            size: .init(width: .fractionalWidth(1), height: .estimated(44)),
            subitems: [.item(item)]
        )
        var section = SectionInput(items: .sizes(heights))
        section.overrides.compositionalSection = CompositionalLayout.Section(group: group)
        return section
    }

    /// Median seconds of a viewport query at random offsets (a jump: cold caches) with the visitor and with the
    /// array API, and the mean element count.
    private static func measureQueries(
        _ layout: PreparedLayout,
        viewport: Size,
        count: Int
    ) -> (visitor: Double, array: Double, elements: Double) {
        var generator = BenchmarkGenerator(seed: 42)
        let scrollable = Swift.max(0, layout.contentSize.height - viewport.height)
        let scrollableX = Swift.max(0, layout.contentSize.width - viewport.width)
        let offsets = (0..<count).map { _ in
            let fraction = Double(generator.next() % 1_000_000) / 1_000_000
            return Self.scrollsHorizontally(layout.kind)
                ? Point(x: (scrollableX * fraction).rounded(), y: 0)
                : Point(x: 0, y: (scrollable * fraction).rounded())
        }
        var visitorTimes: [Duration] = []
        var arrayTimes: [Duration] = []
        visitorTimes.reserveCapacity(count)
        arrayTimes.reserveCapacity(count)
        var total = 0
        var checksum = 0.0
        for offset in offsets {
            let rect = Rect(origin: offset, size: viewport)
            let start = ContinuousClock.now
            layout.forEachAttribute(in: rect, contentOffset: offset) { attributes in
                checksum += attributes.frame.minY
                total += 1
            }
            visitorTimes.append(ContinuousClock.now - start)
        }
        for offset in offsets {
            let rect = Rect(origin: offset, size: viewport)
            let start = ContinuousClock.now
            let answer = layout.attributes(in: rect, contentOffset: offset)
            arrayTimes.append(ContinuousClock.now - start)
            checksum += Double(answer.count)
        }
        if checksum.isNaN { print("unexpected NaN") }
        return (
            ViewportQueries.seconds(ViewportQueries.median(visitorTimes)),
            ViewportQueries.seconds(ViewportQueries.median(arrayTimes)),
            Double(total) / Double(Swift.max(1, count))
        )
    }

    /// Whether a kind's default configuration scrolls sideways.
    private static func scrollsHorizontally(_ kind: LayoutKind) -> Bool {
        [.line, .rotary, .pagecover].contains(kind)
    }


    private static func format(_ value: Double, digits: Int) -> String {
        var scale = 1.0
        for _ in 0..<digits { scale *= 10 }
        let rounded = (value * scale).rounded() / scale
        return "\(rounded)"
    }

    private static func row(_ columns: String...) -> String {
        let widths = [10, 14, 16, 11, 14, 16, 15, 15, 10]
        return zip(columns, widths).map { column, width in
            column.count >= width ? column + " " : column + String(repeating: " ", count: width - column.count)
        }.joined()
    }
}
