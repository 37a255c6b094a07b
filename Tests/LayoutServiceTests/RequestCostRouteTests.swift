import HTTPCore
@testable import LayoutService
import LayoutEngine
import Testing

/// Issue 19.6: a request's cost is estimated before it runs; past `--max-request-cost`, 422 naming the costly field.
@Suite struct RequestCostRouteTests: ServiceTesting {
    let service: LayoutService

    init() {
        var configuration = ServiceConfiguration()
        configuration.maxRequestCost = 1_000_000
        configuration.heavyRequestCost = 100_000
        self.service = LayoutService(configuration: configuration)
    }

    static let viewport = #""viewport":{"width":375,"height":667}"#

    @Test func aWaterfallOfManyColumnsNamesItsColumnCount() {
        // The issue's probe: 100 bytes asking for 1,000 columns × 2,000,000 items.
        let service = LayoutService(configuration: ServiceConfiguration())
        let body = #"{\#(Self.viewport),"sections":[{"count":2000000}],"config":{"columnCount":1000,"columnSpacing":0}}"#
        let response = service.respond(to: Request(method: .POST, target: "/layout/waterfall", body: Array(body.utf8)))
        #expect(response.status == 422)
        #expect(String(decoding: response.body, as: UTF8.self).contains(#""pointer":"/config/columnCount""#))
    }

    @Test func aSectionsOwnColumnCountIsNamedWhenItIsTheCost() {
        let (response, json) = self.call(
            .POST, "/layout/waterfall",
            #"{\#(Self.viewport),"sections":[{"count":10},{"count":5000,"config":{"columnCount":300,"columnSpacing":0}}],"config":{"sectionInset":{"top":0,"left":0,"bottom":0,"right":0}}}"#
        )
        #expect(response.status == 422, "\(json)")
        #expect(json["pointer"] as? String == "/sections/1/config/columnCount")
    }

    @Test func manyItemsNameTheCostliestSection() {
        let (response, json) = self.call(
            .POST, "/layout/flow", #"{\#(Self.viewport),"sections":[{"count":10},{"count":1500000}]}"#
        )
        #expect(response.status == 422)
        #expect(json["pointer"] as? String == "/sections/1/count")
        #expect((json["detail"] as? String)?.contains("--max-request-cost") == true)
    }

    @Test func viewportsThatMultiplyACheapLayoutPastTheLimitAreNamed() {
        let viewports = Array(repeating: #"{"width":375,"height":667}"#, count: 16).joined(separator: ",")
        let (response, json) = self.call(
            .POST, "/layout/flow", #"{"viewports":[\#(viewports)],"sections":[{"count":100000}]}"#
        )
        #expect(response.status == 422)
        #expect(json["pointer"] as? String == "/viewports")
    }

    @Test func aSessionPastTheLimitIsRefusedAndOneWithinItIsCreated() throws {
        let (response, json) = self.call(
            .POST, "/sessions", #"{"kind":"waterfall",\#(Self.viewport),"sections":[{"count":400000}]}"#
        )
        #expect(response.status == 422)
        #expect(json["pointer"] as? String == "/sections/0/count")
        _ = try self.create(#"{"kind":"waterfall",\#(Self.viewport),"sections":[{"count":300000}]}"#)
    }

    @Test func theEstimateIsItemsTimesColumnsTimesViewports() throws {
        let request = try LayoutRequest.decode(
            Array(#"{\#(Self.viewport),"sections":[{"count":100},{"count":0,"config":{"columnCount":7}}],"config":{"columnCount":4}}"#.utf8),
            kind: .waterfall, configuration: self.service.configuration
        )
        #expect(RequestCost(input: request.input, configuration: request.configuration).total == 407)
        #expect(RequestCost(input: request.input, configuration: request.configuration, viewports: 3).total == 1221)
        #expect(RequestCost.total(of: request.input, configuration: request.configuration) == 407)
        #expect(RequestCost.total(of: request.input, configuration: request.configuration, viewports: 3) == 1221)
    }

    @Test func heavyRequestsAreToldApartCheaply() {
        func isHeavy(_ target: String, _ body: String) -> Bool {
            self.service.isHeavy(Request(method: .POST, target: target, body: Array(body.utf8)))
        }
        #expect(isHeavy("/layout/flow", #"{"sections":[{"count":60000},{"count":40000}]}"#))
        #expect(!isHeavy("/layout/flow", #"{"sections":[{"count":60000},{"count":39999}]}"#))
        #expect(isHeavy("/layout/flow", #"{"sections":[{"items":[\#(String(repeating: " ", count: 1_600_000))]}]}"#))
        #expect(!isHeavy("/layout/flow", #"{"sections":[{"count":20}]}"#))
    }
}
