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

/// What to do with a section's item sizes, whichever way the section gives them; see
/// ``SectionInput/withItemSizes(defaultSize:_:)``.
///
/// A body is generic over its ``ItemSizes``, so the kind's per-item loop it calls is specialized for both.
protocol ItemSizesBody {
    /// What the body makes of the sizes.
    associatedtype Result

    /// Does the body's work with `sizes`.
    mutating func callAsFunction<Sizes: ItemSizes>(_ sizes: Sizes) -> Result
}

extension SectionInput {
    /// Calls `body` with the section's item sizes: `size` for every item of a `count` section, or the listed sizes
    /// read in place. This is the one place that turns a section's ``Items`` into ``ItemSizes``.
    ///
    /// - Parameters:
    ///   - size: The size of a `count` section's items.
    ///   - body: The work to do; it may keep state (frames to rewrite in place) that the caller reads afterwards.
    /// - Returns: What `body` returns.
    /// - Complexity: O(1) plus `body`'s.
    func withItemSizes<Body: ItemSizesBody>(defaultSize size: Size, _ body: inout Body) -> Body.Result {
        self.items.withItemSizes(defaultSize: size, &body)
    }

    /// Calls a body that keeps no state with the section's item sizes (see ``withItemSizes(defaultSize:_:)``).
    func withItemSizes<Body: ItemSizesBody>(defaultSize size: Size, _ body: Body) -> Body.Result {
        var body = body
        return self.withItemSizes(defaultSize: size, &body)
    }
}

extension SectionInput.Items {
    /// ``SectionInput/withItemSizes(defaultSize:_:)`` for the items alone: for a caller that has
    /// only them (a section input is a few hundred bytes, and its items a count or an array reference).
    func withItemSizes<Body: ItemSizesBody>(defaultSize size: Size, _ body: inout Body) -> Body.Result {
        switch self {
        case .count(let count): return body(UniformItemSizes(size: size, count: count))
        case .sizes(let sizes): return sizes.withUnsafeBufferPointer { body(ListedItemSizes(sizes: $0)) }
        }
    }
}
