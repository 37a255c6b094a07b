import JSON
import LayoutEngine

/// Readers for the `config` of seed 004's card kinds: `cover`, `rotary` and `pagecover`.
///
/// ``KindCatalog`` lists the same parameters for `GET /kinds`; none of them may be given per section.
extension JSONReader {
    mutating func readCoverConfiguration() throws(JSONError) -> CoverLayout.Configuration {
        var configuration = CoverLayout.Configuration()
        try self.beginObject()
        while let key = try self.nextKey() {
            switch key {
            case "itemSize": configuration.itemSize = try self.readSize()
            case "minimumLineSpacing": configuration.minimumLineSpacing = try self.readLength()
            case "sectionInset": configuration.sectionInset = try self.readInsets()
            case "scrollDirection": configuration.scrollDirection = try self.readChoice(FlowLayout.ScrollDirection.self)
            case "shrink": configuration.shrink = try self.readDouble(in: 0...1)
            case "dim": configuration.dim = try self.readDouble(in: 0...1)
            case "flickVelocityThreshold": configuration.flickVelocityThreshold = try self.readLength()
            default: throw self.unknownField(key)
            }
        }
        return configuration
    }

    mutating func readRotaryConfiguration() throws(JSONError) -> RotaryLayout.Configuration {
        var configuration = RotaryLayout.Configuration()
        try self.beginObject()
        while let key = try self.nextKey() {
            switch key {
            case "itemSize": configuration.itemSize = try self.readSize()
            case "minimumLineSpacing": configuration.minimumLineSpacing = try self.readLength()
            case "scaleFalloff": configuration.scaleFalloff = try self.readDouble(in: 0...1)
            case "maxAngle": configuration.maxAngle = try self.readDouble(in: -1000...1000)
            case "perspective": configuration.perspective = try self.readDouble(in: 0.001...Self.maxLength)
            case "alphaFalloff": configuration.alphaFalloff = try self.readDouble(in: 0...1)
            case "flickVelocityThreshold": configuration.flickVelocityThreshold = try self.readLength()
            default: throw self.unknownField(key)
            }
        }
        return configuration
    }

    mutating func readPageCoverConfiguration() throws(JSONError) -> PageCoverLayout.Configuration {
        var configuration = PageCoverLayout.Configuration()
        try self.beginObject()
        while let key = try self.nextKey() {
            switch key {
            case "flickVelocityThreshold": configuration.flickVelocityThreshold = try self.readLength()
            default: throw self.unknownField(key)
            }
        }
        return configuration
    }
}
