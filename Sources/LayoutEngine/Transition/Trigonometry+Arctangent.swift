extension Trigonometry {
    private static let atanHigh: [Double] = [
        4.63647609000806093515e-01, 7.85398163397448278999e-01, 9.82793723247329054082e-01,
        1.57079632679489655800e+00,
    ]
    private static let atanLow: [Double] = [
        2.26987774529616870924e-17, 3.06161699786838301793e-17, 1.39033110312309984516e-17,
        6.12323399573676603587e-17,
    ]

    /// The arctangent of `x`, in −π/2…π/2 (fdlibm's `atan`, about one ulp).
    ///
    /// - Parameter x: Any number; NaN gives NaN, ±∞ gives ±π/2.
    /// - Returns: The angle whose tangent is `x`.
    /// - Complexity: O(1).
    static func atan(_ x: Double) -> Double {
        guard !x.isNaN else { return .nan }
        let magnitude = abs(x)
        if magnitude >= 0x1p66 {
            return x < 0 ? -(self.atanHigh[3] + self.atanLow[3]) : self.atanHigh[3] + self.atanLow[3]
        }
        var reduced = magnitude
        let id: Int
        if magnitude < 0.4375 {
            if magnitude < 0x1p-27 { return x }
            id = -1
            reduced = x
        } else if magnitude < 1.1875 {
            if magnitude < 0.6875 {
                id = 0
                reduced = (2 * magnitude - 1) / (2 + magnitude)
            } else {
                id = 1
                reduced = (magnitude - 1) / (magnitude + 1)
            }
        } else if magnitude < 2.4375 {
            id = 2
            reduced = (magnitude - 1.5) / (1 + 1.5 * magnitude)
        } else {
            id = 3
            reduced = -1 / magnitude
        }
        let z = reduced * reduced
        let w = z * z
        let s1 =
            z
            * (3.33333333333329318027e-01 + w
                * (1.42857142725034663711e-01 + w
                    * (9.09088713343650656196e-02 + w
                        * (6.66107313738753120669e-02 + w
                            * (4.97687799461593236017e-02 + w * 1.62858201153657823623e-02)))))
        let s2 =
            w
            * (-1.99999999998764832476e-01 + w
                * (-1.11111104054623557880e-01 + w
                    * (-7.69187620504482999495e-02 + w
                        * (-5.83357013379057348645e-02 + w * -3.65315727442169155270e-02))))
        if id < 0 { return reduced - reduced * (s1 + s2) }
        let result = self.atanHigh[id] - ((reduced * (s1 + s2) - self.atanLow[id]) - reduced)
        return x < 0 ? -result : result
    }

    /// The angle of the vector `(x, y)`, in −π…π (C's `atan2`); `(0, 0)` gives 0.
    ///
    /// - Parameters:
    ///   - y: The vertical component.
    ///   - x: The horizontal component.
    /// - Returns: The angle from the positive x axis to the vector.
    /// - Complexity: O(1).
    static func atan2(_ y: Double, _ x: Double) -> Double {
        guard !x.isNaN, !y.isNaN else { return .nan }
        if x == 0 { return y > 0 ? Double.pi / 2 : y < 0 ? -Double.pi / 2 : 0 }
        // Divide the smaller by the larger so that the quotient neither overflows nor loses the angle.
        if abs(y) > abs(x) {
            let angle = (y > 0 ? Double.pi / 2 : -Double.pi / 2) - self.atan(x / y)
            return angle
        }
        let angle = self.atan(y / x)
        if x > 0 { return angle }
        return y < 0 || (y == 0 && y.sign == .minus) ? angle - Double.pi : angle + Double.pi
    }
}
