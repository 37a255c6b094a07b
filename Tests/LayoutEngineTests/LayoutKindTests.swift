import Testing

@testable import LayoutEngine

/// A kind found from its name's bytes (`LayoutKind(utf8:)`, which routing uses), and the prepares that hold a single
/// section's record without an array.
@Suite struct LayoutKindTests {
    @Test func everyBuiltInKindIsFoundFromItsNamesBytes() {
        for kind in LayoutKind.allCases {
            var name = kind.rawValue
            let found = name.withUTF8 { LayoutKind(utf8: $0) }
            #expect(found == kind)
            #expect(found.flatMap { LayoutKind(rawValue: $0.rawValue) } == kind)
        }
    }

    @Test(arguments: ["", "flo", "flows", "Flow", "lin", "linea", "stacK", "circle ", "diagonal", "waterfall\u{0}"])
    func noKindIsFoundFromOtherBytes(name: String) {
        var name = name
        #expect(name.withUTF8 { LayoutKind(utf8: $0) } == nil)
        #expect(LayoutKind(rawValue: name) == nil)
    }

    /// A stateless prepare of one section keeps its record without an array; a session's prepare keeps an array of
    /// records. Both lay out the same elements, at the end of the viewport too.
    @Test(arguments: LayoutKind.allCases)
    func aStatelessPrepareOfOneSectionIsTheSessionsPrepare(kind: LayoutKind) throws {
        for seed in 0..<40 as Range<UInt64> {
            var random = RandomLayouts(seed: seed &* 7 &+ 1)
            var (input, configuration) = random.layout(kind: kind)
            input.sections = Array(input.sections.prefix(1))
            var configurations = [configuration]
            if [.flow, .waterfall, .compositional].contains(kind) {
                configurations.append(ContentAlignmentTests.bottomAligned(configuration))
            }
            for configuration in configurations {
                let stateless = try prepareLayout(input, configuration: configuration)
                let (session, _) = try configuration.kindType.prepareKeepingRecords(
                    input,
                    configuration: configuration,
                    limits: LayoutLimits()
                )
                #expect(stateless == session, "seed \(seed)")
            }
        }
    }
}
