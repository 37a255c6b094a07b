@testable import LayoutEngine
import Testing

/// A `circle` section given by `count` keeps its frames as a ``CircleGeometry`` (no frame, no sorted index): every
/// answer equals the one from the same section with its sizes listed (stored frames, sorted index), bit for bit, and
/// rect and band queries find what a scan of every frame finds.
@Suite struct CircleFramesTests {
    /// A random circle: item size, radius (small, large, zero), viewport and direction.
    static func randomCircle(_ random: inout RandomLayouts) -> (CircleLayout.Configuration, Size, LayoutDirection) {
        var circle = CircleLayout.Configuration()
        circle.itemSize = Size(width: random.double(0.5...120), height: random.double(0.5...120))
        switch random.int(0...5) {
        case 0: circle.radius = 0
        case 1: circle.radius = random.double(0...3)
        case 2: circle.radius = random.double(1_000...20_000)
        default: circle.radius = random.double(10...400)
        }
        let viewport = Size(width: random.double(200...900), height: random.double(300...900))
        return (circle, viewport, random.bool() ? .rightToLeft : .leftToRight)
    }

    /// A rect around the circle: anywhere from tiny to covering it, some with an edge on the circle.
    static func randomRect(_ random: inout RandomLayouts, circle: CircleLayout.Configuration, viewport: Size) -> Rect {
        let reach = circle.radius + Swift.max(circle.itemSize.width, circle.itemSize.height)
        let (cx, cy) = (viewport.width * 0.5, viewport.height * 0.5)
        let x = random.double((cx - reach - 20)...(cx + reach + 20))
        let y = random.double((cy - reach - 20)...(cy + reach + 20))
        let scale = random.bool() ? 2.0 : reach * 2
        var rect = Rect(x: x, y: y, width: random.double(0...scale), height: random.double(0...scale))
        if random.int(0...3) == 0 {
            // An edge tangent to the circle of centres, grown by half an item.
            rect.origin.x = cx + circle.radius + circle.itemSize.width * 0.5
        }
        return rect
    }

    @Test(arguments: 0..<40)
    func circleComputedFramesEqualStoredFrames(seed: Int) throws {
        var random = RandomLayouts(seed: UInt64(seed) &+ 4_400)
        let (circle, viewport, direction) = Self.randomCircle(&random)
        let counts = (0..<random.int(1...3)).map { _ in random.int(0...3_000) }
        let computed = try prepare(.counted(counts, viewport: viewport, direction: direction), .circle(circle))
        let stored = try prepare(
            .counted(counts, listing: circle.itemSize, viewport: viewport, direction: direction),
            .circle(circle)
        )
        for (section, count) in counts.enumerated() {
            #expect((computed.sections[section].frames.circle != nil) == (count > 0))
            #expect(computed.sections[section].heapBytes < 1_024, "no frame per item")
            #expect(stored.sections[section].frames.circle == nil)
            #expect(stored.sections[section].index.isPermuted == (count > 1))
            #expect(computed.sections[section].frames.array == stored.sections[section].frames.array)
            #expect(computed.sections[section].extent == stored.sections[section].extent)
        }
        #expect(computed.allAttributes(contentOffset: .zero) == stored.allAttributes(contentOffset: .zero))
        for _ in 0..<40 {
            let rect = Self.randomRect(&random, circle: circle, viewport: viewport)
            let answer = computed.attributes(in: rect, contentOffset: .zero)
            #expect(answer == stored.attributes(in: rect, contentOffset: .zero))
            // A scan of every stored frame against the rect in stored (left-to-right) space, as queries test it.
            let storedRect = computed.storedRect(rect)
            let scanned = counts.indices.flatMap { section in
                computed.sections[section].frames.indices.filter {
                    computed.sections[section].frames[$0].intersects(storedRect)
                }.map { IndexPath(section: section, item: $0) }
            }
            #expect(answer.map(\.indexPath) == scanned)
            let position = Point(x: rect.midX, y: rect.midY)
            for section in counts.indices where counts[section] > 0 {
                let path = IndexPath(section: section, item: random.int(0...(counts[section] - 1)))
                #expect(
                    computed.targetIndexPathForInteractivelyMovingItem(path, position: position)
                        == stored.targetIndexPathForInteractivelyMovingItem(path, position: position)
                )
            }
        }
    }

    @Test(arguments: [1, 2, 3, 4, 5, 7, 8, 97, 1_000, 65_537])
    func theVirtualOrderIsAPermutationByDistanceFromTheTop(count: Int) {
        let geometry = CircleGeometry(count: count, size: Size(width: 4, height: 4), center: .zero, radius: 100)
        let items = (0..<count).map(geometry.item(atPosition:))
        #expect(Set(items).count == count && items.allSatisfy { (0..<count).contains($0) })
        // Distance (in items, times 4) from the top at count / 4, cyclic: never decreasing along the order.
        let distances = items.map { item in
            let d = Swift.abs(4 * item - count)
            return Swift.min(d, 4 * count - d)
        }
        #expect(zip(distances, distances.dropFirst()).allSatisfy { $0 <= $1 })
    }

    @Test(arguments: 0..<20)
    func bandCandidatesHoldEveryItemOverlappingTheBand(seed: Int) {
        var random = RandomLayouts(seed: UInt64(seed) &+ 8_800)
        let (circle, viewport, _) = Self.randomCircle(&random)
        let count = random.int(1...5_000)
        let center = Point(x: viewport.width * 0.5, y: viewport.height * 0.5)
        let geometry = CircleGeometry(count: count, size: circle.itemSize, center: center, radius: circle.radius)
        let frames = (0..<count).map(geometry.frame)
        for _ in 0..<50 {
            let rect = Self.randomRect(&random, circle: circle, viewport: viewport)
            let positions = geometry.candidatePositions(from: rect.minY, to: rect.maxY)
            let found = Set(positions.map(geometry.item(atPosition:)))
            let overlapping = (0..<count).filter { frames[$0].maxY > rect.minY && frames[$0].minY < rect.maxY }
            #expect(overlapping.allSatisfy(found.contains))
            if circle.radius >= 10 { #expect(positions.count <= overlapping.count + 8) }
        }
    }

    @Test func aMillionItemCircleAnswersRectQueriesLikeAScanAndStoresNoFrames() throws {
        var circle = CircleLayout.Configuration()
        circle.radius = 5_000
        circle.itemSize = Size(width: 3, height: 2)
        let viewport = Size(width: 12_000, height: 11_000)
        let layout = try prepare(
            LayoutInput(viewport: viewport, sections: [SectionInput(count: 1_000_000)]),
            .circle(circle)
        )
        let geometry = try #require(layout.sections[0].frames.circle)
        #expect(layout.sections[0].heapBytes < 1_024)
        let frames = (0..<1_000_000).map(geometry.frame)
        var random = RandomLayouts(seed: 19)
        for _ in 0..<12 {
            let rect = Self.randomRect(&random, circle: circle, viewport: viewport)
            let answer = layout.attributes(in: rect, contentOffset: .zero).map(\.indexPath.item)
            #expect(answer == (0..<1_000_000).filter { frames[$0].intersects(rect) })
        }
        // Touching the rightmost frame's edge finds nothing; a hair inside finds the items around angle 0.
        let right = Rect(x: 6_000 + 5_000 + 1.5, y: 5_499, width: 1, height: 2)
        #expect(layout.attributes(in: right, contentOffset: .zero).isEmpty)
        let inside = right.offsetBy(dx: -1e-6, dy: 0)
        let items = layout.attributes(in: inside, contentOffset: .zero).map(\.indexPath.item)
        #expect(!items.isEmpty && items == (0..<1_000_000).filter { frames[$0].intersects(inside) })
    }

    @Test(arguments: [-1.0, -0.999_999_999, -0.7, -0.5, -0.2, 0, 1e-9, 0.3, 0.5, 0.5000001, 0.9, 0.999_999, 1])
    func arcsineInvertsTheSine(x: Double) {
        let angle = CircleGeometry.arcsine(x)
        #expect(Swift.abs(angle) <= Double.pi / 2)
        #expect(Swift.abs(Trigonometry.sinCos(angle).sin - x) <= 1e-13)
        #expect(Swift.abs(CircleGeometry.arccosine(x) - (Double.pi / 2 - angle)) <= 1e-15)
    }
}

extension LayoutInput {
    /// Sections of `counts` items given by count, or, with `size`, the same items listed at that size.
    static func counted(
        _ counts: [Int],
        listing size: Size? = nil,
        viewport: Size,
        direction: LayoutDirection
    ) -> LayoutInput {
        LayoutInput(
            viewport: viewport,
            layoutDirection: direction,
            sections: counts.map { count in
                guard let size else { return SectionInput(count: count) }
                return SectionInput(items: .sizes(Array(repeating: size, count: count)))
            }
        )
    }
}
