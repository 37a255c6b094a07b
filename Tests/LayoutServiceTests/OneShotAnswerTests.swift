import Foundation
import HTTPCore
import LayoutEngine
@testable import LayoutService
import Testing

/// A stateless `POST /layout/{kind}` prepares its layout once, keeping nothing a later query would use (no records,
/// no section index under one block of sections); its answer must be the bytes a session with the same input gives.
@Suite struct OneShotAnswerTests {
    let service = LayoutService(configuration: ServiceConfiguration())

    /// A random request body for `kind`: 1 to 24 sections (so both sides of the section index's one block), each a
    /// count or listed sizes, with or without a header and footer where the kind has them, in either direction;
    /// with a rect when asked.
    static func body(_ random: inout SessionRecordGenerator, kind: LayoutKind, rect: Bool) -> String {
        let hasSupplementaries = [.flow, .waterfall, .justified, .compositional].contains(kind)
        let sections = (0..<random.int(1...24)).map { _ in
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
                members.append(#""header":{"width":\#(Self.length(&random)),"height":30}"#)
            }
            if hasSupplementaries, random.bool() {
                members.append(#""footer":{"width":\#(Self.length(&random)),"height":12.5}"#)
            }
            return "{\(members.joined(separator: ","))}"
        }
        var members = [
            #""viewport":{"width":\#(random.int(200...1200)),"height":\#(random.int(200...900))}"#,
            #""contentOffset":{"x":\#(random.int(0...300)),"y":\#(random.int(0...2000))}"#,
            #""layoutDirection":"\#(random.bool() ? "leftToRight" : "rightToLeft")""#,
            #""sections":[\#(sections.joined(separator: ","))]"#,
        ]
        if rect {
            members.append(
                #""rect":{"x":\#(random.int(-50...400)),"y":\#(random.int(-100...4000)),"#
                    + #""width":\#(random.int(1...900)),"height":\#(random.int(1...1500))}"#
            )
        }
        return "{\(members.joined(separator: ","))}"
    }

    /// A length of 1 to 200 points, a whole number or not.
    static func length(_ random: inout SessionRecordGenerator) -> String {
        random.bool() ? "\(random.int(1...200))" : "\(Double(random.int(10...2000)) / 8)"
    }

    /// The answer of the session path for the same body: the layout a session keeps (with its records), written by
    /// the stateless route's encoder.
    func sessionPathAnswer(kind: LayoutKind, body: String) throws -> [UInt8] {
        let request = try LayoutRequest.decode(Array(body.utf8), kind: kind, configuration: self.service.configuration)
        let live = try self.service.makeLiveLayout(request.input, configuration: request.configuration)
        return LayoutAnswer.encode(live.prepared, kind: kind, request: request).response.body
    }

    @Test(arguments: LayoutKind.allCases, [false, true])
    func statelessAnswerIsTheSessionPathsAnswer(kind: LayoutKind, withRect: Bool) throws {
        var random = SessionRecordGenerator(seed: Self.seed(kind) * 2 + (withRect ? 1 : 0))
        var compared = 0
        for _ in 0..<40 {
            let body = Self.body(&random, kind: kind, rect: withRect)
            let response = self.service.respond(
                to: Request(method: .POST, target: "/layout/\(kind.rawValue)", body: Array(body.utf8))
            )
            guard response.status == 200 else {
                // A body the kind refuses statelessly is refused for a session too.
                #expect(throws: (any Error).self) { try self.sessionPathAnswer(kind: kind, body: body) }
                continue
            }
            #expect(response.bodyStream == nil, "small answers are written whole")
            let expected = try self.sessionPathAnswer(kind: kind, body: body)
            #expect(response.body == expected, "\(kind.rawValue): \(body)")
            compared += 1
        }
        #expect(compared >= 20, "most random bodies are laid out")
    }

    /// Through the routes: the elements a session's query answers for a rect are, byte for byte, those of the
    /// stateless answer for the same body and rect.
    @Test(arguments: LayoutKind.allCases)
    func statelessRectAnswerIsTheSessionQuerysAnswer(kind: LayoutKind) throws {
        var random = SessionRecordGenerator(seed: Self.seed(kind) + 7_919)
        var compared = 0
        for _ in 0..<10 {
            let body = Self.body(&random, kind: kind, rect: true)
            let stateless = self.service.respond(
                to: Request(method: .POST, target: "/layout/\(kind.rawValue)", body: Array(body.utf8))
            )
            guard stateless.status == 200 else { continue }
            // The same body without its rect (the last member) creates the session; the rect goes to its query.
            let rectStart = try #require(body.range(of: #","rect":"#))
            let rect = String(body[rectStart.upperBound..<body.index(before: body.endIndex)])
            let offset = try #require(body.range(of: #""contentOffset":\{[^}]*\}"#, options: .regularExpression))
            let members = body[body.index(after: body.startIndex)..<rectStart.lowerBound]
            let sessionBody = #"{"kind":"\#(kind.rawValue)","# + members + "}"
            let created = self.service.respond(
                to: Request(method: .POST, target: "/sessions", body: Array(sessionBody.utf8))
            )
            #expect(created.status == 201)
            guard created.status == 201, let id = created.headers["Location"]?.split(separator: "/").last else {
                continue
            }
            let query = self.service.respond(
                to: Request(
                    method: .POST,
                    target: "/sessions/\(id)/query",
                    body: Array("{\"rect\":\(rect),\(body[offset])}".utf8)
                )
            )
            #expect(query.status == 200)
            #expect(Self.attributes(of: query.body) == Self.attributes(of: stateless.body), "\(kind.rawValue): \(body)")
            compared += 1
        }
        #expect(compared >= 5, "most random bodies are laid out")
    }

    /// A seed of its own for each kind.
    static func seed(_ kind: LayoutKind) -> UInt64 {
        UInt64(LayoutKind.allCases.firstIndex(of: kind) ?? 0) * 1_000 + 1
    }

    /// An answer's bytes from its `"attributes"` member on.
    static func attributes(of body: [UInt8]) -> ArraySlice<UInt8> {
        let key = Array(#""attributes":"#.utf8)
        guard let start = (0...(body.count - key.count)).first(where: { body[$0..<$0 + key.count].elementsEqual(key) })
        else { return [] }
        return body[start...]
    }
}
