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

    @Test func numbersWrittenAfterAMoveAreTheirOwn() {
        // A number written before the move and again after it is not copied from where its text was.
        var writer = JSONWriter()
        writer.beginObject()
        writer.key("k")
        writer.value("x")
        let place = writer.count
        writer.key("a")
        writer.value(0.1)
        let start = writer.count
        writer.key("b")
        writer.value(0.2)
        writer.moveBytes(writtenSince: start, to: place)
        writer.key("c")
        writer.value(0.1)
        writer.key("d")
        writer.value(0.2)
        writer.endObject()
        #expect(String(decoding: writer.bytes, as: UTF8.self) == #"{"k":"x","b":0.2,"a":0.1,"c":0.1,"d":0.2}"#)
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
