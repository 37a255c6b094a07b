import JSON
import LayoutEngine
@testable import LayoutService
import Testing

/// The writer of a plain cell (``JSONWriter/plainCell(_:frame:)``) writes the bytes the element writer writes for
/// that cell's attributes, whatever its numbers: whole or not, small or large, negative, `-0`.
@Suite struct PlainCellWriterTests {
    /// Coordinates around every case of the number writer: whole numbers below and past 9,999, fractions that
    /// repeat (copied from earlier text), `-0`, negatives, huge and tiny magnitudes.
    static let numbers: [Double] = [
        0, -0.0, 1, 9, 10, 99, 100, 999, 1_000, 9_999, 9_999.5, 10_000, 123_456, 0.5, 62.5, 1.0 / 3, -1, -7.25,
        -10_000, 1e15, 1e300, 5e-324, 0.000_1, 2.0.squareRoot(), 9_007_199_254_740_993, -9_999.999,
    ]

    @Test(arguments: Self.numbers)
    func aPlainCellIsWrittenAsItsAttributes(x: Double) {
        var plain = JSONWriter(capacity: 64)
        var general = JSONWriter(capacity: 64)
        plain.beginArray()
        general.beginArray()
        for (index, y) in Self.numbers.enumerated() {
            let width = Self.numbers[(index + 3) % Self.numbers.count]
            let height = Self.numbers[(index + 7) % Self.numbers.count]
            let frame = Rect(x: x, y: y, width: width, height: height)
            let indexPath = IndexPath(section: index * 1_237, item: index * 98_765 + 3)
            plain.plainCell(indexPath, frame: frame)
            general.value(LayoutAttributes(category: .cell, kind: nil, indexPath: indexPath, frame: frame))
        }
        plain.endArray()
        general.endArray()
        #expect(plain.bytes == general.bytes)
        #expect(!plain.bytes.isEmpty)
    }

    /// The same cell written token by token with the JSON module's own number writer: the plain cell's shortcut
    /// for whole numbers writes what that writer writes.
    @Test(arguments: Self.numbers)
    func aPlainCellsNumbersAreTheNumberWritersText(x: Double) {
        let frame = Rect(x: x, y: -x, width: x * 3, height: x + 0.25)
        var plain = JSONWriter(capacity: 64)
        plain.plainCell(IndexPath(section: 4, item: 12_345), frame: frame)
        var tokens = JSONWriter(capacity: 64)
        tokens.beginObject()
        tokens.key("category")
        tokens.value("cell")
        tokens.key("indexPath")
        tokens.beginArray()
        tokens.value(4)
        tokens.value(12_345)
        tokens.endArray()
        tokens.key("frame")
        tokens.beginObject()
        tokens.key("x")
        tokens.value(frame.minX)
        tokens.key("y")
        tokens.value(frame.minY)
        tokens.key("width")
        tokens.value(frame.width)
        tokens.key("height")
        tokens.value(frame.height)
        tokens.endObject()
        tokens.key("zIndex")
        tokens.value(0)
        tokens.key("alpha")
        tokens.value(1.0)
        tokens.key("hidden")
        tokens.value(false)
        tokens.endObject()
        #expect(String(decoding: plain.bytes, as: UTF8.self) == String(decoding: tokens.bytes, as: UTF8.self))
    }
}
