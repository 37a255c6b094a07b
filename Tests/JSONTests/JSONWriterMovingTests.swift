import JSON
import Testing

/// `moveBytes(writtenSince:to:)`: a member written last and moved back gives the text of writing it in its place.
@Suite struct JSONWriterMovingTests {
    @Test(arguments: [0, 1, 5, 300, 70_000])
    func aMemberMovedBackIsWhereWritingItFirstPutsIt(elements: Int) {
        var direct = JSONWriter(capacity: 16)
        direct.beginObject()
        direct.key("kind")
        direct.value("flow")
        direct.key("size")
        direct.value(12.5)
        direct.key("items")
        direct.beginArray()
        for index in 0..<elements { direct.value(Double(index) * 0.25) }
        direct.endArray()
        direct.endObject()

        var moved = JSONWriter(capacity: 16)
        moved.beginObject()
        moved.key("kind")
        moved.value("flow")
        let place = moved.count
        moved.key("items")
        moved.beginArray()
        for index in 0..<elements { moved.value(Double(index) * 0.25) }
        moved.endArray()
        let end = moved.count
        moved.key("size")
        moved.value(12.5)
        moved.moveBytes(writtenSince: end, to: place)
        moved.endObject()
        #expect(moved.bytes == direct.bytes)
    }

    @Test func movingNothingOrToItsOwnPlaceChangesNothing() {
        var writer = JSONWriter()
        writer.beginArray()
        writer.value(1.0)
        writer.value(2.0)
        let before = writer.bytes
        writer.moveBytes(writtenSince: writer.count, to: 1)
        writer.moveBytes(writtenSince: 3, to: 3)
        #expect(writer.bytes == before)
    }
}
