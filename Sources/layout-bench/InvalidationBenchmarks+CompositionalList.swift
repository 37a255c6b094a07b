import LayoutEngine

extension InvalidationBenchmarks {
    /// A `compositional` session of one huge section: a self-sized list (full-width rows, one item a group, estimated
    /// heights, every row measured). Resizing one row resumes the section at the checkpoint before it, so near the
    /// end it places a few rows again and near the start nearly all; a measured header builds the section whole.
    /// The row compares both with a full prepare.
    static func runCompositionalList(itemCount: Int, runs: Int) {
        print("compositional list: one section of \(itemCount) self-sized rows (one item a group) under a header")
        print(
            Self.row(["kind", "prepare µs", "resize end µs", "resize start µs", "header µs", "relaid end/start"])
        )
        let configuration = Self.selfSizingRows()
        var generator = BenchmarkGenerator(seed: 0x11_57)
        let sizes = (0..<itemCount).map { _ in Size(width: 375, height: Double(30 + generator.next() % 91)) }
        let input = LayoutInput(viewport: Size(width: 375, height: 812), sections: [SectionInput(items: .sizes(sizes))])
        guard itemCount > 20, var bench = SelfSizingSession(input: input, configuration: configuration) else {
            print("compositional list: failed to prepare")
            return
        }
        let prepare = Self.median(runs) { _ = try? prepareLayout(input, configuration: .compositional(configuration)) }
        var relaid = (end: 0, start: 0)
        let end = Self.median(runs) { relaid.end = bench.resize(IndexPath(section: 0, item: itemCount - 10)) }
        let start = Self.median(runs) { relaid.start = bench.resize(IndexPath(section: 0, item: 10)) }
        let header = Self.median(runs) { bench.measureHeader(ofSection: 0) }
        let figures = [prepare, end, start, header].map(Self.format)
        print(Self.row(["compositional"] + figures + ["\(relaid.end)/\(relaid.start)"]))
    }
}
