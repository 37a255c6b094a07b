import JSON
import Testing

/// `writeValues(count:maximumLength:_:)` writes what as many `writeValue(maximumLength:_:)` calls write: the same
/// bytes, commas and recent numbers, whatever the buffer's room, and the writer goes on as after single values.
@Suite struct JSONWriterBatchesTests {
    /// A value of a number and some padding, its length varying with `index` (up to `maximumLength`).
    static func put(_ index: Int, seed: Int, to output: inout OutputCursor, recent: inout RecentNumbers) {
        output.put(#"{"n":"#, Double((index * 7 + seed) % 13) / 4, recent: &recent)
        for _ in 0..<((index * 31 + seed) % 40) { output.put(UInt8(ascii: " ")) }
        output.put(UInt8(ascii: "}"))
    }

    static let maximumLength = 80

    /// Writes `[first, values…, last]` into `writer`, the values one by one or in a batch.
    static func write(_ writer: inout JSONWriter, count: Int, seed: Int, batched: Bool) {
        writer.beginObject()
        writer.key("values")
        writer.beginArray()
        writer.value(1.5)
        if batched {
            writer.writeValues(count: count, maximumLength: Self.maximumLength) { output, recent, index in
                Self.put(index, seed: seed, to: &output, recent: &recent)
            }
        } else {
            for index in 0..<count {
                writer.writeValue(maximumLength: Self.maximumLength) { output, recent in
                    Self.put(index, seed: seed, to: &output, recent: &recent)
                }
            }
        }
        // After the values: a number written before (its text copied from the recent numbers) and a new one.
        writer.value(Double((seed * 7) % 13) / 4)
        writer.value(2.25)
        writer.endArray()
        writer.endObject()
    }

    @Test(arguments: [0, 1, 2, 3, 7, 64, 65, 200, 1_000])
    func aBatchWritesWhatSingleValuesWrite(count: Int) {
        for seed in 0..<5 {
            for capacity in [64, 300, 4_096, 100_000] {
                var single = JSONWriter(capacity: capacity)
                Self.write(&single, count: count, seed: seed, batched: false)
                var batched = JSONWriter(capacity: capacity)
                Self.write(&batched, count: count, seed: seed, batched: true)
                #expect(batched.bytes == single.bytes, "count \(count), seed \(seed), capacity \(capacity)")
            }
        }
    }

    @Test func aBatchIntoAReusedBufferWritesWhatSingleValuesWrite() {
        var single = JSONWriter(capacity: 64)
        Self.write(&single, count: 300, seed: 3, batched: false)
        let expected = single.bytes
        // A buffer whose count is short of what the batch writes, with room past it: it is extended as it fills.
        var old = [UInt8](repeating: 0x41, count: 1_000)
        old.reserveCapacity(64 * 1_024)
        var batched = JSONWriter(reusing: old, capacity: 1_000)
        old = []
        Self.write(&batched, count: 300, seed: 3, batched: true)
        #expect(batched.bytes == expected)
    }

    @Test func anEmptyBatchWritesNothing() {
        var writer = JSONWriter()
        writer.beginArray()
        writer.writeValues(count: 0, maximumLength: 10) { _, _, _ in Issue.record("no value is written") }
        writer.value(1)
        writer.endArray()
        #expect(String(decoding: writer.bytes, as: UTF8.self) == "[1]")
    }
}
