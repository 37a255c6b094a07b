import LayoutEngine

/// Kinds' configurations and sections' overrides in the binary form: every parameter in declaration order, the
/// kind by its name. `compositional`'s section tree is in `SessionCodec+Compositional.swift`.
extension BinaryWriter {
    /// Appends a configuration: the kind's name, then its parameters.
    ///
    /// - Throws: ``SessionRecordError/unsupportedKind(_:)`` for a kind outside the engine's registry.
    mutating func write(configuration: LayoutConfiguration) throws(SessionRecordError) {
        self.write(configuration.kind.rawValue)
        switch configuration {
        case .flow(let c):
            self.write(size: c.itemSize)
            self.write(optional: c.estimatedItemSize) { $0.write(size: $1) }
            self.write(choice: c.sectionInsetReference)
            self.write(c.minimumLineSpacing)
            self.write(c.minimumInteritemSpacing)
            self.write(insets: c.sectionInset)
            self.write(choice: c.scrollDirection)
            self.write(size: c.headerReferenceSize)
            self.write(size: c.footerReferenceSize)
            self.write(c.sectionHeadersPinToVisibleBounds)
            self.write(c.sectionFootersPinToVisibleBounds)
            self.write(choice: c.horizontalAlignment)
            self.write(choice: c.verticalAlignment)
            self.write(optional: c.sectionBackground) { $0.write(insets: $1) }
            self.writeScrolling(c.snap, c.flickVelocityThreshold, c.anchor, c.contentAlignment)
        case .waterfall(let c):
            self.write(c.columnCount)
            self.write(optional: c.minColumnWidth) { $0.write($1) }
            self.write(optional: c.maxColumnCount) { $0.write($1) }
            self.write(optional: c.maxColumnWidth) { $0.write($1) }
            self.write(c.columnSpacing)
            self.write(c.rowSpacing)
            self.write(insets: c.sectionInset)
            self.write(choice: c.itemRenderDirection)
            self.write(c.headerHeight)
            self.write(c.footerHeight)
            self.write(insets: c.headerInset)
            self.write(insets: c.footerInset)
            self.write(c.minimumContentHeight)
            self.write(optional: c.sectionBackground) { $0.write(insets: $1) }
            self.writeScrolling(c.snap, c.flickVelocityThreshold, c.anchor, c.contentAlignment)
            self.write(choice: c.scrollDirection)
        case .line(let c):
            self.write(size: c.itemSize)
            for value in [c.minimumLineSpacing, c.activeDistance, c.scaleFactor, c.flickVelocityThreshold] {
                self.write(value)
            }
        case .stack(let c):
            self.write(size: c.itemSize)
            self.write(list: c.angles) { $0.write($1) }
        case .circle(let c):
            self.write(size: c.itemSize)
            self.write(c.radius)
        case .cover(let c):
            self.write(optional: c.itemSize) { $0.write(size: $1) }
            self.write(c.minimumLineSpacing)
            self.write(insets: c.sectionInset)
            self.write(choice: c.scrollDirection)
            for value in [c.shrink, c.dim, c.flickVelocityThreshold] { self.write(value) }
        case .rotary(let c):
            self.write(size: c.itemSize)
            for value in [c.minimumLineSpacing, c.scaleFalloff, c.maxAngle, c.perspective, c.alphaFalloff] {
                self.write(value)
            }
            self.write(c.flickVelocityThreshold)
        case .pagecover(let c):
            self.write(c.flickVelocityThreshold)
        case .justified(let c):
            self.write(insets: c.containerPadding)
            for value in [c.horizontalSpacing, c.verticalSpacing, c.targetRowHeight, c.targetRowHeightTolerance] {
                self.write(value)
            }
            self.write(optional: c.maxNumRows) { $0.write($1) }
            self.write(optional: c.forceAspectRatio) { $0.write($1) }
            self.write(c.showWidows)
            self.write(optional: c.fullWidthBreakoutRowCadence) { $0.write($1) }
            self.write(choice: c.widowLayoutStyle)
            self.write(choice: c.snap)
            self.write(c.flickVelocityThreshold)
        case .compositional(let c):
            self.write(compositionalSection: c.section)
            self.write(c.interSectionSpacing)
            self.write(list: c.boundarySupplementaryItems) { $0.write(boundaryItem: $1) }
            self.write(choice: c.scrollDirection)
            self.write(c.flickVelocityThreshold)
            self.write(choice: c.anchor)
            self.write(choice: c.contentAlignment)
        case .custom:
            throw .unsupportedKind(configuration.kind.rawValue)
        }
    }

    /// Appends the scrolling parameters `flow` and `waterfall` share.
    private mutating func writeScrolling(
        _ snap: SnapMode,
        _ threshold: Double,
        _ anchor: ScrollAnchoring,
        _ alignment: ContentAlignment
    ) {
        self.write(choice: snap)
        self.write(threshold)
        self.write(choice: anchor)
        self.write(choice: alignment)
    }
}

extension BinaryReader {
    /// Reads a configuration written by ``BinaryWriter/write(configuration:)``.
    mutating func readConfiguration() throws(SessionRecordError) -> LayoutConfiguration {
        let start = self.offset
        let name = try self.readString()
        guard let kind = LayoutKind(rawValue: name) else { throw .invalidValue(offset: start, what: "kind") }
        switch kind {
        case .flow:
            var c = FlowLayout.Configuration()
            c.itemSize = try self.readSize()
            c.estimatedItemSize = try self.readOptional { (r) throws(SessionRecordError) in try r.readSize() }
            c.sectionInsetReference = try self.readChoice(FlowLayout.SectionInsetReference.self)
            c.minimumLineSpacing = try self.readDouble()
            c.minimumInteritemSpacing = try self.readDouble()
            c.sectionInset = try self.readInsets()
            c.scrollDirection = try self.readChoice(FlowLayout.ScrollDirection.self)
            c.headerReferenceSize = try self.readSize()
            c.footerReferenceSize = try self.readSize()
            c.sectionHeadersPinToVisibleBounds = try self.readBool()
            c.sectionFootersPinToVisibleBounds = try self.readBool()
            c.horizontalAlignment = try self.readChoice(FlowLayout.HorizontalAlignment.self)
            c.verticalAlignment = try self.readChoice(FlowLayout.VerticalAlignment.self)
            c.sectionBackground = try self.readOptional { (r) throws(SessionRecordError) in try r.readInsets() }
            (c.snap, c.flickVelocityThreshold, c.anchor, c.contentAlignment) = try self.readScrolling()
            return .flow(c)
        case .waterfall:
            var c = WaterfallLayout.Configuration()
            c.columnCount = try self.readInt()
            c.minColumnWidth = try self.readOptional { (r) throws(SessionRecordError) in try r.readDouble() }
            c.maxColumnCount = try self.readOptional { (r) throws(SessionRecordError) in try r.readInt() }
            c.maxColumnWidth = try self.readOptional { (r) throws(SessionRecordError) in try r.readDouble() }
            c.columnSpacing = try self.readDouble()
            c.rowSpacing = try self.readDouble()
            c.sectionInset = try self.readInsets()
            c.itemRenderDirection = try self.readChoice(WaterfallLayout.ItemRenderDirection.self)
            c.headerHeight = try self.readDouble()
            c.footerHeight = try self.readDouble()
            c.headerInset = try self.readInsets()
            c.footerInset = try self.readInsets()
            c.minimumContentHeight = try self.readDouble()
            c.sectionBackground = try self.readOptional { (r) throws(SessionRecordError) in try r.readInsets() }
            (c.snap, c.flickVelocityThreshold, c.anchor, c.contentAlignment) = try self.readScrolling()
            c.scrollDirection = try self.readChoice(FlowLayout.ScrollDirection.self)
            return .waterfall(c)
        case .line:
            var c = LineLayout.Configuration()
            c.itemSize = try self.readSize()
            c.minimumLineSpacing = try self.readDouble()
            c.activeDistance = try self.readDouble()
            c.scaleFactor = try self.readDouble()
            c.flickVelocityThreshold = try self.readDouble()
            return .line(c)
        case .stack:
            var c = StackLayout.Configuration()
            c.itemSize = try self.readSize()
            c.angles = try self.readList { (r) throws(SessionRecordError) in try r.readDouble() }
            return .stack(c)
        case .circle:
            var c = CircleLayout.Configuration()
            c.itemSize = try self.readSize()
            c.radius = try self.readDouble()
            return .circle(c)
        case .cover:
            var c = CoverLayout.Configuration()
            c.itemSize = try self.readOptional { (r) throws(SessionRecordError) in try r.readSize() }
            c.minimumLineSpacing = try self.readDouble()
            c.sectionInset = try self.readInsets()
            c.scrollDirection = try self.readChoice(FlowLayout.ScrollDirection.self)
            c.shrink = try self.readDouble()
            c.dim = try self.readDouble()
            c.flickVelocityThreshold = try self.readDouble()
            return .cover(c)
        case .rotary:
            var c = RotaryLayout.Configuration()
            c.itemSize = try self.readSize()
            c.minimumLineSpacing = try self.readDouble()
            c.scaleFalloff = try self.readDouble()
            c.maxAngle = try self.readDouble()
            c.perspective = try self.readDouble()
            c.alphaFalloff = try self.readDouble()
            c.flickVelocityThreshold = try self.readDouble()
            return .rotary(c)
        case .pagecover:
            var c = PageCoverLayout.Configuration()
            c.flickVelocityThreshold = try self.readDouble()
            return .pagecover(c)
        case .justified:
            var c = JustifiedLayout.Configuration()
            c.containerPadding = try self.readInsets()
            c.horizontalSpacing = try self.readDouble()
            c.verticalSpacing = try self.readDouble()
            c.targetRowHeight = try self.readDouble()
            c.targetRowHeightTolerance = try self.readDouble()
            c.maxNumRows = try self.readOptional { (r) throws(SessionRecordError) in try r.readInt() }
            c.forceAspectRatio = try self.readOptional { (r) throws(SessionRecordError) in try r.readDouble() }
            c.showWidows = try self.readBool()
            c.fullWidthBreakoutRowCadence = try self.readOptional { (r) throws(SessionRecordError) in try r.readInt() }
            c.widowLayoutStyle = try self.readChoice(JustifiedLayout.WidowLayoutStyle.self)
            c.snap = try self.readChoice(SnapMode.self)
            c.flickVelocityThreshold = try self.readDouble()
            return .justified(c)
        case .compositional:
            var c = CompositionalLayout.Configuration()
            c.section = try self.readCompositionalSection()
            c.interSectionSpacing = try self.readDouble()
            c.boundarySupplementaryItems = try self.readList { (r) throws(SessionRecordError) in
                try r.readBoundaryItem()
            }
            c.scrollDirection = try self.readChoice(FlowLayout.ScrollDirection.self)
            c.flickVelocityThreshold = try self.readDouble()
            c.anchor = try self.readChoice(ScrollAnchoring.self)
            c.contentAlignment = try self.readChoice(ContentAlignment.self)
            return .compositional(c)
        default:
            throw .invalidValue(offset: start, what: "kind")
        }
    }

    /// Reads the scrolling parameters `flow` and `waterfall` share.
    private mutating func readScrolling() throws(SessionRecordError)
        -> (SnapMode, Double, ScrollAnchoring, ContentAlignment)
    {
        (
            try self.readChoice(SnapMode.self), try self.readDouble(), try self.readChoice(ScrollAnchoring.self),
            try self.readChoice(ContentAlignment.self)
        )
    }
}
