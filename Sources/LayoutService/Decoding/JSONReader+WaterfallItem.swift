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
    /// - Parameter stream: Given the list after each run of up to 512 items appended (a section laid out while it
    ///   is read). Defaults to `nil`.
    /// - Returns: How many items were read.
    mutating func readCompactSizes(
        kind: LayoutKind, into sizes: inout [Size], feeding stream: WaterfallSectionStream? = nil
    ) -> Int {
        guard sizes.isEmpty else {
            return self.readCompactSizeRun(kind: kind, into: &sizes, maxCount: .max, feeding: stream)
        }
        // A list's first items tell how long its items are: read up to 1,024, then reserve room for as many as the
        // bytes left hold at that length (and 1/64 more), so that a long uniform list is stored once, at about its
        // final capacity, instead of being copied at each growth and then trimmed (issue 21).
        let before = self.remainingByteCount
        let sample = Self.sizeSampleCount
        sizes.reserveCapacity(sample)
        let read = self.readCompactSizeRun(kind: kind, into: &sizes, maxCount: sample, feeding: stream)
        let length = before - self.remainingByteCount
        guard read == sample, length > 0 else { return read }
        let estimate = Int(Double(self.remainingByteCount) / (Double(length) / Double(read)))
        sizes.reserveCapacity(min(read + estimate + estimate / 64 + 16, read + self.remainingByteCount / 23))
        return read + self.readCompactSizeRun(kind: kind, into: &sizes, maxCount: .max, feeding: stream)
    }

    /// The items read before a list's storage is reserved from their length.
    static let sizeSampleCount = 1024

    /// ``readCompactSizes(kind:into:)`` for at most `maxCount` items, read 512 at a time into buffers on the stack
    /// and appended from them: the elements' loop calls nothing, and the array is checked once per 512.
    private mutating func readCompactSizeRun(
        kind: LayoutKind, into sizes: inout [Size], maxCount: Int, feeding stream: WaterfallSectionStream?
    ) -> Int {
        let ranges =
            switch kind {
            case .waterfall: (Self.aspectLengths, Self.lengths)
            case .justified: (Self.aspectLengths, Self.aspectLengths)
            default: (Self.lengths, Self.lengths)
            }
        // At most one item per 23 bytes left (`{"width":0,"height":0},`): when the array is full, grow it by half
        // up to that bound (a list longer than its first items foretold, or read in several runs).
        let bound = sizes.count + (self.remainingByteCount / 23)
        return withUnsafeTemporaryAllocation(of: Double.self, capacity: 1024) { chunk in
            withUnsafeTemporaryAllocation(of: Size.self, capacity: 512) { pairs in
                var total = 0
                while total < maxCount {
                    let room = UnsafeMutableBufferPointer(rebasing: chunk[..<(2 * min(512, maxCount - total))])
                    let read = self.readCompactPairElements(Self.sizeMembers, in: ranges.0, ranges.1, into: room)
                    if sizes.count + read > sizes.capacity, sizes.count >= 1024 {
                        sizes.reserveCapacity(max(min(bound, sizes.count + sizes.count / 2), sizes.count + read))
                    }
                    // The pairs made sizes in the second buffer, then appended as one copy: appending a lazily
                    // mapped range went element by element through a generic iterator (about 8% of a 29 MB POST).
                    // -0 becomes 0, as in readLength() (the aspect ranges hold no -0, where this changes nothing).
                    for index in 0..<read {
                        pairs[index] = Size(width: chunk[2 &* index] + 0, height: chunk[2 &* index &+ 1] + 0)
                    }
                    sizes.append(contentsOf: UnsafeBufferPointer(rebasing: pairs[..<read]))
                    stream?.add(sizes)
                    total += read
                    guard read == room.count / 2 else { break }
                }
                return total
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
