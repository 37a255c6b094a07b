import LayoutEngine

/// The viewport queries the engine benchmarks time, and the medians they report.
enum ViewportQueries {
    /// Median seconds of a viewport query at random offsets along y (a jump: cold caches), and the mean number of
    /// elements answered.
    static func jumping(_ layout: PreparedLayout, viewport: Size, count: Int) -> (seconds: Double, elements: Double) {
        var generator = BenchmarkGenerator(seed: 42)
        return Self.jumping(
            contentHeight: layout.contentSize.height, viewport: viewport, count: count, generator: &generator
        ) { rect, offset, body in
            layout.forEachAttribute(in: rect, contentOffset: offset, body)
        }
    }

    /// ``jumping(_:viewport:count:)`` of any query: `query` answers the elements in a rect seen from an offset.
    static func jumping(
        contentHeight: Double,
        viewport: Size,
        count: Int,
        generator: inout BenchmarkGenerator,
        query: (Rect, Point, (LayoutAttributes) -> Void) -> Void
    ) -> (seconds: Double, elements: Double) {
        let scrollable = Swift.max(0, contentHeight - viewport.height)
        var times: [Duration] = []
        times.reserveCapacity(count)
        var total = 0
        var checksum = 0.0
        for _ in 0..<count {
            let offset = Point(x: 0, y: (scrollable * Double(generator.next() % 1_000_000) / 1_000_000).rounded())
            let start = ContinuousClock.now
            query(Rect(origin: offset, size: viewport), offset) { attributes in
                checksum += attributes.frame.minY
                total += 1
            }
            times.append(ContinuousClock.now - start)
        }
        if checksum.isNaN { print("unexpected NaN") }
        return (Self.seconds(Self.median(times)), Double(total) / Double(Swift.max(1, count)))
    }

    /// Median seconds of a viewport query while scrolling 16 points a query, as a 60 fps fling moves, so caches
    /// are as warm as in a real session; along x when `horizontally`.
    static func scrolling(_ layout: PreparedLayout, viewport: Size, count: Int, horizontally: Bool = false) -> Double {
        let length =
            horizontally ? layout.contentSize.width - viewport.width : layout.contentSize.height - viewport.height
        var times: [Duration] = []
        times.reserveCapacity(count)
        var checksum = 0.0
        for step in 0..<count {
            let position = length > 0 ? (Double(step) * 16).truncatingRemainder(dividingBy: length) : 0
            let offset = horizontally ? Point(x: position, y: 0) : Point(x: 0, y: position)
            let start = ContinuousClock.now
            layout.forEachAttribute(in: Rect(origin: offset, size: viewport), contentOffset: offset) { attributes in
                checksum += attributes.frame.minY
            }
            times.append(ContinuousClock.now - start)
        }
        if checksum.isNaN { print("unexpected NaN") }
        return Self.seconds(Self.median(times))
    }

    /// The middle duration (the upper middle of an even count); zero for none.
    static func median(_ durations: [Duration]) -> Duration {
        let sorted = durations.sorted()
        return sorted.isEmpty ? .zero : sorted[sorted.count / 2]
    }

    /// A duration in seconds.
    static func seconds(_ duration: Duration) -> Double {
        let (seconds, attoseconds) = duration.components
        return Double(seconds) + Double(attoseconds) * 1e-18
    }
}
