/// Sine and cosine for the engine, which may not import Glibc or Foundation.
///
/// The argument is reduced modulo π/2 in three parts (Cody–Waite) and the result comes from fdlibm's minimax kernels
/// on [−π/4, π/4], accurate to about one ulp for the angles layouts use (|x| < 2²⁰·π/2). Larger angles lose
/// precision gracefully; non-finite angles give NaN. Nothing traps.
enum Trigonometry {
    // π/2 split in three parts so that n·part is exact for |n| < 2²⁰ (fdlibm's pio2_1, pio2_2, pio2_2t).
    private static let pio2Part1 = 1.57079632673412561417e+00
    private static let pio2Part2 = 6.07710050630396597660e-11
    private static let pio2Part3 = 2.02226624879595063154e-21
    private static let twoOverPi = 6.36619772367581382433e-01

    /// The sine and cosine of `x` radians.
    ///
    /// - Parameter x: The angle in radians.
    /// - Returns: `(sin x, cos x)`.
    /// - Complexity: O(1).
    static func sinCos(_ x: Double) -> (sin: Double, cos: Double) {
        guard x.isFinite else { return (.nan, .nan) }
        let n = (x * self.twoOverPi).rounded()
        let r = ((x - n * self.pio2Part1) - n * self.pio2Part2) - n * self.pio2Part3
        var quadrant = n.truncatingRemainder(dividingBy: 4)
        if quadrant < 0 { quadrant += 4 }
        let s = self.kernelSin(r)
        let c = self.kernelCos(r)
        switch quadrant {
        case 0: return (s, c)
        case 1: return (c, -s)
        case 2: return (-s, -c)
        default: return (-c, s)
        }
    }

    /// fdlibm's `__kernel_sin` on [−π/4, π/4].
    private static func kernelSin(_ x: Double) -> Double {
        let s1 = -1.66666666666666324348e-01
        let s2 = 8.33333333332248946124e-03
        let s3 = -1.98412698298579493134e-04
        let s4 = 2.75573137070700676789e-06
        let s5 = -2.50507602534068634195e-08
        let s6 = 1.58969099521155010221e-10
        let z = x * x
        let r = s2 + z * (s3 + z * (s4 + z * (s5 + z * s6)))
        return x + z * x * (s1 + z * r)
    }

    /// fdlibm's `__kernel_cos` on [−π/4, π/4].
    private static func kernelCos(_ x: Double) -> Double {
        let c1 = 4.16666666666666019037e-02
        let c2 = -1.38888888888741095749e-03
        let c3 = 2.48015872894767294178e-05
        let c4 = -2.75573143513906633035e-07
        let c5 = 2.08757232129817482790e-09
        let c6 = -1.13596475577881948265e-11
        let z = x * x
        let r = z * (c1 + z * (c2 + z * (c3 + z * (c4 + z * (c5 + z * c6)))))
        let hz = 0.5 * z
        let w = 1 - hz
        return w + (((1 - w) - hz) + z * r)
    }
}
