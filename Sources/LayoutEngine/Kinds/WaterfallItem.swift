extension WaterfallLayout {
    /// One waterfall item: how its height is given and how many columns it spans.
    ///
    /// A waterfall section keeps its items as ``Size`` values, one per item, as every kind does; the items that are
    /// not plain aspect ratios are encoded in that same size, so an input of aspect ratios costs nothing more:
    ///
    /// | size | item |
    /// |---|---|
    /// | `width > 0` | aspect ratio `height / width`, one column (the only form before exact heights and spans) |
    /// | `width = −(4·span)`, `height = h` | exactly `h` tall, `span` columns (a vertical waterfall) |
    /// | `width = −(4·span + 1)`, `height = r` | aspect ratio `r` (height / width), `span` columns |
    /// | `width = −(4·span + 2)`, `height = w` | exactly `w` wide, `span` rows (a horizontal waterfall) |
    ///
    /// `span` is 1 to ``maximumColumnSpan``, or ``fullSpan`` for every column; a span is clamped to the section's
    /// column count. An encoded width is negative, so every other kind refuses such a size as invalid. Make sizes
    /// with ``size`` and read them with ``init(size:)``.
    public struct Item: Hashable, Sendable {
        /// How an item's height is given.
        public enum Height: Hashable, Sendable {
            /// The height is the item's width times this ratio (height / width).
            case aspectRatio(Double)
            /// The height is exactly this many points, whatever the column's width (a vertical waterfall).
            case exact(Double)
            /// The width is exactly this many points, whatever the row's height (a horizontal waterfall).
            case exactWidth(Double)
        }

        /// The largest span given as a number (the column count's limit).
        public static let maximumColumnSpan = 1000
        /// The span of an item that takes every column (`"full"`).
        public static let fullSpan = 1 << 20

        /// How the item's height is given.
        public var height: Height
        /// The number of adjacent columns the item takes, 1 to ``maximumColumnSpan`` or ``fullSpan``.
        public var columnSpan: Int

        /// Creates an item.
        ///
        /// - Parameters:
        ///   - height: How its height is given.
        ///   - columnSpan: The number of columns it takes (clamped to the section's count when laid out).
        public init(height: Height, columnSpan: Int = 1) {
            self.height = height
            self.columnSpan = columnSpan
        }

        /// Reads an item from its encoded size, or `nil` when the size encodes no valid item (a negative or
        /// non-finite length, a zero aspect width, an unknown code).
        ///
        /// - Complexity: O(1).
        public init?(size: Size) {
            guard size.height >= 0, size.height < .infinity else { return nil }
            let width = size.width
            if width > 0 {
                guard width < .infinity else { return nil }
                self.init(height: .aspectRatio(size.height / width))
                return
            }
            guard width <= -4, width >= -Double(4 * Self.fullSpan + 2), width == width.rounded() else { return nil }
            let code = Int(-width)
            let span = code >> 2
            guard span >= 1, span <= Self.maximumColumnSpan || span == Self.fullSpan else { return nil }
            switch code & 3 {
            case 0: self.init(height: .exact(size.height), columnSpan: span)
            case 1: self.init(height: .aspectRatio(size.height), columnSpan: span)
            case 2: self.init(height: .exactWidth(size.height), columnSpan: span)
            default: return nil
            }
        }

        /// The item's encoded size (see the table above); an aspect ratio over one column is `1 × ratio`.
        public var size: Size {
            switch self.height {
            case .exact(let height): return Size(width: -Double(4 * self.columnSpan), height: height)
            case .exactWidth(let width): return Size(width: -Double(4 * self.columnSpan + 2), height: width)
            case .aspectRatio(let ratio):
                if self.columnSpan == 1 { return Size(width: 1, height: ratio) }
                return Size(width: -Double(4 * self.columnSpan + 1), height: ratio)
            }
        }

        /// An item exactly `height` points tall over `columnSpan` columns, as a size.
        public static func exactHeight(_ height: Double, columnSpan: Int = 1) -> Size {
            Item(height: .exact(height), columnSpan: columnSpan).size
        }

        /// An item exactly `width` points wide over `columnSpan` rows of a horizontal waterfall, as a size.
        public static func exactWidth(_ width: Double, columnSpan: Int = 1) -> Size {
            Item(height: .exactWidth(width), columnSpan: columnSpan).size
        }

        /// An item of aspect `size` (width and height) over `columnSpan` columns, as a size: `size` itself for one
        /// column, so that its height is computed exactly as a plain aspect item's.
        public static func aspect(_ size: Size, columnSpan: Int = 1) -> Size {
            if columnSpan == 1 { return size }
            return Item(height: .aspectRatio(size.height / size.width), columnSpan: columnSpan).size
        }
    }

    /// Whether `size` encodes a valid waterfall item (see ``Item``) for a waterfall scrolling vertically or not
    /// (horizontally an aspect ratio needs a positive height). An exact length, given as a height or as a width, is
    /// the item's length along the scroll axis in either direction, so that a session reads a size as a new layout
    /// does.
    ///
    /// - Complexity: O(1).
    @inline(__always)
    static func isValidItemSize(_ size: Size, isVertical: Bool = true) -> Bool {
        if size.width > 0 {
            guard size.width < .infinity, size.height < .infinity else { return false }
            return isVertical ? size.height >= 0 : size.height > 0
        }
        switch Item(size: size)?.height {
        case .exact, .exactWidth: return true
        case .aspectRatio(let ratio): return isVertical || ratio > 0
        case nil: return false
        }
    }
}

extension SectionInput {
    /// Checks that every listed size encodes a valid waterfall item (``WaterfallLayout/Item``).
    ///
    /// - Throws: ``LayoutError/invalidItemSize(section:item:)`` naming the first bad item.
    /// - Complexity: O(n).
    func validateWaterfallSizes(section: Int, isVertical: Bool) throws(LayoutError) {
        guard case .sizes(let sizes) = self.items else { return }
        if let item = WaterfallLayout.firstInvalidItem(sizes[...], isVertical: isVertical) {
            throw .invalidItemSize(section: section, item: item)
        }
    }
}

extension WaterfallLayout {
    /// The index (in `sizes`' own indices) of the first size that encodes no valid item, or `nil`.
    ///
    /// - Complexity: O(n).
    static func firstInvalidItem(_ sizes: ArraySlice<Size>, isVertical: Bool) -> Int? {
        sizes.withUnsafeBufferPointer { buffer -> Int? in
            for (offset, size) in buffer.enumerated() where !Self.isValidItemSize(size, isVertical: isVertical) {
                return sizes.startIndex + offset
            }
            return nil
        }
    }
}

extension WaterfallLayout: SplicesBatchSizes {
    /// Checks the kept items only in a horizontal waterfall: a vertical session holds no size a new layout refuses,
    /// since ``accepts(itemSize:)`` (a resize's check) is then exactly the new layout's check (every size valid
    /// across is valid down), while a horizontal one's resize may keep one (a zero height) that a new layout
    /// refuses.
    ///
    /// - Complexity: O(tail), plus O(kept items) across.
    static func checkSplicedSizes(
        _ splice: BatchPlan.SizesSplice, kept: [Size], section: Int, configuration: LayoutConfiguration
    ) throws(LayoutError) {
        let isVertical = Self.unwrap(configuration).scrollDirection == .vertical
        if !isVertical, let item = Self.firstInvalidItem(kept[..<splice.first], isVertical: false) {
            throw .invalidItemSize(section: section, item: item)
        }
        if let offset = Self.firstInvalidItem(splice.tail[...], isVertical: isVertical) {
            throw .invalidItemSize(section: section, item: splice.first + offset)
        }
    }
}
