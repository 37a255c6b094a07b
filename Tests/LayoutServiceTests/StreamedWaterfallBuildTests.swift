import HTTPCore
import LayoutEngine
@testable import LayoutService
import Testing

/// A waterfall read while its body arrives is laid out as its first section's items are read (issue 21): the
/// answer is byte for byte the whole body's, and the section laid out early is used only when what came before the
/// items places them as the whole request does.
@Suite struct StreamedWaterfallBuildTests {
    let service = LayoutService()

    /// Where the parameters stand relative to the items.
    enum Order: CaseIterable { case configFirst, configAfterItems, headerAfterItems, twoSections }

    /// A random waterfall request of `count` items (some spanning columns or of exact height, some spaced out),
    /// its parameters placed as `order` says.
    static func body(count: Int, order: Order, generator: inout SessionRecordGenerator) -> [UInt8] {
        var config: [String] = []
        if generator.bool() {
            config.append(#""columnCount":\#(generator.int(1...9))"#)
        } else {
            config.append(#""minColumnWidth":\#(generator.int(40...300))"#)
        }
        if generator.bool() { config.append(#""columnSpacing":\#(generator.int(0...20))"#) }
        if generator.bool() { config.append(#""rowSpacing":\#(generator.int(0...20)).5"#) }
        if generator.bool() {
            config.append(#""sectionInset":{"top":\#(generator.int(0...30)),"left":7,"bottom":3,"right":1}"#)
        }
        if generator.bool() { config.append(#""scrollDirection":"horizontal""#) }
        let directions = ["shortestFirst", "leftToRight", "rightToLeft"]
        config.append(#""itemRenderDirection":"\#(directions[generator.int(0...2)])""#)
        let items = (0..<count).map { index -> String in
            switch generator.int(0...40) {
            case 0: return #"{"height":\#(generator.int(1...300)),"columnSpan":\#(generator.int(1...3))}"#
            case 1: return #"{ "width": \#(generator.int(1...99)).25, "height": \#(generator.int(1...300)) }"#
            case 2:
                return #"{"width":\#(generator.int(1...200)),"height":\#(generator.int(1...300)),"columnSpan":"full"}"#
            default: return #"{"width":\#(index % 90 + 10),"height":\#(index * 7 % 300 + 1)}"#
            }
        }.joined(separator: ",")
        let viewport = #""viewport":{"width":\#(generator.int(300...1400)),"height":800}"#
        let configMember = #""config":{\#(config.joined(separator: ","))}"#
        let header = #""header":{"width":10,"height":\#(generator.int(1...90))}"#
        let rect = #""rect":{"x":0,"y":\#(generator.int(0...20_000)),"width":1400,"height":3000}"#
        let text: String
        switch order {
        case .configFirst:
            text = "{\(viewport),\(configMember),\"sections\":[{\(header),\"items\":[\(items)]}],\(rect)}"
        case .configAfterItems:
            text = "{\(viewport),\"sections\":[{\"items\":[\(items)]}],\(configMember),\(rect)}"
        case .headerAfterItems:
            text = "{\(viewport),\(configMember),\"sections\":[{\"items\":[\(items)],\(header)}],\(rect)}"
        case .twoSections:
            text = "{\(viewport),\(configMember),\"sections\":[{\"items\":[\(items)]},{\"count\":5}],\(rect)}"
        }
        return Array(text.utf8)
    }

    /// The stream the early reader's request carried, if any.
    static func stream(of early: (any Sendable)?) -> WaterfallSectionStream? {
        guard let result = early as? Result<LayoutRequest, any Error>, case .success(let request) = result else {
            return nil
        }
        return request.streamed
    }

    /// Answers `bytes` whole and in random pieces; returns the early reader's streams.
    private func answersAsWhole(_ bytes: [UInt8], generator: inout SessionRecordGenerator)
        -> [WaterfallSectionStream?]
    {
        let whole = self.service.respond(to: Request(method: .POST, target: "/layout/waterfall", body: bytes))
        let expected = whole.bodyStream?.collect() ?? whole.body
        var streams: [WaterfallSectionStream?] = []
        for _ in 0..<2 {
            let (status, body, early) = EarlyDecodingTests.answerArriving(
                bytes, service: self.service, generator: &generator)
            #expect(status == whole.status)
            #expect(body == expected, "\(String(decoding: body.prefix(300), as: UTF8.self))")
            #expect(early != nil)
            streams.append(Self.stream(of: early))
        }
        return streams
    }

    @Test func aWaterfallWhoseParametersComeFirstIsLaidOutWhileItArrivesAndAnswersAsWhole() {
        var generator = SessionRecordGenerator(seed: 21)
        for _ in 0..<6 {
            let bytes = Self.body(count: generator.int(5_000...40_000), order: .configFirst, generator: &generator)
            for stream in self.answersAsWhole(bytes, generator: &generator) {
                #expect(stream?.isUsed == true)
                // Most items were placed before the last byte; the rest (at most the last piece's) after.
                #expect((stream?.placedWhileRead ?? 0) > 0)
            }
        }
    }

    @Test func parametersAfterTheItemsFallBackToTheWholeBuild() {
        var generator = SessionRecordGenerator(seed: 22)
        for order in [Order.configAfterItems, .headerAfterItems] {
            for _ in 0..<3 {
                let bytes = Self.body(count: generator.int(5_000...20_000), order: order, generator: &generator)
                for stream in self.answersAsWhole(bytes, generator: &generator) {
                    // Placed with the defaults (or without the header), the items would land elsewhere: the stream
                    // is not used. (Random parameters may place exactly as the defaults do; then it may be.)
                    if let stream, stream.isUsed { #expect(stream.placedWhileRead > 0) }
                }
            }
        }
        // Without a header in the defaults, a header after the items always moves them down.
        let bytes = Self.body(count: 8_000, order: .headerAfterItems, generator: &generator)
        for stream in self.answersAsWhole(bytes, generator: &generator) { #expect(stream?.isUsed != true) }
    }

    @Test func aSecondSectionLeavesTheFirstStreamedAndAnswersAsWhole() {
        var generator = SessionRecordGenerator(seed: 23)
        let bytes = Self.body(count: 12_000, order: .twoSections, generator: &generator)
        for stream in self.answersAsWhole(bytes, generator: &generator) { #expect(stream?.isUsed == true) }
    }

    /// An item the engine refuses (a horizontal waterfall's zero height) read while the body arrives, early in the
    /// list or among its last items: the stream stops at it, and the whole build answers it.
    @Test func anInvalidItemMidStreamIsTheSameProblemAtTheSamePointer() {
        var generator = SessionRecordGenerator(seed: 24)
        for position in [3_000, 9_990] {
            var items = (0..<10_000).map { #"{"width":\#($0 % 90 + 10),"height":\#($0 % 50 + 1)}"# }
            items[position] = #"{"width":10,"height":0}"#
            let text = #"{"viewport":{"width":800,"height":600},"config":{"scrollDirection":"horizontal"},"#
                + #""sections":[{"items":["# + items.joined(separator: ",") + "]}]}"
            let bytes = Array(text.utf8)
            let whole = self.service.respond(to: Request(method: .POST, target: "/layout/waterfall", body: bytes))
            let expected = String(decoding: whole.bodyStream?.collect() ?? whole.body, as: UTF8.self)
            #expect(whole.status == 422)
            #expect(expected.contains("/sections/0/items/\(position)"), "\(expected)")
            for stream in self.answersAsWhole(bytes, generator: &generator) { #expect(stream?.isUsed != true) }
        }
    }
}
