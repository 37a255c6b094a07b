/// Random access to a section's item sizes, so each kind's inner loop is specialized for the two ways a section
/// gives its items (one default size, or one size per item) without copying them.
protocol ItemSizes {
    /// The number of items.
    var count: Int { get }
    /// The size of item `index`.
    subscript(index: Int) -> Size { get }
}

/// Every item has the same size.
struct UniformItemSizes: ItemSizes {
    let size: Size
    let count: Int

    subscript(index: Int) -> Size { self.size }
}

/// Each item has its own size. Reads through a buffer pointer that must not escape the
/// `withUnsafeBufferPointer` scope that made it (the builders use it only during `build`).
struct ListedItemSizes: ItemSizes {
    let sizes: UnsafeBufferPointer<Size>

    var count: Int { self.sizes.count }

    subscript(index: Int) -> Size { self.sizes[index] }
}
