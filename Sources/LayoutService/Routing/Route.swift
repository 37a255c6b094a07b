import HTTPCore

/// The routes layoutd serves, matched from a request path.
///
/// Matching splits the path on `/` and compares whole segments, so `/layout/flow/` or `/layout//flow` match nothing
/// and no segment is ever used to reach a file. A route's ``template`` is its metrics label.
enum Route: Hashable, Sendable {
    /// `OPTIONS *`: the server as a whole (RFC 9112 §3.2.4); the parser takes `*` with no other method.
    case server
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
    case sessionScrollTo(id: Substring)
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
        case .server: "*"
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
        case .sessionScrollTo: "/sessions/{id}/scroll-to"
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
        case .server: [.OPTIONS]
        case .health, .ready, .metrics, .openAPI, .kinds, .webPage, .webAsset: [.GET, .HEAD, .OPTIONS]
        case .layout, .sessions, .sessionQuery, .sessionSnap, .sessionScrollTo, .sessionTransition, .sessionInvalidate,
            .sessionUpdates, .sessionMove, .sessionMoveEnd:
            [.POST, .OPTIONS]
        case .session: [.GET, .HEAD, .DELETE, .OPTIONS]
        case .sessionItem, .sessionSupplementary: [.GET, .HEAD, .OPTIONS]
        }
    }

    /// Whether the route answers without an API token: `OPTIONS *`, which tells only what any client may read in
    /// the docs, the health routes, which probes call, and the demo page's files (the page's own API calls carry
    /// the token).
    var isPublic: Bool {
        switch self {
        case .server, .health, .ready, .webPage, .webAsset: true
        default: false
        }
    }

    /// The methods some route takes, in ``HTTPMethod`` order: the `Allow` of `OPTIONS *`.
    static let implementedMethods: [HTTPMethod] = {
        let routes: [Route] = [.health, .layout(kind: ""), .session(id: "")]
        let methods = Set(routes.flatMap(\.methods))
        return HTTPMethod.allCases.filter(methods.contains)
    }()

    /// The route for `path`, or `nil` when there is none.
    ///
    /// - Complexity: O(path length); segments are found and compared as bytes, with no Unicode processing.
    init?(path: Substring) {
        if path == "*" {
            self = .server
            return
        }
        // `/` is one byte: what follows it starts one UTF-8 index on.
        guard path.utf8.first == UInt8(ascii: "/"),
            let segments = Segments(path[path.utf8.index(after: path.startIndex)...])
        else { return nil }
        if segments.matches(0, "sessions") {
            self.init(sessionSegments: segments)
            return
        }
        switch segments.count {
        case 1:
            if segments.matches(0, "healthz") {
                self = .health
            } else if segments.matches(0, "readyz") {
                self = .ready
            } else if segments.matches(0, "metrics") {
                self = .metrics
            } else if segments.matches(0, "openapi.yaml") {
                self = .openAPI
            } else if segments.matches(0, "kinds") {
                self = .kinds
            } else if segments.isEmpty(0) {
                self = .webPage
            } else if !segments.matches(0, "index.html"), WebAssets.files[String(segments[0])] != nil {
                self = .webAsset(name: String(segments[0]))
            } else {
                return nil
            }
        case 2 where segments.matches(0, "layout") && !segments.isEmpty(1):
            self = .layout(kind: String(segments[1]))
        default:
            return nil
        }
    }

    /// Matches a path whose first segment is `sessions`.
    private init?(sessionSegments segments: Segments) {
        guard segments.count > 1 else {
            self = .sessions
            return
        }
        guard !segments.isEmpty(1) else { return nil }
        let id = segments[1]
        guard segments.count > 2 else {
            self = .session(id: id)
            return
        }
        switch segments.count - 3 {  // the segments after the action
        case 0:
            guard let action = Self.sessionActions.first(where: { segments.matches(2, $0.name) }) else { return nil }
            self = action.route(id)
        case 1 where segments.matches(2, "move") && segments.matches(3, "end"):
            self = .sessionMoveEnd(id: id)
        case 2 where segments.matches(2, "items"):
            guard let section = Self.index(segments[3]), let item = Self.index(segments[4]) else { return nil }
            self = .sessionItem(id: id, section: section, item: item)
        case 3 where segments.matches(2, "supplementary") && !segments.isEmpty(3):
            guard let section = Self.index(segments[4]), let item = Self.index(segments[5]) else { return nil }
            self = .sessionSupplementary(id: id, kind: segments[3], section: section, item: item)
        default:
            return nil
        }
    }

    /// The actions on a session named by the segment after its id: `/sessions/{id}/{action}`.
    private static let sessionActions: [(name: StaticString, route: @Sendable (Substring) -> Route)] = [
        ("query", Route.sessionQuery(id:)), ("snap", Route.sessionSnap(id:)), ("scroll-to", Route.sessionScrollTo(id:)),
        ("transition", Route.sessionTransition(id:)), ("invalidate", Route.sessionInvalidate(id:)),
        ("updates", Route.sessionUpdates(id:)), ("move", Route.sessionMove(id:)),
    ]

    /// The longest path, in segments, that any route has: `/sessions/{id}/supplementary/{kind}/{section}/{item}`.
    private static let maximumSegmentCount = 6

    /// A path's segments as byte offsets into it, held inline: matching a route allocates nothing, and a segment
    /// becomes a `Substring` only when a route keeps it.
    private struct Segments {
        /// The path the offsets point into.
        private let path: Substring
        /// Each segment's start and end offsets in `path`'s UTF-8.
        private var bounds = InlineArray<6, (start: Int, end: Int)>(repeating: (0, 0))
        /// How many there are, 1 to ``Route/maximumSegmentCount``.
        private(set) var count = 0

        /// Splits `path` at every `/`, empty segments kept; `nil` when it has more segments than any route.
        init?(_ path: Substring) {
            self.path = path
            var path = path
            var bounds = self.bounds
            var count = 0
            // A request's target is always native UTF-8: its bytes are scanned in place.
            let withinLimit = path.withUTF8 { bytes in
                var start = 0
                for offset in 0..<bytes.count where bytes[offset] == UInt8(ascii: "/") {
                    guard count < Route.maximumSegmentCount - 1 else { return false }
                    bounds[count] = (start, offset)
                    count += 1
                    start = offset + 1
                }
                bounds[count] = (start, bytes.count)
                count += 1
                return true
            }
            guard withinLimit else { return nil }
            self.bounds = bounds
            self.count = count
        }

        /// The segment at `index`, which is below ``count``.
        subscript(index: Int) -> Substring {
            let utf8 = self.path.utf8
            let (start, end) = self.bounds[index]
            // `/` is ASCII: offsets next to one are character boundaries.
            return self.path[utf8.index(utf8.startIndex, offsetBy: start)..<utf8.index(utf8.startIndex, offsetBy: end)]
        }

        /// Whether the segment at `index` is empty.
        func isEmpty(_ index: Int) -> Bool { self.bounds[index].start == self.bounds[index].end }

        /// Whether the segment at `index` is `literal`, byte for byte.
        func matches(_ index: Int, _ literal: StaticString) -> Bool {
            let (start, end) = self.bounds[index]
            guard end - start == literal.utf8CodeUnitCount else { return false }
            let expected = UnsafeBufferPointer(start: literal.utf8Start, count: literal.utf8CodeUnitCount)
            return self.path.utf8.withContiguousStorageIfAvailable { $0[start..<end].elementsEqual(expected) }
                ?? self[index].utf8.elementsEqual(expected)
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
