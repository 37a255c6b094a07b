extension SectionInput {
    /// The size the client measured for a `compositional` supplementary anchored to a cell (a badge) or to the group
    /// repetition the cell starts, named by the cell's item and the supplementary's kind: its positive lengths
    /// replace the supplementary's estimated dimensions (other dimensions keep the description's).
    public struct AnchoredSize: Hashable, Sendable, Comparable {
        /// The item of the cell the supplementary is anchored to (for a group's, the repetition's first cell).
        public var item: Int
        /// The supplementary's element kind.
        public var kind: ElementName
        /// The measured size.
        public var size: Size

        /// Creates a measured size.
        ///
        /// - Parameters:
        ///   - item: The cell's item.
        ///   - kind: The supplementary's kind.
        ///   - size: The measured size.
        public init(item: Int, kind: ElementName, size: Size) {
            self.item = item
            self.kind = kind
            self.size = size
        }

        /// Item order, then kind order (by name).
        public static func < (lhs: Self, rhs: Self) -> Bool {
            lhs.item != rhs.item ? lhs.item < rhs.item : lhs.kind.description < rhs.kind.description
        }
    }

    /// Sets the measured size of the supplementary of `kind` anchored at `item`, keeping ``anchoredSizes`` sorted.
    ///
    /// - Complexity: O(log m + m) for m measured sizes (a binary search, then an insertion).
    mutating func setAnchoredSize(_ size: Size, item: Int, kind: ElementName) {
        let (position, isFound) = self.anchoredSizePosition(item: item, kind: kind)
        if isFound {
            self.anchoredSizes[position].size = size
        } else {
            self.anchoredSizes.insert(AnchoredSize(item: item, kind: kind, size: size), at: position)
        }
    }

    /// The measured size of the supplementary of `kind` anchored at `item`, if the client measured one.
    ///
    /// - Complexity: O(log m) for m measured sizes.
    func anchoredSize(item: Int, kind: ElementName) -> Size? {
        let (position, isFound) = self.anchoredSizePosition(item: item, kind: kind)
        return isFound ? self.anchoredSizes[position].size : nil
    }

    /// Where the measured size of `kind` at `item` is in ``anchoredSizes``, or would be inserted.
    private func anchoredSizePosition(item: Int, kind: ElementName) -> (position: Int, isFound: Bool) {
        let probe = AnchoredSize(item: item, kind: kind, size: .zero)
        let low = (0..<self.anchoredSizes.count).partitioningIndex { !(self.anchoredSizes[$0] < probe) }
        let isFound =
            low < self.anchoredSizes.count && self.anchoredSizes[low].item == item
            && self.anchoredSizes[low].kind == kind
        return (low, isFound)
    }
}
