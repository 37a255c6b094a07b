/// How a card shrinks and fades on its way, as `cover` (a card being covered) and `rotary` (a card away from the
/// centre) both do: its progress is a distance over its length plus ``spacing``, and at progress `p` it is scaled
/// by `1 − shrink·p` and drawn with alpha `1 − dim·p`.
struct CardFalloff: Hashable, Sendable {
    /// The spacing between cards.
    var spacing: Double
    /// The scale a card loses at progress 1 (`cover`'s `shrink`, `rotary`'s `scaleFalloff`).
    var shrink: Double
    /// The opacity a card loses at progress 1 (`cover`'s `dim`, `rotary`'s `alphaFalloff`).
    var dim: Double

    /// A card's scale at `progress` (0…1).
    func scale(at progress: Double) -> Double { 1 - self.shrink * progress }

    /// A card's alpha at `progress` (0…1).
    func alpha(at progress: Double) -> Double { 1 - self.dim * progress }
}

/// What `cover` computes at query time: the parameters of ``ElementEffects/cover(_:firstItems:)``.
struct CoverEffects: Hashable, Sendable {
    /// The section inset before the cards along the scroll axis (top, or left scrolling horizontally): the top
    /// line is the content offset plus this (``topLine(at:isVertical:)``).
    var leadingInset: Double
    /// How a covered card shrinks and dims: its progress is how far it is past the top line over its length plus
    /// the spacing, at most 1.
    var falloff: CardFalloff
    /// The largest card length along the scroll axis: with the spacing, how far a pinned card may be drawn past
    /// its stored frame.
    var maximumLength: Double

    /// The top line at content offset `offset`: where cards are pinned, along the scroll axis.
    func topLine(at offset: Point, isVertical: Bool) -> Double {
        (isVertical ? offset.y : offset.x) + self.leadingInset
    }
}

/// What `rotary` computes at query time: the parameters of ``ElementEffects/rotary(_:)``.
struct RotaryEffects: Hashable, Sendable {
    /// How a card shrinks and fades away from the centre: its progress is its distance from the centre over its
    /// width plus the spacing, clamped to −1…1, and its absolute value counts.
    var falloff: CardFalloff
    /// The turn, in radians, at progress ±1.
    var maxAngle: Double
    /// The perspective's `m34`: −1 / the perspective distance.
    var m34: Double

    /// A card's 3-D transform at clamped progress `c` (−1…1): scale by `1 − shrink·|c|`, then turn about
    /// the y axis by `−c·maxAngle`, then perspective.
    ///
    /// In CATransform3D's row-vector convention that is `S·R·P`, whose non-zero components are below.
    ///
    /// - Complexity: O(1).
    func transform(progress c: Double) -> Transform3D {
        let scale = self.falloff.scale(at: abs(c))
        let (sin, cos) = Trigonometry.sinCos(-c * self.maxAngle)
        var result = Transform3D.identity
        result.m11 = scale * cos
        result.m13 = -scale * sin
        result.m14 = -self.m34 * scale * sin
        result.m22 = scale
        result.m31 = sin
        result.m33 = cos
        result.m34 = self.m34 * cos
        return result
    }
}
