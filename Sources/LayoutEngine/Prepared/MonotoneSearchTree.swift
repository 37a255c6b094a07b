/// A monotone sequence of numbers with an implicit search tree on top: every 8th value of each level forms the next
/// level up, so finding where a monotone predicate turns true reads at most 8 consecutive values (one or two cache
/// lines) per level instead of jumping across the whole array as a binary search does.
///
/// At a million elements the index's binary searches were cache misses from top to bottom; with the tree, the upper
/// levels stay in cache between queries and each lower level costs one line.
struct MonotoneSearchTree: Hashable, Sendable {
    /// How many values of a level one value of the level above stands for.
    static let fanout = 8

    /// `levels[0]` is the sequence itself; `levels[k + 1]` holds every ``fanout``-th value of `levels[k]` (a `var`
    /// so that a resumed recording can move them out, see ``init(levels:values:unchanged:)``).
    var levels: [[Double]]

    /// Builds the tree over `values`, which must be monotone for the predicates it will be searched with.
    ///
    /// - Complexity: O(n).
    init(_ values: [Double]) {
        var levels = [values]
        while let last = levels.last, last.count > Self.fanout {
            levels.append(stride(from: 0, to: last.count, by: Self.fanout).map { last[$0] })
        }
        self.levels = levels
    }

    /// The tree over `values`, whose first `unchanged` values are those `levels[0]` held: the upper levels of
    /// `levels` (a previous tree's, with `levels[0]` left out so that `values` may be its very array) are kept up
    /// to the first sample of a changed value and extended from there, in place when nothing else holds them.
    ///
    /// Equal to ``init(_:)`` of `values`.
    ///
    /// - Complexity: O((n − unchanged) + log n), amortised.
    init(levels: consuming [[Double]], values: consuming [Double], unchanged: Int) {
        var valid = unchanged
        if levels.isEmpty {
            levels = [consume values]
            valid = 0
        } else {
            levels[0] = consume values
        }
        var level = 0
        while levels[level].count > Self.fanout {
            // levels[level + 1][j] samples levels[level][j · fanout]: unchanged while j · fanout < valid.
            var first = (valid + Self.fanout - 1) / Self.fanout
            if level + 1 == levels.count {
                levels.append([])
                first = 0
            }
            var upper = levels[level + 1]
            levels[level + 1] = []
            first = Swift.min(first, upper.count)
            upper.removeSubrange(first...)
            let lower = levels[level]
            upper.reserveCapacity((lower.count + Self.fanout - 1) / Self.fanout)
            for index in stride(from: first * Self.fanout, to: lower.count, by: Self.fanout) {
                upper.append(lower[index])
            }
            levels[level + 1] = upper
            valid = first
            level += 1
        }
        if levels.count > level + 1 { levels.removeSubrange((level + 1)...) }
        self.levels = consume levels
    }

    /// The sequence itself.
    var values: [Double] { self.levels[0] }

    /// The number of values in the sequence.
    var count: Int { self.levels[0].count }

    /// The first index whose value satisfies `isTrue`, or ``count`` if none does; `isTrue` must be false and then
    /// true along the sequence.
    ///
    /// - Complexity: O(log n), reading at most ``fanout`` values per level.
    func partitionPoint(_ isTrue: (Double) -> Bool) -> Int {
        var level = self.levels.count - 1
        var low = 0
        var high = self.levels[level].count
        while true {
            // The answer at this level lies in low...high, and high is either known true or the level's end.
            var index = low
            while index < high, !isTrue(self.levels[level][index]) { index += 1 }
            if level == 0 { return index }
            (low, high) = self.range(below: index, atLevel: level)
            level -= 1
        }
    }

    /// ``partitionPoint(_:)`` of two trees over the same number of values, each level of both read before the
    /// next, so that the two searches' cache misses overlap instead of one waiting for the other's.
    ///
    /// - Complexity: O(log n), reading at most ``fanout`` values per level of each tree.
    static func partitionPoints(
        _ first: MonotoneSearchTree, _ isFirstTrue: (Double) -> Bool,
        _ second: MonotoneSearchTree, _ isSecondTrue: (Double) -> Bool
    ) -> (Int, Int) {
        guard first.levels.count == second.levels.count else {
            return (first.partitionPoint(isFirstTrue), second.partitionPoint(isSecondTrue))
        }
        var level = first.levels.count - 1
        var (low1, high1) = (0, first.levels[level].count)
        var (low2, high2) = (0, second.levels[level].count)
        while true {
            let (index1, index2) = first.levels[level].withUnsafeBufferPointer { values1 in
                second.levels[level].withUnsafeBufferPointer { values2 in
                    var index1 = low1
                    while index1 < high1, !isFirstTrue(values1[index1]) { index1 += 1 }
                    var index2 = low2
                    while index2 < high2, !isSecondTrue(values2[index2]) { index2 += 1 }
                    return (index1, index2)
                }
            }
            if level == 0 { return (index1, index2) }
            (low1, high1) = first.range(below: index1, atLevel: level)
            (low2, high2) = second.range(below: index2, atLevel: level)
            level -= 1
        }
    }

    /// Where the answer lies in level `level - 1`, given the first true sample `index` of level `level`: after the
    /// last false sample, up to the first true one (`levels[level][i]` is `levels[level - 1][i · fanout]`).
    @inline(__always)
    private func range(below index: Int, atLevel level: Int) -> (Int, Int) {
        (
            index == 0 ? 0 : (index - 1) * Self.fanout + 1,
            index < self.levels[level].count ? index * Self.fanout : self.levels[level - 1].count
        )
    }

    /// The bytes the tree holds on the heap.
    var heapBytes: Int {
        self.levels.reduce(self.levels.capacity * MemoryLayout<[Double]>.stride) { $0 + $1.capacity * 8 }
    }
}
