import Foundation
import HTTPCore
import LayoutEngine
import Testing

@testable import LayoutService

/// `GET /kinds` tells the truth: each default it lists is the engine's own, each parameter it says a section may
/// override is taken in a section's `config` (and the others are refused there), and `sectionBackground` does what
/// its text says.
@Suite struct KindCatalogTests: ServiceTesting {
    let service = LayoutService()

    @Test func everyListedDefaultIsTheEnginesDefault() throws {
        for kind in KindCatalog.kinds {
            for parameter in kind.parameters {
                guard let defaultJSON = parameter.defaultJSON else { continue }
                let config = #"{"\#(parameter.name)":\#(defaultJSON)}"#
                let body = #"{"viewport":{"width":375,"height":667},"sections":[],"config":\#(config)}"#
                let request = try LayoutRequest.decode(
                    Array(body.utf8), kind: kind.kind, configuration: ServiceConfiguration()
                )
                #expect(request.configuration == .defaults(for: kind.kind), "\(kind.kind).\(parameter.name)")
            }
        }
    }

    @Test func everyKindIsListedOnce() {
        #expect(KindCatalog.kinds.map(\.kind) == LayoutKind.allCases)
    }

    /// Flow and waterfall take a section's `config`: exactly the parameters listed with `perSection` are allowed.
    @Test(arguments: [LayoutKind.flow, .waterfall])
    func aSectionTakesExactlyThePerSectionParameters(kind: LayoutKind) throws {
        let entry = try #require(KindCatalog.kinds.first { $0.kind == kind })
        for parameter in entry.parameters {
            let value = parameter.defaultJSON ?? (parameter.type == "EdgeInsets" ? #"{"top":1}"# : "1")
            let section = #"{"count":1,"config":{"\#(parameter.name)":\#(value)}}"#
            let body = #"{"viewport":{"width":375,"height":667},"sections":[\#(section)]}"#
            let (response, problem) = self.call(.POST, "/layout/\(kind.rawValue)", body)
            if parameter.perSection {
                #expect(response.status == 200, "\(kind).\(parameter.name) in a section: \(problem)")
            } else {
                #expect(response.status == 422, "\(kind).\(parameter.name) refused in a section")
                #expect(problem["pointer"] as? String == "/sections/0/config/\(parameter.name)")
            }
        }
    }

    /// The background lies between the header and the footer, across the whole width, inset by the values given.
    @Test(arguments: [
        (
            LayoutKind.flow,
            #""headerReferenceSize":{"width":0,"height":30},"footerReferenceSize":{"width":0,"height":20}"#
        ),
        (LayoutKind.waterfall, #""headerHeight":30,"footerHeight":20"#),
    ])
    func sectionBackgroundInsetsTheSectionBetweenItsHeaderAndFooter(kind: LayoutKind, supplementaries: String) throws {
        #expect(KindCatalog.sectionBackgroundText.contains("inset by these (each 0 or more)"))
        let config = #""sectionInset":{"top":10,"left":10,"bottom":10,"right":10},"#
            + #""sectionBackground":{"top":5,"left":6,"bottom":7,"right":8},"# + supplementaries
        let body = #"{"viewport":{"width":300,"height":600},"sections":[{"count":4}],"config":{\#(config)}}"#
        let (response, answer) = self.call(.POST, "/layout/\(kind.rawValue)", body)
        #expect(response.status == 200)
        let elements = try #require(answer["attributes"] as? [[String: Any]])
        func frame(_ kind: String) throws -> (x: Double, y: Double, width: Double, height: Double) {
            let element = try #require(elements.first { $0["kind"] as? String == kind }, "\(kind)")
            let frame = try #require(element["frame"] as? [String: Double])
            return (frame["x"]!, frame["y"]!, frame["width"]!, frame["height"]!)
        }
        let header = try frame("header")
        let footer = try frame("footer")
        let background = try frame("background")
        #expect(background.x == 6 && background.width == 300 - 6 - 8)
        #expect(background.y == header.y + header.height + 5)
        #expect(background.y + background.height == footer.y - 7)
        let cells = elements.filter { $0["category"] as? String == "cell" }
            .compactMap { $0["frame"] as? [String: Double] }
        #expect(cells.count == 4 && cells.allSatisfy { $0["y"]! >= background.y + 5 }, "the section inset is inside")
        let decoration = elements.first { $0["kind"] as? String == "background" }
        #expect(decoration?["category"] as? String == "decorationView" && decoration?["zIndex"] as? Int == -1)
    }

    @Test(arguments: [LayoutKind.flow, .waterfall])
    func aNegativeSectionBackgroundIsRefused(kind: LayoutKind) {
        let config = #"{"sectionBackground":{"top":-4}}"#
        let body = #"{"viewport":{"width":300,"height":600},"sections":[{"count":1}],"config":\#(config)}"#
        let (response, problem) = self.call(.POST, "/layout/\(kind.rawValue)", body)
        #expect(response.status == 422)
        #expect((problem["pointer"] as? String)?.hasPrefix("/config/sectionBackground") == true, "\(problem)")
    }
}
