import LayoutEngine

/// The geometry and the layout input in the binary form: the bulk of a stored session is its item sizes, so they
/// are written as 4-byte floats whenever every size survives the narrowing exactly, else as 8-byte doubles.
extension BinaryWriter {
    /// Appends two numbers: a size's width and height, a point's x and y, an index path's section and item.
    mutating func write(_ first: Double, _ second: Double) {
        self.write(first)
        self.write(second)
    }

    /// Appends a size.
    mutating func write(size: Size) { self.write(size.width, size.height) }

    /// Appends a point.
    mutating func write(point: Point) { self.write(point.x, point.y) }

    /// Appends a rectangle.
    mutating func write(rect: Rect) { self.write(rect.origin.x, rect.origin.y, rect.size.width, rect.size.height) }

    /// Appends edge insets.
    mutating func write(insets: EdgeInsets) { self.write(insets.top, insets.left, insets.bottom, insets.right) }

    /// Appends four numbers.
    mutating func write(_ a: Double, _ b: Double, _ c: Double, _ d: Double) {
        self.write(a, b)
        self.write(c, d)
    }

    /// Appends an index path.
    mutating func write(indexPath: IndexPath) {
        self.write(indexPath.section)
        self.write(indexPath.item)
    }

    /// Appends a layout input: viewport, offset, direction, device insets and sections.
    mutating func write(input: LayoutInput) {
        self.write(size: input.viewport)
        self.write(point: input.contentOffset)
        self.write(choice: input.layoutDirection)
        self.write(insets: input.safeAreaInsets)
        self.write(insets: input.layoutMargins)
        self.write(optional: input.readableContentWidth) { $0.write($1) }
        self.write(list: input.sections) { $0.write(section: $1) }
    }

    /// Appends a section: its items, header, footer, measured side items, measured anchored sizes and overrides.
    mutating func write(section: SectionInput) {
        self.write(items: section.items)
        self.write(optional: section.header) { $0.write(size: $1) }
        self.write(optional: section.footer) { $0.write(size: $1) }
        self.write(optional: section.sideStart) { $0.write(size: $1) }
        self.write(optional: section.sideEnd) { $0.write(size: $1) }
        self.write(list: section.anchoredSizes) { writer, measured in
            writer.write(measured.item)
            writer.write(measured.kind.description)
            writer.write(size: measured.size)
        }
        self.write(overrides: section.overrides)
    }

    /// Appends a section's items: a count, or sizes as floats when exact, else as doubles.
    mutating func write(items: SectionInput.Items) {
        switch items {
        case .count(let count):
            self.write(byte: ItemsTag.count.rawValue)
            self.write(count)
        case .sizes(let sizes):
            let narrows = sizes.allSatisfy { $0.width.isExactAsFloat && $0.height.isExactAsFloat }
            self.write(byte: narrows ? ItemsTag.floatSizes.rawValue : ItemsTag.doubleSizes.rawValue)
            self.write(unsigned: UInt64(sizes.count))
            for size in sizes {
                if narrows {
                    self.write(fixed: Float(size.width).bitPattern)
                    self.write(fixed: Float(size.height).bitPattern)
                } else {
                    self.write(size: size)
                }
            }
        }
    }
}

/// How a section's items are stored.
enum ItemsTag: UInt8 {
    /// A count of default-sized items.
    case count = 0
    /// Sizes as pairs of 8-byte doubles.
    case doubleSizes = 1
    /// Sizes as pairs of 4-byte floats, each exactly the double it stands for.
    case floatSizes = 2
}

extension Double {
    /// Whether narrowing to `Float` and back gives the same bits.
    var isExactAsFloat: Bool { Double(Float(self)).bitPattern == self.bitPattern }
}

extension BinaryReader {
    /// Reads a size.
    mutating func readSize() throws(SessionRecordError) -> Size {
        Size(width: try self.readDouble(), height: try self.readDouble())
    }

    /// Reads a point.
    mutating func readPoint() throws(SessionRecordError) -> Point {
        Point(x: try self.readDouble(), y: try self.readDouble())
    }

    /// Reads a rectangle.
    mutating func readRect() throws(SessionRecordError) -> Rect {
        Rect(origin: try self.readPoint(), size: try self.readSize())
    }

    /// Reads edge insets.
    mutating func readInsets() throws(SessionRecordError) -> EdgeInsets {
        EdgeInsets(
            top: try self.readDouble(),
            left: try self.readDouble(),
            bottom: try self.readDouble(),
            right: try self.readDouble()
        )
    }

    /// Reads an index path.
    mutating func readIndexPath() throws(SessionRecordError) -> IndexPath {
        IndexPath(section: try self.readInt(), item: try self.readInt())
    }

    /// Reads a layout input.
    mutating func readInput() throws(SessionRecordError) -> LayoutInput {
        var input = LayoutInput(
            viewport: try self.readSize(),
            contentOffset: try self.readPoint(),
            layoutDirection: try self.readChoice(LayoutDirection.self),
            sections: []
        )
        input.safeAreaInsets = try self.readInsets()
        input.layoutMargins = try self.readInsets()
        input.readableContentWidth = try self.readOptional { (reader) throws(SessionRecordError) in
            try reader.readDouble()
        }
        input.sections = try self.readList { (reader) throws(SessionRecordError) in try reader.readSection() }
        return input
    }

    /// Reads a section.
    mutating func readSection() throws(SessionRecordError) -> SectionInput {
        let items = try self.readItems()
        let header = try self.readOptional { (reader) throws(SessionRecordError) in try reader.readSize() }
        let footer = try self.readOptional { (reader) throws(SessionRecordError) in try reader.readSize() }
        var section = SectionInput(items: items, header: header, footer: footer)
        section.sideStart = try self.readOptional { (reader) throws(SessionRecordError) in try reader.readSize() }
        section.sideEnd = try self.readOptional { (reader) throws(SessionRecordError) in try reader.readSize() }
        section.anchoredSizes = try self.readList { (reader) throws(SessionRecordError) in
            SectionInput.AnchoredSize(
                item: try reader.readInt(),
                kind: try reader.readElementName(),
                size: try reader.readSize()
            )
        }
        section.overrides = try self.readOverrides()
        return section
    }

    /// Reads a section's items.
    mutating func readItems() throws(SessionRecordError) -> SectionInput.Items {
        let start = self.offset
        switch ItemsTag(rawValue: try self.readByte()) {
        case .count: return .count(try self.readInt())
        case .doubleSizes:
            let count = try self.readCount(minimumElementBytes: 16)
            var sizes: [Size] = []
            sizes.reserveCapacity(count)
            for _ in 0..<count { sizes.append(try self.readSize()) }
            return .sizes(sizes)
        case .floatSizes:
            let count = try self.readCount(minimumElementBytes: 8)
            var sizes: [Size] = []
            sizes.reserveCapacity(count)
            for _ in 0..<count {
                let width = Float(bitPattern: try self.readFixed32())
                let height = Float(bitPattern: try self.readFixed32())
                sizes.append(Size(width: Double(width), height: Double(height)))
            }
            return .sizes(sizes)
        case nil: throw .invalidValue(offset: start, what: "items")
        }
    }
}
