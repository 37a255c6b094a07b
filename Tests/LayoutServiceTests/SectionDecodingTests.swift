import HTTPCore
import JSON
import LayoutEngine
import Testing

@testable import LayoutService

/// `sections` is read into the request's array in place (issue 21): each section decodes to exactly the input its
/// members describe, whatever the members' order, and a section read alone decodes the same.
@Suite struct SectionDecodingTests {
    /// A random `flow` section and the input it describes: a count or listed sizes, maybe a header, a footer and
    /// per-section parameters, its members in a random order.
    static func section(_ random: inout SessionRecordGenerator) -> (json: String, expected: SectionInput) {
        var expected = SectionInput(count: 0)
        var members: [String] = []
        if random.bool() {
            let count = random.int(0...500)
            expected.items = .count(count)
            members.append(#""count":\#(count)"#)
        } else {
            let sizes = (0..<random.int(0...12)).map { _ in
                Size(width: Double(random.int(1...400)) / 4, height: Double(random.int(1...400)) / 8)
            }
            expected.items = .sizes(sizes)
            let items = sizes.map { #"{"width":\#($0.width),"height":\#($0.height)}"# }
            members.append(#""items":[\#(items.joined(separator: ","))]"#)
        }
        if random.bool() {
            let header = Size(width: Double(random.int(0...300)), height: Double(random.int(0...80)) / 2)
            expected.header = header
            members.append(#""header":{"width":\#(header.width),"height":\#(header.height)}"#)
        }
        if random.bool() {
            let footer = Size(width: Double(random.int(0...300)), height: Double(random.int(0...80)) / 2)
            expected.footer = footer
            members.append(#""footer":{"width":\#(footer.width),"height":\#(footer.height)}"#)
        }
        if random.bool() {
            var config: [String] = []
            if random.bool() {
                let spacing = Double(random.int(0...40)) / 2
                expected.overrides.minimumLineSpacing = spacing
                config.append(#""minimumLineSpacing":\#(spacing)"#)
            }
            if random.bool() {
                let size = Size(width: Double(random.int(1...200)), height: Double(random.int(1...200)))
                expected.overrides.itemSize = size
                config.append(#""itemSize":{"width":\#(size.width),"height":\#(size.height)}"#)
            }
            if random.bool() {
                expected.overrides.verticalAlignment = .bottom
                config.append(#""verticalAlignment":"bottom""#)
            }
            members.append(#""config":{\#(config.joined(separator: ","))}"#)
        }
        // Members in any order: a section read in place starts from the same empty section as one read alone.
        for index in members.indices.reversed() {
            members.swapAt(index, random.int(0...index))
        }
        return ("{\(members.joined(separator: ","))}", expected)
    }

    @Test(arguments: 0..<20)
    func everySectionDecodesToTheInputItsMembersDescribe(seed: Int) throws {
        var random = SessionRecordGenerator(seed: UInt64(seed) &+ 4_242)
        let sections = (0..<random.int(0...9)).map { _ in Self.section(&random) }
        let body = #"{"viewport":{"width":375,"height":667},"sections":["#
            + sections.map(\.json).joined(separator: ",") + "]}"
        let request = try LayoutRequest.decode(Array(body.utf8), kind: .flow, configuration: ServiceConfiguration())
        #expect(request.input.sections == sections.map(\.expected), "\(body)")
        // A section read alone (as a batch's inserted section is) decodes the same.
        for section in sections {
            var reader = JSONReader(bytes: Array(section.json.utf8))
            var counter = ItemCounter(limit: .max)
            #expect(try reader.readSection(kind: .flow, counter: &counter) == section.expected)
        }
    }

    @Test func anUnknownMemberOfALaterSectionIsNamedByItsPointer() {
        let body = #"{"viewport":{"width":375,"height":667},"sections":[{"count":3},{"count":2,"colour":1}]}"#
        let response = LayoutService().respond(
            to: Request(method: .POST, target: "/layout/flow", body: Array(body.utf8))
        )
        #expect(response.status == 422)
        #expect(String(decoding: response.body, as: UTF8.self).contains(#""pointer":"/sections/1/colour""#))
    }
}
