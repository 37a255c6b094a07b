/// A 4×4 homogeneous transform, CATransform3D's `m11…m44`, row by row, applied about an element's centre.
///
/// Core Animation multiplies row vectors: the translation sits in `m41 m42 m43`.
public struct Transform3D: Hashable, Sendable {
    /// The sixteen components, row by row: `m11, m12, m13, m14, m21, …, m44`.
    public var components: [Double] {
        get {
            [
                self.m11, self.m12, self.m13, self.m14, self.m21, self.m22, self.m23, self.m24,
                self.m31, self.m32, self.m33, self.m34, self.m41, self.m42, self.m43, self.m44,
            ]
        }
    }

    /// Row 1.
    public var m11: Double, m12: Double, m13: Double, m14: Double
    /// Row 2.
    public var m21: Double, m22: Double, m23: Double, m24: Double
    /// Row 3.
    public var m31: Double, m32: Double, m33: Double, m34: Double
    /// Row 4: the translation and the homogeneous coordinate.
    public var m41: Double, m42: Double, m43: Double, m44: Double

    /// Creates a transform from sixteen components, row by row.
    ///
    /// Returns `nil` unless `components` holds exactly sixteen numbers.
    ///
    /// - Parameter components: `m11, m12, …, m44`.
    public init?(components: [Double]) {
        guard components.count == 16 else { return nil }
        let m = components
        self.m11 = m[0]; self.m12 = m[1]; self.m13 = m[2]; self.m14 = m[3]
        self.m21 = m[4]; self.m22 = m[5]; self.m23 = m[6]; self.m24 = m[7]
        self.m31 = m[8]; self.m32 = m[9]; self.m33 = m[10]; self.m34 = m[11]
        self.m41 = m[12]; self.m42 = m[13]; self.m43 = m[14]; self.m44 = m[15]
    }

    private init() {
        self.m11 = 1; self.m12 = 0; self.m13 = 0; self.m14 = 0
        self.m21 = 0; self.m22 = 1; self.m23 = 0; self.m24 = 0
        self.m31 = 0; self.m32 = 0; self.m33 = 1; self.m34 = 0
        self.m41 = 0; self.m42 = 0; self.m43 = 0; self.m44 = 1
    }

    /// The transform that changes nothing (`CATransform3DIdentity`).
    public static let identity = Transform3D()

    /// Whether this is the identity, the transform answers leave out.
    public var isIdentity: Bool { self == .identity }

    /// The same transform seen in a horizontally mirrored coordinate system (`F·T·F`, `F` = diag(−1, 1, 1, 1)):
    /// the first row and the first column change sign, except `m11`.
    var mirroredHorizontally: Transform3D {
        var result = self
        result.m12 = -self.m12; result.m13 = -self.m13; result.m14 = -self.m14
        result.m21 = -self.m21; result.m31 = -self.m31; result.m41 = -self.m41
        return result
    }
}
