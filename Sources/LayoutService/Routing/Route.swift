import HTTPCore

/// The routes layoutd serves, matched from a request path.
///
/// Matching splits the path on `/` and compares whole segments, so `/layout/flow/` or `/layout//flow` match nothing
/// and no segment is ever used to reach a file. A route's ``template`` is its metrics label.
enum Route: Hashable, Sendable {
    case health
    case ready
    case metrics
    case openAPI
    case kinds
    case layout(kind: String)
    case sessions
    case session(id: Substring)
    case sessionQuery(id: Substring)
    case sessionSnap(id: Substring)
    case sessionTransition(id: Substring)
    case sessionInvalidate(id: Substring)
    case sessionUpdates(id: Substring)
    case sessionMove(id: Substring)
    case sessionMoveEnd(id: Substring)
    case sessionItem(id: Substring, section: Int, item: Int)
    case sessionSupplementary(id: Substring, kind: Substring, section: Int, item: Int)
    /// `GET /`: the demo page.
    case webPage
    /// `GET /{asset}`: one of the page's files in ``WebAssets`` (`app.js`, `layout-client.js`, `style.css`).
    case webAsset(name: String)

    /// The path template, e.g. `/layout/{kind}`: the label metrics and logs use.
    var template: String {
        switch self {
        case .health: "/healthz"
        case .ready: "/readyz"
        case .metrics: "/metrics"
        case .openAPI: "/openapi.yaml"
        case .kinds: "/kinds"
        case .layout: "/layout/{kind}"
        case .sessions: "/sessions"
        case .session: "/sessions/{id}"
        case .sessionQuery: "/sessions/{id}/query"
        case .sessionSnap: "/sessions/{id}/snap"
        case .sessionTransition: "/sessions/{id}/transition"
        case .sessionInvalidate: "/sessions/{id}/invalidate"
        case .sessionUpdates: "/sessions/{id}/updates"
        case .sessionMove: "/sessions/{id}/move"
        case .sessionMoveEnd: "/sessions/{id}/move/end"
        case .sessionItem: "/sessions/{id}/items/{section}/{item}"
        case .sessionSupplementary: "/sessions/{id}/supplementary/{kind}/{section}/{item}"
        case .webPage: "/"
        case .webAsset: "/{asset}"
        }
    }

    /// The methods the route takes, as listed in `Allow`. `HEAD` goes with every `GET`; `OPTIONS` with every route.
    var methods: [HTTPMethod] {
        switch self {
        case .health, .ready, .metrics, .openAPI, .kinds, .webPage, .webAsset: [.GET, .HEAD, .OPTIONS]
        case .layout, .sessions, .sessionQuery, .sessionSnap, .sessionTransition, .sessionInvalidate, .sessionUpdates,
            .sessionMove, .sessionMoveEnd:
            [.POST, .OPTIONS]
        case .session: [.GET, .HEAD, .DELETE, .OPTIONS]
        case .sessionItem, .sessionSupplementary: [.GET, .HEAD, .OPTIONS]
        }
    }

    /// Whether the route answers without an API token: the health routes, which probes call, and the demo page's
    /// files (the page's own API calls carry the token).
    var isPublic: Bool {
        switch self {
        case .health, .ready, .webPage, .webAsset: true
        default: false
        }
    }

    /// The route for `path`, or `nil` when there is none.
    init?(path: Substring) {
        guard path.first == "/" else { return nil }
        let segments = path.dropFirst().split(separator: "/", omittingEmptySubsequences: false)
        if segments[0] == "sessions" {
            self.init(sessionSegments: segments.dropFirst())
            return
        }
        switch segments.count {
        case 1:
            switch segments[0] {
            case "healthz": self = .health
            case "readyz": self = .ready
            case "metrics": self = .metrics
            case "openapi.yaml": self = .openAPI
            case "kinds": self = .kinds
            case "": self = .webPage
            case let name where name != "index.html" && WebAssets.files[String(name)] != nil:
                self = .webAsset(name: String(name))
            default: return nil
            }
        case 2 where segments[0] == "layout" && !segments[1].isEmpty:
            self = .layout(kind: String(segments[1]))
        default:
            return nil
        }
    }

    /// Matches what follows `/sessions`.
    private init?(sessionSegments segments: ArraySlice<Substring>) {
        guard let id = segments.first else {
            self = .sessions
            return
        }
        guard !id.isEmpty else { return nil }
        let rest = Array(segments.dropFirst())
        switch rest.count {
        case 0:
            self = .session(id: id)
        case 1 where rest[0] == "query":
            self = .sessionQuery(id: id)
        case 1 where rest[0] == "snap":
            self = .sessionSnap(id: id)
        case 1 where rest[0] == "transition":
            self = .sessionTransition(id: id)
        case 1 where rest[0] == "invalidate":
            self = .sessionInvalidate(id: id)
        case 1 where rest[0] == "updates":
            self = .sessionUpdates(id: id)
        case 1 where rest[0] == "move":
            self = .sessionMove(id: id)
        case 2 where rest[0] == "move" && rest[1] == "end":
            self = .sessionMoveEnd(id: id)
        case 3 where rest[0] == "items":
            guard let section = Self.index(rest[1]), let item = Self.index(rest[2]) else { return nil }
            self = .sessionItem(id: id, section: section, item: item)
        case 4 where rest[0] == "supplementary" && !rest[1].isEmpty:
            guard let section = Self.index(rest[2]), let item = Self.index(rest[3]) else { return nil }
            self = .sessionSupplementary(id: id, kind: rest[1], section: section, item: item)
        default:
            return nil
        }
    }

    /// A path segment that is a section or item index: 1 to 9 decimal digits.
    private static func index(_ segment: Substring) -> Int? {
        guard (1...9).contains(segment.utf8.count), segment.utf8.allSatisfy({ (0x30...0x39).contains($0) }) else {
            return nil
        }
        return Int(segment)
    }
}
