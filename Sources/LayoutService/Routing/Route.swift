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

    /// The path template, e.g. `/layout/{kind}`: the label metrics and logs use.
    var template: String {
        switch self {
        case .health: "/healthz"
        case .ready: "/readyz"
        case .metrics: "/metrics"
        case .openAPI: "/openapi.yaml"
        case .kinds: "/kinds"
        case .layout: "/layout/{kind}"
        }
    }

    /// The methods the route takes, as listed in `Allow`. `HEAD` goes with every `GET`; `OPTIONS` with every route.
    var methods: [HTTPMethod] {
        switch self {
        case .health, .ready, .metrics, .openAPI, .kinds: [.GET, .HEAD, .OPTIONS]
        case .layout: [.POST, .OPTIONS]
        }
    }

    /// Whether the route answers without an API token: the health routes, which probes call.
    var isPublic: Bool {
        switch self {
        case .health, .ready: true
        default: false
        }
    }

    /// The route for `path`, or `nil` when there is none.
    init?(path: Substring) {
        guard path.first == "/" else { return nil }
        let segments = path.dropFirst().split(separator: "/", omittingEmptySubsequences: false)
        switch segments.count {
        case 1:
            switch segments[0] {
            case "healthz": self = .health
            case "readyz": self = .ready
            case "metrics": self = .metrics
            case "openapi.yaml": self = .openAPI
            case "kinds": self = .kinds
            default: return nil
            }
        case 2 where segments[0] == "layout" && !segments[1].isEmpty:
            self = .layout(kind: String(segments[1]))
        default:
            return nil
        }
    }
}
