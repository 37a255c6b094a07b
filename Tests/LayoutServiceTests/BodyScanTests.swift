@testable import LayoutService
import Testing

/// The cost checks' scan of a raw body (`LayoutService.firstIndex(of:in:from:)`, eight bytes at a time) finds
/// exactly what a byte-by-byte search finds, and `countedItems` adds up the same `count` members.
@Suite struct BodyScanTests {
    /// xorshift64: a seeded generator, so that every run scans the same bodies.
    struct Generator: RandomNumberGenerator {
        var state: UInt64

        mutating func next() -> UInt64 {
            self.state ^= self.state << 13
            self.state ^= self.state >> 7
            self.state ^= self.state << 17
            return self.state
        }
    }

    static func naiveFirstIndex(of needle: [UInt8], in bytes: [UInt8], from: Int) -> Int? {
        guard needle.count <= bytes.count, from <= bytes.count - needle.count else { return nil }
        for start in from...(bytes.count - needle.count) where Array(bytes[start..<start + needle.count]) == needle {
            return start
        }
        return nil
    }

    @Test func findsWhatAByteByByteSearchFinds() {
        var generator = Generator(state: 0x5CA7)
        // Few distinct bytes, so that partial matches, matches across word boundaries and at the end are common.
        let alphabet = Array(#""cont:"#.utf8) + [0x80, 0xA2, 0x00]
        for _ in 0..<20_000 {
            let bytes = (0..<Int.random(in: 0...40, using: &generator)).map { _ in
                alphabet.randomElement(using: &generator)!
            }
            let needle = (0..<Int.random(in: 1...4, using: &generator)).map { _ in
                alphabet.randomElement(using: &generator)!
            }
            let from = Int.random(in: 0...max(0, bytes.count), using: &generator)
            let found = bytes.withUnsafeBufferPointer { bytes in
                needle.withUnsafeBufferPointer { LayoutService.firstIndex(of: $0, in: bytes, from: from) }
            }
            #expect(found == Self.naiveFirstIndex(of: needle, in: bytes, from: from), "\(bytes) \(needle) \(from)")
            let anchor = Int.random(in: 0..<needle.count, using: &generator)
            let anchored = bytes.withUnsafeBufferPointer { bytes in
                needle.withUnsafeBufferPointer {
                    LayoutService.firstIndex(of: $0, anchor: anchor, in: bytes, from: from)
                }
            }
            #expect(anchored == found, "\(bytes) \(needle) \(from) anchored at \(anchor)")
        }
    }

    @Test func countedItemsAddsEveryCountMember() {
        let body = Array(#"{"sections":[{"count":20},{"count" : 30},{"items":[]},{"count":7}],"x":"count"}"#.utf8)
        #expect(LayoutService.countedItems(in: body, over: 56))
        #expect(!LayoutService.countedItems(in: body, over: 57))
        #expect(!LayoutService.countedItems(in: Array(#"{"count""#.utf8), over: 0))
        #expect(LayoutService.countedItems(in: Array(#"{"count":1"#.utf8), over: 0))
    }
}
