import JSON
import LayoutEngine

/// Readers for each kind's `config` object and for a section's `config` overrides.
///
/// The member names are UIKit's (and, for the waterfall, CHTCollectionViewWaterfallLayout's); ``KindCatalog``
/// describes the same parameters for `GET /kinds`, and a test checks that the two agree.
extension JSONReader {
    /// Reads the layout-wide `config` of `kind`, starting from the kind's defaults.
    mutating func readConfiguration(kind: LayoutKind) throws(JSONError) -> LayoutConfiguration {
        switch kind {
        case .flow: .flow(try self.readFlowConfiguration())
        case .waterfall: .waterfall(try self.readWaterfallConfiguration())
        case .line: .line(try self.readLineConfiguration())
        case .stack: .stack(try self.readStackConfiguration())
        case .circle: .circle(try self.readCircleConfiguration())
        case .cover: .cover(try self.readCoverConfiguration())
        case .rotary: .rotary(try self.readRotaryConfiguration())
        case .pagecover: .pagecover(try self.readPageCoverConfiguration())
        case .justified: .justified(try self.readJustifiedConfiguration())
        case .compositional: .compositional(try self.readCompositionalConfiguration())
        default: preconditionFailure("LayoutKind(rawValue:) makes only the built-in kinds")
        }
    }

    /// Reads a section's `config`: the parameters that may differ per section, as the flow layout's delegate
    /// methods allow.
    mutating func readSectionOverrides(kind: LayoutKind) throws(JSONError) -> SectionOverrides {
        var overrides = SectionOverrides()
        try self.beginObject()
        while let key = try self.nextKey() {
            switch (kind, key) {
            case (.flow, "itemSize"): overrides.itemSize = try self.readSize()
            case (.flow, "minimumLineSpacing"): overrides.minimumLineSpacing = try self.readLength()
            case (.flow, "minimumInteritemSpacing"): overrides.minimumInteritemSpacing = try self.readLength()
            case (.flow, "headerReferenceSize"): overrides.headerReferenceSize = try self.readSize()
            case (.flow, "footerReferenceSize"): overrides.footerReferenceSize = try self.readSize()
            case (.flow, "horizontalAlignment"):
                overrides.horizontalAlignment = try self.readChoice(FlowLayout.HorizontalAlignment.self)
            case (.flow, "verticalAlignment"):
                overrides.verticalAlignment = try self.readChoice(FlowLayout.VerticalAlignment.self)
            case (.flow, "sectionInset"), (.waterfall, "sectionInset"): overrides.sectionInset = try self.readInsets()
            case (.waterfall, "columnCount"): overrides.columnCount = try self.readInt(in: 1...1000)
            case (.waterfall, "minColumnWidth"):
                overrides.minColumnWidth = try self.readDouble(in: 0.001...Self.maxLength)
            case (.waterfall, "maxColumnCount"): overrides.maxColumnCount = try self.readInt(in: 1...1000)
            case (.waterfall, "maxColumnWidth"):
                overrides.maxColumnWidth = try self.readDouble(in: 0.001...Self.maxLength)
            case (.waterfall, "columnSpacing"): overrides.columnSpacing = try self.readLength()
            case (.waterfall, "rowSpacing"): overrides.rowSpacing = try self.readLength()
            case (.waterfall, "itemRenderDirection"):
                overrides.itemRenderDirection = try self.readChoice(WaterfallLayout.ItemRenderDirection.self)
            case (.waterfall, "headerHeight"): overrides.headerHeight = try self.readLength()
            case (.waterfall, "footerHeight"): overrides.footerHeight = try self.readLength()
            case (.waterfall, "headerInset"): overrides.headerInset = try self.readInsets()
            case (.waterfall, "footerInset"): overrides.footerInset = try self.readInsets()
            case (.compositional, "section"): overrides.compositionalSection = try self.readCompositionalSection()
            default: throw self.unknownField(key)
            }
        }
        return overrides
    }

    private mutating func readFlowConfiguration() throws(JSONError) -> FlowLayout.Configuration {
        var configuration = FlowLayout.Configuration()
        try self.beginObject()
        while let key = try self.nextKey() {
            switch key {
            case "itemSize": configuration.itemSize = try self.readSize()
            case "sectionInset": configuration.sectionInset = try self.readInsets()
            case "minimumLineSpacing": configuration.minimumLineSpacing = try self.readLength()
            case "minimumInteritemSpacing": configuration.minimumInteritemSpacing = try self.readLength()
            case "scrollDirection": configuration.scrollDirection = try self.readChoice(FlowLayout.ScrollDirection.self)
            case "headerReferenceSize": configuration.headerReferenceSize = try self.readSize()
            case "footerReferenceSize": configuration.footerReferenceSize = try self.readSize()
            case "sectionHeadersPinToVisibleBounds": configuration.sectionHeadersPinToVisibleBounds = try self.readBool()
            case "sectionFootersPinToVisibleBounds": configuration.sectionFootersPinToVisibleBounds = try self.readBool()
            case "horizontalAlignment":
                configuration.horizontalAlignment = try self.readChoice(FlowLayout.HorizontalAlignment.self)
            case "verticalAlignment":
                configuration.verticalAlignment = try self.readChoice(FlowLayout.VerticalAlignment.self)
            case "sectionBackground": configuration.sectionBackground = try self.readInsets()
            case "snap": configuration.snap = try self.readChoice(SnapMode.self)
            case "flickVelocityThreshold": configuration.flickVelocityThreshold = try self.readLength()
            case "anchor": configuration.anchor = try self.readChoice(ScrollAnchoring.self)
            case "contentAlignment": configuration.contentAlignment = try self.readChoice(ContentAlignment.self)
            case "estimatedItemSize": configuration.estimatedItemSize = try self.readSize()
            case "sectionInsetReference":
                configuration.sectionInsetReference = try self.readChoice(FlowLayout.SectionInsetReference.self)
            default: throw self.unknownField(key)
            }
        }
        return configuration
    }

    private mutating func readWaterfallConfiguration() throws(JSONError) -> WaterfallLayout.Configuration {
        var configuration = WaterfallLayout.Configuration()
        try self.beginObject()
        while let key = try self.nextKey() {
            switch key {
            case "columnCount": configuration.columnCount = try self.readInt(in: 1...1000)
            case "minColumnWidth": configuration.minColumnWidth = try self.readDouble(in: 0.001...Self.maxLength)
            case "maxColumnCount": configuration.maxColumnCount = try self.readInt(in: 1...1000)
            case "maxColumnWidth": configuration.maxColumnWidth = try self.readDouble(in: 0.001...Self.maxLength)
            case "columnSpacing": configuration.columnSpacing = try self.readLength()
            case "rowSpacing": configuration.rowSpacing = try self.readLength()
            case "sectionInset": configuration.sectionInset = try self.readInsets()
            case "itemRenderDirection":
                configuration.itemRenderDirection = try self.readChoice(WaterfallLayout.ItemRenderDirection.self)
            case "headerHeight": configuration.headerHeight = try self.readLength()
            case "footerHeight": configuration.footerHeight = try self.readLength()
            case "headerInset": configuration.headerInset = try self.readInsets()
            case "footerInset": configuration.footerInset = try self.readInsets()
            case "minimumContentHeight": configuration.minimumContentHeight = try self.readLength()
            case "scrollDirection":
                configuration.scrollDirection = try self.readChoice(FlowLayout.ScrollDirection.self)
            case "sectionBackground": configuration.sectionBackground = try self.readInsets()
            case "snap": configuration.snap = try self.readChoice(SnapMode.self)
            case "flickVelocityThreshold": configuration.flickVelocityThreshold = try self.readLength()
            case "anchor": configuration.anchor = try self.readChoice(ScrollAnchoring.self)
            case "contentAlignment": configuration.contentAlignment = try self.readChoice(ContentAlignment.self)
            default: throw self.unknownField(key)
            }
        }
        return configuration
    }

    private mutating func readLineConfiguration() throws(JSONError) -> LineLayout.Configuration {
        var configuration = LineLayout.Configuration()
        try self.beginObject()
        while let key = try self.nextKey() {
            switch key {
            case "itemSize": configuration.itemSize = try self.readSize()
            case "minimumLineSpacing": configuration.minimumLineSpacing = try self.readLength()
            case "activeDistance": configuration.activeDistance = try self.readDouble(in: 0.001...Self.maxLength)
            case "scaleFactor": configuration.scaleFactor = try self.readDouble(in: 0...100)
            case "flickVelocityThreshold": configuration.flickVelocityThreshold = try self.readLength()
            default: throw self.unknownField(key)
            }
        }
        return configuration
    }

    private mutating func readStackConfiguration() throws(JSONError) -> StackLayout.Configuration {
        var configuration = StackLayout.Configuration()
        try self.beginObject()
        while let key = try self.nextKey() {
            switch key {
            case "itemSize": configuration.itemSize = try self.readSize()
            case "angles":
                var angles: [Double] = []
                try self.beginArray()
                while try self.nextElement() {
                    guard angles.count < 1000 else { throw self.shapeError("at most 1000 angles are accepted") }
                    angles.append(try self.readDouble(in: -1000...1000))
                }
                configuration.angles = angles
            default: throw self.unknownField(key)
            }
        }
        return configuration
    }

    private mutating func readCircleConfiguration() throws(JSONError) -> CircleLayout.Configuration {
        var configuration = CircleLayout.Configuration()
        try self.beginObject()
        while let key = try self.nextKey() {
            switch key {
            case "itemSize": configuration.itemSize = try self.readSize()
            case "radius": configuration.radius = try self.readLength()
            default: throw self.unknownField(key)
            }
        }
        return configuration
    }
}
