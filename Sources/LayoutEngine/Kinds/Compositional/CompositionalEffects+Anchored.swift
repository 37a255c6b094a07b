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
        /// Each repetition's frame relative to the section (left-to-right space), when ``groupItems`` or
        /// ``nestedSlots`` is not empty; otherwise empty.
        var groupFrames: [Rect]
        /// The supplementaries of the nested groups of one repetition, flattened in ``nestedSlots``' order.
        var nestedItems: [CompositionalLayout.SupplementaryItem] = []
        /// The nested groups of one repetition that have supplementaries, a group before the groups nested in it.
        var nestedSlots: [NestedSlot] = []
        /// Each repetition's nested groups' frames relative to the section (left-to-right space): repetition `r`'s
        /// slot `k` at `r × nestedSlots.count + k`.
        var nestedFrames: [Rect] = []
        /// How far any item supplementary reaches before its cell's leading edge along the section's index axis.
        var reachBefore = 0.0
        /// How far any item supplementary reaches past its cell's trailing edge along the section's index axis.
        var reachAfter = 0.0
        /// How far any group supplementary reaches before its repetition's leading edge along the index axis.
        var groupReachBefore = 0.0
        /// How far any group supplementary reaches past its repetition's leading edge along the index axis (its
        /// length included).
        var groupReachAfter = 0.0
        /// How far any supplementary reaches past the cell whose index path it has, on any side: every one lies
        /// within that cell's frame grown by this much (a group's, within its repetition's first cell's). What a
        /// transition widens its search for anchored supplementaries by.
        var cellMargin = 0.0
        /// The supplementaries whose estimated size the client measured (``SectionInput/anchoredSizes``), ordered
        /// by item, then items' before the group's, then index: their frames replace the ones computed from the
        /// description. Empty when none was measured.
        var measured: [Measured] = []

        /// A nested group with supplementaries, within one repetition.
        struct NestedSlot: Hashable, Sendable {
            /// Its first cell's place in the repetition: its supplementaries have that cell's index path.
            var firstLeaf: Int
            /// Its supplementaries in ``nestedItems``.
            var items: Range<Int>
        }

        /// Whether the section's group or a group nested in it has supplementaries (every repetition's frame is
        /// then kept).
        var hasGroupSupplementaries: Bool { !self.groupItems.isEmpty || !self.nestedSlots.isEmpty }

        /// The group supplementary at `index` of the group index space: ``groupItems``, then ``nestedItems``
        /// (what ``Measured/index`` counts in when ``Measured/isGroup``).
        func groupSupplementary(_ index: Int) -> CompositionalLayout.SupplementaryItem {
            index < self.groupItems.count ? self.groupItems[index] : self.nestedItems[index - self.groupItems.count]
        }

        /// Calls `body` with the group index (see ``groupSupplementary(_:)``), the supplementary and its container
        /// (the group's frame, relative to the section) of each supplementary anchored to a group that cell `leaf`
        /// of repetition `repetition` starts: the top-level group's when `leaf` is 0, then the nested groups' in
        /// slot order.
        ///
        /// - Complexity: O(slots + their supplementaries).
        @inline(__always)
        func forEachGroupSupplementary<E: Error>(
            repetition: Int,
            leaf: Int,
            _ body: (Int, CompositionalLayout.SupplementaryItem, Rect) throws(E) -> Void
        ) throws(E) {
            if leaf == 0 {
                let group = self.groupFrames[repetition]
                for (index, item) in self.groupItems.enumerated() { try body(index, item, group) }
            }
            let slots = self.nestedSlots.count
            for (slot, nested) in self.nestedSlots.enumerated() where nested.firstLeaf == leaf {
                let container = self.nestedFrames[repetition * slots + slot]
                for index in nested.items {
                    try body(self.groupItems.count + index, self.nestedItems[index], container)
                }
            }
        }

        /// A supplementary whose size was measured.
        struct Measured: Hashable, Sendable {
            /// The item of the cell it is anchored to (a group's: the repetition's first cell).
            var item: Int
            /// Whether it is anchored to a group (``groupItems`` or ``nestedItems``) rather than a cell (``items``).
            var isGroup: Bool
            /// Its index in ``items``, or in the group index space (``groupSupplementary(_:)``).
            var index: Int
            /// Its frame relative to the section (left-to-right space).
            var frame: Rect

            /// Whether `self` comes before a supplementary at `item`, `isGroup`, `index`.
            @inline(__always)
            func precedes(item: Int, isGroup: Bool, index: Int) -> Bool {
                if self.item != item { return self.item < item }
                if self.isGroup != isGroup { return !self.isGroup }
                return self.index < index
            }
        }

        /// The measured frame of the supplementary `index` of ``items`` (or ``groupItems`` when `isGroup`) at
        /// `item`, if it was measured.
        ///
        /// - Complexity: O(log m) for m measured supplementaries.
        func measuredFrame(item: Int, isGroup: Bool, index: Int) -> Rect? {
            guard !self.measured.isEmpty else { return nil }
            let position = self.firstMeasured(atOrAfter: item, isGroup: isGroup, index: index)
            guard position < self.measured.count else { return nil }
            let found = self.measured[position]
            return found.item == item && found.isGroup == isGroup && found.index == index ? found.frame : nil
        }

        /// The position of the first measured supplementary not before `item`, `isGroup`, `index`.
        func firstMeasured(atOrAfter item: Int, isGroup: Bool = false, index: Int = 0) -> Int {
            (0..<self.measured.count).partitioningIndex {
                !self.measured[$0].precedes(item: item, isGroup: isGroup, index: index)
            }
        }

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
