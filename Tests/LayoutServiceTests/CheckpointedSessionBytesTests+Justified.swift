import Foundation
import HTTPCore
import LayoutService
import Testing

extension CheckpointedSessionBytesTests {
    /// A justified session of photos listed by size holds at most 20 bytes an item too: the sizes and, every 16
    /// items, three numbers of the row loop and the block's two extents.
    @Test func aJustifiedSessionHoldsAtMost20BytesAnItem() throws {
        let photos = (0..<20_000).map { #"{"width":\#(100 + $0 % 101),"height":\#(50 + $0 % 251)}"# }
        let sections = #"[{"items":["# + photos.joined(separator: ",") + "]}]"
        let before = try #require(self.metric("layoutd_session_bytes"))
        _ = try self.create(#"{"kind":"justified","viewport":{"width":375,"height":812},"sections":\#(sections)}"#)
        let grown = try #require(self.metric("layoutd_session_bytes")) - before
        #expect(grown >= photos.count * 16 && grown <= photos.count * 20 + 1_000, "\(grown) bytes")
    }
}
