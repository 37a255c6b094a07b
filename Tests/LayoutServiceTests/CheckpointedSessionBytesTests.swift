import Foundation
import HTTPCore
import LayoutService
import Testing

/// A waterfall session of items listed by size holds at most 20 bytes per item, as the store counts it: the sizes
/// (16, read into an array of exactly their number) and the checkpoints its frames are replayed from.
@Suite struct CheckpointedSessionBytesTests: ServiceTesting {
    let service = LayoutService(configuration: ServiceConfiguration())

    func metric(_ name: String) -> Int? {
        let text = String(decoding: self.call(.GET, "/metrics").0.body, as: UTF8.self)
        let line = text.split(separator: "\n").first { $0.hasPrefix(name + " ") }
        return line.flatMap { Int($0.split(separator: " ")[1]) }
    }

    @Test func aWaterfallSessionHoldsAtMost20BytesAnItem() throws {
        try self.expectAtMost20BytesAnItem(kind: "waterfall")
    }

    /// Creates a session of 20,000 items of `kind` listed by size and expects the store to count 16 to 20 bytes
    /// for each.
    func expectAtMost20BytesAnItem(kind: String) throws {
        let count = 20_000
        let items = (0..<count).map { #"{"width":\#(40 + $0 % 7),"height":\#(30 + $0 % 11)}"# }
        let body = #"{"kind":"\#(kind)","viewport":{"width":375,"height":667},"sections":[{"items":["#
            + items.joined(separator: ",") + "]}]}"
        let before = try #require(self.metric("layoutd_session_bytes"))
        _ = try self.create(body)
        let bytes = try #require(self.metric("layoutd_session_bytes")) - before
        #expect(bytes >= count * 16, "the sizes at least")
        // The store's per-session overhead (identifier, slot, map entry) is a few hundred bytes.
        #expect(bytes <= count * 20 + 1_000)
    }
}
