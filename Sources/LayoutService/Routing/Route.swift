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
    ///
    /// - Complexity: O(path length); segments are found and compared as bytes, with no Unicode processing.
    init?(path: Substring) {
        guard path.utf8.first == UInt8(ascii: "/"), let segments = Self.segments(of: path.dropFirst()) else {
            return nil
        }
        if segments[0].hasBytes("sessions") {
            self.init(sessionSegments: segments.dropFirst())
            return
        }
        switch segments.count {
        case 1:
            let name = segments[0]
            if name.hasBytes("healthz") {
                self = .health
            } else if name.hasBytes("readyz") {
                self = .ready
            } else if name.hasBytes("metrics") {
                self = .metrics
            } else if name.hasBytes("openapi.yaml") {
                self = .openAPI
            } else if name.hasBytes("kinds") {
                self = .kinds
            } else if name.isEmpty {
                self = .webPage
            } else if !name.hasBytes("index.html"), WebAssets.files[String(name)] != nil {
                self = .webAsset(name: String(name))
            } else {
                return nil
            }
        case 2 where segments[0].hasBytes("layout") && !segments[1].isEmpty:
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
        let rest = segments.dropFirst()
        guard let action = rest.first else {
            self = .session(id: id)
            return
        }
        let arguments = Array(rest.dropFirst())
        switch arguments.count {
        case 0 where action.hasBytes("query"):
            self = .sessionQuery(id: id)
        case 0 where action.hasBytes("snap"):
            self = .sessionSnap(id: id)
        case 0 where action.hasBytes("transition"):
            self = .sessionTransition(id: id)
        case 0 where action.hasBytes("invalidate"):
            self = .sessionInvalidate(id: id)
        case 0 where action.hasBytes("updates"):
            self = .sessionUpdates(id: id)
        case 0 where action.hasBytes("move"):
            self = .sessionMove(id: id)
        case 1 where action.hasBytes("move") && arguments[0].hasBytes("end"):
            self = .sessionMoveEnd(id: id)
        case 2 where action.hasBytes("items"):
            guard let section = Self.index(arguments[0]), let item = Self.index(arguments[1]) else { return nil }
            self = .sessionItem(id: id, section: section, item: item)
        case 3 where action.hasBytes("supplementary") && !arguments[0].isEmpty:
            guard let section = Self.index(arguments[1]), let item = Self.index(arguments[2]) else { return nil }
            self = .sessionSupplementary(id: id, kind: arguments[0], section: section, item: item)
        default:
            return nil
        }
    }

    /// The longest path, in segments, that any route has: `/sessions/{id}/supplementary/{kind}/{section}/{item}`.
    private static let maximumSegmentCount = 6

    /// `path` split at every `/`, empty segments kept; `nil` when it has more segments than any route.
    private static func segments(of path: Substring) -> [Substring]? {
        var path = path
        // Offsets of the slashes, found in the contiguous UTF-8 bytes (a request's target is always native).
        var slashes: [Int] = []
        slashes.reserveCapacity(Self.maximumSegmentCount)
        let withinLimit = path.withUTF8 { bytes in
            for (offset, byte) in bytes.enumerated() where byte == UInt8(ascii: "/") {
                guard slashes.count < Self.maximumSegmentCount - 1 else { return false }
                slashes.append(offset)
            }
            return true
        }
        guard withinLimit else { return nil }
        var segments: [Substring] = []
        segments.reserveCapacity(slashes.count + 1)
        var start = path.startIndex
        for offset in slashes {
            // `/` is ASCII: its UTF-8 indices are character boundaries.
            let slash = path.utf8.index(path.startIndex, offsetBy: offset)
            segments.append(path[start..<slash])
            start = path.utf8.index(after: slash)
        }
        segments.append(path[start...])
        return segments
    }

    /// A path segment that is a section or item index: 1 to 9 decimal digits.
    private static func index(_ segment: Substring) -> Int? {
        guard (1...9).contains(segment.utf8.count), segment.utf8.allSatisfy({ (0x30...0x39).contains($0) }) else {
            return nil
        }
        return Int(segment)
    }
}

extension Substring {
    /// Whether the UTF-8 bytes equal `literal`'s: paths compare as bytes, without Unicode equivalence.
    fileprivate func hasBytes(_ literal: StaticString) -> Bool {
        let expected = UnsafeBufferPointer(start: literal.utf8Start, count: literal.utf8CodeUnitCount)
        return self.utf8.withContiguousStorageIfAvailable { $0.elementsEqual(expected) }
            ?? self.utf8.elementsEqual(expected)
    }
}
