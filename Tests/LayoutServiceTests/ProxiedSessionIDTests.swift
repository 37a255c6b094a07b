import HTTPCore
import LayoutService
import Testing

/// `POST /sessions` taking its identifier from the header a load balancer sets (`--session-id-header`).
@Suite struct ProxiedSessionIDTests: ServiceTesting {
    let service: LayoutService

    init() {
        var configuration = ServiceConfiguration()
        configuration.sessionIDHeader = "Layoutd-Session-Id"
        self.service = LayoutService(configuration: configuration, clock: ManualClock())
    }

    static let flow = #"{"kind":"flow","viewport":{"width":320,"height":480},"sections":[{"count":10}]}"#
    static let proposed = "0123456789abcdef0123456789abcdef"

    func create(_ body: String, proposing id: String) throws -> String {
        let (response, json) = self.call(.POST, "/sessions", body, headers: ["layoutd-session-id": id])
        #expect(response.status == 201)
        return try #require(json["id"] as? String)
    }

    @Test func theProposedIdentifierNamesTheSession() throws {
        #expect(try self.create(Self.flow, proposing: Self.proposed) == Self.proposed)
        #expect(self.call(.GET, "/sessions/\(Self.proposed)").0.status == 200)
    }

    @Test(arguments: ["0123456789ABCDEF0123456789ABCDEF", "0123", "0123456789abcdef0123456789abcdeg", ""])
    func aMalformedProposalGetsARandomIdentifier(proposal: String) throws {
        let id = try self.create(Self.flow, proposing: proposal)
        #expect(id != proposal)
        #expect(id.utf8.count == 32)
    }

    @Test func aTakenIdentifierIsNeverReused() throws {
        _ = try self.create(Self.flow, proposing: Self.proposed)
        let other = #"{"kind":"waterfall","viewport":{"width":320,"height":480},"sections":[{"count":3}]}"#
        let second = try self.create(other, proposing: Self.proposed)
        #expect(second != Self.proposed)
        let (_, summary) = self.call(.GET, "/sessions/\(Self.proposed)")
        #expect(summary["kind"] as? String == "flow")
        #expect(summary["sections"] as? [Int] == [10])
    }

    @Test func withoutTheSettingTheHeaderIsIgnored() throws {
        let plain = LayoutService(clock: ManualClock())
        let response = plain.respond(
            to: Request(
                method: .POST, target: "/sessions", headers: ["Layoutd-Session-Id": Self.proposed],
                body: Array(Self.flow.utf8)
            )
        )
        #expect(response.status == 201)
        #expect(response.headers["Location"] != "/sessions/\(Self.proposed)")
    }
}
