extension Range where Bound == Int {
    /// The first index of the range at which `predicate` holds, `predicate` being false up to some index and true
    /// from there on; `upperBound` when it holds nowhere (a binary search, as swift-algorithms'
    /// `partitioningIndex(where:)`).
    ///
    /// - Complexity: O(log n) calls of `predicate`.
    @inline(__always)
    func partitioningIndex(where predicate: (Int) throws -> Bool) rethrows -> Int {
        var low = self.lowerBound
        var high = self.upperBound
        while low < high {
            let middle = low + (high - low) / 2
            if try predicate(middle) { high = middle } else { low = middle + 1 }
        }
        return low
    }
}
