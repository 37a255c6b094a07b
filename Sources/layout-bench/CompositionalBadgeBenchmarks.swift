import LayoutEngine

/// `layout-bench badges [--items N] [--queries Q] [--runs R]`: Apple's compositional grid (five inset squares a
/// row) without and with a badge on every item (`NSCollectionLayoutSupplementaryItem`, 20 × 20, centred on the
/// cell's top-trailing corner): prepare throughput and the median viewport query, 375 × 812, at random offsets
/// (a jump: cold caches) and scrolling 16 points per query (warm).
enum CompositionalBadgeBenchmarks {
    static func run(arguments: [String]) {
        let itemCount = BenchmarkArguments.integer("--items", in: arguments) ?? 1_000_000
        let queryCount = BenchmarkArguments.integer("--queries", in: arguments) ?? 20_000
        let runs = BenchmarkArguments.integer("--runs", in: arguments) ?? 7
        let viewport = Size(width: 375, height: 812)
        print("compositional badges: \(itemCount) items, viewport 375×812, medians of \(runs) prepares and "
            + "\(queryCount) queries")
        print("case            prepare items/s   prepare ms   jump query µs   scroll query µs  elements/query")
        for hasBadges in [false, true] {
            let input = LayoutInput(viewport: viewport, sections: [Self.grid(itemCount: itemCount, badges: hasBadges)])
            var times: [Duration] = []
            var layout: PreparedLayout?
            for _ in 0..<runs {
                let start = ContinuousClock.now
                layout = try? prepareLayout(input, configuration: .compositional(.init()))
                times.append(ContinuousClock.now - start)
            }
            guard let layout else {
                print("failed to prepare")
                return
            }
            let prepare = ViewportQueries.seconds(ViewportQueries.median(times))
            let (jump, elements) = ViewportQueries.jumping(layout, viewport: viewport, count: queryCount)
            let scrolling = ViewportQueries.scrolling(layout, viewport: viewport, count: queryCount)
            let name = hasBadges ? "grid + badges" : "grid"
            let speed = "\(Self.format(Double(itemCount) / prepare / 1e6)) M"
            let query = Self.format(jump * 1e6, digits: 3)
            let scroll = Self.format(scrolling * 1e6, digits: 3)
            print(
                Self.pad(name, 16) + Self.pad(speed, 18) + Self.pad(Self.format(prepare * 1e3), 13)
                    + Self.pad(query, 16) + Self.pad(scroll, 17)
                    + Self.format(elements)
            )
        }
    }

    /// Apple's grid as a section's own description; with `badges`, each item carries Apple's badge.
    static func grid(itemCount: Int, badges: Bool) -> SectionInput {
        var item = CompositionalLayout.Item(size: .init(width: .fractionalWidth(0.2), height: .fractionalHeight(1)))
        item.contentInsets = .init(top: 2, leading: 2, bottom: 2, trailing: 2)
        if badges, let kind = ElementName("badge") {
            item.supplementaryItems = [
                CompositionalLayout.SupplementaryItem(
                    kind: kind,
                    size: .init(width: .absolute(20), height: .absolute(20)),
                    anchor: .init(edges: [.top, .trailing], offset: .fractional(Point(x: 0.5, y: -0.5)))
                ),
            ]
        }
        let group = CompositionalLayout.Group(
            size: .init(width: .fractionalWidth(1), height: .fractionalWidth(0.2)),
            subitems: [.item(item)]
        )
        var section = SectionInput(count: itemCount)
        section.overrides.compositionalSection = CompositionalLayout.Section(group: group)
        return section
    }

    private static func pad(_ text: String, _ width: Int) -> String {
        text + String(repeating: " ", count: Swift.max(1, width - text.count))
    }

    private static func format(_ value: Double, digits: Int = 1) -> String {
        var scale = 1.0
        for _ in 0..<digits { scale *= 10 }
        let rounded = (value * scale).rounded() / scale
        return "\(rounded)"
    }
}
