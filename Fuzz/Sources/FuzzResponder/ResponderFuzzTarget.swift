import FuzzSupport
import HTTPCore
import JSON
import LayoutService

/// The whole responder's fuzz target: any body, to any route, in process (no sockets).
///
/// Input: byte 0 picks the route (``FuzzRoute``); byte 1 picks the layout kind (low three bits: the five kinds and
/// an unknown one), the `If-Match` header sent (next three bits) and, for the free-form route, the method; the rest
/// is the body. Routes on a session first create a small session of that kind (every kind's seed request, with
/// headers and footers where the kind has them) and delete it afterwards.
///
/// The oracles: nothing traps; no answer is a 500 (an error the service did not map is a bug); every JSON answer
/// is well-formed JSON; and after the fuzzed request the session, unless it was deleted, still answers a read and a
/// query with 200: a refused request must leave it whole.
enum ResponderFuzzTarget {
    /// One service for the whole run, with limits small enough to keep every input fast; its sessions are deleted
    /// after each input, so it does not grow.
    static let service: LayoutService = {
        var configuration = ServiceConfiguration()
        configuration.maxItems = 2_000
        configuration.workerPoolItemThreshold = 500
        configuration.maxSessions = 4
        configuration.maxSessionItems = 8_000
        configuration.logsRequests = false
        return LayoutService(configuration: configuration)
    }()

    /// The kinds, then one the service does not know.
    static let kinds = ["flow", "waterfall", "line", "stack", "circle", "hexagon"]

    /// The `If-Match` values sent: none, current or old versions, any, weak, and nonsense.
    static let ifMatchValues: [String?] = [nil, "\"1\"", "\"2\"", "*", "W/\"1\"", "x", "0", "\"99999999999999999999\""]

    /// Runs one input; traps when an oracle fails, which libFuzzer reports as a crash.
    static func run(_ input: UnsafeBufferPointer<UInt8>) {
        guard input.count >= 2 else { return }
        let route = FuzzRoute.allCases[Int(input[0]) % FuzzRoute.allCases.count]
        let kind = Self.kinds[Int(input[1] & 0x07) % Self.kinds.count]
        let ifMatch = Self.ifMatchValues[Int(input[1] >> 3 & 0x07)]
        let method = HTTPMethod.allCases[Int(input[1] >> 3) % HTTPMethod.allCases.count]
        let payload = Array(input[2...])[...]

        var session = "no-session"
        if route.needsSession {
            let created = Self.send(
                Request(method: .POST, target: "/sessions", body: Array(SessionSeeds.body(kind: kind).utf8))
            )
            guard let location = created.headers["Location"], created.status == 201 else {
                fatalError("creating a \(kind) session failed: \(created.status)")
            }
            session = String(location.dropFirst("/sessions/".count))
        }

        var request = route.request(kind: kind, session: session, method: method, payload: payload)
        if let ifMatch { request.headers.add(name: "If-Match", value: ifMatch) }
        _ = Self.service.isExpensive(request)
        let response = Self.send(request)

        guard route.needsSession else {
            if route == .createSession, response.status == 201, let location = response.headers["Location"] {
                _ = Self.send(Request(method: .DELETE, target: location))
            }
            return
        }
        let read = Self.send(Request(method: .GET, target: "/sessions/\(session)"))
        if read.status != 404 || !(route == .deleteSession && response.status == 204) {
            oracle(read.status == 200, "session unreadable (\(read.status)) after \(route): \(response.status)")
            let everything = #"{"rect":{"x":-100000,"y":-100000,"width":1000000,"height":1000000}}"#
            let query = Self.send(
                Request(method: .POST, target: "/sessions/\(session)/query", body: Array(everything.utf8))
            )
            oracle(query.status == 200, "session unqueryable (\(query.status)) after \(route)")
        }
        _ = Self.send(Request(method: .DELETE, target: "/sessions/\(session)"))
    }

    /// Sends one request and checks what every answer must be.
    private static func send(_ request: Request) -> Response {
        let response = Self.service.respond(to: request)
        oracle(
            (100..<600).contains(response.status) && response.status != 500,
            "\(request.method) \(request.target) answered \(response.status): "
                + String(decoding: response.body, as: UTF8.self)
        )
        if response.headers["Content-Type"]?.contains("json") == true {
            var reader = JSONReader(bytes: response.body)
            do {
                try reader.skipValue()
                try reader.finish()
            } catch {
                oracle(false, "\(request.target) answered malformed JSON (\(error)): "
                    + String(decoding: response.body, as: UTF8.self))
            }
        }
        return response
    }
}
