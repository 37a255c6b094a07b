import Foundation
import HTTPCore
import LayoutService
import Testing

/// The session routes through the responder, with a clock the tests move.
@Suite struct SessionRouteTests: ServiceTesting {
    let clock = ManualClock()
    let service: LayoutService

    init() {
        self.service = LayoutService(clock: self.clock)
    }



    static let waterfall = #"{"kind":"waterfall","viewport":{"width":320,"height":480},"sections":[{"count":100},{"count":50}]}"#

    @Test func aSessionIsCreatedReadAndDeleted() throws {
        let id = try self.create(Self.waterfall)
        #expect(id.utf8.count == 32)
        let (read, summary) = self.call(.GET, "/sessions/\(id)")
        #expect(read.status == 200)
        #expect(read.headers["ETag"] == "\"1\"")
        #expect(summary["kind"] as? String == "waterfall")
        #expect(summary["version"] as? Int == 1)
        #expect(summary["sections"] as? [Int] == [100, 50])
        #expect(self.call(.DELETE, "/sessions/\(id)").0.status == 204)
        let (gone, problem) = self.call(.GET, "/sessions/\(id)")
        #expect(gone.status == 404)
        #expect(problem["type"] as? String == "/problems/session-gone")
        #expect(self.call(.DELETE, "/sessions/\(id)").0.status == 404)
    }

    @Test func theKindMayComeAfterTheConfiguration() throws {
        let id = try self.create(#"{"config":{"columnCount":2},"sections":[{"count":4}],"viewport":{"width":320,"height":480},"kind":"waterfall"}"#)
        #expect(self.call(.GET, "/sessions/\(id)").1["kind"] as? String == "waterfall")
        let (missing, problem) = self.call(.POST, "/sessions", #"{"viewport":{"width":1,"height":1},"sections":[]}"#)
        #expect(missing.status == 422)
        #expect(problem["pointer"] as? String == "/kind")
        let (unknown, unknownProblem) = self.call(.POST, "/sessions", #"{"kind":"hexagon"}"#)
        #expect(unknown.status == 422)
        #expect(unknownProblem["pointer"] as? String == "/kind")
    }

    @Test func aQueryAnswersTheSameAsAStatelessLayout() throws {
        let id = try self.create(Self.waterfall)
        let rect = #"{"x":0,"y":300,"width":320,"height":480}"#
        let (query, answer) = self.call(.POST, "/sessions/\(id)/query", #"{"rect":\#(rect)}"#)
        #expect(query.status == 200)
        #expect(answer["version"] as? Int == 1)
        let stateless = self.call(
            .POST, "/layout/waterfall",
            #"{"viewport":{"width":320,"height":480},"sections":[{"count":100},{"count":50}],"rect":\#(rect)}"#
        ).1
        let queried = try #require(answer["attributes"] as? [[String: Any]])
        #expect(!queried.isEmpty)
        #expect(NSArray(array: queried).isEqual(to: try #require(stateless["attributes"] as? [[String: Any]])))
        #expect(self.call(.POST, "/sessions/\(id)/query", "{}").0.status == 422)
    }

    @Test func oneElementCanBeFetchedByIndexPath() throws {
        let id = try self.create(#"{"kind":"flow","viewport":{"width":375,"height":667},"sections":[{"count":3,"header":{"width":375,"height":40}}]}"#)
        let (item, cell) = self.call(.GET, "/sessions/\(id)/items/0/2")
        #expect(item.status == 200)
        #expect(cell["indexPath"] as? [Int] == [0, 2])
        let (header, attributes) = self.call(.GET, "/sessions/\(id)/supplementary/header/0/0")
        #expect(header.status == 200)
        #expect(attributes["kind"] as? String == "header")
        #expect(self.call(.GET, "/sessions/\(id)/items/0/3").0.status == 404)
        #expect(self.call(.GET, "/sessions/\(id)/supplementary/footer/0/0").0.status == 404)
        #expect(self.call(.GET, "/sessions/\(id)/items/0/x").0.status == 404)
    }

    @Test func theLineLayoutSnapsToTheNearestCentre() throws {
        let id = try self.create(#"{"kind":"line","viewport":{"width":300,"height":200},"sections":[{"count":10}]}"#)
        // Item i's centre is at 150 + 170·i; a proposed viewport centre of 150 + 100 + 150 is nearest to item 1.
        let (snap, answer) = self.call(.POST, "/sessions/\(id)/snap", #"{"proposedContentOffset":{"x":100,"y":0}}"#)
        #expect(snap.status == 200)
        #expect(answer["contentOffset"] as? [String: Double] == ["x": 170, "y": 0])
        let flick = self.call(
            .POST, "/sessions/\(id)/snap",
            #"{"proposedContentOffset":{"x":60,"y":0},"velocity":{"x":900,"y":0}}"#
        ).1
        #expect(flick["contentOffset"] as? [String: Double] == ["x": 170, "y": 0])
    }

    @Test func idleSessionsExpire() throws {
        let id = try self.create(Self.waterfall)
        self.clock.advance(by: .seconds(14 * 60))
        #expect(self.call(.GET, "/sessions/\(id)").0.status == 200)
        self.clock.advance(by: .seconds(14 * 60))
        #expect(self.call(.GET, "/sessions/\(id)").0.status == 200, "reading it kept it alive")
        self.clock.advance(by: .seconds(15 * 60))
        #expect(self.call(.GET, "/sessions/\(id)").0.status == 404)
    }

    @Test func theLeastRecentlyUsedSessionIsEvictedFirst() throws {
        var configuration = ServiceConfiguration()
        configuration.maxSessions = 2
        configuration.maxSessionItems = 250
        let service = LayoutService(configuration: configuration, clock: self.clock)
        func create(_ count: Int) -> String {
            let body = #"{"kind":"flow","viewport":{"width":375,"height":667},"sections":[{"count":\#(count)}]}"#
            let response = service.respond(to: Request(method: .POST, target: "/sessions", body: Array(body.utf8)))
            return String(decoding: response.body, as: UTF8.self).split(separator: "\"")[3].description
        }
        func status(_ id: String) -> Int { service.respond(to: Request(method: .GET, target: "/sessions/\(id)")).status }
        let first = create(100)
        self.clock.advance(by: .seconds(1))
        let second = create(100)
        self.clock.advance(by: .seconds(1))
        #expect(status(first) == 200)  // first is now the most recently used
        self.clock.advance(by: .seconds(1))
        let third = create(10)
        #expect(status(second) == 404, "the count limit evicted the least recently used")
        #expect(status(first) == 200)
        self.clock.advance(by: .seconds(1))
        #expect(status(third) == 200)
        self.clock.advance(by: .seconds(1))
        let big = create(200)  // 100 + 10 + 200 > 250 items: evict the least recently used until it fits
        #expect(status(big) == 200)
        #expect(status(first) == 404, "first was used before third")
        #expect(status(third) == 200, "10 + 200 items fit: no more is evicted")
        let tooBig = service.respond(
            to: Request(method: .POST, target: "/sessions", body: Array(#"{"kind":"flow","viewport":{"width":1,"height":1},"sections":[{"count":251}]}"#.utf8))
        )
        #expect(tooBig.status == 413)
        #expect(status(big) == 200, "a refused session evicts nothing")
    }

    @Test func malformedOrUnknownIdentifiersAreGone() {
        for id in ["nope", String(repeating: "a", count: 32), "../../etc/passwd", String(repeating: "A", count: 32)] {
            #expect(self.call(.GET, "/sessions/\(id)").0.status == 404, "\(id)")
        }
        #expect(self.call(.POST, "/sessions/abc/query", "{}").1["type"] as? String == "/problems/session-gone")
    }

    @Test func manyThreadsCanQueryOneSessionAtOnce() async throws {
        let id = try self.create(Self.waterfall)
        let service = self.service
        let statuses = await withTaskGroup(of: Int.self, returning: [Int].self) { group in
            for index in 0..<64 {
                group.addTask {
                    let body = #"{"rect":{"x":0,"y":\#(index * 10),"width":320,"height":480}}"#
                    return service.respond(to: Request(method: .POST, target: "/sessions/\(id)/query", body: Array(body.utf8))).status
                }
            }
            return await group.reduce(into: []) { $0.append($1) }
        }
        #expect(statuses.count == 64 && statuses.allSatisfy { $0 == 200 })
    }
}
