/// The frames of a `circle` section given by `count` with one item size: item `i`'s frame is computed from `i`
/// (``CircleLayout/frame(item:of:count:around:radius:)``, the very function the stored path calls), so the section
/// keeps O(1) numbers instead of one ``Rect`` per item and a sorted index.
///
/// Queries need no stored order either. A rect query turns the rect, grown by half an item on each side (an item's
/// frame meets the rect exactly when its centre lies in the grown rect), into the arcs of the circle inside it, and
/// each arc into a range of items: O(1 + k) for k items returned, in item order. A band along the scroll axis (the
/// ``SpatialIndex`` interface the other readers use) is answered in a virtual order of the items by their distance
/// from the top of the circle (a quarter of the way round), in which the items a band meets are contiguous.
///
/// Arcs and bands are computed with a small margin, so the candidates are a superset of the answer: every reader
/// tests each candidate's frame, which is bit for bit the stored path's.
struct CircleGeometry: Hashable, Sendable {
    /// The number of items.
    var count: Int
    /// The items' size.
    var size: Size
    /// The circle's centre (the viewport's).
    var center: Point
    /// The circle's radius.
    var radius: Double
    /// The smallest rectangle containing every frame (the union the stored index computes), or `nil` without items.
    var bounds: Rect?

    /// The geometry of `count` items of `size` on the circle; scans the frames once for their bounds.
    ///
    /// - Complexity: O(n) time, O(1) memory.
    init(count: Int, size: Size, center: Point, radius: Double) {
        self.count = count
        self.size = size
        self.center = center
        self.radius = radius
        var (minX, minY, maxX, maxY) = (Double.infinity, Double.infinity, -Double.infinity, -Double.infinity)
        for item in 0..<count {
            let frame = CircleLayout.frame(item: item, of: size, count: count, around: center, radius: radius)
            minX = Swift.min(minX, frame.minX)
            minY = Swift.min(minY, frame.minY)
            maxX = Swift.max(maxX, frame.maxX)
            maxY = Swift.max(maxY, frame.maxY)
        }
        self.bounds = count == 0 ? nil : Rect(x: minX, y: minY, width: maxX - minX, height: maxY - minY)
    }

    /// The frame of an item.
    ///
    /// - Complexity: O(1).
    @inline(__always)
    func frame(_ item: Int) -> Rect {
        CircleLayout.frame(item: item, of: self.size, count: self.count, around: self.center, radius: self.radius)
    }

    /// The angle between two neighbouring items, as ``CircleLayout/frame(item:of:count:around:radius:)`` computes it.
    private var step: Double { 2 * Double.pi / Double(self.count) }

    /// Items of the arcs whose angles are closer than this to an arc's end are candidates too: more than the error
    /// of ``arcsine(_:)`` and of the items' angles.
    private static let angleMargin = 1e-9

    /// A margin wider than the rounding error of the centres and frames, for coordinates of these magnitudes.
    private static func margin(_ values: Double...) -> Double {
        var sum = 1.0
        for value in values where value.isFinite { sum += Swift.abs(value) }
        return sum * 1e-12
    }

    // MARK: Rect queries

    /// Calls `body` in increasing order with every item whose frame may intersect `rect` (a superset: every item
    /// that does, and O(1) more per arc).
    ///
    /// - Complexity: O(1 + k) for k items visited.
    func forEachCandidate<E: Error>(in rect: Rect, _ body: (Int) throws(E) -> Void) throws(E) {
        guard self.count > 0 else { return }
        let (halfWidth, halfHeight) = (self.size.width * 0.5, self.size.height * 0.5)
        let (cx, cy, r) = (self.center.x, self.center.y, self.radius)
        let marginX = Self.margin(rect.minX, rect.maxX, cx, r, self.size.width)
        let marginY = Self.margin(rect.minY, rect.maxY, cy, r, self.size.height)
        // The rect the centres lie in.
        let (x0, x1) = (rect.minX - halfWidth - marginX, rect.maxX + halfWidth + marginX)
        let (y0, y1) = (rect.minY - halfHeight - marginY, rect.maxY + halfHeight + marginY)
        guard x0 < x1, y0 < y1 else { return }
        guard r > 0 && r.isFinite else {
            // Every item at the centre (or a radius no frame is finite with: the stored path finds nothing there).
            guard r == 0, x0 < cx, cx < x1, y0 < cy, cy < y1 else { return }
            for item in 0..<self.count { try body(item) }
            return
        }
        // x = cx + r cos θ in [x0, x1]: cos θ in [qa, qb]; y = cy − r sin θ in [y0, y1]: sin θ in [sa, sb].
        let (qa, qb) = ((x0 - cx) / r, (x1 - cx) / r)
        let (sa, sb) = ((cy - y1) / r, (cy - y0) / r)
        guard qa <= 1, qb >= -1, sa <= 1, sb >= -1 else { return }
        let twoPi = 2 * Double.pi
        let (alphaLow, alphaHigh) = (Self.arccosine(Swift.min(qb, 1)), Self.arccosine(Swift.max(qa, -1)))
        let (betaLow, betaHigh) = (Self.arcsine(Swift.max(sa, -1)), Self.arcsine(Swift.min(sb, 1)))
        // The angles in [0, 2π] where x fits, then where y fits.
        let across = [(alphaLow, alphaHigh), (twoPi - alphaHigh, twoPi - alphaLow)]
        var along = [(Double.pi - betaHigh, Double.pi - betaLow)]
        if betaLow >= 0 {
            along.append((betaLow, betaHigh))
        } else if betaHigh <= 0 {
            along.append((betaLow + twoPi, betaHigh + twoPi))
        } else {
            along.append((0, betaHigh))
            along.append((betaLow + twoPi, twoPi))
        }
        var ranges: [(Int, Int)] = []
        let step = self.step
        for (a, b) in across {
            for (c, d) in along {
                let (low, high) = (Swift.max(a, c) - Self.angleMargin, Swift.min(b, d) + Self.angleMargin)
                guard low <= high else { continue }
                let first = Swift.max(0, Int((low / step).rounded(.down)) - 1)
                let last = Swift.min(self.count - 1, Int((high / step).rounded(.up)) + 1)
                if first <= last { ranges.append((first, last)) }
                // Angles near 2π are those of the first items again.
                if high / step + 1 >= Double(self.count) { ranges.append((0, Swift.min(self.count - 1, 1))) }
            }
        }
        ranges.sort { $0.0 < $1.0 }
        var next = 0
        for (first, last) in ranges where last >= next {
            for item in Swift.max(first, next)...last { try body(item) }
            next = last + 1
        }
    }

    // MARK: Bands along the scroll axis (the index's virtual order)

    /// The item at a position of the virtual order by distance from the top of the circle.
    ///
    /// The top is at item `t = count / 4`. With `c = ⌈t⌉`, the items `c, c + 1, …` (distance `c − t + j`) and
    /// `c − 1, c − 2, …` (distance `1 − (c − t) + j`) alternate, the nearer sequence first; each position's
    /// distance lies between ⌊position / 2⌋ and ⌊position / 2⌋ + 1, and never decreases.
    ///
    /// - Complexity: O(1).
    func item(atPosition position: Int) -> Int {
        let n = self.count
        let c = (n + 3) / 4
        // 4 (c − t) ≤ 2: the sequence going up from c is at least as near as the one going down.
        let upFirst = 4 * c - n <= 2
        let j = position / 2
        let isUp = (position % 2 == 0) == upFirst
        let raw = isUp ? c + j : c - 1 - j
        return ((raw % n) + n) % n
    }

    /// The positions of the virtual order (``item(atPosition:)``) holding every item whose frame may overlap the
    /// band `lo..<hi` of `y`.
    ///
    /// - Complexity: O(1).
    func candidatePositions(from lo: Double, to hi: Double) -> Range<Int> {
        let n = self.count
        guard n > 0 else { return 0..<0 }
        let r = self.radius
        guard r > 0 && r.isFinite, !lo.isNaN, !hi.isNaN else { return 0..<n }
        let margin = Self.margin(lo, hi, self.center.y, r, self.size.height)
        // A centre at distance φ (radians) from the top has y = cy − r cos φ; the frame overlaps the band when
        // y − h/2 < hi and y + h/2 > lo.
        let half = self.size.height * 0.5
        let cosineAbove = (self.center.y - half - (hi + margin)) / r
        let cosineBelow = (self.center.y + half - (lo - margin)) / r
        guard cosineAbove <= 1, cosineBelow >= -1 else { return 0..<0 }
        let perRadian = Double(n) / (2 * Double.pi)
        let nearest = (Self.arccosine(Swift.min(cosineBelow, 1)) - Self.angleMargin) * perRadian
        let farthest = (Self.arccosine(Swift.max(cosineAbove, -1)) + Self.angleMargin) * perRadian
        let start = Swift.max(0, 2 * Int(nearest.rounded(.down)) - 2)
        let end = Swift.min(n, 2 * Int(farthest.rounded(.down)) + 4)
        return start < end ? start..<end : 0..<0
    }

    // MARK: Inverse trigonometry (the engine has no libm)

    /// The Taylor coefficients of arcsine: `(2k)! / (4^k (k!)² (2k + 1))`.
    private static let arcsineCoefficients: [Double] = {
        var coefficients: [Double] = []
        var c = 1.0
        for k in 0..<22 {
            coefficients.append(c / Double(2 * k + 1))
            c *= Double(2 * k + 1) / Double(2 * k + 2)
        }
        return coefficients
    }()

    /// arcsin `x` for `x` in [−1, 1], within 1e-12 radians.
    static func arcsine(_ x: Double) -> Double {
        let a = Swift.abs(x)
        let result: Double
        if a <= 0.5 {
            result = Self.arcsineSeries(a)
        } else {
            // arcsin a = π/2 − 2 arcsin √((1 − a) / 2), whose argument is at most 1/2.
            result = Double.pi / 2 - 2 * Self.arcsineSeries(((1 - a) * 0.5).squareRoot())
        }
        return x < 0 ? -result : result
    }

    /// arccos `x` for `x` in [−1, 1], within 1e-12 radians.
    static func arccosine(_ x: Double) -> Double {
        Double.pi / 2 - Self.arcsine(x)
    }

    /// The Taylor series of arcsin for `0 ≤ y ≤ 1/2` (22 terms: the rest is below 0.25²² ≈ 2e-14).
    private static func arcsineSeries(_ y: Double) -> Double {
        let y2 = y * y
        var sum = 0.0
        for coefficient in Self.arcsineCoefficients.reversed() { sum = sum * y2 + coefficient }
        return sum * y
    }
}
