import LayoutEngine

extension InvalidationBenchmarks {
    /// A `compositional` session with many sections: self-sizing rows (estimated heights) under estimated headers,
    /// `itemCount` items in 1,000 sections. Resizing one item or measuring one header lays out only its section
    /// again and moves the later ones; the row compares that with a full prepare, near the end and at the start.
    static func runCompositional(itemCount: Int, runs: Int) {
        let sectionCount = Swift.max(1, Swift.min(1_000, itemCount))
        let perSection = itemCount / sectionCount
        print("compositional: \(sectionCount) sections of \(perSection) self-sizing rows under estimated headers")
        let columns = ["prepare µs", "resize end µs", "resize start µs", "header end µs", "delete end µs"]
        print(Self.row(["kind"] + columns + ["relaid end/start"]))
        var configuration = Self.selfSizingRows()
        configuration.interSectionSpacing = 8
        var generator = BenchmarkGenerator(seed: 0xC0_3B)
        let sections = (0..<sectionCount).map { _ in
            SectionInput(
                items: .sizes(
                    (0..<perSection).map { _ in Size(width: 375, height: Double(30 + generator.next() % 91)) }
                )
            )
        }
        let input = LayoutInput(viewport: Size(width: 375, height: 812), sections: sections)
        guard var bench = SelfSizingSession(input: input, configuration: configuration) else {
            print("compositional: failed to prepare")
            return
        }
        let prepare = Self.median(runs) { _ = try? prepareLayout(input, configuration: .compositional(configuration)) }
        var relaid = (end: 0, start: 0)
        let middle = perSection / 2
        let end = Self.median(runs) { relaid.end = bench.resize(IndexPath(section: sectionCount - 2, item: middle)) }
        let start = Self.median(runs) { relaid.start = bench.resize(IndexPath(section: 0, item: middle)) }
        let header = Self.median(runs) { bench.measureHeader(ofSection: sectionCount - 2) }
        let deleteEnd = Self.median(runs) {
            let last = bench.live.prepared.numberOfSections - 2
            guard bench.live.prepared.numberOfItems(inSection: last) > 0 else { return }
            _ = try? bench.live.performBatchUpdates(BatchUpdates(deleteItems: [IndexPath(section: last, item: 0)]))
        }
        let figures = [prepare, end, start, header, deleteEnd].map(Self.format)
        print(Self.row(["compositional"] + figures + ["\(relaid.end)/\(relaid.start)"]))
    }

    /// Self-sizing rows (full width, one item a group, estimated heights) under an estimated header.
    static func selfSizingRows() -> CompositionalLayout.Configuration {
        typealias C = CompositionalLayout
        let row = C.Item(size: .init(width: .fractionalWidth(1), height: .estimated(44)))
        var section = C.Section(
            group: C.Group(size: .init(width: .fractionalWidth(1), height: .estimated(44)), subitems: [.item(row)])
        )
        section.boundarySupplementaryItems = [
            C.BoundarySupplementaryItem(
                alignment: .top,
                size: .init(width: .fractionalWidth(1), height: .estimated(30))
            )
        ]
        var configuration = C.Configuration()
        configuration.section = section
        return configuration
    }
}

/// A compositional session of self-sizing rows that the benchmarks resize and measure, alternating two sizes so that
/// every call changes something.
struct SelfSizingSession {
    var live: LiveLayout
    private var flip = false

    init?(input: LayoutInput, configuration: CompositionalLayout.Configuration) {
        guard let live = try? LiveLayout(input: input, configuration: .compositional(configuration)) else { return nil }
        self.live = live
    }

    /// Resizes the item at `indexPath`; returns how many items were laid out again (−1 on an error).
    mutating func resize(_ indexPath: IndexPath) -> Int {
        self.flip.toggle()
        let size = Size(width: 375, height: self.flip ? 200 : 61)
        return self.invalidate(InvalidationContext(itemSizes: [indexPath: size]))
    }

    /// Measures the header of `section` at a new height.
    mutating func measureHeader(ofSection section: Int) {
        self.flip.toggle()
        let element = SupplementaryIndexPath(kind: .header, indexPath: IndexPath(section: section, item: 0))
        let size = Size(width: 375, height: self.flip ? 80 : 50)
        _ = self.invalidate(InvalidationContext(supplementarySizes: [element: size]))
    }

    private mutating func invalidate(_ context: InvalidationContext) -> Int {
        (try? self.live.invalidate(context))?.recomputedItemCount ?? -1
    }
}
