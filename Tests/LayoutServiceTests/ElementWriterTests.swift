import JSON
import LayoutEngine
import LayoutService
import Testing

/// xorshift64*: a seeded generator, so that every run writes the same "random" elements.
private struct XorShiftGenerator: RandomNumberGenerator {
    var state: UInt64

    mutating func next() -> UInt64 {
        self.state ^= self.state >> 12
        self.state ^= self.state << 25
        self.state ^= self.state >> 27
        return self.state &* 0x2545_F491_4F6C_DD1D
    }
}

/// The element writer stores a whole element in one reservation; these tests hold its text to one written token
/// by token, with every number spelled by the standard library, over elements of every shape.
@Suite struct ElementWriterTests {
    /// A number's wire text as the contract defines it, independently of the writer: integers below 2^53 without
    /// a fraction, everything else as `description` (non-finite as `null`).
    private static func expectedText(_ value: Double) -> String {
        if value.magnitude < 9_007_199_254_740_992, value == value.rounded(.towardZero) {
            return (value.sign == .minus ? "-" : "") + UInt64(value.magnitude).description
        }
        return value.isFinite ? value.description : "null"
    }

    /// One element written with the token-level API.
    private static func reference(_ element: LayoutAttributes, into writer: inout JSONWriter) {
        func number(_ value: Double) { writer.appendRaw(Array(Self.expectedText(value).utf8)) }
        writer.beginObject()
        writer.key("category")
        writer.value(element.category.rawValue)
        if let kind = element.kind {
            writer.key("kind")
            writer.value(kind.rawValue)
        }
        writer.key("indexPath")
        writer.beginArray()
        writer.value(element.indexPath.section)
        writer.value(element.indexPath.item)
        writer.endArray()
        writer.key("frame")
        writer.beginObject()
        for (name, value) in [("x", element.frame.minX), ("y", element.frame.minY), ("width", element.frame.width),
            ("height", element.frame.height)]
        {
            writer.key(name)
            number(value)
        }
        writer.endObject()
        writer.key("zIndex")
        writer.value(element.zIndex)
        writer.key("alpha")
        number(element.alpha)
        writer.key("hidden")
        writer.value(element.isHidden)
        let transform = element.transform
        if transform != .identity {
            writer.key("transform")
            writer.beginObject()
            for (name, value) in [("a", transform.a), ("b", transform.b), ("c", transform.c), ("d", transform.d),
                ("tx", transform.tx), ("ty", transform.ty)]
            {
                writer.key(name)
                number(value)
            }
            writer.endObject()
        }
        if element.transform3D != .identity {
            writer.key("transform3D")
            writer.beginArray()
            for component in element.transform3D.components { number(component) }
            writer.endArray()
        }
        writer.endObject()
    }

    /// Numbers of every kind the writer treats apart: integers, short and long fractions (repeated, so that some
    /// are copied from earlier text), tiny and huge magnitudes, negative zero.
    private static func number(_ generator: inout some RandomNumberGenerator) -> Double {
        let pool: [Double] = [
            0, -0.0, 1, 375, -12, 187.5, 0.1, 1 / 3, 2.0 / 3 * 1000, 1e-5, .leastNonzeroMagnitude, 1e300, 4.5e15 + 0.5,
        ]
        switch Int.random(in: 0..<4, using: &generator) {
        case 0: return pool.randomElement(using: &generator) ?? 0
        case 1: return Double(Int.random(in: -100_000...100_000, using: &generator))
        case 2: return Double.random(in: -1e6...1e6, using: &generator)
        default: return Double.random(in: 0...1, using: &generator) * pow10(Int.random(in: -8...20, using: &generator))
        }
    }

    private static func pow10(_ exponent: Int) -> Double {
        var result = 1.0
        for _ in 0..<abs(exponent) { result *= 10 }
        return exponent < 0 ? 1 / result : result
    }

    private static func element(_ generator: inout some RandomNumberGenerator) -> LayoutAttributes {
        let shapes: [(ElementCategory, ElementKind?)] = [
            (.cell, nil), (.supplementaryView, .header), (.supplementaryView, .footer), (.decorationView, .background),
            // Pairs with no fast path of their own go through the general one.
            (.decorationView, .header), (.supplementaryView, .background),
        ]
        let (category, kind) = shapes.randomElement(using: &generator) ?? (.cell, nil)
        var element = LayoutAttributes(
            category: category,
            kind: kind,
            indexPath: IndexPath(
                section: Int.random(in: 0...9, using: &generator),
                item: Int.random(in: 0...999_999, using: &generator)
            ),
            frame: Rect(
                x: Self.number(&generator),
                y: Self.number(&generator),
                width: Self.number(&generator),
                height: Self.number(&generator)
            )
        )
        element.zIndex = Int.random(in: -1000...1000, using: &generator)
        element.alpha = Bool.random(using: &generator) ? 1 : Double.random(in: 0...1, using: &generator)
        element.isHidden = Int.random(in: 0..<5, using: &generator) == 0
        if Bool.random(using: &generator) {
            element.transform = AffineTransform(
                a: Self.number(&generator), b: Self.number(&generator), c: Self.number(&generator),
                d: Self.number(&generator), tx: Self.number(&generator), ty: Self.number(&generator)
            )
        }
        if Bool.random(using: &generator),
            let transform = Transform3D(components: (0..<16).map { _ in Self.number(&generator) })
        {
            element.transform3D = transform
        }
        return element
    }

    @Test func elementsMatchTheirTokenByTokenText() {
        var generator = XorShiftGenerator(state: 2026)
        for round in 0..<50 {
            let elements = (0..<200).map { _ in Self.element(&generator) }
            var written = JSONWriter(capacity: 0)
            var expected = JSONWriter(capacity: 0)
            written.beginArray()
            for element in elements { written.value(element) }
            written.endArray()
            expected.beginArray()
            for element in elements { Self.reference(element, into: &expected) }
            expected.endArray()
            let got = String(decoding: written.bytes, as: UTF8.self)
            let want = String(decoding: expected.bytes, as: UTF8.self)
            guard got == want else {
                let common = zip(got, want).prefix { $0 == $1 }.count
                let context = got.dropFirst(max(0, common - 60)).prefix(120)
                Issue.record("round \(round): differs at \(common): …\(context)")
                return
            }
        }
    }

    /// The common shape's one-copy tail (zIndex 0, alpha 1, shown) and the identity checks by bits, against the
    /// reference: each transform component alone set to `-0` (still the identity), `-1`, `1`, `0.5` or NaN, and
    /// the tail's three members varied one at a time.
    @Test func nearIdentityTransformsAndTheCommonTailMatchTheirTokenByTokenText() {
        var elements: [LayoutAttributes] = []
        let base = LayoutAttributes(
            category: .cell,
            kind: nil,
            indexPath: IndexPath(section: 0, item: 7),
            frame: Rect(x: 1, y: 2, width: 3, height: 4)
        )
        for value in [-0.0, -1, 1, 0.5, .nan, 0] {
            for index in 0..<6 {
                var element = base
                var parts = [1.0, 0, 0, 1, 0, 0]
                parts[index] = value
                element.transform = AffineTransform(a: parts[0], b: parts[1], c: parts[2], d: parts[3], tx: parts[4],
                    ty: parts[5])
                elements.append(element)
            }
            for index in 0..<16 {
                var element = base
                var components = (0..<16).map { $0 % 5 == 0 ? 1.0 : 0 }
                components[index] = value
                if let transform = Transform3D(components: components) { element.transform3D = transform }
                elements.append(element)
            }
        }
        for (zIndex, alpha, hidden) in [(0, 1.0, false), (1, 1, false), (-1, 1, false), (0, 0.5, false),
            (0, -0.0, false), (0, 1, true), (0, 1.0.nextUp, false), (0, 1.0.nextDown, false)]
        {
            var element = base
            element.zIndex = zIndex
            element.alpha = alpha
            element.isHidden = hidden
            elements.append(element)
        }
        var written = JSONWriter(capacity: 0)
        var expected = JSONWriter(capacity: 0)
        for element in elements {
            written.value(element)
            Self.reference(element, into: &expected)
        }
        #expect(String(decoding: written.bytes, as: UTF8.self) == String(decoding: expected.bytes, as: UTF8.self))
    }
}
