@testable import LayoutEngine
import Testing

/// ``SectionOverrides`` keeps its parameters behind one shared reference: copies must still behave as values, and
/// equality and hashing must depend on the parameters alone, never on whether a box was made.
@Suite struct SectionOverridesStorageTests {
    @Test func changingACopyLeavesTheOriginalAsItWas() {
        var original = SectionOverrides()
        original.itemSize = Size(width: 10, height: 20)
        original.columnCount = 3
        var copy = original
        copy.itemSize = Size(width: 99, height: 1)
        copy.sectionInset = EdgeInsets(top: 1, left: 2, bottom: 3, right: 4)
        #expect(original.itemSize == Size(width: 10, height: 20))
        #expect(original.sectionInset == nil)
        #expect(original.columnCount == 3)
        #expect(copy.itemSize == Size(width: 99, height: 1))
        #expect(copy.columnCount == 3)
        #expect(copy != original)
    }

    @Test func overridesSetBackToNilEqualAndHashLikeNone() {
        var cleared = SectionOverrides()
        cleared.minimumLineSpacing = 4
        cleared.headerHeight = 12
        cleared.minimumLineSpacing = nil
        cleared.headerHeight = nil
        let none = SectionOverrides()
        #expect(cleared == none)
        #expect(cleared.hashValue == none.hashValue)
    }

    @Test func overridesWithEqualParametersMadeApartAreEqual() {
        var first = SectionOverrides()
        first.rowSpacing = 7
        first.verticalAlignment = .bottom
        var second = SectionOverrides()
        second.verticalAlignment = .bottom
        second.rowSpacing = 7
        #expect(first == second)
        #expect(first.hashValue == second.hashValue)
        second.rowSpacing = 8
        #expect(first != second)
    }

    /// An input of ten `count` sections, each with `overrides`.
    static func input(_ overrides: SectionOverrides) -> LayoutInput {
        LayoutInput(
            viewport: Size(width: 375, height: 667),
            sections: Array(repeating: SectionInput(items: .count(3), overrides: overrides), count: 10)
        )
    }

    @Test func anInputCountsItsSectionsOverridesHeldOutOfLine() {
        var overrides = SectionOverrides()
        overrides.rowSpacing = 7
        let plain = Self.input(SectionOverrides())
        // Each section's parameters count once more than none, as when they were held inline in its stride.
        let parameters = MemoryLayout<SectionOverrides.Parameters>.stride
        #expect(Self.input(overrides).heapBytes >= plain.heapBytes + 10 * parameters)
    }

    @Test func parametersWrittenNilOneByOneHoldNothingMore() {
        // As the session codec reads a record back: every parameter written, here each one `nil`.
        var overrides = SectionOverrides()
        overrides.itemSize = nil
        overrides.sectionInset = nil
        overrides.columnCount = nil
        overrides.compositionalSection = nil
        #expect(Self.input(overrides).heapBytes == Self.input(SectionOverrides()).heapBytes)
        #expect(overrides == SectionOverrides())
    }

    @Test func reflectionListsTheParametersNotTheBox() {
        let labels = Mirror(reflecting: SectionOverrides()).children.compactMap(\.label)
        #expect(labels.contains("itemSize"))
        #expect(labels.contains("compositionalSection"))
        #expect(!labels.contains("storage"))
    }
}
