import JSON
import LayoutEngine

/// The waterfall's items: `{width, height}` (an aspect ratio), `{height}` or `{width}` alone (exactly that long
/// along the scroll axis, at the column's width or the row's height), each with `columnSpan: k | "full"`.
extension JSONReader {
    /// Reads one waterfall item into its encoded size (``WaterfallLayout/Item``).
    ///
    /// `{width, height}` is kept as given when it spans one column, so that it is laid out exactly as before.
    ///
    /// - Throws: ``JSONError`` for a missing `height`, a `width` under 0.001, a span outside 1…1000 or `"full"`.
    mutating func readWaterfallItem() throws(JSONError) -> Size {
        if let size = self.readCompactPair(Self.sizeMembers, in: Self.aspectLengths, Self.lengths) {
            return Size(width: size.0, height: size.1 + 0)
        }
        let (width, height, span) = try self.readItemMembers()
        return try self.waterfallItem(width: width, height: height, span: span ?? 1)
    }

    /// The widths of an aspect ratio: ``minimumAspectWidth`` to ``maxLength``.
    static let aspectLengths = minimumAspectWidth...maxLength

    /// Reads the next elements of an `items` array while each is `{"width":w,"height":h}` written compactly and
    /// valid for `kind`, appending their sizes as ``readWaterfallItem()`` or ``readSize()`` (and the justified
    /// aspect check) would; stops before the first other element, which the general path then reads.
    ///
    /// - Returns: How many items were read.
    mutating func readCompactSizes(kind: LayoutKind, into sizes: inout [Size]) -> Int {
        // At most one item per 23 bytes left (`{"width":0,"height":0},`): when the array is full, grow it fourfold
        // up to that bound rather than double it, so a large list is copied less often and rarely over-reserved.
        let bound = sizes.count + (self.remainingByteCount / 23)
        @inline(__always) func append(_ size: Size) {
            if sizes.count == sizes.capacity, sizes.count >= 1024 {
                sizes.reserveCapacity(max(min(bound, sizes.count * 4), sizes.count + 1))
            }
            sizes.append(size)
        }
        switch kind {
        case .waterfall:
            return self.readCompactPairElements(Self.sizeMembers, in: Self.aspectLengths, Self.lengths) {
                append(Size(width: $0, height: $1 + 0))
            }
        case .justified:
            return self.readCompactPairElements(Self.sizeMembers, in: Self.aspectLengths, Self.aspectLengths) {
                append(Size(width: $0, height: $1))
            }
        default:
            return self.readCompactPairElements(Self.sizeMembers, in: Self.lengths, Self.lengths) {
                append(Size(width: $0 + 0, height: $1 + 0))  // -0 becomes 0, as in readLength()
            }
        }
    }

    /// The encoded item of the members read: an aspect ratio, or one length alone (exactly that long along the
    /// scroll axis).
    private func waterfallItem(width: Double?, height: Double?, span: Int) throws(JSONError) -> Size {
        switch (width, height) {
        case (nil, nil): throw self.missingField("height")
        case (nil, let height?): return WaterfallLayout.Item.exactHeight(height, columnSpan: span)
        case (let width?, nil): return WaterfallLayout.Item.exactWidth(width, columnSpan: span)
        case (let width?, let height?):
            guard width >= Self.minimumAspectWidth else {
                throw JSONError.shape(
                    pointer: self.currentPointer + "/width",
                    message: "must be at least 0.001: a waterfall item's size is its aspect ratio"
                )
            }
            return WaterfallLayout.Item.aspect(Size(width: width, height: height), columnSpan: span)
        }
    }

    /// Reads the `size` of an item in a session's mutation, whose kind the body does not tell: `{width, height}` as
    /// ``readSize()`` does, or a waterfall item (``readWaterfallItem()``) when `width` is left out or `columnSpan`
    /// is given. The engine refuses the encoded sizes for every kind but `waterfall`.
    ///
    /// - Throws: ``JSONError``.
    mutating func readItemSize() throws(JSONError) -> Size {
        if let size = self.readCompactPair(Self.sizeMembers, in: Self.lengths, Self.lengths) {
            return Size(width: size.0 + 0, height: size.1 + 0)
        }
        let (width, height, span) = try self.readItemMembers()
        if span == nil, let width, let height { return Size(width: width, height: height) }
        return try self.waterfallItem(width: width, height: height, span: span ?? 1)
    }

    /// Reads an item object's members, each optional: `width`, `height`, `columnSpan`.
    private mutating func readItemMembers() throws(JSONError) -> (width: Double?, height: Double?, span: Int?) {
        var members: (width: Double?, height: Double?, span: Int?) = (nil, nil, nil)
        try self.beginObject()
        while let key = try self.nextKey() {
            switch key {
            case "width": members.width = try self.readLength()
            case "height": members.height = try self.readLength()
            case "columnSpan": members.span = try self.readColumnSpan()
            default: throw self.unknownField(key)
            }
        }
        return members
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
