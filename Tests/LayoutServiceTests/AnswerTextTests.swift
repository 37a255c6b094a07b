import Foundation
import HTTPCore
import LayoutEngine
@testable import LayoutService
import Testing

/// Whole answers of every kind, through the service, are byte for byte the text a token-by-token reference writes
/// for the same layout's elements, with every number spelled by the standard library: the element writers (plain
/// cells and others), the number paths and the copies of repeated numbers together, on bodies whose sizes have
/// long fractions so that most coordinates are 15 to 17 digits.
@Suite struct AnswerTextTests {
    let service = LayoutService(configuration: ServiceConfiguration())

    /// A number's wire text: an integer below 2^53 as its digits, everything else as `description`.
    static func number(_ value: Double) -> String {
        if value.magnitude < 9_007_199_254_740_992, value == value.rounded(.towardZero) {
            return (value.sign == .minus ? "-" : "") + UInt64(value.magnitude).description
        }
        return value.isFinite ? value.description : "null"
    }

    /// One element as the wire contract spells it, built from strings.
    static func element(_ element: LayoutAttributes) -> String {
        var text = #"{"category":"\#(element.category.rawValue)""#
        if let kind = element.kind { text += #","kind":"\#(kind.rawValue)""# }
        let frame = element.frame
        text += #","indexPath":[\#(element.indexPath.section),\#(element.indexPath.item)]"#
        text += #","frame":{"x":\#(Self.number(frame.minX)),"y":\#(Self.number(frame.minY)),"#
        text += #""width":\#(Self.number(frame.width)),"height":\#(Self.number(frame.height))}"#
        text += #","zIndex":\#(element.zIndex),"alpha":\#(Self.number(element.alpha)),"hidden":\#(element.isHidden)"#
        let transform = element.transform
        if transform != .identity {
            let parts = [("a", transform.a), ("b", transform.b), ("c", transform.c), ("d", transform.d),
                ("tx", transform.tx), ("ty", transform.ty)]
            text += #","transform":{"# + parts.map { #""\#($0.0)":\#(Self.number($0.1))"# }.joined(separator: ",") + "}"
        }
        if element.transform3D != .identity {
            text += #","transform3D":["# + element.transform3D.components.map(Self.number).joined(separator: ",") + "]"
        }
        return text + "}"
    }

    /// A length with a long fraction most of the time (a ratio such as 1000/7), sometimes whole or short.
    static func length(_ random: inout SessionRecordGenerator) -> String {
        switch random.int(0...3) {
        case 0: return "\(random.int(1...200))"
        case 1: return "\(Double(random.int(10...2000)) / 8)"
        default: return "\(Double(random.int(100...20_000)) / Double(random.int(3...97)))"
        }
    }

    /// A random body for `kind`, its sizes from ``length(_:)``, its viewport's width any integer from 320 to 1023
    /// (fractional columns), with a rect when asked.
    static func body(_ random: inout SessionRecordGenerator, kind: LayoutKind, rect: Bool) -> String {
        let hasSupplementaries = [.flow, .waterfall, .justified, .compositional].contains(kind)
        let sections = (0..<random.int(1...6)).map { _ in
            var members: [String] = []
            if random.bool() {
                members.append(#""count":\#(random.int(0...40))"#)
            } else {
                let items = (0..<random.int(0...30)).map { _ in
                    #"{"width":\#(Self.length(&random)),"height":\#(Self.length(&random))}"#
                }
                members.append(#""items":[\#(items.joined(separator: ","))]"#)
            }
            if hasSupplementaries, random.bool() {
                members.append(#""header":{"width":\#(Self.length(&random)),"height":\#(Self.length(&random))}"#)
            }
            return "{\(members.joined(separator: ","))}"
        }
        var members = [
            #""viewport":{"width":\#(random.int(320...1023)),"height":\#(random.int(200...900))}"#,
            #""sections":[\#(sections.joined(separator: ","))]"#,
        ]
        if rect {
            members.append(
                #""rect":{"x":\#(random.int(-50...400)),"y":\#(random.int(-100...3000)),"#
                    + #""width":\#(random.int(1...900)),"height":\#(random.int(1...1500))}"#
            )
        }
        return "{\(members.joined(separator: ","))}"
    }

    /// The reference text of the answer's `"attributes"` member to its end, for `body` laid out as the route does.
    func referenceAttributes(kind: LayoutKind, body: String) throws -> [UInt8] {
        let request = try LayoutRequest.decode(Array(body.utf8), kind: kind, configuration: self.service.configuration)
        let layout = try self.service.makeLiveLayout(request.input, configuration: request.configuration).prepared
        var elements: [String] = []
        if let rect = request.rect {
            layout.forEachAttribute(
                in: rect, contentOffset: request.input.contentOffset, orthogonalOffsets: request.orthogonalOffsets
            ) { elements.append(Self.element($0)) }
        } else {
            for element in layout.allAttributes(
                contentOffset: request.input.contentOffset, orthogonalOffsets: request.orthogonalOffsets)
            {
                elements.append(Self.element(element))
            }
        }
        return Array((#""attributes":["# + elements.joined(separator: ",") + "]}").utf8)
    }

    @Test(arguments: LayoutKind.allCases, [false, true])
    func answersAreTheReferenceText(kind: LayoutKind, withRect: Bool) throws {
        var random = SessionRecordGenerator(seed: 21_000 + OneShotAnswerTests.seed(kind) * 2 + (withRect ? 1 : 0))
        var compared = 0
        for _ in 0..<30 {
            let body = Self.body(&random, kind: kind, rect: withRect)
            let response = self.service.respond(
                to: Request(method: .POST, target: "/layout/\(kind.rawValue)", body: Array(body.utf8))
            )
            guard response.status == 200 else { continue }
            let expected = try self.referenceAttributes(kind: kind, body: body)
            let got = OneShotAnswerTests.attributes(of: response.body)
            #expect(Array(got) == expected, "\(kind.rawValue): \(body)")
            compared += 1
        }
        #expect(compared >= 15, "most random bodies are laid out")
    }
}
