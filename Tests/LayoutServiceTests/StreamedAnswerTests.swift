import HTTPCore
@testable import LayoutService
import LayoutEngine
import Testing

/// Issue 19.4: a large stateless answer is a stream whose bytes, however it is cut, are the materialised answer's.
@Suite struct StreamedAnswerTests {
    let service = LayoutService(configuration: ServiceConfiguration())

    static let items = (0..<9000).map { #"{"width":\#(20 + $0 * 7 % 90),"height":\#(20 + $0 * 13 % 70)}"# }
        .joined(separator: ",")

    static let cases: [(kind: String, body: String)] = [
        ("flow", #"""
            {"viewport":{"width":375,"height":667},"layoutDirection":"rightToLeft","sections":[{"count":3,
            "header":{"width":375,"height":40}},{"items":[\#(items)],"footer":{"width":375,"height":20}},{"count":0,
            "header":{"width":375,"height":10}},{"count":4000}],"config":{"sectionHeadersPinToVisibleBounds":true},
            "contentOffset":{"x":0,"y":900}}
            """#),
        ("waterfall", #"{"viewport":{"width":320,"height":480},"sections":[{"items":[\#(items)]},{"count":500}]}"#),
        ("line", #"{"viewport":{"width":375,"height":300},"contentOffset":{"x":5000,"y":0},"sections":[{"count":9000}]}"#),
        ("justified", #"{"viewport":{"width":1000,"height":800},"sections":[{"items":[\#(items)]}]}"#),
        ("compositional", #"""
            {"viewport":{"width":400,"height":600},"sections":[{"count":9000},{"count":30}],"orthogonalOffsets":[0,130],
            "config":{"section":{"orthogonalScrollingBehavior":"groupPaging",
            "group":{"layout":"horizontal","size":{"width":{"fractionalWidth":0.85},"height":{"fractionalHeight":0.4}},
            "subitems":[{"size":{"width":{"fractionalWidth":0.7},"height":{"fractionalHeight":1}}}]}}}}
            """#),
    ]

    func answers(kind name: String, body: String) throws -> (materialised: [UInt8], stream: ResponseBodyStream?) {
        let kind = try #require(LayoutKind(rawValue: name))
        let request = try LayoutRequest.decode(Array(body.utf8), kind: kind, configuration: self.service.configuration)
        let layout = try self.service.prepare(request.input, configuration: request.configuration)
        let materialised = LayoutAnswer.encode(layout, kind: kind, request: request).response.body
        return (materialised, LayoutAnswer.encodeStreaming(layout, kind: kind, request: request).response.bodyStream)
    }

    @Test(arguments: 0..<5)
    func everyCutOfTheStreamGivesTheMaterialisedBytes(index: Int) throws {
        let (kind, body) = Self.cases[index]
        let (materialised, stream) = try self.answers(kind: kind, body: body)
        let streamed = try #require(stream, "\(kind): a layout this large is streamed")
        for window in [1, 999, 65536, 1 << 20] {
            var producer = streamed.makeProducer()
            var output: [UInt8] = []
            var pieces = 0
            while true {
                let before = output.count
                let isComplete = producer.produce(into: &output, atLeast: window)
                pieces += 1
                #expect(isComplete || output.count - before >= window, "short piece: window \(window), got \(output.count - before), piece \(pieces)")
                if isComplete { break }
            }
            #expect(output == materialised, "\(kind), window \(window): \(output.count) vs \(materialised.count)")
            if window == 999 { #expect(pieces > 10) }
        }
    }

    @Test func aStreamedAnswerIsNotProducedToBeMeasured() {
        // The response size histogram and the request log take a stored body's length; a streamed one's would be
        // the whole answer produced in memory once more.
        let service = LayoutService(configuration: ServiceConfiguration())
        let large = #"{"viewport":{"width":375,"height":667},"sections":[{"count":9000}]}"#
        let response = service.respond(to: Request(method: .POST, target: "/layout/flow", body: Array(large.utf8)))
        #expect(response.bodyStream != nil)
        #expect(response.storedBodyLength == nil)
        let small = #"{"viewport":{"width":375,"height":667},"sections":[{"count":9}]}"#
        let stored = service.respond(to: Request(method: .POST, target: "/layout/flow", body: Array(small.utf8)))
        #expect(stored.storedBodyLength == stored.body.count)
        let metrics = String(decoding: service.respond(to: Request(method: .GET, target: "/metrics")).body, as: UTF8.self)
        func count(_ name: String) -> String? {
            metrics.split(separator: "\n").first { $0.hasPrefix(name + #"_count{route="/layout/{kind}"}"#) }
                .map { String($0.split(separator: " ").last ?? "") }
        }
        #expect(count("layoutd_http_request_size_bytes") == "2")
        #expect(count("layoutd_http_response_size_bytes") == "1")
    }

    @Test func theRouteStreamsLargeAnswersAndMaterialisesSmallOnesAndRects() {
        let large = #"{"viewport":{"width":375,"height":667},"sections":[{"count":9000}]}"#
        let response = self.service.respond(to: Request(method: .POST, target: "/layout/flow", body: Array(large.utf8)))
        #expect(response.status == 200)
        #expect(response.bodyStream != nil)
        #expect(response.headers["Content-Type"] == "application/json")
        let small = #"{"viewport":{"width":375,"height":667},"sections":[{"count":90}]}"#
        #expect(self.service.respond(to: Request(method: .POST, target: "/layout/flow", body: Array(small.utf8))).bodyStream == nil)
        let rect = #"{"viewport":{"width":375,"height":667},"sections":[{"count":9000}],"rect":{"x":0,"y":0,"width":375,"height":667}}"#
        #expect(self.service.respond(to: Request(method: .POST, target: "/layout/flow", body: Array(rect.utf8))).bodyStream == nil)
    }
}
