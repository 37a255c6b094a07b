import LayoutEngine
import Testing

/// Flow's `sectionInsetReference`: section insets measured from the safe area or the layout margins across the
/// scroll axis, checked against the same layout with those insets written into every section's insets.
@Suite struct FlowSectionInsetReferenceTests {
    /// `input` under `reference` as plain section insets: the reference added across the scroll axis, left and
    /// right swapped for a mirrored vertical layout.
    static func writtenOut(
        _ input: LayoutInput,
        _ flow: FlowLayout.Configuration
    ) -> (LayoutInput, FlowLayout.Configuration) {
        var extra = EdgeInsets.zero
        switch flow.sectionInsetReference {
        case .contentInset: break
        case .safeArea: extra = input.safeAreaInsets
        case .layoutMargins:
            let (s, m) = (input.safeAreaInsets, input.layoutMargins)
            extra = EdgeInsets(
                top: s.top + m.top,
                left: s.left + m.left,
                bottom: s.bottom + m.bottom,
                right: s.right + m.right
            )
        }
        func add(_ inset: EdgeInsets) -> EdgeInsets {
            var result = inset
            if flow.scrollDirection == .vertical {
                let mirrored = input.layoutDirection == .rightToLeft
                result.left += mirrored ? extra.right : extra.left
                result.right += mirrored ? extra.left : extra.right
            } else {
                result.top += extra.top
                result.bottom += extra.bottom
            }
            return result
        }
        var plain = flow
        plain.sectionInsetReference = .contentInset
        plain.sectionInset = add(flow.sectionInset)
        var result = input
        for index in result.sections.indices {
            if let own = result.sections[index].overrides.sectionInset {
                result.sections[index].overrides.sectionInset = add(own)
            }
        }
        return (result, plain)
    }

    @Test(arguments: FlowLayout.SectionInsetReference.allCases)
    func sectionInsetsAreMeasuredFromTheReferenceAcrossTheScrollAxis(reference: FlowLayout.SectionInsetReference) throws
    {
        for seed in 0..<150 as Range<UInt64> {
            var random = RandomLayouts(seed: seed &* 977 &+ 1)
            var (input, configuration) = random.layout(kind: .flow)
            guard case .flow(var flow) = configuration else { preconditionFailure("a flow layout") }
            flow.sectionInsetReference = reference
            input.safeAreaInsets = EdgeInsets(
                top: random.double(0...50).rounded(),
                left: random.double(0...50).rounded(),
                bottom: random.double(0...40).rounded(),
                right: random.double(0...30).rounded()
            )
            if random.bool() { input.layoutMargins = EdgeInsets(all: random.double(0...20).rounded()) }
            let layout = try prepare(input, .flow(flow))
            let (plainInput, plain) = Self.writtenOut(input, flow)
            let expected = try prepare(plainInput, .flow(plain))
            #expect(layout.allAttributes(contentOffset: .zero) == expected.allAttributes(contentOffset: .zero))
            #expect(layout.contentSize == expected.contentSize)
            // A session keeps the reference through an invalidation.
            var live = try LiveLayout(input: input, configuration: .flow(flow))
            if let section = input.sections.indices.first(where: { input.sections[$0].itemCount > 0 }) {
                let indexPath = IndexPath(section: section, item: 0)
                _ = try live.invalidate(InvalidationContext(itemSizes: [indexPath: Size(width: 41, height: 17)]))
                var resized = try LiveLayout(input: plainInput, configuration: .flow(plain))
                _ = try resized.invalidate(InvalidationContext(itemSizes: [indexPath: Size(width: 41, height: 17)]))
                #expect(
                    live.prepared.allAttributes(contentOffset: .zero)
                        == resized.prepared.allAttributes(contentOffset: .zero)
                )
            }
        }
    }

    @Test func aLandscapePhoneKeepsItemsOutOfTheNotch() throws {
        var flow = FlowLayout.Configuration()
        flow.sectionInset = EdgeInsets(top: 0, left: 10, bottom: 0, right: 10)
        flow.itemSize = Size(width: 100, height: 100)
        flow.horizontalAlignment = .leading
        var input = LayoutInput(viewport: Size(width: 812, height: 375), sections: [SectionInput(count: 10)])
        input.safeAreaInsets = EdgeInsets(top: 0, left: 44, bottom: 21, right: 44)
        func firstAndLastOfLine(_ reference: FlowLayout.SectionInsetReference, _ direction: LayoutDirection) throws
            -> (Double, Double)
        {
            flow.sectionInsetReference = reference
            input.layoutDirection = direction
            let layout = try prepare(input, .flow(flow))
            let frames = cellFrames(layout).filter { $0.minY == 0 }
            return (frames.map(\.minX).min()!, frames.map(\.maxX).max()!)
        }
        #expect(try firstAndLastOfLine(.contentInset, .leftToRight) == (10, 10 + 7 * 100 + 6 * 10))
        // 812 − 2 × (44 + 10) = 704 fits six items of 100 with the spacing.
        #expect(try firstAndLastOfLine(.safeArea, .leftToRight) == (54, 54 + 6 * 100 + 5 * 10))
        #expect(try firstAndLastOfLine(.layoutMargins, .leftToRight) == (62, 62 + 6 * 100 + 5 * 10))
        input.safeAreaInsets = EdgeInsets(top: 0, left: 0, bottom: 21, right: 44)
        // Right to left: the line starts at the right, clear of the notch on the right.
        #expect(try firstAndLastOfLine(.safeArea, .rightToLeft).1 == 812 - 44 - 10)
        #expect(try firstAndLastOfLine(.safeArea, .leftToRight).0 == 10)
    }
}
