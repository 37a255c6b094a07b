import LayoutEngine
import Testing

/// The identity of an element across layouts.
struct ElementKey: Hashable {
    var category: ElementCategory
    var kind: ElementKind?
    var indexPath: IndexPath

    init(_ attributes: LayoutAttributes) {
        self.category = attributes.category
        self.kind = attributes.kind
        self.indexPath = attributes.indexPath
    }
}

private let kindPairs: [(LayoutKind, LayoutKind)] = LayoutKind.allCases.flatMap { a in
    LayoutKind.allCases.map { b in (a, b) }
}

@Suite struct TransitionLayoutTests {
    /// Two layouts of the same random input, of `from` and `to` kinds.
    private func randomPair(
        _ random: inout RandomLayouts,
        _ from: LayoutKind,
        _ to: LayoutKind
    ) throws -> (PreparedLayout, PreparedLayout) {
        let (input, fromConfiguration) = random.layout(kind: from)
        let (_, toConfiguration) = random.layout(kind: to)
        return (try prepare(input, fromConfiguration), try prepare(input, toConfiguration))
    }

    @Test(arguments: kindPairs)
    func progressZeroAndOneReproduceTheEndpointsExactly(from: LayoutKind, to: LayoutKind) throws {
        var random = RandomLayouts(
            seed: 0x7A5
                &+ UInt64(LayoutKind.allCases.firstIndex(of: from)! * 8 + LayoutKind.allCases.firstIndex(of: to)!)
        )
        for _ in 0..<25 {
            let (current, target) = try self.randomPair(&random, from, to)
            let fromOffset = Point(x: random.double(0...100), y: random.double(0...300))
            let toOffset = Point(x: random.double(0...100), y: random.double(0...300))
            let start = try TransitionLayout(current: current, target: target, progress: 0)
            let end = try TransitionLayout(current: current, target: target, progress: 1)
            #expect(start.contentSize == current.contentSize && end.contentSize == target.contentSize)
            #expect(
                start.attributes(in: nil, fromContentOffset: fromOffset, toContentOffset: toOffset)
                    == current.allAttributes(contentOffset: fromOffset)
            )
            #expect(
                end.attributes(in: nil, fromContentOffset: fromOffset, toContentOffset: toOffset)
                    == target.allAttributes(contentOffset: toOffset)
            )
            let rect = random.rect(in: current.contentSize)
            #expect(
                start.attributes(in: rect, fromContentOffset: fromOffset, toContentOffset: toOffset)
                    == current.attributes(in: rect, contentOffset: fromOffset)
            )
            #expect(
                end.attributes(in: rect, fromContentOffset: fromOffset, toContentOffset: toOffset)
                    == target.attributes(in: rect, contentOffset: toOffset)
            )
        }
    }

    @Test(arguments: kindPairs)
    func rectQueriesEqualABruteForceFilterOfEveryInterpolatedElement(from: LayoutKind, to: LayoutKind) throws {
        var random = RandomLayouts(
            seed: 0xB00
                &+ UInt64(LayoutKind.allCases.firstIndex(of: from)! * 8 + LayoutKind.allCases.firstIndex(of: to)!)
        )
        for round in 0..<30 {
            var (current, target) = try self.randomPair(&random, from, to)
            if round % 3 == 0 {
                // Different data at the two ends: elements present at one end only fade.
                let (input, configuration) = random.layout(kind: to)
                target = try prepare(input, configuration)
            }
            let progress = random.double(0...1)
            let transition = try TransitionLayout(current: current, target: target, progress: progress)
            let fromOffset = Point(x: random.double(0...100), y: random.double(0...300))
            let toOffset = Point(x: random.double(0...100), y: random.double(0...300))
            let everything = transition.attributes(in: nil, fromContentOffset: fromOffset, toContentOffset: toOffset)
            let size = transition.contentSize
            for _ in 0..<15 {
                let rect = random.rect(in: Size(width: size.width + 100, height: size.height + 100))
                let expected = everything.filter { $0.frame.intersects(rect) }
                let answer = transition.attributes(in: rect, fromContentOffset: fromOffset, toContentOffset: toOffset)
                #expect(answer == expected, "\(from)→\(to) at \(progress), rect \(rect)")
            }
        }
    }

    @Test(arguments: kindPairs)
    func elementsComeInTheCurrentOrderThenTheTargetOnlyOnes(from: LayoutKind, to: LayoutKind) throws {
        var random = RandomLayouts(seed: 0x0DE4 &+ UInt64(LayoutKind.allCases.firstIndex(of: to)!))
        for _ in 0..<10 {
            let (current, _) = try self.randomPair(&random, from, to)
            let (input, configuration) = random.layout(kind: to)
            let target = try prepare(input, configuration)
            let transition = try TransitionLayout(current: current, target: target, progress: 0.4)
            let keys = transition.attributes(in: nil, fromContentOffset: .zero, toContentOffset: .zero).map(
                ElementKey.init
            )
            let currentKeys = current.allAttributes(contentOffset: .zero).map(ElementKey.init)
            let currentSet = Set(currentKeys)
            let targetOnly = target.allAttributes(contentOffset: .zero).map(ElementKey.init).filter {
                !currentSet.contains($0)
            }
            #expect(keys == currentKeys + targetOnly)
        }
    }

    /// Seed 000's demo: tap the background to switch from the stack to the circle (viewport 375 × 200, 20 items).
    @Test func stackToCircleMidpointIsHandComputed() throws {
        let input = LayoutInput(viewport: Size(width: 375, height: 200), sections: [SectionInput(count: 20)])
        let stack = try prepare(input, .stack(.init()))
        let circle = try prepare(input, .circle(.init()))
        let transition = try TransitionLayout(current: stack, target: circle, progress: 0.5)
        let answer = transition.attributes(in: nil, fromContentOffset: .zero, toContentOffset: .zero)
        #expect(answer.count == 20)
        // Item 2: a 100 × 100 card at (187.5, 100) rotated by −0.5 rad, going to a 50 × 50 cell at angle 2·2π/20.
        let card = answer[2]
        let angle = 2 * (2 * Double.pi / 20)
        let (sin, cos) = (0.5877852522924731, 0.8090169943749475)  // sin and cos of π/5
        #expect(isClose(angle, Double.pi / 5))
        let circleCenter = Point(x: 187.5 + 70 * cos, y: 100 - 70 * sin)
        #expect(
            isClose(card.center.x, (187.5 + circleCenter.x) / 2) && isClose(card.center.y, (100 + circleCenter.y) / 2)
        )
        #expect(card.size == Size(width: 75, height: 75))
        // Half of −0.5 rad, scale 1: cos 0.25 = 0.96891242171064473, sin 0.25 = 0.24740395925452294.
        #expect(isClose(card.transform.a, 0.96891242171064473) && isClose(card.transform.b, -0.24740395925452294))
        #expect(isClose(card.transform.c, 0.24740395925452294) && isClose(card.transform.d, 0.96891242171064473))
        #expect(card.transform.tx == 0 && card.transform.ty == 0)
        #expect(card.zIndex == 2 && card.alpha == 1 && !card.isHidden)
        // Item 7 is hidden in the stack: it fades in, shown, at half alpha.
        #expect(answer[7].alpha == 0.5 && !answer[7].isHidden)
        #expect(answer[7].transform == .identity)
        // Before the midpoint the stack's zIndex holds: 20 − 2.
        let early = try TransitionLayout(current: stack, target: circle, progress: 0.25)
            .attributes(in: nil, fromContentOffset: .zero, toContentOffset: .zero)
        #expect(early[2].zIndex == 18 && early[7].alpha == 0.25)
    }

    @Test func elementsAtOneEndOnlyFadeAndAreLeftOutWhereAbsent() throws {
        let small = try prepare(LayoutInput(sections: [SectionInput(count: 3)]), .flow(.init()))
        var flow = FlowLayout.Configuration()
        flow.headerReferenceSize = Size(width: 0, height: 30)
        let large = try prepare(LayoutInput(sections: [SectionInput(count: 5), SectionInput(count: 1)]), .flow(flow))
        let growing = try TransitionLayout(current: small, target: large, progress: 0.25)
        let answer = growing.attributes(in: nil, fromContentOffset: .zero, toContentOffset: .zero)
        let targetAnswer = large.allAttributes(contentOffset: .zero)
        // The three cells, then the target-only header, cells 3 and 4, header 1 and cell [1, 0].
        #expect(answer.count == 3 + 5)
        #expect(answer.prefix(3).allSatisfy { $0.alpha == 1 && $0.category == .cell })
        let fadingIn = Array(answer.dropFirst(3))
        let expectedKeys = targetAnswer.map(ElementKey.init).filter {
            !($0.category == .cell && $0.indexPath.section == 0 && $0.indexPath.item < 3)
        }
        #expect(fadingIn.map(ElementKey.init) == expectedKeys)
        for element in fadingIn {
            let end = targetAnswer.first { ElementKey($0) == ElementKey(element) }!
            #expect(element.frame == end.frame && element.alpha == 0.25 && !element.isHidden)
        }
        let shrinking = try TransitionLayout(current: large, target: small, progress: 0.75)
        let fadingOut = shrinking.attributes(in: nil, fromContentOffset: .zero, toContentOffset: .zero)
            .filter { $0.alpha != 1 }
        #expect(fadingOut.count == 5 && fadingOut.allSatisfy { $0.alpha == 0.25 })
    }

    @Test func elementsHiddenAtBothEndsStayHidden() throws {
        let input = LayoutInput(sections: [SectionInput(count: 8)])
        var tilted = StackLayout.Configuration()
        tilted.angles = [0.3, 0.1]
        let transition = try TransitionLayout(
            current: try prepare(input, .stack(.init())),
            target: try prepare(input, .stack(tilted)),
            progress: 0.5
        )
        let answer = transition.attributes(in: nil, fromContentOffset: .zero, toContentOffset: .zero)
        #expect(answer[7].isHidden && !answer[1].isHidden && !answer[4].isHidden)
        #expect(answer[4].alpha == 0.5)
    }

    @Test func fromOrToNothingEverythingFades() throws {
        let empty = try prepare(LayoutInput(sections: []), .flow(.init()))
        let full = try prepare(LayoutInput(sections: [SectionInput(count: 30)]), .waterfall(.init()))
        let appearing = try TransitionLayout(current: empty, target: full, progress: 0.5)
        let answer = appearing.attributes(in: nil, fromContentOffset: .zero, toContentOffset: .zero)
        #expect(answer.count == 30 && answer.allSatisfy { $0.alpha == 0.5 })
        let rect = Rect(0, 100, 375, 200)
        #expect(
            appearing.attributes(in: rect, fromContentOffset: .zero, toContentOffset: .zero)
                == answer.filter { $0.frame.intersects(rect) }
        )
        let vanishing = try TransitionLayout(current: full, target: empty, progress: 0.5)
        #expect(vanishing.attributes(in: rect, fromContentOffset: .zero, toContentOffset: .zero).count > 0)
        let nothing = try TransitionLayout(current: empty, target: empty, progress: 0.5)
        #expect(nothing.attributes(in: nil, fromContentOffset: .zero, toContentOffset: .zero).isEmpty)
    }

    @Test func rectsWithoutAFiniteExtentFindNothingAndDoNotTrap() throws {
        let input = LayoutInput(sections: [SectionInput(count: 100)])
        let transition = try TransitionLayout(
            current: try prepare(input, .flow(.init())),
            target: try prepare(input, .line(.init())),
            progress: 0.5
        )
        for rect in [Rect(.nan, 0, 10, 10), Rect(-.infinity, -.infinity, .infinity, .infinity), Rect(0, 0, .nan, 1)] {
            #expect(transition.attributes(in: rect, fromContentOffset: .zero, toContentOffset: .zero).isEmpty)
        }
    }

    @Test func progressIsClampedAndNaNIsRefused() throws {
        let layout = try prepare(LayoutInput(sections: [SectionInput(count: 3)]), .flow(.init()))
        #expect(throws: LayoutError.invalidProgress) {
            try TransitionLayout(current: layout, target: layout, progress: .nan)
        }
        #expect(try TransitionLayout(current: layout, target: layout, progress: -2).progress == 0)
        #expect(try TransitionLayout(current: layout, target: layout, progress: .infinity).progress == 1)
    }

    @Test func interpolationIsContinuousAtTheEnds() throws {
        var random = RandomLayouts(seed: 31)
        for (from, to) in kindPairs {
            let (current, target) = try self.randomPair(&random, from, to)
            let near = try TransitionLayout(current: current, target: target, progress: 1e-12)
            let answer = near.attributes(in: nil, fromContentOffset: .zero, toContentOffset: .zero)
            let start = current.allAttributes(contentOffset: .zero)
            for (element, original) in zip(answer, start) {
                #expect(ElementKey(element) == ElementKey(original))
                #expect(isClose(element.frame, original.frame, tolerance: 1e-6))
                #expect(
                    abs(element.transform.a - original.transform.a) < 1e-6
                        && abs(element.transform.b - original.transform.b) < 1e-6
                )
            }
        }
    }

    @Test func contentSizeInterpolates() throws {
        let a = try prepare(
            LayoutInput(viewport: Size(width: 300, height: 400), sections: [SectionInput(count: 40)]),
            .flow(.init())
        )
        let b = try prepare(
            LayoutInput(viewport: Size(width: 300, height: 400), sections: [SectionInput(count: 40)]),
            .line(.init())
        )
        let size = try TransitionLayout(current: a, target: b, progress: 0.25).contentSize
        #expect(isClose(size.width, 0.75 * a.contentSize.width + 0.25 * b.contentSize.width))
        #expect(isClose(size.height, 0.75 * a.contentSize.height + 0.25 * b.contentSize.height))
    }
}
