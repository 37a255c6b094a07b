extension CompositionalEffects {
    /// A section's supplementary items anchored to its cells and to its group's repetitions, found at query time
    /// from the cells' frames (items) or the repetitions' frames (groups): nothing is stored per badge.
    struct Anchored: Hashable, Sendable {
        /// The supplementaries of every cell of one repetition of the group, flattened in cell order.
        var items: [CompositionalLayout.SupplementaryItem]
        /// Cell `leaf` of a repetition has `items[leafStarts[leaf]..<leafStarts[leaf + 1]]`; one more entry than
        /// the repetition has cells.
        var leafStarts: [Int32]
        /// Each of ``items``' frame relative to its cell's origin, when every cell of the section is a copy of the
        /// template's (no measured size): a query then only adds the cell's origin. Empty otherwise.
        var relativeFrames: [Rect] = []
        /// The supplementaries of each repetition of the section's group.
        var groupItems: [CompositionalLayout.SupplementaryItem]
        /// Each repetition's frame relative to the section (left-to-right space), when ``groupItems`` is not
        /// empty; otherwise empty.
        var groupFrames: [Rect]
        /// How far any item supplementary reaches before its cell's leading edge along the section's index axis.
        var reachBefore = 0.0
        /// How far any item supplementary reaches past its cell's trailing edge along the section's index axis.
        var reachAfter = 0.0
        /// How far any group supplementary reaches before its repetition's leading edge along the index axis.
        var groupReachBefore = 0.0
        /// How far any group supplementary reaches past its repetition's leading edge along the index axis (its
        /// length included).
        var groupReachAfter = 0.0

        /// The number of cells in one repetition of the group.
        var cellsPerGroup: Int { self.leafStarts.count - 1 }

        /// The supplementaries of the cell at `item`.
        @inline(__always)
        func supplementaries(ofItem item: Int) -> Range<Int> {
            let leaf = item % self.cellsPerGroup
            return Int(self.leafStarts[leaf])..<Int(self.leafStarts[leaf + 1])
        }
    }
}

extension CompositionalEffects {
    /// A section's decoration view of a client-named kind, laid out with its section.
    struct Decoration: Hashable, Sendable {
        /// Its element kind.
        var kind: ElementName
        /// Its frame relative to the section (left-to-right space).
        var frame: Rect
        /// Its zIndex.
        var zIndex: Int
    }
}
