import Foundation
import HTTPCore
import Testing

/// Problem documents, the one writer of every error body.
@Suite struct ProblemTests {
    @Test func membersFollowTheStandardOnesInOrderWithEscapes() {
        let problem = Problem(
            status: 422,
            type: "/problems/invalid-field",
            title: "Invalid field",
            detail: "a \"quoted\" \\ line\nbreak\ttab\u{1}é",
            members: [
                Problem.Member("pointer", .string("/sections/0/items/1")),
                Problem.Member("offset", .integer(-3)),
                Problem.Member("kinds", .strings(["flow", "waterfall"])),
            ]
        )
        let expected = #"{"type":"/problems/invalid-field","title":"Invalid field","status":422,"#
            + #""detail":"a \"quoted\" \\ line\nbreak\ttab\u0001é","pointer":"/sections/0/items/1","offset":-3,"#
            + #""kinds":["flow","waterfall"]}"#
        #expect(String(decoding: problem.json, as: UTF8.self) == expected)
    }

    @Test func everyStringReadsBackAsWritten() throws {
        let texts = ["", "plain", "\u{0}\u{8}\u{C}\u{1F}\u{7F}", "emoji 🙂 and ü", "\\\"\\"]
        for text in texts {
            let problem = Problem(status: 400, type: text, detail: text, members: [Problem.Member(text, .string(text))])
            let object = try #require(try JSONSerialization.jsonObject(with: Data(problem.json)) as? [String: Any])
            #expect(object["type"] as? String == text)
            #expect(object["detail"] as? String == text)
            #expect(object["status"] as? Int == 400)
            #expect(object["title"] as? String == "Bad Request")
        }
    }

    @Test func theResponseCarriesTheStatusTheMediaTypeAndExtraHeaders() {
        let response = Response(
            problem: Problem(status: 405, type: "/problems/method-not-allowed", detail: "no"),
            headers: ["Allow": "GET"]
        )
        #expect(response.status == 405)
        #expect(response.headers["Allow"] == "GET")
        #expect(response.headers["Content-Type"] == "application/problem+json")
    }
}
