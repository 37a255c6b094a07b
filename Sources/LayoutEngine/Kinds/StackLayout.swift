/// `HMStackLayout` (seed 000) and `CustomStackLayout` (seed 002): a pile of cards at the viewport's centre.
///
/// Every item is centred in the viewport. Item i < `angles.count` is rotated by `angles[i]` radians; the others are
/// hidden, so the number of angles is how many cards show. zIndex = the section's item count − item, so the first
/// item is on top. The content size is the viewport's. Every section is piled at the same place, as the seed's
/// `layoutAttributesForItemAtIndexPath:` does for any section.
public enum StackLayout {
    /// Every parameter of a stack layout; defaults are seed 000's.
    public struct Configuration: Hashable, Sendable, UniformItemSizeConfiguration {
        /// The size of items of a `count` section. Defaults to 100 × 100.
        public var itemSize = Size(width: 100, height: 100)
        /// The rotation of each shown card, in radians. Defaults to `[0, −0.2, −0.5, 0.2, 0.5]` (seed 000; seed
        /// 002 uses `[0, 1, 0.05, −1, −0.05]`).
        public var angles: [Double] = [0, -0.2, -0.5, 0.2, 0.5]

        /// Creates the default configuration.
        public init() {}
    }
}

extension StackLayout: CenteredSectionsKind {
    static var kind: LayoutKind { .stack }
    static var defaultConfiguration: Configuration { Configuration() }

    static func placement(_ configuration: Configuration) throws(LayoutError)
        -> (shape: CenteredSections.Builder.Shape, effects: ElementEffects)
    {
        guard configuration.angles.allSatisfy(\.isFinite) else { throw .invalidParameter(name: "angles", section: nil) }
        return (.pile, .stack(transforms: configuration.angles.map { AffineTransform.rotation($0) }))
    }

    static func wrap(_ configuration: Configuration) -> LayoutConfiguration { .stack(configuration) }

    /// The frame of a card of `size` centred at `center`.
    static func frame(of size: Size, centeredAt center: Point) -> Rect {
        Rect(x: center.x - size.width * 0.5, y: center.y - size.height * 0.5, width: size.width, height: size.height)
    }
}
