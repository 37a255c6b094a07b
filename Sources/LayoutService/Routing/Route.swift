import Glibc
import HTTPCore
import LayoutEngine

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
    /// `/layout/{kind}` with a built-in kind.
    case layout(LayoutKind)
    /// `/layout/{kind}` whose last segment names no built-in kind, kept as `name` for the 404 that answers it (after
    /// the method check, as for a known kind).
    case unknownLayout(name: String)
    case sessions
    case session(id: SessionID)
    case sessionQuery(id: SessionID)
    case sessionSnap(id: SessionID)
    case sessionScrollTo(id: SessionID)
    case sessionTransition(id: SessionID)
    case sessionInvalidate(id: SessionID)
    case sessionUpdates(id: SessionID)
    case sessionMove(id: SessionID)
    case sessionMoveEnd(id: SessionID)
    case sessionItem(id: SessionID, section: Int, item: Int)
    case sessionSupplementary(id: SessionID, kind: Substring, section: Int, item: Int)
    /// `GET /`: the demo page.
    case webPage
    /// `GET /{asset}`: one of the page's files in ``WebAssets`` (`app.js`, `layout-client.js`, `style.css`).
    case webAsset(name: String)

    /// The path template, e.g. `/layout/{kind}`: the label metrics and logs use. A literal, so that metrics find a
    /// request's entry by its address (``Metrics``' `record(template:…)`).
    var template: StaticString {
        switch self {
        case .server: "*"
        case .health: "/healthz"
        case .ready: "/readyz"
        case .metrics: "/metrics"
        case .openAPI: "/openapi.yaml"
        case .kinds: "/kinds"
        case .layout, .unknownLayout: "/layout/{kind}"
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
        case .layout, .unknownLayout, .sessions, .sessionQuery, .sessionSnap, .sessionScrollTo, .sessionTransition,
            .sessionInvalidate, .sessionUpdates, .sessionMove, .sessionMoveEnd:
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

    /// Whether the route takes `method`: whether ``methods`` holds it, found without making the list (an array
    /// and a search, about 30 instructions a request; issue 21).
    func takes(_ method: HTTPMethod) -> Bool {
        switch self {
        case .server: method == .OPTIONS
        case .health, .ready, .metrics, .openAPI, .kinds, .webPage, .webAsset, .sessionItem, .sessionSupplementary:
            method == .GET || method == .HEAD || method == .OPTIONS
        case .layout, .unknownLayout, .sessions, .sessionQuery, .sessionSnap, .sessionScrollTo, .sessionTransition,
            .sessionInvalidate, .sessionUpdates, .sessionMove, .sessionMoveEnd:
            method == .POST || method == .OPTIONS
        case .session: method == .GET || method == .HEAD || method == .DELETE || method == .OPTIONS
        }
    }

    /// The methods some route takes, in ``HTTPMethod`` order: the `Allow` of `OPTIONS *`.
    static let implementedMethods: [HTTPMethod] = {
        let routes: [Route] = [.health, .layout(.flow), .session(id: SessionID(""))]
        let methods = Set(routes.flatMap(\.methods))
        return HTTPMethod.allCases.filter(methods.contains)
    }()

    /// The route for `path`, or `nil` when there is none.
    ///
    /// - Complexity: O(path length); segments are found and compared as bytes, with no Unicode processing.
    init?(path: Substring) {
        // Byte comparisons: `path == "*"` made a `Substring` of the literal and compared them as strings.
        let first = path.utf8.first
        if first == UInt8(ascii: "*"), path.utf8.count == 1 {
            self = .server
            return
        }
        // `/` is one byte: what follows it starts one UTF-8 index on.
        guard first == UInt8(ascii: "/") else { return nil }
        // A request's target is always native UTF-8: its bytes are read in place.
        var scratch = path
        let base = path.base
        let origin = base.utf8.distance(from: base.utf8.startIndex, to: path.startIndex) + 1
        let route = scratch.withUTF8 { bytes in
            Segments.route(of: UnsafeBufferPointer(rebasing: bytes.dropFirst()), in: base, at: origin)
        }
        guard let route else { return nil }
        self = route
    }

    /// The route for a request target, or `nil` when there is none: the same route as ``init(path:)`` of the
    /// target's path (``Request/path``).
    ///
    /// An origin-form target (`/…`, nearly every request) is split in place, in one pass over its bytes that finds
    /// the query's `?` too, so that routing a request makes no path `Substring` and no second scan; any other form
    /// (`*`, an absolute URI) goes through ``Request/path``.
    ///
    /// - Complexity: O(target length).
    init?(target: String) {
        var scratch = target
        // `nil` when the target is not origin-form; `.some(nil)` when it is and no route has its path.
        let origin: Route?? = scratch.withUTF8 { bytes in
            guard let base = bytes.baseAddress, bytes.count > 0, base[0] == UInt8(ascii: "/") else { return nil }
            var end = bytes.count
            if let mark = memchr(base + 1, Int32(UInt8(ascii: "?")), end - 1) {
                end = UnsafeRawPointer(mark) - UnsafeRawPointer(base)
            }
            return .some(Segments.route(of: UnsafeBufferPointer(rebasing: bytes[1..<end]), in: target, at: 1))
        }
        if let origin {
            guard let origin else { return nil }
            self = origin
            return
        }
        guard let route = Route(path: Request(method: .GET, target: target).path) else { return nil }
        self = route
    }

    /// The route a path's segments (after its leading `/`) name, or `nil`.
    private static func route(_ segments: Segments, in text: String) -> Route? {
        if segments.matches(0, "sessions") { return Self.sessionRoute(segments, in: text) }
        switch segments.count {
        case 1:
            if segments.matches(0, "healthz") { return .health }
            if segments.matches(0, "readyz") { return .ready }
            if segments.matches(0, "metrics") { return .metrics }
            if segments.matches(0, "openapi.yaml") { return .openAPI }
            if segments.matches(0, "kinds") { return .kinds }
            if segments.isEmpty(0) { return .webPage }
            if !segments.matches(0, "index.html"), WebAssets.files[segments.string(0)] != nil {
                return .webAsset(name: segments.string(0))
            }
            return nil
        case 2 where segments.matches(0, "layout") && !segments.isEmpty(1):
            // The kind itself: no string is made (and checked as UTF-8) from the bytes of a built-in kind's name, and
            // the route's handler need not look the kind up again by its name (about 120 instructions; issue 21).
            guard let kind = segments.kind(1) else { return .unknownLayout(name: segments.string(1)) }
            return .layout(kind)
        default:
            return nil
        }
    }

    /// The route of a path whose first segment is `sessions`, or `nil`.
    private static func sessionRoute(_ segments: Segments, in text: String) -> Route? {
        guard segments.count > 1 else { return .sessions }
        guard !segments.isEmpty(1) else { return nil }
        // The identifier from its bytes: no substring of the target (issue 21).
        let id = segments.sessionID(1)
        guard segments.count > 2 else { return .session(id: id) }
        switch segments.count - 3 {  // the segments after the action
        case 0:
            return Self.sessionAction(segments, id: id)
        case 1 where segments.matches(2, "move") && segments.matches(3, "end"):
            return .sessionMoveEnd(id: id)
        case 2 where segments.matches(2, "items"):
            guard let section = Self.index(segments.substring(3, of: text)),
                let item = Self.index(segments.substring(4, of: text))
            else { return nil }
            return .sessionItem(id: id, section: section, item: item)
        case 3 where segments.matches(2, "supplementary") && !segments.isEmpty(3):
            guard let section = Self.index(segments.substring(4, of: text)),
                let item = Self.index(segments.substring(5, of: text))
            else { return nil }
            return .sessionSupplementary(
                id: id, kind: segments.substring(3, of: text), section: section, item: item
            )
        default:
            return nil
        }
    }

    /// The action on session `id` named by the third segment: `/sessions/{id}/{action}`; `nil` for no action.
    ///
    /// A chain of byte comparisons, the commonest (`query`) first, rather than a search of a table of names and
    /// closures (a lazily made global, a closure call per route).
    private static func sessionAction(_ segments: Segments, id: SessionID) -> Route? {
        if segments.matches(2, "query") { return .sessionQuery(id: id) }
        if segments.matches(2, "snap") { return .sessionSnap(id: id) }
        if segments.matches(2, "scroll-to") { return .sessionScrollTo(id: id) }
        if segments.matches(2, "transition") { return .sessionTransition(id: id) }
        if segments.matches(2, "invalidate") { return .sessionInvalidate(id: id) }
        if segments.matches(2, "updates") { return .sessionUpdates(id: id) }
        if segments.matches(2, "move") { return .sessionMove(id: id) }
        return nil
    }

    /// The longest path, in segments, that any route has: `/sessions/{id}/supplementary/{kind}/{section}/{item}`.
    private static let maximumSegmentCount = 6

    /// A path's segments as byte offsets into it, while a match runs (``route(of:in:at:)``): matching a route
    /// allocates nothing, compares bytes in place, and a segment becomes a `Substring` or a `String` only when a
    /// route keeps it.
    private struct Segments {
        /// Where the bytes start in the UTF-8 of the string they are part of (``route(of:in:at:)``'s `text`, passed
        /// to ``substring(_:of:)`` rather than kept here: a copy kept was retained and released on every route, and
        /// a `Substring` made of every target cost about 30 instructions; issue 21).
        private let origin: Int
        /// The path's UTF-8 after its leading `/`, valid only inside ``route(of:in:at:)``.
        private let bytes: UnsafeBufferPointer<UInt8>
        /// The offsets in `bytes` of the `/`s that end every segment but the last (stack memory of
        /// ``route(of:in:at:)``, room for ``Route/maximumSegmentCount`` − 1).
        private let slashes: UnsafeMutablePointer<Int>
        /// How many segments there are, 1 to ``Route/maximumSegmentCount``.
        private(set) var count = 1

        /// The route the segments of `bytes` name, or `nil`: `bytes` are the path after its leading `/`, found
        /// at UTF-8 offset `origin` of `text`. Split at every `/`, empty segments kept, in one pass; `nil` as well
        /// when there are more segments than any route has.
        static func route(of bytes: UnsafeBufferPointer<UInt8>, in text: String, at origin: Int) -> Route? {
            withUnsafeTemporaryAllocation(of: Int.self, capacity: Route.maximumSegmentCount - 1) { slashes in
                guard let segments = Segments(bytes, slashes: slashes.baseAddress!, origin: origin) else {
                    return nil
                }
                return Route.route(segments, in: text)
            }
        }

        /// Splits `bytes` at every `/`, eight bytes at a time.
        ///
        /// - Complexity: O(path length / 8 + segments).
        private init?(
            _ bytes: UnsafeBufferPointer<UInt8>, slashes: UnsafeMutablePointer<Int>, origin: Int
        ) {
            self.origin = origin
            self.bytes = bytes
            self.slashes = slashes
            guard let base = bytes.baseAddress else { return }
            let raw = UnsafeRawPointer(base)
            let length = bytes.count
            var offset = 0
            while offset &+ 8 <= length {
                // Each byte's top bit set exactly where the byte is `/`: a byte is zero after the XOR exactly when
                // neither its low seven bits plus 0x7F nor the byte itself reach the top bit (no carry between bytes).
                let word = raw.loadUnaligned(fromByteOffset: offset, as: UInt64.self) ^ 0x2F2F_2F2F_2F2F_2F2F
                let lowBits = word & 0x7F7F_7F7F_7F7F_7F7F
                var found = ~((lowBits &+ 0x7F7F_7F7F_7F7F_7F7F) | word) & 0x8080_8080_8080_8080
                while found != 0 {
                    guard self.endSegment(at: offset &+ found.trailingZeroBitCount &>> 3) else { return nil }
                    found &= found &- 1
                }
                offset &+= 8
            }
            while offset < length {
                if base[offset] == UInt8(ascii: "/") {
                    guard self.endSegment(at: offset) else { return nil }
                }
                offset &+= 1
            }
        }

        /// Ends the current segment at the `/` at `offset`; `false` when the path has more segments than any route.
        private mutating func endSegment(at offset: Int) -> Bool {
            guard self.count < Route.maximumSegmentCount else { return false }
            self.slashes[self.count &- 1] = offset
            self.count &+= 1
            return true
        }

        /// The start and end offsets in `bytes` of the segment at `index`, which is below ``count``.
        private func bounds(_ index: Int) -> (start: Int, end: Int) {
            (
                index == 0 ? 0 : self.slashes[index &- 1] &+ 1,
                index == self.count &- 1 ? self.bytes.count : self.slashes[index]
            )
        }

        /// The segment at `index`, which is below ``count``, as part of `text`, the string the bytes are part of.
        func substring(_ index: Int, of text: String) -> Substring {
            let utf8 = text.utf8
            let (start, end) = self.bounds(index)
            // `/` is ASCII: offsets next to one are character boundaries.
            let first = utf8.index(utf8.startIndex, offsetBy: self.origin &+ start)
            return text[first..<utf8.index(first, offsetBy: end &- start)]
        }

        /// The segment at `index`, which is below ``count``, as a `String` of its own made from its bytes.
        func string(_ index: Int) -> String {
            let (start, end) = self.bounds(index)
            return String(decoding: UnsafeBufferPointer(rebasing: self.bytes[start..<end]), as: UTF8.self)
        }

        /// The segment at `index`, which is below ``count``, as a session identifier made from its bytes.
        func sessionID(_ index: Int) -> SessionID {
            let (start, end) = self.bounds(index)
            return SessionID(utf8: UnsafeBufferPointer(rebasing: self.bytes[start..<end]))
        }

        /// The built-in layout kind the segment at `index` names, or `nil`.
        func kind(_ index: Int) -> LayoutKind? {
            let (start, end) = self.bounds(index)
            return LayoutKind(utf8: UnsafeBufferPointer(rebasing: self.bytes[start..<end]))
        }

        /// Whether the segment at `index` is empty.
        func isEmpty(_ index: Int) -> Bool {
            let (start, end) = self.bounds(index)
            return start == end
        }

        /// Whether the segment at `index` is `literal`, byte for byte.
        ///
        /// - Complexity: O(literal length): a length check, then one compare per byte.
        func matches(_ index: Int, _ literal: StaticString) -> Bool {
            let (start, end) = self.bounds(index)
            let count = literal.utf8CodeUnitCount
            guard end &- start == count else { return false }
            let expected = literal.utf8Start
            var offset = 0
            while offset < count, self.bytes[start &+ offset] == expected[offset] { offset &+= 1 }
            return offset == count
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
