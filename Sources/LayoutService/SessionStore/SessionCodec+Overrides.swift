import LayoutEngine

/// Sections' overrides in the binary form: a presence byte and a value for each, in declaration order.
extension BinaryWriter {
    /// Appends a section's overrides: a presence byte and a value for each.
    mutating func write(overrides o: SectionOverrides) {
        self.write(optional: o.itemSize) { $0.write(size: $1) }
        self.write(optional: o.sectionInset) { $0.write(insets: $1) }
        self.write(optional: o.minimumLineSpacing) { $0.write($1) }
        self.write(optional: o.minimumInteritemSpacing) { $0.write($1) }
        self.write(optional: o.headerReferenceSize) { $0.write(size: $1) }
        self.write(optional: o.footerReferenceSize) { $0.write(size: $1) }
        self.write(optional: o.horizontalAlignment) { $0.write(choice: $1) }
        self.write(optional: o.verticalAlignment) { $0.write(choice: $1) }
        self.write(optional: o.columnCount) { $0.write($1) }
        self.write(optional: o.minColumnWidth) { $0.write($1) }
        self.write(optional: o.maxColumnCount) { $0.write($1) }
        self.write(optional: o.maxColumnWidth) { $0.write($1) }
        self.write(optional: o.columnSpacing) { $0.write($1) }
        self.write(optional: o.rowSpacing) { $0.write($1) }
        self.write(optional: o.itemRenderDirection) { $0.write(choice: $1) }
        self.write(optional: o.headerHeight) { $0.write($1) }
        self.write(optional: o.footerHeight) { $0.write($1) }
        self.write(optional: o.headerInset) { $0.write(insets: $1) }
        self.write(optional: o.footerInset) { $0.write(insets: $1) }
        self.write(optional: o.compositionalSection) { $0.write(compositionalSection: $1) }
    }
}

extension BinaryReader {
    /// Reads a section's overrides.
    mutating func readOverrides() throws(SessionRecordError) -> SectionOverrides {
        typealias R = BinaryReader
        let double = { (r: inout R) throws(SessionRecordError) in try r.readDouble() }
        let int = { (r: inout R) throws(SessionRecordError) in try r.readInt() }
        let size = { (r: inout R) throws(SessionRecordError) in try r.readSize() }
        let insets = { (r: inout R) throws(SessionRecordError) in try r.readInsets() }
        var o = SectionOverrides()
        o.itemSize = try self.readOptional(size)
        o.sectionInset = try self.readOptional(insets)
        o.minimumLineSpacing = try self.readOptional(double)
        o.minimumInteritemSpacing = try self.readOptional(double)
        o.headerReferenceSize = try self.readOptional(size)
        o.footerReferenceSize = try self.readOptional(size)
        o.horizontalAlignment = try self.readOptional { (r: inout R) throws(SessionRecordError) in
            try r.readChoice(FlowLayout.HorizontalAlignment.self)
        }
        o.verticalAlignment = try self.readOptional { (r: inout R) throws(SessionRecordError) in
            try r.readChoice(FlowLayout.VerticalAlignment.self)
        }
        o.columnCount = try self.readOptional(int)
        o.minColumnWidth = try self.readOptional(double)
        o.maxColumnCount = try self.readOptional(int)
        o.maxColumnWidth = try self.readOptional(double)
        o.columnSpacing = try self.readOptional(double)
        o.rowSpacing = try self.readOptional(double)
        o.itemRenderDirection = try self.readOptional { (r: inout R) throws(SessionRecordError) in
            try r.readChoice(WaterfallLayout.ItemRenderDirection.self)
        }
        o.headerHeight = try self.readOptional(double)
        o.footerHeight = try self.readOptional(double)
        o.headerInset = try self.readOptional(insets)
        o.footerInset = try self.readOptional(insets)
        o.compositionalSection = try self.readOptional { (r: inout R) throws(SessionRecordError) in
            try r.readCompositionalSection()
        }
        return o
    }
}
