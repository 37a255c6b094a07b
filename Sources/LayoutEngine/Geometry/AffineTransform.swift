/// A 2D affine transform, CGAffineTransform's `a b c d tx ty`, applied about an element's centre.
///
/// A point `(x, y)` maps to `(a·x + c·y + tx, b·x + d·y + ty)`, as in Core Graphics.
public struct AffineTransform: Hashable, Sendable {
    /// Row 1, column 1.
    public var a: Double
    /// Row 1, column 2.
    public var b: Double
    /// Row 2, column 1.
    public var c: Double
    /// Row 2, column 2.
    public var d: Double
    /// The horizontal translation.
    public var tx: Double
    /// The vertical translation.
    public var ty: Double

    /// Creates a transform from its six components.
    ///
    /// - Parameters:
    ///   - a: Row 1, column 1.
    ///   - b: Row 1, column 2.
    ///   - c: Row 2, column 1.
    ///   - d: Row 2, column 2.
    ///   - tx: The horizontal translation.
    ///   - ty: The vertical translation.
    public init(a: Double, b: Double, c: Double, d: Double, tx: Double, ty: Double) {
        self.a = a
        self.b = b
        self.c = c
        self.d = d
        self.tx = tx
        self.ty = ty
    }

    /// The transform that changes nothing.
    public static let identity = AffineTransform(a: 1, b: 0, c: 0, d: 1, tx: 0, ty: 0)

    /// Whether this is the identity, the transform answers leave out.
    public var isIdentity: Bool { self == .identity }

    /// A uniform or non-uniform scale (`CGAffineTransformMakeScale`).
    ///
    /// - Parameters:
    ///   - sx: The horizontal factor.
    ///   - sy: The vertical factor.
    /// - Returns: The scaling transform.
    public static func scale(x sx: Double, y sy: Double) -> AffineTransform {
        AffineTransform(a: sx, b: 0, c: 0, d: sy, tx: 0, ty: 0)
    }

    /// A rotation by `angle` radians (`CGAffineTransformMakeRotation`): `a = cos, b = sin, c = −sin, d = cos`.
    ///
    /// - Parameter angle: The angle in radians; positive turns clockwise on screen (y points down).
    /// - Returns: The rotating transform.
    /// - Complexity: O(1).
    public static func rotation(_ angle: Double) -> AffineTransform {
        let (sin, cos) = Trigonometry.sinCos(angle)
        return AffineTransform(a: cos, b: sin, c: -sin, d: cos, tx: 0, ty: 0)
    }

    /// The same transform seen in a horizontally mirrored coordinate system (`F·T·F` with `F` = diag(−1, 1)).
    ///
    /// A rotation by θ becomes a rotation by −θ and a horizontal translation changes sign; scales are unchanged.
    var mirroredHorizontally: AffineTransform {
        AffineTransform(a: self.a, b: -self.b, c: -self.c, d: self.d, tx: -self.tx, ty: self.ty)
    }
}
