/// Seed 004's 卡片轮转效果 (card rotation): a horizontal strip of cards that turn in 3-D away from the centre.
///
/// Cards sit as in ``LineLayout`` (one row, ``Configuration/minimumLineSpacing`` apart, centred vertically, the
/// first and last card of each section centrable). At query time a card's progress is
/// `p = (card centre x − viewport centre x) / (card width + spacing)` and `c = clamp(p, −1, 1)`; its
/// `transform3D` scales by `1 − scaleFalloff·|c|`, then turns about the y axis by `−c·maxAngle`, then applies the
/// perspective `m34 = −1 / perspective` (CATransform3D's row-vector order, which is also CSS `matrix3d()`'s
/// argument order). Its alpha is `1 − alphaFalloff·|c|`, and zIndex is `−round(1000·|p|)` so that the nearest
/// card is on top. Snapping brings the nearest card centre to the viewport's centre, as `line` does. Section
/// overrides are not read.
public enum RotaryLayout {
    /// Every parameter of a rotary layout.
    public struct Configuration: Hashable, Sendable {
        /// The size of cards of a `count` section. Defaults to 200 × 280.
        public var itemSize = Size(width: 200, height: 280)
        /// The spacing between cards. Defaults to 20.
        public var minimumLineSpacing: Double = 20
        /// The scale a card loses at progress ±1, 0…1. Defaults to 0.2.
        public var scaleFalloff: Double = 0.2
        /// The turn about the y axis at progress ±1, in radians. Defaults to π/4.
        public var maxAngle: Double = Double.pi / 4
        /// The perspective distance, positive: `m34 = −1 / perspective`. Defaults to 500.
        public var perspective: Double = 500
        /// The opacity a card loses at progress ±1, 0…1. Defaults to 0.3.
        public var alphaFalloff: Double = 0.3
        /// The speed, in points per second, at or above which a release is a flick that moves on to the next
        /// card in its direction instead of snapping back. Defaults to 300.
        public var flickVelocityThreshold: Double = 300

        /// Creates the default configuration.
        public init() {}
    }
}

extension RotaryLayout: StripKind {
    static var kind: LayoutKind { .rotary }
    static var defaultConfiguration: Configuration { Configuration() }
    /// The line layout's strip, without per-section overrides, turned at query time.
    static var readsOverrides: Bool { false }

    static func effects(_ configuration: Configuration) throws(LayoutError) -> ElementEffects {
        try validateFraction(configuration.scaleFalloff, name: "scaleFalloff")
        try validateFraction(configuration.alphaFalloff, name: "alphaFalloff")
        guard configuration.maxAngle.isFinite else { throw .invalidParameter(name: "maxAngle", section: nil) }
        guard configuration.perspective > 0, configuration.perspective < .infinity else {
            throw .invalidParameter(name: "perspective", section: nil)
        }
        let effects = RotaryEffects(
            falloff: CardFalloff(
                spacing: configuration.minimumLineSpacing,
                shrink: configuration.scaleFalloff,
                dim: configuration.alphaFalloff
            ),
            maxAngle: configuration.maxAngle,
            m34: -1 / configuration.perspective
        )
        return .rotary(effects)
    }

    static func defaultItemSize(of section: SectionInput, configuration: Configuration, viewport: Size) -> Size {
        configuration.itemSize
    }

    static func wrap(_ configuration: Configuration) -> LayoutConfiguration { .rotary(configuration) }
}

extension RotaryLayout.Configuration: StripConfiguration {}

/// Checks that a falloff is a fraction, 0…1.
///
/// - Throws: ``LayoutError/invalidParameter(name:section:)``.
func validateFraction(_ value: Double, name: String) throws(LayoutError) {
    guard value >= 0, value <= 1 else { throw .invalidParameter(name: name, section: nil) }
}
