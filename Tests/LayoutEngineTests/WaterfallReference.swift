import LayoutEngine

/// Brute-force references for the waterfall, written independently of the engine's builder: masonic's positioner
/// (the shortest column, the leftmost of equals) extended by Masonry.js's rule for multi-column items.
enum WaterfallReference {
    /// One item as the reference sees it.
    struct Item {
        /// Exactly this tall (`nil`: the aspect ratio below).
        var height: Double?
        /// Height over width, when `height` is `nil`.
        var ratio: Double = 1
        /// Columns taken; `Int.max` for every column.
        var span: Int = 1

        /// The encoded size the engine reads.
        var size: Size {
            let span = self.span == Int.max ? WaterfallLayout.Item.fullSpan : self.span
            if let height { return WaterfallLayout.Item.exactHeight(height, columnSpan: span) }
            return WaterfallLayout.Item(height: .aspectRatio(self.ratio), columnSpan: span).size
        }
    }

    /// masonic's column count by counting: the most columns of at least `minimum` that fit `width` with `spacing`
    /// between them, at most `maximum`, at least 1.
    static func columnCount(width: Double, minimum: Double, spacing: Double, maximum: Int = .max) -> Int {
        var count = 1
        while count < maximum && Double(count + 1) * minimum + Double(count) * spacing <= width { count += 1 }
        return count
    }

    /// The frames of one section's items, relative to its top-left (before the header), placing each item on the run
    /// of columns whose tallest column is lowest, leftmost of equals.
    static func frames(
        _ items: [Item],
        columns: Int,
        columnWidth: Double,
        columnSpacing: Double,
        rowSpacing: Double,
        left: Double,
        top: Double
    ) -> [Rect] {
        // Masonic keeps each column's height with the gutter added after every item.
        var heights = [Double](repeating: top, count: columns)
        var frames: [Rect] = []
        for item in items {
            let span = min(item.span, columns)
            var best = 0
            var bestTop = Double.infinity
            for first in 0...(columns - span) {
                let top = heights[first..<(first + span)].max()!
                if top < bestTop {
                    bestTop = top
                    best = first
                }
            }
            let width = Double(span) * columnWidth + Double(span - 1) * columnSpacing
            let height = item.height ?? width * item.ratio
            frames.append(
                Rect(
                    x: left + Double(best) * (columnWidth + columnSpacing),
                    y: bestTop,
                    width: width,
                    height: height
                )
            )
            for column in best..<(best + span) { heights[column] = bestTop + height + rowSpacing }
        }
        return frames
    }

    /// Random items: exact integer heights or aspect ratios, a tenth of them (or `spanShare`) spanning.
    static func randomItems(
        _ count: Int,
        columns: Int,
        exactOnly: Bool,
        spanShare: Double,
        using random: inout SplitMix64
    ) -> [Item] {
        (0..<count).map { _ in
            var item = Item()
            if exactOnly || Bool.random(using: &random) {
                item.height = Double(Int.random(in: 0...200, using: &random))
            } else {
                item.ratio = [0.5, 0.75, 1, 1.5, 2][Int.random(in: 0...4, using: &random)]
            }
            if Double.random(in: 0..<1, using: &random) < spanShare {
                item.span = Int.random(in: 0...(columns + 1), using: &random)
                if item.span == 0 { item.span = Int.max }
            }
            return item
        }
    }
}
