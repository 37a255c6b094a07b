import Foundation
import HTTPCore
import LayoutEngine
@testable import LayoutService
import Testing

/// A batch without `If-Match` applies to the session as it is when it runs, even when a transition committed
/// another kind between reading the batch and applying it.
@Suite struct UpdateRaceTests: ServiceTesting {
    let service = LayoutService(clock: ManualClock())

    private static let flowSession = #"{"kind":"flow","viewport":{"width":320,"height":480},"sections":[{"count":20}]}"#
    private static let toWaterfall = #"{"to":{"kind":"waterfall"},"progress":1,"commit":true}"#
    private static let batch = #"{"insertSections":[{"index":1,"section":{"items":[{"width":1,"height":2}]}}]}"#

    /// The batch's body read for `kind`, as the route reads it.
    private func decode(_ kind: LayoutKind, _ body: String) throws -> UpdatesRequest {
        try UpdatesRequest.decode(Array(body.utf8), kind: kind, maxItems: 1_000_000, maxDepth: 64)
    }

    @Test func aTransitionCommittedMidBatchMakesTheBatchReadForTheNewKind() throws {
        let id = try self.create(Self.flowSession)
        var kindsRead: [LayoutKind] = []
        let (session, _, _) = try self.service.applyUpdates(SessionID(id), expectedVersion: nil) { kind in
            kindsRead.append(kind)
            if kindsRead.count == 1 {
                // Another client commits a transition after this batch was read for flow.
                let (response, _) = self.call(.POST, "/sessions/\(id)/transition", Self.toWaterfall)
                #expect(response.status == 200)
            }
            return try self.decode(kind, Self.batch)
        }
        #expect(kindsRead == [.flow, .waterfall])
        #expect(session.kind == .waterfall)
        #expect(session.version == 3)
        #expect(session.layout.numberOfSections == 2)
    }

    @Test func withIfMatchTheSameRaceIsAVersionMismatch() throws {
        let id = try self.create(Self.flowSession)
        var calls = 0
        #expect(throws: APIError.versionMismatch(current: 2)) {
            _ = try self.service.applyUpdates(SessionID(id), expectedVersion: IfMatch(versions: [1])) { kind in
                calls += 1
                if calls == 1 { _ = self.call(.POST, "/sessions/\(id)/transition", Self.toWaterfall) }
                return try self.decode(kind, Self.batch)
            }
        }
        #expect(self.call(.GET, "/sessions/\(id)").1["sections"] as? [Int] == [20], "the batch did not apply")
    }

    @Test func concurrentBatchesWithoutIfMatchNeverAnswer412() async throws {
        let id = try self.create(Self.flowSession)
        let service = self.service
        let statuses = await withTaskGroup(of: Int.self, returning: [Int].self) { group in
            for index in 0..<120 {
                group.addTask {
                    let (target, body) =
                        index % 4 == 0
                        ? ("transition", #"{"to":{"kind":"\#(index % 8 == 0 ? "waterfall" : "flow")"},"progress":1,"commit":true}"#)
                        : ("updates", #"{"insertItems":[{"indexPath":[0,0]}]}"#)
                    let request = Request(method: .POST, target: "/sessions/\(id)/\(target)", body: Array(body.utf8))
                    return service.respond(to: request).status
                }
            }
            return await group.reduce(into: []) { $0.append($1) }
        }
        #expect(statuses.allSatisfy { $0 == 200 }, "\(statuses.filter { $0 != 200 })")
        #expect(self.call(.GET, "/sessions/\(id)").1["sections"] as? [Int] == [20 + 90], "every insertion applied")
    }
}
