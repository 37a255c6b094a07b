import JSON
import LayoutEngine

/// The `justified` kind's `config`, with flickr/justified-layout's member names and value shapes.
extension JSONReader {
    /// Reads a `justified` layout's `config`, starting from the defaults.
    ///
    /// `containerPadding` is a number or `{"top","right","bottom","left"}`; `boxSpacing` a number or
    /// `{"horizontal","vertical"}`; `forceAspectRatio` and `fullWidthBreakoutRowCadence` are `false` or a value,
    /// as in the library.
    mutating func readJustifiedConfiguration() throws(JSONError) -> JustifiedLayout.Configuration {
        var configuration = JustifiedLayout.Configuration()
        try self.beginObject()
        while let key = try self.nextKey() {
            switch key {
            case "containerPadding":
                if try self.kind() == .number {
                    configuration.containerPadding = EdgeInsets(all: try self.readLength())
                } else {
                    configuration.containerPadding = try self.readInsets()
                }
            case "boxSpacing":
                if try self.kind() == .number {
                    let spacing = try self.readLength()
                    configuration.horizontalSpacing = spacing
                    configuration.verticalSpacing = spacing
                } else {
                    (configuration.horizontalSpacing, configuration.verticalSpacing) = try self.readBoxSpacing()
                }
            case "targetRowHeight": configuration.targetRowHeight = try self.readDouble(in: 0.001...Self.maxLength)
            case "targetRowHeightTolerance": configuration.targetRowHeightTolerance = try self.readDouble(in: 0...100)
            case "maxNumRows": configuration.maxNumRows = try self.readInt(in: 1...1_000_000_000)
            case "forceAspectRatio":
                configuration.forceAspectRatio = try self.readFalse() ? nil : try self.readDouble(in: 0.001...100_000)
            case "showWidows": configuration.showWidows = try self.readBool()
            case "fullWidthBreakoutRowCadence":
                configuration.fullWidthBreakoutRowCadence =
                    try self.readFalse() ? nil : try self.readInt(in: 1...1_000_000_000)
            case "widowLayoutStyle":
                configuration.widowLayoutStyle = try self.readChoice(JustifiedLayout.WidowLayoutStyle.self)
            case "snap": configuration.snap = try self.readChoice(SnapMode.self)
            case "flickVelocityThreshold": configuration.flickVelocityThreshold = try self.readLength()
            default: throw self.unknownField(key)
            }
        }
        return configuration
    }

    /// Reads `{"horizontal", "vertical"}`, both lengths.
    private mutating func readBoxSpacing() throws(JSONError) -> (horizontal: Double, vertical: Double) {
        var horizontal: Double?
        var vertical: Double?
        try self.beginObject()
        while let key = try self.nextKey() {
            switch key {
            case "horizontal": horizontal = try self.readLength()
            case "vertical": vertical = try self.readLength()
            default: throw self.unknownField(key)
            }
        }
        guard let horizontal else { throw self.missingField("horizontal") }
        guard let vertical else { throw self.missingField("vertical") }
        return (horizontal, vertical)
    }

    /// Reads a `false` that stands for "off" and answers `true`; answers `false` without reading when the next
    /// value is no boolean (the caller reads the value). `true` is refused.
    private mutating func readFalse() throws(JSONError) -> Bool {
        guard try self.kind() == .bool else { return false }
        guard try !self.readBool() else { throw self.shapeError("must be false or a value, not true") }
        return true
    }
}
