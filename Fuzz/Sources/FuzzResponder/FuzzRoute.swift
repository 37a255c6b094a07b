import HTTPCore

/// The requests the responder fuzz target sends: every route layoutd serves, plus a free-form one.
enum FuzzRoute: CaseIterable {
    case layout
    case createSession
    case readSession
    case deleteSession
    case query
    case snap
    case transition
    case invalidate
    case updates
    case move
    case moveEnd
    /// `GET /sessions/{id}/items/` followed by the fuzz body as text.
    case item
    /// `GET /sessions/{id}/supplementary/` followed by the fuzz body as text.
    case supplementary
    /// Any method (chosen by the input) and a target taken from the body up to its first space.
    case anyTarget
    /// `POST /sessions/{id}/scroll-to` (last, so that the committed seeds keep their routes).
    case scrollTo

    /// Whether the route needs a live session, which the target creates first.
    var needsSession: Bool {
        switch self {
        case .layout, .createSession, .anyTarget: false
        default: true
        }
    }

    /// The request for this route.
    ///
    /// - Parameters:
    ///   - kind: The layout kind's name, for `POST /layout/{kind}`.
    ///   - session: The session's id, for the session routes.
    ///   - method: The method, for ``anyTarget``.
    ///   - payload: The fuzz body.
    func request(kind: String, session: String, method: HTTPMethod, payload: ArraySlice<UInt8>) -> Request {
        let text = String(decoding: payload, as: UTF8.self)
        switch self {
        case .layout: return Self.post("/layout/\(kind)", payload)
        case .createSession: return Self.post("/sessions", payload)
        case .readSession: return Request(method: .GET, target: "/sessions/\(session)")
        case .deleteSession: return Request(method: .DELETE, target: "/sessions/\(session)")
        case .query: return Self.post("/sessions/\(session)/query", payload)
        case .snap: return Self.post("/sessions/\(session)/snap", payload)
        case .scrollTo: return Self.post("/sessions/\(session)/scroll-to", payload)
        case .transition: return Self.post("/sessions/\(session)/transition", payload)
        case .invalidate: return Self.post("/sessions/\(session)/invalidate", payload)
        case .updates: return Self.post("/sessions/\(session)/updates", payload)
        case .move: return Self.post("/sessions/\(session)/move", payload)
        case .moveEnd: return Self.post("/sessions/\(session)/move/end", payload)
        case .item: return Request(method: .GET, target: "/sessions/\(session)/items/\(text)")
        case .supplementary: return Request(method: .GET, target: "/sessions/\(session)/supplementary/\(text)")
        case .anyTarget:
            let space = payload.firstIndex(of: UInt8(ascii: " ")) ?? payload.endIndex
            let target = String(decoding: payload[..<space], as: UTF8.self)
            let body = space < payload.endIndex ? Array(payload[(space + 1)...]) : []
            return Request(method: method, target: target, headers: ["Content-Type": "application/json"], body: body)
        }
    }

    /// A `POST` with a JSON body.
    private static func post(_ target: String, _ body: ArraySlice<UInt8>) -> Request {
        Request(method: .POST, target: target, headers: ["Content-Type": "application/json"], body: Array(body))
    }
}
