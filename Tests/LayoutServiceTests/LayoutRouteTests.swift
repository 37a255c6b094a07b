import Foundation
import HTTPCore
import LayoutEngine
import LayoutService
import Testing

/// `POST /layout/{kind}` called through the responder, answers read back with Foundation's JSON parser.
@Suite struct LayoutRouteTests {
    let service = LayoutService()

    func post(_ kind: String, _ body: String, service: LayoutService? = nil) -> (status: Int, json: [String: Any]) {
        let response = (service ?? self.service).respond(
            to: Request(method: .POST, target: "/layout/\(kind)", body: Array(body.utf8))
        )
        let object = (try? JSONSerialization.jsonObject(with: Data(response.body))) as? [String: Any] ?? [:]
        return (response.status, object)
    }

    func problem(_ kind: String, _ body: String) -> (status: Int, pointer: String?, type: String?) {
        let (status, json) = self.post(kind, body)
        return (status, json["pointer"] as? String, json["type"] as? String)
    }

    @Test func theCircleSeedPlacesTwentyItemsOnTheCircle() throws {
        let (status, json) = self.post("circle", #"{"viewport":{"width":375,"height":200},"sections":[{"count":20}]}"#)
        #expect(status == 200)
        #expect(json["kind"] as? String == "circle")
        let size = try #require(json["contentSize"] as? [String: Double])
        #expect(size == ["width": 375, "height": 200])
        let attributes = try #require(json["attributes"] as? [[String: Any]])
        #expect(attributes.count == 20)
        for element in attributes {
            let indexPath = try #require(element["indexPath"] as? [Int])
            let frame = try #require(element["frame"] as? [String: Double])
            let angle = Double(indexPath[1]) * 2 * Double.pi / 20
            let centerX = try #require(frame["x"]) + 25
            let centerY = try #require(frame["y"]) + 25
            #expect(abs(centerX - (187.5 + 70 * cos(angle))) < 1e-9)
            #expect(abs(centerY - (100 - 70 * sin(angle))) < 1e-9)
            #expect(element["zIndex"] as? Int == indexPath[1])
            #expect(element["category"] as? String == "cell")
        }
    }

    @Test func theAnswerMatchesTheEngineElementForElement() throws {
        let body = #"""
            {"viewport":{"width":375,"height":667},"config":{"minimumLineSpacing":14,"headerReferenceSize":{"width":0,"height":30}},
             "sections":[{"count":7},{"items":[{"width":120,"height":90},{"width":80,"height":160.5}],
             "footer":{"width":375,"height":20},"config":{"sectionInset":{"top":8,"left":8,"bottom":8,"right":8}}}]}
            """#
        let (status, json) = self.post("flow", body)
        #expect(status == 200)
        var configuration = FlowLayout.Configuration()
        configuration.minimumLineSpacing = 14
        configuration.headerReferenceSize = Size(width: 0, height: 30)
        var second = SectionInput(items: .sizes([Size(width: 120, height: 90), Size(width: 80, height: 160.5)]))
        second.footer = Size(width: 375, height: 20)
        second.overrides.sectionInset = EdgeInsets(all: 8)
        let input = LayoutInput(viewport: Size(width: 375, height: 667), sections: [SectionInput(count: 7), second])
        let expected = try prepareLayout(input, configuration: .flow(configuration)).allAttributes(contentOffset: .zero)
        let attributes = try #require(json["attributes"] as? [[String: Any]])
        #expect(attributes.count == expected.count)
        for (element, engine) in zip(attributes, expected) {
            let frame = try #require(element["frame"] as? [String: Double])
            #expect(frame["x"] == engine.frame.minX)
            #expect(frame["y"] == engine.frame.minY)
            #expect(frame["width"] == engine.frame.width)
            #expect(frame["height"] == engine.frame.height)
            #expect(element["category"] as? String == engine.category.rawValue)
            #expect(element["kind"] as? String == engine.kind?.rawValue)
            #expect(element["indexPath"] as? [Int] == [engine.indexPath.section, engine.indexPath.item])
        }
    }

    @Test func aRectLimitsTheAnswerToWhatIntersectsIt() throws {
        let body = #"{"viewport":{"width":100,"height":100},"sections":[{"count":1000}],"rect":{"x":0,"y":600,"width":100,"height":100}}"#
        let (status, json) = self.post("flow", body)
        #expect(status == 200)
        let attributes = try #require(json["attributes"] as? [[String: Any]])
        #expect(!attributes.isEmpty)
        #expect(attributes.count < 20)
        for element in attributes {
            let frame = try #require(element["frame"] as? [String: Double])
            let y = try #require(frame["y"])
            #expect(y < 700 && y + 50 > 600)
        }
    }

    @Test func malformedJSONIs400WithTheByteOffset() {
        let (status, json) = self.post("flow", #"{"viewport": {"width": 3,}}"#)
        #expect(status == 400)
        #expect(json["type"] as? String == "/problems/malformed-json")
        #expect(json["offset"] as? Int == 25)
    }

    @Test(arguments: [
        (#"{"viewport":{"width":375,"height":667},"sections":[{"items":[{"width":1,"height":1},{"width":-2,"height":1}]}]}"#,
         "/sections/0/items/1/width"),
        // Compact items that break a rule leave the one-pass reader for the general one, which names the field.
        (#"{"viewport":{"width":375,"height":667},"sections":[{"items":[{"width":1,"height":-2}]}]}"#,
         "/sections/0/items/0/height"),
        (#"{"viewport":{"width":375,"height":667},"sections":[{"items":[{"width":2e7,"height":1}]}]}"#,
         "/sections/0/items/0/width"),
        (#"{"viewport":{"width":375,"height":667},"sections":[{"items":[{"width":1,"height":2,"depth":3}]}]}"#,
         "/sections/0/items/0/depth"),
        (#"{"viewport":{"width":375,"height":667},"sections":[{"items":[{"width":1,"height":"2"}]}]}"#,
         "/sections/0/items/0/height"),
        (#"{"viewport":{"width":375,"height":667},"sections":[],"depth":1}"#, "/depth"),
        (#"{"viewport":{"width":375},"sections":[]}"#, "/viewport/height"),
        (#"{"sections":[]}"#, "/viewport"),
        (#"{"viewport":{"width":375,"height":667},"sections":[{"count":"3"}]}"#, "/sections/0/count"),
        (#"{"viewport":{"width":375,"height":667},"sections":[],"rect":{"x":0,"y":0,"width":-1,"height":4}}"#,
         "/rect/width"),
        (#"{"viewport":{"width":375,"height":667},"sections":[{"count":1,"items":[]}]}"#, "/sections/0/items"),
        (#"{"viewport":{"width":375,"height":667},"sections":[],"config":{"minimumLineSpacing":1e400}}"#,
         "/config/minimumLineSpacing"),
    ])
    func wrongShapesAre422WithAPointer(body: String, pointer: String) {
        let problem = self.problem("flow", body)
        #expect(problem.status == 422)
        #expect(problem.pointer == pointer)
        #expect(problem.type == "/problems/invalid-field")
    }

    @Test func itemSizesReadTheSameHoweverTheyAreWritten() throws {
        // The first form is read in one pass, the others by the general reader: the layouts must not differ.
        let forms = [
            #"{"width":50,"height":40.5}"#, #"{ "width" : 50 , "height" : 40.5 }"#, #"{"height":40.5,"width":50}"#,
            #"{"width":5e1,"height":405e-1}"#, #"{"width":50.000,"height":40.50}"#, #"{"width":-0,"height":40.5}"#,
        ]
        var frames: [[[Double]]] = []
        for form in forms {
            let items = Array(repeating: form, count: 7).joined(separator: ",")
            let (status, json) = self.post("flow", #"{"viewport":{"width":375,"height":667},"sections":[{"items":["# + items + "]}]}")
            #expect(status == 200, "\(form)")
            let attributes = try #require(json["attributes"] as? [[String: Any]])
            frames.append(try attributes.map { element in
                let frame = try #require(element["frame"] as? [String: Double])
                return ["x", "y", "width", "height"].compactMap { frame[$0] }
            })
        }
        #expect(frames[0].map { $0[2] } == Array(repeating: 50, count: 7))
        for (form, answer) in zip(forms, frames).dropFirst().dropLast() { #expect(answer == frames[0], "\(form)") }
        #expect(frames[5].map { $0[2] } == Array(repeating: 0, count: 7))
        #expect(self.problem("flow", #"{"viewport":{"width":375,"height":667},"sections":[{"items":[{"width":1,"height":2"#).status == 400)
    }

    @Test func columnsThatDoNotFitNameTheColumnCount() {
        let body = #"{"viewport":{"width":100,"height":100},"config":{"columnCount":7,"columnSpacing":20},"sections":[{"count":3}]}"#
        let problem = self.problem("waterfall", body)
        #expect(problem.status == 422)
        #expect(problem.pointer == "/config/columnCount")
        let section = #"{"viewport":{"width":100,"height":100},"sections":[{"count":3,"config":{"columnCount":9,"columnSpacing":20}}]}"#
        #expect(self.problem("waterfall", section).pointer == "/sections/0/config/columnCount")
    }

    @Test func aWaterfallItemWithoutWidthIsRefused() {
        let body = #"{"viewport":{"width":300,"height":100},"sections":[{"items":[{"width":0,"height":3}]}]}"#
        let problem = self.problem("waterfall", body)
        #expect(problem.status == 422)
        #expect(problem.pointer == "/sections/0/items/0/width")
    }

    @Test func anUnknownKindIs404ListingTheKinds() throws {
        let (status, json) = self.post("hexagon", "{}")
        #expect(status == 404)
        #expect(json["type"] as? String == "/problems/unknown-kind")
        let kinds = try #require(json["kinds"] as? [String])
        #expect(kinds == LayoutKind.allCases.map(\.rawValue))
    }

    @Test func tooManyItemsIs413OnceTheBodyIsKnownToBeValid() {
        var configuration = ServiceConfiguration()
        configuration.maxItems = 10
        let service = LayoutService(configuration: configuration)
        let counted = self.post("flow", #"{"viewport":{"width":1,"height":1},"sections":[{"count":6},{"count":5}]}"#, service: service)
        #expect(counted.status == 413)
        let items = String(repeating: #"{"width":1,"height":1},"#, count: 11).dropLast()
        let listed = self.post("flow", #"{"viewport":{"width":1,"height":1},"sections":[{"items":[\#(items)]}]}"#, service: service)
        #expect(listed.status == 413)
        #expect(listed.json["type"] as? String == "/problems/too-many-items")
        let invalidToo = self.post("flow", #"{"sections":[{"items":[\#(items)]}]}"#, service: service)
        #expect(invalidToo.status == 422)
        #expect(invalidToo.json["pointer"] as? String == "/viewport")
    }

    @Test func oneCountPastTheItemLimitIs413LikeAnyOther() {
        let over = self.post("flow", #"{"viewport":{"width":1,"height":1},"sections":[{"count":2000001}]}"#, service: LayoutService())
        #expect(over.status == 413)
        #expect(over.json["type"] as? String == "/problems/too-many-items")
        let absurd = self.post("flow", #"{"viewport":{"width":1,"height":1},"sections":[{"count":3000000000}]}"#, service: LayoutService())
        #expect(absurd.status == 422)
        #expect(absurd.json["pointer"] as? String == "/sections/0/count")
    }

    @Test func everyCatalogParameterIsAcceptedWithItsDefault() throws {
        for kind in try #require(self.kindsCatalog()) {
            let name = try #require(kind["name"] as? String)
            for parameter in try #require(kind["parameters"] as? [[String: Any]]) {
                let parameterName = try #require(parameter["name"] as? String)
                let value = try parameter["default"].map { try JSONSerialization.data(withJSONObject: $0, options: .fragmentsAllowed) }
                // A parameter without a default is off unless given: give it a value of its type.
                let given = switch parameter["type"] as? String {
                case "Size": #"{"width":10,"height":10}"#
                case "integer": "3"
                case "number": "100"
                default: #"{"top":1,"left":1,"bottom":1,"right":1}"#
                }
                let valueText = value.map { String(decoding: $0, as: UTF8.self) } ?? given
                let body = #"{"viewport":{"width":375,"height":667},"sections":[{"count":2}],"config":{"\#(parameterName)":\#(valueText)}}"#
                #expect(self.post(name, body).status == 200, "\(name).\(parameterName)")
                if parameter["perSection"] as? Bool == true {
                    let sectionBody = #"{"viewport":{"width":375,"height":667},"sections":[{"count":2,"config":{"\#(parameterName)":\#(valueText)}}]}"#
                    #expect(self.post(name, sectionBody).status == 200, "\(name) section \(parameterName)")
                }
            }
        }
    }

    func kindsCatalog() -> [[String: Any]]? {
        let response = self.service.respond(to: Request(method: .GET, target: "/kinds"))
        let json = (try? JSONSerialization.jsonObject(with: Data(response.body))) as? [String: Any]
        return json?["kinds"] as? [[String: Any]]
    }
}
