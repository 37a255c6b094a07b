/// Seed 004's 小说阅读器：覆盖翻页 (a novel reader's cover page turn): pages the size of the viewport that turn
/// by uncovering the next one.
///
/// Every item is a page of the viewport's size (item sizes are ignored), side by side: page k of all sections
/// counted together sits at `x = k·viewport width`, and the content is `pages × viewport width` wide. At content
/// offset x (clamped to the pages, so a bounce turns nothing), with `c = ⌊x / width⌋` the page under the
/// viewport's leading edge, page c moves with the finger (its natural place) while page c + 1 stays still
/// beneath it, pinned at x with zIndex −1 (the others have 0): turning reveals the next page instead of sliding it
/// in. Snapping comes to rest on a whole page; a flick turns to the page beyond the proposed offset in its
/// direction. Right to left mirrors everything, so pages turn the other way.
public enum PageCoverLayout {
    /// Every parameter of a page cover layout.
    public struct Configuration: Hashable, Sendable {
        /// The speed, in points per second, at or above which a release is a flick that turns the page in its
        /// direction instead of settling back. Defaults to 300.
        public var flickVelocityThreshold: Double = 300

        /// Creates the default configuration.
        public init() {}
    }
}

extension PageCoverLayout: LayoutKindProtocol {
    static var kind: LayoutKind { .pagecover }
    static var defaultConfiguration: Configuration { Configuration() }

    static func makeBuilder(_ context: consuming KindContext<Configuration>) throws(LayoutError) -> Builder {
        let (input, configuration) = (context.input, context.configuration)
        try validateNonNegative(configuration.flickVelocityThreshold, name: "flickVelocityThreshold", section: nil)
        return Builder(input: input, configuration: configuration)
    }

    /// Every page is the viewport.
    static func defaultItemSize(of section: SectionInput, configuration: Configuration, viewport: Size) -> Size {
        viewport
    }

    static func wrap(_ configuration: Configuration) -> LayoutConfiguration { .pagecover(configuration) }

    /// Builds pages of the viewport's size, side by side.
    struct Builder: KindSectionBuilder {
        let input: LayoutInput
        let configuration: Configuration
        /// The pages before the next section: a section starts at `pages × page width`, computed as a product (not
        /// a sum of section lengths) so that it is the same number as an item's.
        var pages = 0

        var isVertical: Bool { false }

        mutating func build(_ index: Int, at position: Double) throws(LayoutError)
            -> (SectionLayout, PlainSectionRecord)
        {
            let section = self.input.sections[index]
            let page = self.input.viewport
            try section.validateSizes(section: index)
            let count = section.itemCount
            // Page `item` is at `item × page width`: computed from the index, never stored.
            let frames =
                count > 0
                ? SectionFrames(
                    grid: .product(count: count, size: page, isVertical: false, start: 0, pitch: page.width, u: 0)
                ) : SectionFrames()
            let length = Double(count) * page.width
            let built = SectionLayout(
                origin: Point(x: Double(self.pages) * page.width, y: 0),
                frames: frames,
                header: nil,
                footer: nil,
                background: nil,
                // A section's first page may be pinned over the previous section's last page.
                band: count > 0
                    ? Rect(x: -page.width, y: 0, width: length + page.width, height: page.height)
                    : Rect(x: 0, y: 0, width: 0, height: page.height),
                body: (0, length),
                axis: .horizontal
            )
            self.pages += count
            return (built, PlainSectionRecord(length: length))
        }

        func assemble<Records: RandomAccessCollection<PlainSectionRecord>>(
            sections: [SectionLayout],
            records: Records,
            contentLength: Double
        ) -> PreparedLayout where Records.Index == Int {
            let page = self.input.viewport
            let pages = sections.reduce(0) { $0 + $1.frames.count }
            let width = Double(pages) * page.width
            return PreparedLayout(
                kind: .pagecover,
                input: self.input,
                contentSize: Size(width: width, height: page.height),
                sections: sections,
                axis: .horizontal,
                effects: .pageCover(pageWidth: page.width, maximumOffset: Swift.max(0, width - page.width)),
                snapVelocityThreshold: self.configuration.flickVelocityThreshold,
                snapMode: .page
            )
        }
    }
}
