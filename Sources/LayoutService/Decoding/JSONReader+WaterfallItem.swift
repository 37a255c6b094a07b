import JSON
import LayoutEngine

/// The waterfall's items: `{width, height}` (an aspect ratio), `{height}` (exactly that tall at the column's width),
/// either with `columnSpan: k | "full"`.
extension JSONReader {
    /// Reads one waterfall item into its encoded size (``WaterfallLayout/Item``).
    ///
    /// `{width, height}` is kept as given when it spans one column, so that it is laid out exactly as before.
    ///
    /// - Throws: ``JSONError`` for a missing `height`, a `width` under 0.001, a span outside 1…1000 or `"full"`.
    mutating func readWaterfallItem() throws(JSONError) -> Size {
        if let size = self.readCompactPair("width", "height", where: { width, height in
            width >= Self.minimumAspectWidth && width <= Self.maxLength && height >= 0 && height <= Self.maxLength
        }) {
            return Size(width: size.0, height: size.1 + 0)
        }
        var width: Double?
        var height: Double?
        var span = 1
        try self.beginObject()
        while let key = try self.nextKey() {
            switch key {
            case "width":
                let value = try self.readLength()
                guard value >= Self.minimumAspectWidth else {
                    throw self.shapeError("must be at least 0.001: a waterfall item's size is its aspect ratio")
                }
                width = value
            case "height": height = try self.readLength()
            case "columnSpan": span = try self.readColumnSpan()
            default: throw self.unknownField(key)
            }
        }
        guard let height else { throw self.missingField("height") }
        guard let width else { return WaterfallLayout.Item.exactHeight(height, columnSpan: span) }
        return WaterfallLayout.Item.aspect(Size(width: width, height: height), columnSpan: span)
    }

    /// Reads the `size` of an item in a session's mutation, whose kind the body does not tell: `{width, height}` as
    /// ``readSize()`` does, or a waterfall item (``readWaterfallItem()``) when `width` is left out or `columnSpan`
    /// is given. The engine refuses the encoded sizes for every kind but `waterfall`.
    ///
    /// - Throws: ``JSONError``.
    mutating func readItemSize() throws(JSONError) -> Size {
        if let size = self.readCompactPair("width", "height", where: { width, height in
            width >= 0 && width <= Self.maxLength && height >= 0 && height <= Self.maxLength
        }) {
            return Size(width: size.0 + 0, height: size.1 + 0)
        }
        var width: Double?
        var height: Double?
        var span: Int?
        try self.beginObject()
        while let key = try self.nextKey() {
            switch key {
            case "width": width = try self.readLength()
            case "height": height = try self.readLength()
            case "columnSpan": span = try self.readColumnSpan()
            default: throw self.unknownField(key)
            }
        }
        guard let height else { throw self.missingField("height") }
        guard let width else { return WaterfallLayout.Item.exactHeight(height, columnSpan: span ?? 1) }
        guard let span else { return Size(width: width, height: height) }
        guard width >= Self.minimumAspectWidth else {
            throw self.shapeError("width must be at least 0.001: a waterfall item's size is its aspect ratio")
        }
        return WaterfallLayout.Item.aspect(Size(width: width, height: height), columnSpan: span)
    }

    /// Reads `columnSpan`: 1 to 1000, or `"full"`.
    private mutating func readColumnSpan() throws(JSONError) -> Int {
        if try self.kind() == .string {
            guard try self.readString() == "full" else { throw self.shapeError("must be 1 to 1000 or \"full\"") }
            return WaterfallLayout.Item.fullSpan
        }
        return try self.readInt(in: 1...WaterfallLayout.Item.maximumColumnSpan)
    }
}
