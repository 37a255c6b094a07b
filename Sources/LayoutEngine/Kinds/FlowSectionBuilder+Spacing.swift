extension FlowSectionBuilder {
    /// The offset of a line's first item from the leading inset and the gap between its items.
    func spacing<Sizes: ItemSizes>(
        available: Double,
        length: Double,
        sum: Double,
        itemsInLine: Int,
        isLastLine: Bool,
        firstLineCount: Int,
        firstSize: Size,
        sizes: Sizes,
        isUniform: Bool?
    ) -> (start: Double, gap: Double) {
        let minimum = self.parameters.interitemSpacing
        switch self.packing {
        case .start: return (0, minimum)
        case .end: return (Swift.max(0, available - length), minimum)
        case .center: return (Swift.max(0, (available - length) * 0.5), minimum)
        case .justified:
            if isLastLine {
                // UIKit keeps the grid when every item has the same size, and packs to the leading edge otherwise.
                guard isUniform ?? Self.isUniform(sizes) else { return (0, minimum) }
                let along = self.alongLine(firstSize)
                if firstLineCount == 1 { return (Swift.max(0, (available - along) * 0.5), 0) }
                let gap = (available - Double(firstLineCount) * along) / Double(firstLineCount - 1)
                return (0, Swift.max(minimum, gap))
            }
            if itemsInLine == 1 { return (Swift.max(0, (available - sum) * 0.5), 0) }
            // Mathematically at least the minimum since the line fits; the max absorbs rounding error.
            return (0, Swift.max(minimum, (available - sum) / Double(itemsInLine - 1)))
        }
    }

    /// Whether every item has the same size: always for a `count` section, by a scan otherwise.
    ///
    /// - Complexity: O(n) for listed sizes; called once per section at most (a checkpointed
    /// section's replays are given the answer).
    static func isUniform<Sizes: ItemSizes>(_ sizes: Sizes) -> Bool {
        if sizes is UniformItemSizes { return true }
        guard sizes.count > 0 else { return true }
        let first = sizes[0]
        for index in 1..<sizes.count where sizes[index] != first { return false }
        return true
    }
}
