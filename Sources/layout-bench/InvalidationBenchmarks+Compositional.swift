import LayoutEngine

extension InvalidationBenchmarks {
    /// A `compositional` session with many sections: self-sizing rows (estimated heights) under estimated headers,
    /// `itemCount` items in 1,000 sections. Resizing one item or measuring one header lays out only its section
    /// again and moves the later ones; the row compares that with a full prepare, near the end and at the start.
    static func runCompositional(itemCount: Int, runs: Int) {
        let sectionCount = Swift.max(1, Swift.min(1_000, itemCount))
        let perSection = itemCount / sectionCount
        print("compositional: \(sectionCount) sections of \(perSection) self-sizing rows under estimated headers")
        print(
            Self.row(
                "kind",
                "prepare µs",
                "resize end µs",
                "resize start µs",
                "header end µs",
                "delete end µs",
                "relaid end/start"
            )
        )
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
        guard var live = try? LiveLayout(input: input, configuration: .compositional(configuration)) else {
            print("compositional: failed to prepare")
            return
        }
        let prepare = Self.median(runs) { _ = try? prepareLayout(input, configuration: .compositional(configuration)) }
        var relaid = (end: 0, start: 0)
        var flip = false
        func invalidate(_ context: InvalidationContext) -> Int {
            (try? live.invalidate(context))?.recomputedItemCount ?? -1
        }
        func resize(_ section: Int) -> Int {
            flip.toggle()
            let size = Size(width: 375, height: flip ? 200 : 61)
            return invalidate(InvalidationContext(itemSizes: [IndexPath(section: section, item: perSection / 2): size]))
        }
        let end = Self.median(runs) { relaid.end = resize(sectionCount - 2) }
        let start = Self.median(runs) { relaid.start = resize(0) }
        let header = Self.median(runs) {
            flip.toggle()
            let element = SupplementaryIndexPath(
                kind: .header,
                indexPath: IndexPath(section: sectionCount - 2, item: 0)
            )
            _ = invalidate(InvalidationContext(supplementarySizes: [element: Size(width: 375, height: flip ? 80 : 50)]))
        }
        let deleteEnd = Self.median(runs) {
            let last = live.prepared.numberOfSections - 2
            guard live.prepared.numberOfItems(inSection: last) > 0 else { return }
            _ = try? live.performBatchUpdates(BatchUpdates(deleteItems: [IndexPath(section: last, item: 0)]))
        }
        print(
            Self.row(
                "compositional",
                Self.format(prepare),
                Self.format(end),
                Self.format(start),
                Self.format(header),
                Self.format(deleteEnd),
                "\(relaid.end)/\(relaid.start)"
            )
        )
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
