import LayoutEngine
import Testing

@Suite struct PreparedLayoutPropertyTests {
    @Test(arguments: LayoutKind.allCases)
    func rectQueriesReturnExactlyWhatABruteForceScanFinds(kind: LayoutKind) throws {
        var random = RandomLayouts(seed: 0xC0FFEE &+ UInt64(kind.hashValue & 0xFF))
        for _ in 0..<150 {
            let (input, configuration) = random.layout(kind: kind)
            let layout = try prepare(input, configuration)
            for _ in 0..<20 {
                let offset = Point(
                    x: random.double(-100...Swift.max(0, layout.contentSize.width)),
                    y: random.double(-100...Swift.max(0, layout.contentSize.height))
                )
                let rect = random.rect(in: layout.contentSize)
                let expected = layout.allAttributes(contentOffset: offset).filter { $0.frame.intersects(rect) }
                let answer = layout.attributes(in: rect, contentOffset: offset)
                #expect(answer == expected, "\(kind) rect \(rect) offset \(offset)")
                var visited = 0
                layout.forEachAttribute(in: rect, contentOffset: offset) { _ in visited += 1 }
                #expect(visited == expected.count)
            }
        }
    }

    @Test(arguments: [LayoutKind.flow, .waterfall])
    func cellsNeverOverlapAndStayInsideTheContent(kind: LayoutKind) throws {
        var random = RandomLayouts(seed: 42)
        for _ in 0..<200 {
            let (input, configuration) = random.layout(kind: kind)
            let layout = try prepare(input, configuration)
            let cells = layout.allAttributes(contentOffset: .zero).filter { $0.category == .cell }
            let bounds = Rect(origin: .zero, size: layout.contentSize)
            for cell in cells {
                let frame = cell.frame
                #expect(frame.minX >= -1e-9 && frame.minY >= -1e-9, "\(cell)")
                #expect(frame.maxX <= bounds.maxX + 1e-9 && frame.maxY <= bounds.maxY + 1e-9, "\(cell)")
            }
            for first in cells.indices {
                for second in cells.indices where second > first {
                    let a = cells[first].frame
                    let b = cells[second].frame
                    let overlap =
                        Swift.min(a.maxX, b.maxX) - Swift.max(a.minX, b.minX) > 1e-9
                        && Swift.min(a.maxY, b.maxY) - Swift.max(a.minY, b.minY) > 1e-9
                    #expect(!overlap, "\(cells[first].indexPath) overlaps \(cells[second].indexPath)")
                }
            }
        }
    }

    @Test(arguments: LayoutKind.allCases)
    func preparingTwiceGivesIdenticalResults(kind: LayoutKind) throws {
        var random = RandomLayouts(seed: 99)
        for _ in 0..<50 {
            let (input, configuration) = random.layout(kind: kind)
            let first = try prepare(input, configuration)
            let second = try prepare(input, configuration)
            #expect(first == second)
            #expect(first.allAttributes(contentOffset: .zero) == second.allAttributes(contentOffset: .zero))
        }
    }

    @Test(arguments: LayoutKind.allCases)
    func rightToLeftIsTheExactMirrorOfLeftToRight(kind: LayoutKind) throws {
        var random = RandomLayouts(seed: 2024)
        for _ in 0..<60 {
            var (input, configuration) = random.layout(kind: kind)
            input.layoutDirection = .leftToRight
            if case .flow(var flow) = configuration, [.left, .right].contains(flow.horizontalAlignment) {
                // Screen-fixed alignments are deliberately not mirrored; their own test covers them.
                flow.horizontalAlignment = .leading
                configuration = .flow(flow)
            }
            let leftToRight = try prepare(input, configuration)
            input.layoutDirection = .rightToLeft
            let rightToLeft = try prepare(input, configuration)
            #expect(leftToRight.contentSize == rightToLeft.contentSize)
            let width = leftToRight.contentSize.width
            // Whole-point offsets keep the offset's own mirroring (W − x − viewport width) exact.
            let offset = Point(
                x: random.double(0...width).rounded(),
                y: random.double(0...leftToRight.contentSize.height).rounded()
            )
            let mirroredOffset = Point(x: width - offset.x - input.viewport.width, y: offset.y)
            let expected = leftToRight.allAttributes(contentOffset: offset)
            let actual = rightToLeft.allAttributes(contentOffset: mirroredOffset)
            #expect(expected.count == actual.count)
            for (ltr, rtl) in zip(expected, actual) {
                #expect(ltr.indexPath == rtl.indexPath && ltr.kind == rtl.kind)
                #expect(
                    rtl.frame
                        == Rect(
                            x: width - ltr.frame.maxX,
                            y: ltr.frame.minY,
                            width: ltr.size.width,
                            height: ltr.size.height
                        )
                )
                let t = ltr.transform
                #expect(rtl.transform == AffineTransform(a: t.a, b: -t.b, c: -t.c, d: t.d, tx: -t.tx, ty: t.ty))
                #expect(rtl.isHidden == ltr.isHidden && rtl.zIndex == ltr.zIndex && rtl.alpha == ltr.alpha)
            }
        }
    }

    @Test func lineSnappingAlwaysLandsOnAnItemCentreAndFollowsFlicks() throws {
        var random = RandomLayouts(seed: 5)
        for _ in 0..<100 {
            let (input, configuration) = random.layout(kind: .line)
            let layout = try prepare(input, configuration)
            let cells = layout.allAttributes(contentOffset: .zero).filter { $0.category == .cell }
            guard !cells.isEmpty else { continue }
            let maximum = Swift.max(0, layout.contentSize.width - input.viewport.width)
            for _ in 0..<20 {
                let proposed = Point(x: random.double(-200...(layout.contentSize.width + 200)), y: 0)
                let velocity = Point(x: random.double(-1000...1000), y: 0)
                let target = layout.targetContentOffset(forProposedContentOffset: proposed, velocity: velocity)
                let centre = target.x + input.viewport.width / 2
                let onCentre = cells.contains { isClose($0.center.x, centre) }
                let clamped = isClose(target.x, 0) || isClose(target.x, maximum)
                #expect(onCentre || clamped)
                if abs(velocity.x) >= 300, !clamped {
                    // Left to right, a positive velocity moves right; right to left, it moves the other way.
                    let sign = input.layoutDirection == .leftToRight ? 1.0 : -1.0
                    let movesOn =
                        velocity.x * sign > 0
                        ? target.x * sign >= proposed.x * sign - 1e-9 : target.x * sign <= proposed.x * sign + 1e-9
                    #expect(
                        movesOn
                            || !cells.contains {
                                ($0.center.x - input.viewport.width / 2 - proposed.x) * velocity.x >= 0
                            }
                    )
                }
            }
        }
    }
}

@Suite struct PreparedLayoutStorageTests {
    @Test(arguments: [LayoutKind.flow, .waterfall, .line])
    func aLargeLayoutHoldsAtMostFortyEightBytesPerItem(kind: LayoutKind) throws {
        let layout = try prepare(LayoutInput(sections: [SectionInput(count: 100_000)]), .defaults(for: kind))
        #expect(layout.heapBytes <= 48 * 100_000)
        #expect(layout.elementCount == 100_000)
    }

    @Test func elementQueriesAnswerNilOutsideTheLayout() throws {
        let layout = try prepare(LayoutInput(sections: [SectionInput(count: 3)]), .flow(.init()))
        #expect(layout.attributesForItem(at: IndexPath(section: 0, item: 3), contentOffset: .zero) == nil)
        #expect(layout.attributesForItem(at: IndexPath(section: -1, item: 0), contentOffset: .zero) == nil)
        #expect(
            layout.attributesForSupplementaryElement(
                ofKind: .header,
                at: IndexPath(section: 0, item: 0),
                contentOffset: .zero
            )
                == nil
        )
        #expect(
            layout.attributesForDecorationElement(
                ofKind: .background,
                at: IndexPath(section: 0, item: 0),
                contentOffset: .zero
            )
                == nil
        )
        #expect(layout.numberOfSections == 1 && layout.numberOfItems(inSection: 0) == 3)
        #expect(layout.numberOfItems(inSection: 7) == 0)
    }

    @Test func elementCountCountsEveryCategory() throws {
        var configuration = FlowLayout.Configuration()
        configuration.headerReferenceSize = Size(width: 0, height: 10)
        configuration.footerReferenceSize = Size(width: 0, height: 10)
        configuration.sectionBackground = .zero
        let layout = try prepare(
            LayoutInput(sections: [SectionInput(count: 3), SectionInput(count: 0)]),
            .flow(configuration)
        )
        #expect(layout.elementCount == 3 + 2 * 3)
        #expect(layout.allAttributes(contentOffset: .zero).count == layout.elementCount)
    }
}
