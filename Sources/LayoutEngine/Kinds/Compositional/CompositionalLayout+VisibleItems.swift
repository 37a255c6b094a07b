extension CompositionalLayout {
    /// A property that goes from one value at the visible centre to another at `distance` from it.
    public struct EffectRange: Hashable, Sendable {
        /// The value of an item whose centre is at the visible centre.
        public var center: Double
        /// The value of an item at `distance` or farther from it.
        public var edge: Double

        /// Creates a range.
        ///
        /// - Parameters:
        ///   - center: The value at the visible centre.
        ///   - edge: The value at the distance and beyond.
        public init(center: Double, edge: Double) {
            self.center = center
            self.edge = edge
        }

        /// The value at `t` (0 at the centre, 1 at the edge): `center + (edge − center)·t`.
        @inline(__always)
        func value(at t: Double) -> Double { self.center + (self.edge - self.center) * t }
    }

    /// The declarative form of `visibleItemsInvalidationHandler`: how a section's cells scale, fade and turn with
    /// their distance from the centre of what is visible (the carousel whose centred card is larger).
    ///
    /// For each cell, `t = min(1, |cell centre − visible centre| / distance)` along the section's scroll axis (an
    /// orthogonal section's own axis, its offset included); each property is ``EffectRange/value(at:)`` of `t`,
    /// given as the cell's transform (scale, then rotation in radians, about its centre) and alpha. The frames,
    /// and so rect queries, are the untransformed ones.
    public struct VisibleItemsEffect: Hashable, Sendable {
        /// The scale. Defaults to none (1).
        public var scale: EffectRange?
        /// The opacity, clamped to 0…1. Defaults to none (1).
        public var alpha: EffectRange?
        /// The rotation in radians, clockwise on screen. Defaults to none (0).
        public var rotation: EffectRange?
        /// The distance at which `t` reaches 1; `nil` is the viewport's length along the section's scroll axis.
        public var distance: Double?

        /// Creates an effect that changes nothing until its properties are set.
        public init() {}

        /// Whether every number is finite and the distance, when given, positive.
        var isValid: Bool {
            for range in [self.scale, self.alpha, self.rotation] {
                if let range, !(range.center.isFinite && range.edge.isFinite) { return false }
            }
            if let distance = self.distance { return distance > 0 && distance.isFinite }
            return true
        }

        /// Applies the effect to a cell's attributes, `t` being its distance from the visible centre over
        /// ``distance``, at most 1.
        @inline(__always)
        func apply(to attributes: inout LayoutAttributes, t: Double) {
            let scale = self.scale?.value(at: t) ?? 1
            if let rotation = self.rotation?.value(at: t), rotation != 0 {
                var transform = AffineTransform.rotation(rotation)
                transform.a *= scale
                transform.b *= scale
                transform.c *= scale
                transform.d *= scale
                attributes.transform = transform
            } else if scale != 1 {
                attributes.transform = .scale(x: scale, y: scale)
            }
            if let alpha = self.alpha { attributes.alpha = Swift.min(1, Swift.max(0, alpha.value(at: t))) }
        }
    }
}

extension CompositionalEffects {
    /// How a query makes the cells of `section`: with its visible-item effect, measured along the section's scroll
    /// axis (an orthogonal section's own) from the centre of the viewport at `offset` (stored space), or plainly.
    func visibleItemsMode(layout: PreparedLayout, section: Int, offset: Point) -> CellContext.Mode {
        guard let effect = self.sections[section].visibleItemsEffect else { return .plain }
        let isOrthogonal = self.sections[section].orthogonal != nil
        let vertical = (layout.axis == .vertical) != isOrthogonal
        let length = vertical ? layout.viewport.height : layout.viewport.width
        let center = (vertical ? offset.y : offset.x) + length * 0.5
        let distance = effect.distance ?? length
        return .visibleItems(effect, vertical: vertical, center: center, distance: distance > 0 ? distance : 1)
    }
}
