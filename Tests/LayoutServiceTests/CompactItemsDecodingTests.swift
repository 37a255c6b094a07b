@testable import LayoutService
import JSON
import LayoutEngine
import Testing

/// Issue 21: `items` arrays read in runs of compact `{"width":w,"height":h}` give exactly what the general path
/// gives, sizes and errors alike, whatever the mix of compact and other elements.
@Suite struct CompactItemsDecodingTests {
    let configuration = ServiceConfiguration()

    /// An item: compact mostly, sometimes spaced, reordered, with an exponent, a fraction, `-0` or a span.
    static func item(_ index: Int, kind: String) -> (compact: String, spaced: String) {
        let (width, height) = (Double(20 + index * 7 % 90), Double(20 + index * 13 % 70))
        let text: String
        switch index % 29 {
        case 3: text = #"{"height":\#(height),"width":\#(width)}"#
        case 5: text = #"{"width":\#(width)e0,"height":\#(height)}"#
        case 7 where kind != "justified": text = #"{"width":\#(width / 8),"height":-0}"#
        case 11 where kind == "waterfall": text = #"{"width":\#(width),"height":\#(height),"columnSpan":2}"#
        case 13: text = #"{ "width": \#(width), "height": \#(height) }"#
        default: text = #"{"width":\#(Int(width)),"height":\#(Int(height))}"#
        }
        return (text, Self.spaced(text))
    }

    /// The same JSON with spaces around its colons, which only the general path reads.
    static func spaced(_ text: String) -> String {
        text.split(separator: ":", omittingEmptySubsequences: false).joined(separator: " : ")
    }

    func decode(_ items: [String], kind name: String) throws -> Result<[SectionInput], JSONError> {
        let kind = try #require(LayoutKind(rawValue: name))
        let body = #"{"viewport":{"width":375,"height":667},"sections":[{"items":["#
            + items.joined(separator: ",") + "]},{\"items\":[" + items.prefix(3).joined(separator: ",") + "]}]}"
        do {
            return .success(try LayoutRequest.decode(Array(body.utf8), kind: kind, configuration: self.configuration)
                .input.sections)
        } catch let error as JSONError {
            return .failure(error)
        }
    }

    @Test(arguments: ["waterfall", "flow", "justified"])
    func compactAndSpacedItemsDecodeToTheSameSections(kind: String) throws {
        let items = (0..<5000).map { Self.item($0, kind: kind) }
        let compact = try self.decode(items.map(\.compact), kind: kind)
        #expect(compact == (try self.decode(items.map(\.spaced), kind: kind)))
        guard case .success(let sections) = compact, case .sizes(let sizes) = sections[0].items else {
            Issue.record("\(kind): \(compact)")
            return
        }
        #expect(sizes.count == 5000)
        #expect(sizes.allSatisfy { $0.height.sign == .plus }, "-0 becomes 0")
    }

    /// The storage is reserved from the first 1,024 items' length: a list whose later items are longer (more room
    /// than foretold) or shorter (less) reads the same, and holds at most a sixteenth more than its items.
    @Test(arguments: [(2, 6), (6, 2), (3, 3)])
    func listsLongerOrShorterThanTheirFirstItemsForetoldReadTheSame(digits: (Int, Int)) throws {
        func number(_ index: Int, _ count: Int) -> Int { [1, 10, 100, 1000, 10000, 100_000][count - 1] + index % 9 }
        let items = (0..<6000).map { index in
            let count = index < 1024 ? digits.0 : digits.1
            return #"{"width":\#(number(index, count)),"height":\#(number(index + 3, count))}"#
        }
        let compact = try self.decode(items, kind: "waterfall")
        #expect(compact == (try self.decode(items.map(Self.spaced), kind: "waterfall")))
        guard case .success(let sections) = compact, case .sizes(let sizes) = sections[0].items else {
            Issue.record("\(compact)")
            return
        }
        #expect(sizes.count == 6000)
        #expect(sizes[5000].width == Double(number(5000, digits.1)))
        #expect(sizes.capacity <= 6000 + 6000 / 16)
    }

    @Test(arguments: ["waterfall", "flow", "justified"])
    func aBadItemDeepInARunIsReportedAtItsPointer(kind: String) throws {
        var items = (0..<3000).map { #"{"width":\#(10 + $0 % 50),"height":\#(20 + $0 % 30)}"# }
        items[2500] = #"{"width":-1,"height":20}"#
        let result = try self.decode(items, kind: kind)
        guard case .failure(let error) = result else {
            Issue.record("\(kind): accepted a negative width")
            return
        }
        #expect(error == (try self.decode(items.map(Self.spaced), kind: kind)
            .failure()))
        if case .shape(let pointer, _) = error {
            #expect(pointer == "/sections/0/items/2500/width")
        } else {
            Issue.record("\(kind): \(error)")
        }
    }
}

extension Result {
    /// The error, or `nil` on success.
    fileprivate func failure() -> Failure? {
        if case .failure(let error) = self { return error }
        return nil
    }
}
