import JSON
import LayoutEngine

/// The reader of `compositional`'s `visibleItemsEffect`, the declarative `visibleItemsInvalidationHandler`.
extension JSONReader {
    /// Reads `{"scale"?: {center, edge}, "alpha"?: {center, edge}, "rotation"?: {center, edge}, "distance"?}`.
    mutating func readVisibleItemsEffect() throws(JSONError) -> CompositionalLayout.VisibleItemsEffect {
        var effect = CompositionalLayout.VisibleItemsEffect()
        try self.beginObject()
        while let key = try self.nextKey() {
            switch key {
            case "scale": effect.scale = try self.readEffectRange(in: 0...1000)
            case "alpha": effect.alpha = try self.readEffectRange(in: 0...1)
            case "rotation": effect.rotation = try self.readEffectRange(in: -1000...1000)
            case "distance":
                let distance = try self.readLength()
                guard distance > 0 else { throw self.shapeError("must be greater than 0") }
                effect.distance = distance
            default: throw self.unknownField(key)
            }
        }
        return effect
    }

    /// Reads `{"center", "edge"}`, both required, both within `range`.
    private mutating func readEffectRange(
        in range: ClosedRange<Double>
    ) throws(JSONError) -> CompositionalLayout.EffectRange {
        var center: Double?
        var edge: Double?
        try self.beginObject()
        while let key = try self.nextKey() {
            switch key {
            case "center": center = try self.readDouble(in: range)
            case "edge": edge = try self.readDouble(in: range)
            default: throw self.unknownField(key)
            }
        }
        guard let center else { throw self.missingField("center") }
        guard let edge else { throw self.missingField("edge") }
        return CompositionalLayout.EffectRange(center: center, edge: edge)
    }
}
