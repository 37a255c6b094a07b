import LayoutEngine

/// In-process benchmarks of transitions and interactive movement, on a million items.
///
/// `layout-bench transition [--items N] [--queries Q]`: one input of N items is prepared as a flow and as a
/// waterfall (sizes for the one, aspect ratios for the other), then
/// - a viewport-sized (375 × 812) rect query of the flow → waterfall transition at progress 0.5, at random
///   offsets over the interpolated content (median µs, elements per query), against one query of every element;
/// - `targetIndexPathForInteractivelyMovingItem` at random positions inside each layout's content, and below it
///   (median µs);
/// - `layoutMovingItem`, the move preview, which prepares the whole reordered input (median ms of 5).
/// Inputs come from a fixed seed, so runs are comparable.
enum TransitionBenchmarks {
    /// Runs the benchmarks with command-line style arguments (without the `transition` word).
    static func run(arguments: [String]) {
        let itemCount = BenchmarkArguments.integer("--items", in: arguments) ?? 1_000_000
        let queryCount = BenchmarkArguments.integer("--queries", in: arguments) ?? 5_000
        var generator = BenchmarkGenerator(seed: 0x7A45)
        let input = generator.phoneInput(cells: itemCount)
        let viewport = input.viewport
        guard let flow = try? prepareLayout(input, configuration: .flow(.init())),
            let waterfall = try? prepareLayout(input, configuration: .waterfall(.init())),
            let transition = try? TransitionLayout(current: flow, target: waterfall, progress: 0.5)
        else {
            print("transition benchmarks: failed to prepare")
            return
        }
        print("transition benchmarks: \(itemCount) items, viewport 375×812, \(queryCount) queries each, medians")
        Self.measureTransition(transition, viewport: viewport, count: queryCount, generator: &generator)
        for (name, layout) in [("flow", flow), ("waterfall", waterfall)] {
            Self.measureTargetIndexPath(layout, name: name, count: queryCount, generator: &generator)
        }
        Self.measurePreview(input)
    }

    /// The move preview is a full prepare of the reordered input: its cost, for a mid-list move in a flow.
    private static func measurePreview(_ input: LayoutInput) {
        let count = input.sections.first?.itemCount ?? 0
        guard count > 1 else { return }
        var times: [Duration] = []
        for _ in 0..<5 {
            let start = ContinuousClock.now
            let preview = try? layoutMovingItem(
                from: IndexPath(section: 0, item: 0),
                to: IndexPath(section: 0, item: count / 2),
                input: input,
                configuration: .flow(.init())
            )
            times.append(ContinuousClock.now - start)
            if preview == nil { print("preview failed") }
        }
        let milliseconds = Self.microseconds(Self.median(times)) / 1000
        print("flow move preview (layoutMovingItem, a full prepare): \(milliseconds) ms")
    }

    private static func measureTransition(
        _ transition: TransitionLayout,
        viewport: Size,
        count: Int,
        generator: inout BenchmarkGenerator
    ) {
        let (seconds, elements) = ViewportQueries.jumping(
            contentHeight: transition.contentSize.height, viewport: viewport, count: count, generator: &generator
        ) { rect, offset, body in
            transition.forEachAttribute(in: rect, fromContentOffset: offset, toContentOffset: offset, body)
        }
        let start = ContinuousClock.now
        var all = 0
        transition.forEachAttribute(in: nil, fromContentOffset: .zero, toContentOffset: .zero) { _ in all += 1 }
        let whole = ContinuousClock.now - start
        print(
            "flow → waterfall at 0.5, viewport query: \(seconds * 1_000_000) µs, \(elements) elements/query; "
                + "every element (\(all)): \(Self.microseconds(whole) / 1000) ms"
        )
    }

    private static func measureTargetIndexPath(
        _ layout: PreparedLayout,
        name: String,
        count: Int,
        generator: inout BenchmarkGenerator
    ) {
        let moving = IndexPath(section: 0, item: 0)
        let size = layout.contentSize
        var inside: [Duration] = []
        var below: [Duration] = []
        var checksum = 0
        for _ in 0..<count {
            let x = size.width * Double(generator.next() % 10_000) / 10_000
            let y = size.height * Double(generator.next() % 1_000_000) / 1_000_000
            var start = ContinuousClock.now
            checksum &+= layout.targetIndexPathForInteractivelyMovingItem(moving, position: Point(x: x, y: y)).item
            inside.append(ContinuousClock.now - start)
            start = ContinuousClock.now
            let far = Point(x: x, y: size.height + 500)
            checksum &+= layout.targetIndexPathForInteractivelyMovingItem(moving, position: far).item
            below.append(ContinuousClock.now - start)
        }
        if checksum == -1 { print("unexpected checksum") }
        print(
            "\(name) targetIndexPath: inside \(Self.microseconds(Self.median(inside))) µs, "
                + "below the content \(Self.microseconds(Self.median(below))) µs"
        )
    }

    private static func median(_ durations: [Duration]) -> Duration {
        let sorted = durations.sorted()
        return sorted.isEmpty ? .zero : sorted[sorted.count / 2]
    }

    private static func microseconds(_ duration: Duration) -> Double {
        let (seconds, attoseconds) = duration.components
        return ((Double(seconds) * 1e6 + Double(attoseconds) * 1e-12) * 1000).rounded() / 1000
    }
}
