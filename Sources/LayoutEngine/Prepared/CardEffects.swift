/// What `cover` computes at query time: the parameters of ``ElementEffects/cover(_:)``.
struct CoverEffects: Hashable, Sendable {
    /// The section inset before the cards along the scroll axis (top, or left scrolling horizontally): the top
    /// line is the content offset plus this.
    var leadingInset: Double
    /// The spacing between cards.
    var spacing: Double
    /// How much a fully covered card shrinks.
    var shrink: Double
    /// How much a fully covered card dims.
    var dim: Double
    /// The largest card length along the scroll axis: with ``spacing``, how far a pinned card may be drawn past
    /// its stored frame.
    var maximumLength: Double
}

/// What `rotary` computes at query time: the parameters of ``ElementEffects/rotary(_:)``.
struct RotaryEffects: Hashable, Sendable {
    /// The spacing between cards: a card's progress is its distance from the centre over its width plus this.
    var spacing: Double
    /// The scale lost at progress ±1.
    var scaleFalloff: Double
    /// The turn, in radians, at progress ±1.
    var maxAngle: Double
    /// The perspective's `m34`: −1 / the perspective distance.
    var m34: Double
    /// The opacity lost at progress ±1.
    var alphaFalloff: Double

    /// A card's 3-D transform at clamped progress `c` (−1…1): scale by `1 − scaleFalloff·|c|`, then turn about
    /// the y axis by `−c·maxAngle`, then perspective.
    ///
    /// In CATransform3D's row-vector convention that is `S·R·P`, whose non-zero components are below.
    ///
    /// - Complexity: O(1).
    func transform(progress c: Double) -> Transform3D {
        let scale = 1 - self.scaleFalloff * abs(c)
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
