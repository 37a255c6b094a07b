import Foundation
import HTTPCore
import LayoutService
import Testing

/// What the route suites share: calling the responder and reading its JSON, and creating sessions.
protocol ServiceTesting {
    var service: LayoutService { get }
}

extension ServiceTesting {
    /// Sends a request to the responder; returns the response and its body read as a JSON object (empty if none).
    func call(_ method: HTTPMethod, _ target: String, _ body: String = "", headers: HTTPHeaders = [:]) -> (Response, [String: Any]) {
        let response = self.service.respond(to: Request(method: method, target: target, headers: headers, body: Array(body.utf8)))
        let json = (try? JSONSerialization.jsonObject(with: Data(response.body))) as? [String: Any] ?? [:]
        return (response, json)
    }

    /// Creates a session and returns its id, checking the 201 and `Location`.
    func create(_ body: String) throws -> String {
        let (response, json) = self.call(.POST, "/sessions", body)
        #expect(response.status == 201, "\(String(decoding: response.body, as: UTF8.self))")
        let id = try #require(json["id"] as? String)
        #expect(response.headers["Location"] == "/sessions/\(id)")
        return id
    }
}
