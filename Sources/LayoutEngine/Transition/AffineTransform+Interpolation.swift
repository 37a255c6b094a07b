extension AffineTransform {
    /// An affine transform split into parts that interpolate naturally: a scale along each axis, a shear, a
    /// rotation and a translation.
    ///
    /// The linear part is `K·R(rotation)` in Core Graphics' row-vector convention, with `K = [[scaleX, 0],
    /// [shear, scaleY]]` and `R(θ) = [[cos θ, sin θ], [−sin θ, cos θ]]` (``AffineTransform/rotation(_:)``):
    /// `scaleX` is the length of the transformed x axis and `rotation` its angle, `shear` and `scaleY` place the
    /// transformed y axis relative to it (a reflection makes `scaleY` negative). Every transform has one, and
    /// ``transform`` recomposes it to within rounding.
    ///
    /// When the transformed x axis is degenerate (`scaleX` is 0) the angle is taken from the y axis; when the
    /// whole linear part is zero, ``hasRotation`` is `false`: the angle means nothing, and interpolation borrows
    /// the other end's.
    public struct Decomposition: Hashable, Sendable {
        /// The horizontal scale (the transformed x axis's length); may be negative only after
        /// ``AffineTransform/interpolated(to:progress:)`` picks the reflected form.
        public var scaleX: Double
        /// The vertical scale; negative for a reflection.
        public var scaleY: Double
        /// The shear: how far the transformed y axis leans along the transformed x axis.
        public var shear: Double
        /// The rotation, in radians (−π…π when decomposed).
        public var rotation: Double
        /// The horizontal translation (`tx`).
        public var translationX: Double
        /// The vertical translation (`ty`).
        public var translationY: Double
        /// Whether ``rotation`` is meaningful: `false` only when the linear part is zero.
        public var hasRotation: Bool

        /// Decomposes a transform.
        ///
        /// - Parameter transform: Any transform (non-finite components give non-finite parts).
        /// - Complexity: O(1).
        public init(_ transform: AffineTransform) {
            let t = transform
            self.translationX = t.tx
            self.translationY = t.ty
            self.hasRotation = true
            let lengthX = (t.a * t.a + t.b * t.b).squareRoot()
            if lengthX > 0 {
                let cos = t.a / lengthX
                let sin = t.b / lengthX
                self.scaleX = lengthX
                self.rotation = Trigonometry.atan2(t.b, t.a)
                self.shear = t.c * cos + t.d * sin
                self.scaleY = -t.c * sin + t.d * cos
                return
            }
            self.scaleX = 0
            self.shear = 0
            let lengthY = (t.c * t.c + t.d * t.d).squareRoot()
            self.scaleY = lengthY
            if lengthY > 0 {
                self.rotation = Trigonometry.atan2(-t.c, t.d)
            } else {
                self.rotation = 0
                self.hasRotation = false
            }
        }

        /// The transform these parts make.
        ///
        /// - Complexity: O(1).
        public var transform: AffineTransform {
            let (sin, cos) = Trigonometry.sinCos(self.rotation)
            return AffineTransform(
                a: self.scaleX * cos,
                b: self.scaleX * sin,
                c: self.shear * cos - self.scaleY * sin,
                d: self.shear * sin + self.scaleY * cos,
                tx: self.translationX,
                ty: self.translationY
            )
        }

        /// The same transform written the other way: both scales and the shear negated, turned by π more.
        var reflected: Decomposition {
            var result = self
            result.scaleX = -self.scaleX
            result.scaleY = -self.scaleY
            result.shear = -self.shear
            result.rotation = self.rotation + Double.pi
            return result
        }
    }

    /// The transform a fraction `progress` of the way from this one to `other`, as
    /// `UICollectionViewTransitionLayout` animates: both are decomposed (``Decomposition``), the parts
    /// interpolate linearly, and the result is recomposed, so a rotated card turns smoothly upright instead of
    /// shrinking through a skewed matrix.
    ///
    /// The rotation takes the shorter way round (never more than π). Of the two ways of writing a reflection,
    /// the one whose scales change sign the least is used (a flip collapses along one axis instead of spinning),
    /// and a degenerate end (a zero linear part) borrows the other end's angle, so a card grows from nothing
    /// without spinning. Equal transforms give that transform exactly, whatever the progress.
    ///
    /// - Parameters:
    ///   - other: The transform at progress 1.
    ///   - progress: The fraction, normally 0…1 (not clamped).
    /// - Returns: The interpolated transform.
    /// - Complexity: O(1).
    public func interpolated(to other: AffineTransform, progress: Double) -> AffineTransform {
        if self == other { return self }
        var from = Decomposition(self)
        var to = Decomposition(other)
        if !from.hasRotation { from.rotation = to.rotation }
        if !to.hasRotation { to.rotation = from.rotation }
        var best = (from, to)
        var bestCost = Self.cost(from, to)
        if from.hasRotation, to.hasRotation {
            for candidate in [(from, to.reflected), (from.reflected, to)] {
                let cost = Self.cost(candidate.0, candidate.1)
                if cost < bestCost {
                    best = candidate
                    bestCost = cost
                }
            }
        }
        (from, to) = best
        let turn = Self.shortestTurn(from: from.rotation, to: to.rotation)
        let t = progress
        var result = from
        result.scaleX = (1 - t) * from.scaleX + t * to.scaleX
        result.scaleY = (1 - t) * from.scaleY + t * to.scaleY
        result.shear = (1 - t) * from.shear + t * to.shear
        result.rotation = from.rotation + t * turn
        result.translationX = (1 - t) * from.translationX + t * to.translationX
        result.translationY = (1 - t) * from.translationY + t * to.translationY
        return result.transform
    }

    /// The signed angle from `from` to `to` the short way round, in −π…π.
    static func shortestTurn(from: Double, to: Double) -> Double {
        let turn = to - from
        let fullTurn = 2 * Double.pi
        return turn - fullTurn * (turn / fullTurn).rounded()
    }

    /// How unnatural interpolating between two decompositions looks: first the scales that change sign, then
    /// the angle turned.
    private static func cost(_ from: Decomposition, _ to: Decomposition) -> (Int, Double) {
        func flips(_ a: Double, _ b: Double) -> Int { (a < 0 && b > 0) || (a > 0 && b < 0) ? 1 : 0 }
        let signChanges = flips(from.scaleX, to.scaleX) + flips(from.scaleY, to.scaleY)
        return (signChanges, abs(Self.shortestTurn(from: from.rotation, to: to.rotation)))
    }
}
